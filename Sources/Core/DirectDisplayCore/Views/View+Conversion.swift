import Foundation

extension View {
    /// A point in the superview's coordinates, in this view's (through the
    /// transform; NaN when a transform flattens the view to nothing).
    func convertFromSuperview(_ point: CGPoint) -> CGPoint {
        if transformStorage.isIdentity {
            let frame = untransformedFrame
            return CGPoint(x: point.x - frame.minX + bounds.minX, y: point.y - frame.minY + bounds.minY)
        }
        let t = transformStorage
        guard t.a * t.d - t.b * t.c != 0 else { return CGPoint(x: CGFloat.nan, y: .nan) }
        return point.applying(transformToSuperview.inverted())
    }

    /// A point in this view's coordinates, in its superview's.
    func convertToSuperview(_ point: CGPoint) -> CGPoint {
        if transformStorage.isIdentity {
            let frame = untransformedFrame
            return CGPoint(x: point.x + frame.minX - bounds.minX, y: point.y + frame.minY - bounds.minY)
        }
        return point.applying(transformToSuperview)
    }

    /// A point in this view's coordinates, in the coordinates of its root's
    /// container: the screen for a view in a window (a window's frame is in
    /// screen coordinates), else the root view's superview space.
    package func convertToScreen(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: View? = self
        while let current = view {
            result = current.convertToSuperview(result)
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
    /// window's if `view` is nil, through the transforms of every view on the
    /// way. Views in different windows, even on different screens, convert
    /// through screen coordinates, as in UIKit (every screen's coordinates start
    /// at its own top-left corner).
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

    /// Converts a rectangle from this view's coordinates to `view`'s (its window's
    /// if nil): the bounding box of its converted corners, as in UIKit.
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        if isUntransformedUpward, (view ?? window)?.isUntransformedUpward ?? true {
            return CGRect(origin: convert(rect.origin, to: view), size: rect.size)
        }
        return boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from `view`'s coordinates (its window's if nil) to this
    /// view's: the bounding box of its converted corners.
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        if isUntransformedUpward, (view ?? window)?.isUntransformedUpward ?? true {
            return CGRect(origin: convert(rect.origin, from: view), size: rect.size)
        }
        return boundingBox(of: rect) { convert($0, from: view) }
    }

    /// The bounds in screen coordinates (the bounding box of their corners under a transform).
    var boundsInScreen: CGRect {
        if isUntransformedUpward { return CGRect(origin: convertToScreen(bounds.origin), size: bounds.size) }
        return boundingBox(of: bounds, convertToScreen)
    }

    /// Whether neither this view nor any superview has a transform (sizes convert unchanged).
    private var isUntransformedUpward: Bool {
        var view: View? = self
        while let current = view {
            guard current.transformStorage.isIdentity else { return false }
            view = current.superview
        }
        return true
    }

    /// The box around `rect`'s four corners, each mapped by `convert`.
    func boundingBox(of rect: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map(convert)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
