import Foundation

/// UIKit's rules for which views may receive a touch, on plain values.
package enum HitTestRule {
    /// Views with an alpha below this are invisible to touches.
    package static let minimumAlpha: CGFloat = 0.01

    /// Whether a view with these properties takes part in hit-testing at all.
    package static func isEligible(isHidden: Bool, alpha: CGFloat, isUserInteractionEnabled: Bool) -> Bool {
        !isHidden && alpha >= minimumAlpha && isUserInteractionEnabled
    }

    /// Whether `point` (in the view's own coordinates) is inside `bounds`:
    /// the origin edges are inside, the far edges are not.
    package static func contains(_ bounds: CGRect, _ point: CGPoint) -> Bool {
        point.x >= bounds.minX && point.x < bounds.maxX && point.y >= bounds.minY && point.y < bounds.maxY
    }
}
