import Foundation

extension View {
    /// A point in the superview's coordinates, in this view's.
    func convertFromSuperview(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - frame.minX + bounds.minX, y: point.y - frame.minY + bounds.minY)
    }

    /// A point in this view's coordinates, in the coordinates of its root's
    /// container: the screen for a view in a window (a window's frame is in
    /// screen coordinates), else the root view's superview space.
    func convertToScreen(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: View? = self
        while let current = view {
            result.x += current.frame.minX - current.bounds.minX
            result.y += current.frame.minY - current.bounds.minY
            view = current.superview
        }
        return result
    }

    /// The inverse of `convertToScreen(_:)`.
    func convertFromScreen(_ point: CGPoint) -> CGPoint {
        var chain: [View] = []
        var view: View? = self
        while let current = view {
            chain.append(current)
            view = current.superview
        }
        var result = point
        for current in chain.reversed() { result = current.convertFromSuperview(result) }
        return result
    }

    /// Converts a point from this view's coordinates to `view`'s, or to its
    /// window's if `view` is nil. Views in different windows, even on
    /// different screens, convert through screen coordinates, as in UIKit
    /// (every screen's coordinates start at its own top-left corner).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let screenPoint = convertToScreen(point)
        guard let target = view ?? window else { return screenPoint }
        return target.convertFromScreen(screenPoint)
    }

    /// Converts a point from `view`'s coordinates (its window's if nil) to this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        guard let source = view ?? window else { return convertFromScreen(point) }
        return convertFromScreen(source.convertToScreen(point))
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (its window's if nil).
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from `view`'s coordinates (its window's if nil) to this view's.
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}
