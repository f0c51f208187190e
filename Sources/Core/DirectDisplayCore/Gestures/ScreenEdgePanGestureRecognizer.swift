import Foundation

/// Edges of a rectangle, as UIKit's `UIRectEdge`.
public struct RectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = RectEdge(rawValue: 1 << 0)
    public static let left = RectEdge(rawValue: 1 << 1)
    public static let bottom = RectEdge(rawValue: 1 << 2)
    public static let right = RectEdge(rawValue: 1 << 3)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen, as UIKit's
/// `UIScreenEdgePanGestureRecognizer`: the first finger must touch down within 20
/// points of one of ``edges``; then it pans as ``PanGestureRecognizer``.
@MainActor open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The screen edges the pan may start from (none by default, as UIKit's: set them).
    public var edges: RectEdge = []

    /// How close to an edge the first finger must land, in points.
    static let edgeWidth: CGFloat = 20

    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if state == .possible, numberOfTouches == touches.count,
            let first = touches.min(by: { $0.timestamp < $1.timestamp }), !isNearAnEdge(first)
        {
            return fail()
        }
        super.touchesBegan(touches, with: event)
    }

    private func isNearAnEdge(_ touch: Touch) -> Bool {
        let bounds = touch.screen.bounds
        let point = touch.locationInScreen
        let width = Self.edgeWidth
        return (edges.contains(.left) && point.x - bounds.minX <= width)
            || (edges.contains(.right) && bounds.maxX - point.x <= width)
            || (edges.contains(.top) && point.y - bounds.minY <= width)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= width)
    }
}
