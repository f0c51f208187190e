import Foundation
import Geometry

// Draw operations carry CGAffineTransform (Geometry's on Linux) in frame pixels:
// continuous coordinates, a pixel's centre at +0.5.
extension CGAffineTransform {
    /// Whether it is finite and can be undone (it does not flatten the plane).
    package var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant != 0 && determinant.isFinite && tx.isFinite && ty.isFinite
    }

    /// The whole pixels covering `rect` once mapped (its corners' bounding box, rounded outward).
    package func boundingBox(of rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let box = CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height).applying(self)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        // Far beyond any frame (extreme scales), and a hair inside whole numbers so
        // that float noise does not add a pixel.
        let limit: CGFloat = 268_435_456  // 2^28
        let epsilon = 1e-6
        func edge(_ value: CGFloat, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value, -limit), limit).rounded(rule))
        }
        let x0 = edge(box.minX + epsilon, .down)
        let y0 = edge(box.minY + epsilon, .down)
        return PixelRect(
            x: x0, y: y0, width: edge(box.maxX - epsilon, .up) - x0, height: edge(box.maxY - epsilon, .up) - y0)
    }
}
