import Foundation

/// Recognizes a press held still, as UIKit's `UILongPressGestureRecognizer`: it
/// begins once ``numberOfTouchesRequired`` fingers have stayed down for
/// ``minimumPressDuration`` seconds within ``allowableMovement`` points, changes
/// as they move and ends when they lift. Continuous.
@MainActor open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must stay down, in seconds (0.5).
    public var minimumPressDuration: TimeInterval = 0.5
    /// How far the fingers may move before the press begins, in points (10).
    public var allowableMovement: CGFloat = 10
    /// How many fingers press (1).
    public var numberOfTouchesRequired = 1

    private var start: CGPoint?
    private var pressDeadline = GestureTimer()

    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { return fail() }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = centroidInScreen
        pressDeadline.start(after: minimumPressDuration, name: "long press") { [weak self] in
            guard let self, self.state == .possible, self.numberOfTouches == self.numberOfTouchesRequired else {
                return
            }
            self.recognize(.began)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            guard let start, let centre = centroidInScreen else { return }
            let dx = centre.x - start.x
            let dy = centre.y - start.y
            if dx * dx + dy * dy > allowableMovement * allowableMovement { fail() }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible: fail()
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func reset() {
        start = nil
        pressDeadline.stop()
    }
}
