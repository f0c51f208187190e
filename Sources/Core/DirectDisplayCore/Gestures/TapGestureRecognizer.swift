import Foundation

/// Recognizes taps, as UIKit's `UITapGestureRecognizer`: ``numberOfTapsRequired``
/// taps of ``numberOfTouchesRequired`` fingers each, every finger staying within
/// 10 points of where it came down and each tap starting within 0.35 s of the last
/// one's end. Discrete: its actions run once, at `.recognized`.
@MainActor open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture (1).
    public var numberOfTapsRequired = 1
    /// How many fingers each tap needs (1).
    public var numberOfTouchesRequired = 1

    /// How far a finger may move and still tap, in points.
    static let allowableMovement: CGFloat = 10
    /// The longest wait between taps, in seconds (the tap counter's).
    static let maximumInterval = 0.35

    private var tapsCounted = 0
    private var mostTouches = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var nextTapDeadline = GestureTimer()

    public required init() { super.init() }

    override var isWaiting: Bool { tapsCounted > 0 && state == .possible }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        nextTapDeadline.stop()
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.locationInScreen }
        mostTouches = max(mostTouches, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let dx = touch.locationInScreen.x - start.x
            let dy = touch.locationInScreen.y - start.y
            if dx * dx + dy * dy > Self.allowableMovement * Self.allowableMovement { return fail() }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, touches.count == numberOfTouches else { return }
        // The last finger of this tap lifts.
        guard mostTouches == numberOfTouchesRequired else { return fail() }
        tapsCounted += 1
        mostTouches = 0
        starts = [:]
        if tapsCounted >= numberOfTapsRequired {
            recognize(.recognized)
        } else {
            nextTapDeadline.start(after: Self.maximumInterval, name: "tap recognizer's next tap") { [weak self] in
                guard let self, self.state == .possible, self.numberOfTouches == 0 else { return }
                self.fail()
                if self.state == .failed { self.resetToPossible() }
            }
        }
    }

    open override func reset() {
        tapsCounted = 0
        mostTouches = 0
        starts = [:]
        nextTapDeadline.stop()
    }
}
