import Animation
import Foundation
import Scheduling

/// One running animation of one property of a view.
@MainActor protocol PropertyAnimating: AnyObject {
    var timing: AnimationTiming { get }
    var allowsUserInteraction: Bool { get }
    /// The property it animates.
    var key: PartialKeyPath<View.Presentation> { get }
    /// The animate call it belongs to (its completion).
    var group: Int { get set }
    /// The time of the latest frame that showed it.
    var shownTime: Double { get set }
    /// Writes the value it shows at `shownTime` into `presentation`.
    func apply(to presentation: inout View.Presentation)
}

@MainActor final class PropertyAnimation<Value: Interpolatable & Sendable>: PropertyAnimating {
    let property: WritableKeyPath<View.Presentation, Value>
    let track: AnimationTrack<Value>
    let allowsUserInteraction: Bool
    var group = 0
    var shownTime: Double

    init(property: WritableKeyPath<View.Presentation, Value>, track: AnimationTrack<Value>, allowsUserInteraction: Bool)
    {
        self.property = property
        self.track = track
        self.allowsUserInteraction = allowsUserInteraction
        shownTime = track.timing.beginTime
    }

    var timing: AnimationTiming { track.timing }
    var key: PartialKeyPath<View.Presentation> { property }

    func apply(to presentation: inout View.Presentation) {
        presentation[keyPath: property] = track.value(at: shownTime)
    }
}

/// A view whose motion is a function of time computed per frame (a scroll view's coast,
/// spring or animated offset), stepped by the animator with the animations.
@MainActor protocol FrameSteppedMotion: View {
    /// Shows the motion at `time` (the frame's vblank; `.infinity`: its end, for a view
    /// that left the screen). A motion that ends calls `Animator.endMotion(of:)`.
    func stepMotion(to time: Double)
}

/// Owns the running animations of every view and steps them: each display calls
/// `step(_:to:)` for a screen before composing its frame, with the time that frame
/// will reach the screen, and keeps composing frames while `hasRunningAnimations(on:)`.
/// Views' frame-stepped motions (`FrameSteppedMotion`) ride on the same frames.
@MainActor final class Animator {
    /// Views with running animations (their `animations`), kept alive while they
    /// animate so that every animation ends and every completion runs.
    private var views: [ObjectIdentifier: View] = [:]
    private var ledger = CompletionLedger<Int>()
    private var completions: [Int: @MainActor (Bool) -> Void] = [:]
    private var nextGroup = 1
    /// Views whose motion moves, kept alive until it ends.
    private var motions: [ObjectIdentifier: any FrameSteppedMotion] = [:]

    /// The display's clock (animations begin at its time), else CLOCK_MONOTONIC.
    var now: Double { Application.shared.backend?.eventLoop.clock.now ?? monotonicSeconds() }

    /// Starts the animations of one animate call, replacing (interrupting) those of the same properties.
    func start(_ animations: [(View, any PropertyAnimating)], completion: (@MainActor (Bool) -> Void)?) {
        let group = nextGroup
        nextGroup += 1
        guard !animations.isEmpty else {
            // Nothing to animate: UIKit still completes, finished, on a later turn.
            if let completion { deliver(completion, true) }
            return
        }
        ledger.begin(group, count: animations.count)
        if let completion { completions[group] = completion }
        for (view, animation) in animations {
            animation.group = group
            if let replaced = view.animations.updateValue(animation, forKey: animation.key) {
                end(replaced, finished: false)
            }
            views[ObjectIdentifier(view)] = view
            view.setNeedsCompositeOfScreen()
        }
    }

    /// Ends the animation of `property` of `view` (set outside an animation), not finished.
    func remove(_ property: PartialKeyPath<View.Presentation>, of view: View) {
        guard let animation = view.animations.removeValue(forKey: property) else { return }
        end(animation, finished: false)
        view.setNeedsCompositeOfScreen()
    }

    /// Steps `view`'s motion with every frame of its screen from the next one on.
    func startMotion(of view: any FrameSteppedMotion) {
        motions[ObjectIdentifier(view)] = view
        view.setNeedsCompositeOfScreen()
    }

    /// `view`'s motion ended (or stopped): its frames no longer need to come.
    func endMotion(of view: any FrameSteppedMotion) {
        motions[ObjectIdentifier(view)] = nil
    }

    /// Moves the animations of views on `screen` to `time`: the window of each view
    /// whose shown values changed is flattened again. Animations that are done
    /// leave, and so do those of views that left the screen (not finished).
    func step(_ screen: Screen, to time: Double) {
        for (id, view) in views {
            guard view.isOnScreen else {
                for animation in view.animations.values { end(animation, finished: false) }
                view.animations = [:]
                views[id] = nil
                continue
            }
            guard let window = view.window, window.screen === screen else { continue }
            let before = view.presentation
            for (property, animation) in view.animations {
                if animation.timing.state(at: time) == .finished {
                    view.animations[property] = nil
                    end(animation, finished: true)
                } else {
                    animation.shownTime = time
                }
            }
            if view.animations.isEmpty { views[id] = nil }
            let after = view.presentation
            if after != before, !view.turnsInPlace(from: before, to: after) { window.sceneDidChange(in: view) }
        }
        // A motion may end, start another or animate (its delegate's calls): step a copy.
        for motion in motions.values {
            if !motion.isOnScreen {
                // No frames will come for it: it ends where it would come to rest.
                motion.stepMotion(to: .infinity)
            } else if motion.window?.screen === screen {
                motion.stepMotion(to: time)
            }
        }
    }

    /// Whether views on `screen` have animations (its frames must keep coming).
    func hasRunningAnimations(on screen: Screen) -> Bool {
        views.values.contains { !$0.animations.isEmpty && $0.window?.screen === screen }
            || motions.values.contains { $0.window?.screen === screen }
    }

    /// The earliest time after which a frame of `screen` may show something new:
    /// `time` while an animation moves, else the end of the first delay.
    func nextChange(on screen: Screen, after time: Double) -> Double? {
        var earliest: Double?
        if motions.values.contains(where: { $0.window?.screen === screen }) { earliest = time }
        for view in views.values where view.window?.screen === screen {
            for animation in view.animations.values {
                let start =
                    animation.timing.state(at: time) == .waiting
                    ? animation.timing.beginTime + animation.timing.delay : time
                earliest = min(earliest ?? start, start)
            }
        }
        return earliest
    }

    /// Forgets every animation without completing any (Application.reset).
    func reset() {
        for view in views.values { view.animations = [:] }
        views = [:]
        motions = [:]
        ledger = CompletionLedger()
        completions = [:]
    }

    private func end(_ animation: any PropertyAnimating, finished: Bool) {
        guard let result = ledger.end(animation.group, finished: finished) else { return }
        if let completion = completions.removeValue(forKey: animation.group) { deliver(completion, result) }
    }

    /// Completions run on a later turn of the loop, as UIKit's: never inside a setter
    /// or in the middle of composing a frame.
    private func deliver(_ completion: @escaping @MainActor (Bool) -> Void, _ finished: Bool) {
        if let loop = Application.shared.backend?.eventLoop {
            loop.post { completion(finished) }
        } else {
            completion(finished)
        }
    }
}
