import Animation
import Foundation

extension View {
    /// How an animation runs, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Animating views still get touches (otherwise hit-testing skips them).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// A property already animating starts from the value shown now, not from
        /// the end value of the running animation.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Starts over forever (until interrupted).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forward then back.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Slow start and end (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing curve chosen by the curve bits.
        var curve: TimingCurve {
            switch (rawValue >> 16) & 0xF {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInEaseOut
            }
        }
    }

    /// Animates the changes `animations` makes to `frame`, `bounds`, `center`, `alpha`,
    /// `backgroundColor` and `transform` of views on screen: the properties take their new values
    /// at once (reading them gives the end values, hit-testing uses them), and the
    /// screen shows them moving there from their old values over `duration` seconds,
    /// starting after `delay`, one step per frame at the time the frame reaches the
    /// screen. `completion` runs on a later turn of the event loop with true once every
    /// animation of the call ended, false if one was interrupted: animated again by
    /// another call, or set outside an animation (which ends its animation, the new
    /// value showing at once). Changes to views not on a screen, or to the same value,
    /// do not animate, nor does a zero duration without delay.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let transaction = AnimationTransaction(
            timing: AnimationTiming(
                beginTime: Application.shared.animator.now, duration: duration, delay: delay, curve: options.curve,
                repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse)),
            options: options)
        // No time at all (UIKit's zero duration): the values are simply set, as outside a block.
        let timed = duration > 0 || delay > 0
        AnimationTransaction.stack.append(timed ? transaction : nil)
        animations()
        AnimationTransaction.stack.removeLast()
        Application.shared.animator.start(transaction.changes.compactMap { $0() }, completion: completion)
    }

    /// Animates with no delay, the default curve and no completion.
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, animations: animations)
    }

    /// Animates with no delay and the default curve.
    public static func animate(
        withDuration duration: TimeInterval, animations: () -> Void, completion: (@MainActor (Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, animations: animations, completion: completion)
    }

    /// Makes the changes of `actions` without animating them, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationTransaction.stack.append(nil)
        actions()
        AnimationTransaction.stack.removeLast()
    }

    /// Called by the setters of animatable properties before they change to `newValue`:
    /// inside an animation block the old value is noted (once per block); outside one
    /// a new value ends the property's running animation (setting the value it
    /// already has, as a layout pass may, does not).
    func willChangeAnimatable<Value: Interpolatable & Sendable>(
        _ property: WritableKeyPath<Presentation, Value>, to newValue: Value
    ) {
        if let transaction = AnimationTransaction.stack.last ?? nil {
            transaction.record(self, property)
        } else if !animations.isEmpty, modelPresentation[keyPath: property] != newValue {
            Application.shared.animator.remove(property, of: self)
        }
    }
}

/// One animate call while its block runs: the changed properties, each with a way
/// to make its animation once the block has set the end values.
@MainActor final class AnimationTransaction {
    /// The blocks running, innermost last; nil for `performWithoutAnimation`.
    static var stack: [AnimationTransaction?] = []

    let timing: AnimationTiming
    let options: View.AnimationOptions
    private(set) var changes: [() -> (View, any PropertyAnimating)?] = []
    private var recorded: Set<RecordedProperty> = []

    private struct RecordedProperty: Hashable {
        let view: ObjectIdentifier
        let property: AnyKeyPath
    }

    init(timing: AnimationTiming, options: View.AnimationOptions) {
        self.timing = timing
        self.options = options
    }

    func record<Value: Interpolatable & Sendable>(_ view: View, _ property: WritableKeyPath<View.Presentation, Value>) {
        guard recorded.insert(RecordedProperty(view: ObjectIdentifier(view), property: property)).inserted else {
            return
        }
        let before = view.modelPresentation[keyPath: property]
        let (timing, options) = (timing, options)
        changes.append { [weak view] in
            guard let view, view.isOnScreen else { return nil }
            let target = view.modelPresentation[keyPath: property]
            let track: AnimationTrack<Value>
            if let running = view.animations[property] as? PropertyAnimation<Value> {
                track = running.track.interrupted(
                    at: running.shownTime, to: target, timing: timing,
                    fromCurrentState: options.contains(.beginFromCurrentState))
            } else {
                track = AnimationTrack(from: before, to: target, timing: timing)
            }
            // The same value again: no animation (a running one goes on).
            guard track.from != track.to else { return nil }
            let animation = PropertyAnimation(
                property: property, track: track, allowsUserInteraction: options.contains(.allowUserInteraction))
            return (view, animation)
        }
    }
}

extension View {
    /// In a window that has a connected screen (hidden or not): its animations run on that screen's frames.
    var isOnScreen: Bool { window?.screen?.isConnected == true }
}
