import Foundation

/// A 2-D affine transform as six numbers in CGAffineTransform's layout: a point
/// (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty). Animations interpolate it by
/// parts (scale, skew, rotation, translation), as Core Animation does, so that a
/// turn stays a turn instead of shrinking through the middle.
package struct AffineMatrix: Sendable, Equatable, Interpolatable {
    package var a, b, c, d, tx, ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    package static let identity = AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The matrix's parts: scale along x and y (x negative for a mirror image), skew
    /// (of y along x, after scaling), rotation in radians, translation.
    package struct Parts: Sendable, Equatable {
        package var scaleX, scaleY, skew, rotation, translationX, translationY: Double

        package init(
            scaleX: Double = 1, scaleY: Double = 1, skew: Double = 0, rotation: Double = 0,
            translationX: Double = 0, translationY: Double = 0
        ) {
            (self.scaleX, self.scaleY, self.skew) = (scaleX, scaleY, skew)
            (self.rotation, self.translationX, self.translationY) = (rotation, translationX, translationY)
        }
    }

    /// The matrix from its parts: rows (a, b) = scaleX·r and (c, d) = scaleY·(r⊥ + skew·r)
    /// with r = (cos, sin) of the rotation.
    package init(_ parts: Parts) {
        let (cosine, sine) = (cos(parts.rotation), sin(parts.rotation))
        self.init(
            a: parts.scaleX * cosine, b: parts.scaleX * sine,
            c: parts.scaleY * (-sine + parts.skew * cosine), d: parts.scaleY * (cosine + parts.skew * sine),
            tx: parts.translationX, ty: parts.translationY)
    }

    /// The parts this matrix is made of (the unmatrix of CSS transforms, in 2-D); a
    /// singular matrix has its degenerate row as zero scale.
    package var parts: Parts {
        var row0 = (a, b)
        var row1 = (c, d)
        var scaleX = (row0.0 * row0.0 + row0.1 * row0.1).squareRoot()
        if scaleX > 0 { row0 = (row0.0 / scaleX, row0.1 / scaleX) } else { row0 = (1, 0) }
        var skew = row0.0 * row1.0 + row0.1 * row1.1
        row1 = (row1.0 - skew * row0.0, row1.1 - skew * row0.1)
        let scaleY = (row1.0 * row1.0 + row1.1 * row1.1).squareRoot()
        if scaleY > 0 { skew /= scaleY }
        // A mirror image: flip x so that the rotation stays a proper one.
        if a * d - b * c < 0 {
            scaleX = -scaleX
            row0 = (-row0.0, -row0.1)
            skew = -skew
        }
        return Parts(
            scaleX: scaleX, scaleY: scaleY, skew: skew, rotation: atan2(row0.1, row0.0), translationX: tx,
            translationY: ty)
    }

    /// Each part interpolated on its own; the rotation turns the short way round.
    package func interpolated(to end: AffineMatrix, by fraction: Double) -> AffineMatrix {
        if fraction == 0 { return self }
        if fraction == 1 { return end }
        let from = parts
        let to = end.parts
        var turn = to.rotation - from.rotation
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return AffineMatrix(
            Parts(
                scaleX: interpolate(from.scaleX, to.scaleX, fraction),
                scaleY: interpolate(from.scaleY, to.scaleY, fraction),
                skew: interpolate(from.skew, to.skew, fraction), rotation: from.rotation + turn * fraction,
                translationX: interpolate(from.translationX, to.translationX, fraction),
                translationY: interpolate(from.translationY, to.translationY, fraction)))
    }
}
