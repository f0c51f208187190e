import Foundation
import InputModel

/// Recognizes a quick stroke in one direction, as UIKit's `UISwipeGestureRecognizer`:
/// ``numberOfTouchesRequired`` fingers travel 50 points in one of ``direction``'s
/// directions within 0.5 s of touching down, straying less than half as far
/// across it. Discrete: its actions run once, at `.recognized`.
@MainActor open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may go, as UIKit's `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions recognized (`.right`, UIKit's default).
    public var direction: Direction = .right
    /// How many fingers swipe (1).
    public var numberOfTouchesRequired = 1

    /// How far the fingers travel, in points.
    static let minimumDistance: CGFloat = 50
    /// How long the stroke may take, in seconds.
    static let maximumDuration = 0.5

    private var start: CGPoint?
    private var startTime: TimeInterval = 0

    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { return fail() }
        if start == nil { startTime = touches.map(\.timestamp).min() ?? 0 }
        start = centroidInScreen
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, numberOfTouches == numberOfTouchesRequired, let start,
            let centre = centroidInScreen
        else { return }
        let time = touches.map(\.timestamp).max() ?? startTime
        if time - startTime > Self.maximumDuration { return fail() }
        let (direction, along, across) = StrokeDirection.of(dx: centre.x - start.x, dy: centre.y - start.y)
        let stroke: Direction =
            switch direction {
            case .right: .right
            case .left: .left
            case .up: .up
            case .down: .down
            }
        guard along >= Self.minimumDistance else { return }
        if self.direction.contains(stroke), across * 2 < along { recognize(.recognized) } else { fail() }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { fail() }
    }

    open override func reset() {
        start = nil
        startTime = 0
    }
}
