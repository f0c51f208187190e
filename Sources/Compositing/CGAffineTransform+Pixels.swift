import Foundation
import Geometry

// Draw operations carry CGAffineTransform (Geometry's on Linux) in frame pixels:
// continuous coordinates, a pixel's centre at +0.5.
extension CGAffineTransform {
    /// Whether it can be undone (it does not flatten the plane).
    public var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant != 0 && determinant.isFinite
    }

    /// The whole pixels covering `rect` once mapped (its corners' bounding box, rounded outward).
    public func boundingBox(of rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let box = CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height).applying(self)
        // A hair inside whole numbers, so that float noise does not add a pixel.
        let epsilon = 1e-6
        let x0 = Int((box.minX + epsilon).rounded(.down))
        let y0 = Int((box.minY + epsilon).rounded(.down))
        let x1 = Int((box.maxX - epsilon).rounded(.up))
        let y1 = Int((box.maxY - epsilon).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
