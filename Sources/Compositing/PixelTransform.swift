/// An affine map of frame pixels: (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty),
/// CoreGraphics' convention, in continuous pixel coordinates (a pixel's centre is
/// at +0.5). The compositor draws transformed groups through it.
public struct PixelTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether it can be undone (it does not flatten the plane).
    public var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant != 0 && determinant.isFinite
    }

    /// The map undoing this one (itself if there is none).
    public var inverted: PixelTransform {
        let determinant = a * d - b * c
        guard isInvertible else { return self }
        return PixelTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// This map followed by `next`.
    public func concatenating(_ next: PixelTransform) -> PixelTransform {
        PixelTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d, c: c * next.a + d * next.c,
            d: c * next.b + d * next.d, tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The whole pixels covering `rect` once mapped (its corners' bounding box, rounded outward).
    public func boundingBox(of rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let corners = [
            apply(x: Double(rect.x), y: Double(rect.y)), apply(x: Double(rect.maxX), y: Double(rect.y)),
            apply(x: Double(rect.x), y: Double(rect.maxY)), apply(x: Double(rect.maxX), y: Double(rect.maxY)),
        ]
        // A hair inside whole numbers, so that float noise does not add a pixel.
        let epsilon = 1e-6
        let x0 = Int((corners.map(\.x).min()! + epsilon).rounded(.down))
        let y0 = Int((corners.map(\.y).min()! + epsilon).rounded(.down))
        let x1 = Int((corners.map(\.x).max()! - epsilon).rounded(.up))
        let y1 = Int((corners.map(\.y).max()! - epsilon).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
