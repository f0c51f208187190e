/// How a screen's content is turned clockwise to fit its panel; the raw values
/// are Compositing's PanelRotation's (0 none, 1 90°, 2 180°, 3 270°).
package enum ScreenRotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case clockwise90 = 1
    case clockwise180 = 2
    case clockwise270 = 3

    /// Whether the screen's width and height are the panel's height and width.
    package var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }
}

/// A point in screen points (the screen's logical, rotated coordinate space).
package struct ScreenPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A width and height in points.
package struct ScreenSize: Sendable, Hashable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// From a touch in the touchscreen's own range to the screen's points.
///
/// Touch coordinates arrive normalised, 0…1 across the device in the panel's
/// native orientation, with the device's calibration matrix already applied by
/// libinput. The screen's bounds are in the rotated (logical) orientation, so
/// the mapping undoes the rotation: with content turned 90° clockwise, the
/// panel's top-right corner shows the content's top-left.
package enum TouchPointMapping {
    /// How far outside 0…1 a coordinate may be and still count (devices report a
    /// little beyond their advertised range); it is then clamped to the edge.
    package static let tolerance = 0.05

    /// The point on a screen of `size` (points, rotated orientation) under the
    /// normalised device point (`x`, `y`). Nil for non-finite coordinates or ones
    /// more than ``tolerance`` outside 0…1; slightly outside is clamped onto the
    /// screen, so every returned point is inside its bounds (far edges excluded).
    package static func screenPoint(x: Double, y: Double, size: ScreenSize, rotation: ScreenRotation) -> ScreenPoint? {
        guard x.isFinite, y.isFinite, size.width > 0, size.height > 0,
            (-tolerance...1 + tolerance).contains(x), (-tolerance...1 + tolerance).contains(y)
        else { return nil }
        let u = min(max(x, 0), 1)
        let v = min(max(y, 0), 1)
        let logical: (Double, Double) =
            switch rotation {
            case .none: (u, v)
            case .clockwise90: (v, 1 - u)
            case .clockwise180: (1 - u, 1 - v)
            case .clockwise270: (1 - v, u)
            }
        return ScreenPoint(
            x: inside(logical.0 * size.width, size.width), y: inside(logical.1 * size.height, size.height))
    }

    /// A direction (`dx`, `dy`) in the device's normalised range as
    /// ``screenPoint(x:y:size:rotation:)`` turns it: the same rotation, scaled to
    /// `size` (a pen's lean is carried onto the screen with it).
    package static func screenDirection(dx: Double, dy: Double, size: ScreenSize, rotation: ScreenRotation) -> (
        dx: Double, dy: Double
    ) {
        let logical: (Double, Double) =
            switch rotation {
            case .none: (dx, dy)
            case .clockwise90: (dy, -dx)
            case .clockwise180: (-dx, -dy)
            case .clockwise270: (-dy, dx)
            }
        return (logical.0 * size.width, logical.1 * size.height)
    }

    /// The inverse of ``screenPoint(x:y:size:rotation:)``: where `point` of a screen
    /// of `size` (points, rotated orientation) lies on the panel, 0…1 across its
    /// native width and height. The cursor is put on the panel with it.
    package static func panelPosition(of point: ScreenPoint, size: ScreenSize, rotation: ScreenRotation) -> (
        x: Double, y: Double
    ) {
        guard size.width > 0, size.height > 0 else { return (0, 0) }
        let x = point.x / size.width
        let y = point.y / size.height
        switch rotation {
        case .none: return (x, y)
        case .clockwise90: return (1 - y, x)
        case .clockwise180: return (1 - x, 1 - y)
        case .clockwise270: return (y, 1 - x)
        }
    }

    /// Where a device must report a touch (0…1 of its range, before calibration) for
    /// ``screenPoint(x:y:size:rotation:)`` to give exactly `point`: the synthetic
    /// touchscreen of the headless display reports its touches through it. A plain
    /// ``panelPosition(of:size:rotation:)`` can be one rounding step off (1/49·49 is
    /// not 1 in floating point), so neighbours a few ulps away are tried as well.
    package static func devicePosition(of point: ScreenPoint, size: ScreenSize, rotation: ScreenRotation) -> (
        x: Double, y: Double
    ) {
        let base = panelPosition(of: point, size: size, rotation: rotation)
        func neighbours(_ value: Double) -> [Double] {
            var below = value
            var above = value
            var result = [value]
            for _ in 0..<4 {
                below = below.nextDown
                above = above.nextUp
                result += [below, above]
            }
            return result
        }
        for x in neighbours(base.x) {
            for y in neighbours(base.y) where screenPoint(x: x, y: y, size: size, rotation: rotation) == point {
                return (x, y)
            }
        }
        return base
    }

    /// Keeps a coordinate off the far edge, which hit-testing counts as outside.
    static func inside(_ value: Double, _ extent: Double) -> Double { min(value, extent.nextDown) }
}
