import Geometry

/// An integer rectangle in pixels (origin top-left, y down).
package struct PixelRect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// The overlap of two rectangles (empty, with zero size, when they do not overlap).
    package func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x)
        let minY = max(y, other.y)
        let w = min(maxX, other.maxX) - minX
        let h = min(maxY, other.maxY) - minY
        return w > 0 && h > 0
            ? PixelRect(x: minX, y: minY, width: w, height: h) : PixelRect(x: minX, y: minY, width: 0, height: 0)
    }

    /// Whether `other` lies wholly inside this rectangle (its overlap with it is itself).
    package func contains(_ other: PixelRect) -> Bool { intersection(other) == other }
}

/// A colour with straight (not premultiplied) components in 0…1; the
/// compositor premultiplies it, as pixman requires.
package struct PixelColor: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// One step of drawing a frame, in frame pixel coordinates. The compositor
/// knows nothing of views or windows; the view tree is flattened into these.
package enum DrawOperation {
    /// Fills `rect` with `color` (blended OVER), limited to `clip`.
    case fill(PixelRect, color: PixelColor, clip: PixelRect)
    /// Draws a surface with its top-left corner at (`x`, `y`), blended OVER
    /// with `opacity`, limited to `clip`.
    case image(DrawingSurface, x: Int, y: Int, opacity: Double, clip: PixelRect)
    /// Starts a group drawn offscreen within `bounds` and blended as a whole
    /// with `opacity` at the matching `endGroup` (UIKit's alpha of a view with subviews).
    case beginGroup(opacity: Double, bounds: PixelRect)
    /// Starts a group drawn offscreen, whose operations are in the coordinates of
    /// `source` (the untransformed pixels, only those within `source` are kept); at
    /// the matching `endGroup` it is mapped by `transform` (bilinear filtering) and
    /// blended with `opacity`, within `bounds` (frame pixels, clipped): a view with a
    /// transform, or retained content scaled by its content mode.
    case beginTransformedGroup(opacity: Double, source: PixelRect, transform: CGAffineTransform, bounds: PixelRect)
    /// Ends the innermost group.
    case endGroup
}

extension DrawOperation {
    /// The pixels the operation may touch, clipped: a group's are its bounds
    /// (everything it holds); nil for the end of a group.
    var reach: PixelRect? {
        switch self {
        case .fill(let rect, _, let clip): return rect.intersection(clip)
        case .image(let surface, let x, let y, _, let clip):
            return PixelRect(x: x, y: y, width: surface.pixelWidth, height: surface.pixelHeight).intersection(clip)
        case .beginGroup(_, let bounds), .beginTransformedGroup(_, _, _, let bounds): return bounds
        case .endGroup: return nil
        }
    }

    /// Whether every pixel of `reach` comes out opaque whatever is below: an opaque
    /// fill, or content painted opaque all over drawn at full opacity (copied).
    var isOpaque: Bool {
        switch self {
        case .fill(_, let color, _): return color.alpha >= 1
        case .image(let surface, _, _, let opacity, _): return opacity >= 1 && surface.isOpaque
        case .beginGroup, .beginTransformedGroup, .endGroup: return false
        }
    }
}
