import Foundation

/// What a gesture recognizer asks its delegate, as UIKit's `UIGestureRecognizerDelegate`.
@MainActor public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `.possible` (false makes it fail).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether both may recognize at once (either delegate saying true is enough).
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// Whether `gestureRecognizer` sees `touch` at all (asked when the touch begins).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether `gestureRecognizer` recognizes only once `other` (on the same touches) has
    /// failed, as `require(toFail:)` would make it; asked each time it would recognize.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool
    /// Whether `other` (on the same touches) recognizes only once `gestureRecognizer` has
    /// failed; asked each time `other` would recognize.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        true
    }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
}

/// Turns touches on a view into a gesture, as UIKit's `UIGestureRecognizer`. Add
/// one to a view with `View.addGestureRecognizer(_:)`; it sees the touches that
/// begin on that view or inside it before the hit view does, and runs its actions
/// as its ``state`` changes. Use the subclasses (``TapGestureRecognizer``,
/// ``LongPressGestureRecognizer``, ``PanGestureRecognizer``); there are no selectors
/// on Linux, so actions are closures: `TapGestureRecognizer { recognizer in … }`.
@MainActor open class GestureRecognizer {
    /// Where a recognizer is, as UIKit's `UIGestureRecognizer.State`.
    public enum State: Sendable, Hashable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture (a tap, a swipe) was recognized: the same as `.ended`.
        public static let recognized = State.ended
    }

    /// The gesture's state; actions run when it becomes `.began`, `.changed`,
    /// `.ended` or `.cancelled`.
    public internal(set) var state: State = .possible {
        // `.changed` repeats: each move of a continuous gesture runs the actions.
        didSet { if state != oldValue || state == .changed { stateDidChange(from: oldValue) } }
    }
    /// A disabled recognizer sees no touches; disabling one mid-gesture cancels it.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if state == .began || state == .changed { state = .cancelled } else if state == .possible { fail() }
            abandonTouches()
        }
    }
    /// The view it is attached to.
    public internal(set) weak var view: View?
    /// Asked whether to begin, to recognize with others and to receive a touch.
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// Whether recognizing sends the hit view `touchesCancelled` for the gesture's touches (UIKit's default: true).
    public var cancelsTouchesInView = true
    /// Whether the hit view gets `touchesBegan` only once this fails (never if it
    /// recognizes); moves before that are not delivered (UIKit's default: false).
    public var delaysTouchesBegan = false
    /// Whether the hit view's `touchesEnded` waits until this recognizes (then the view
    /// gets `touchesCancelled`) or fails (UIKit's default: true).
    public var delaysTouchesEnded = true

    /// The touches the recognizer follows, in the order they began.
    var trackedTouches: [Touch] = []
    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    /// Recognizers that must fail before this one recognizes.
    private var requiredToFail: [WeakGestureRecognizer] = []
    /// Recognizers that wait for this one to fail.
    private var dependents: [WeakGestureRecognizer] = []
    /// Recognizers on the same touches that the overrides and delegates made this wait for,
    /// found when it would recognize (until it resets).
    private var askedToFail: [WeakGestureRecognizer] = []
    /// Recognizers waiting for this one because their (or its) overrides or delegates said so.
    private var askedDependents: [WeakGestureRecognizer] = []
    /// The state this wanted while a recognizer it requires to fail was still undecided.
    private var pendingState: State?

    /// A recognizer without actions (add them with ``addTarget(_:)``).
    public required init() {}

    /// Runs `action` (with the recognizer) at each change of state that UIKit reports.
    public func addTarget(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Removes every action.
    public func removeAllTargets() { actions = [] }

    /// This recognizer recognizes only once `other` has failed (UIKit's `require(toFail:)`):
    /// a single tap waits for a double tap to fail.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !requiredToFail.contains(where: { $0.recognizer === other }) else { return }
        requiredToFail.append(WeakGestureRecognizer(other))
        other.dependents.append(WeakGestureRecognizer(self))
    }

    /// How many touches the gesture holds now.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The gesture's location in `view`'s coordinates (the window's if nil): the centroid of its touches.
    open func location(in view: View?) -> CGPoint {
        (centroidInScreen ?? lastLocationInScreen).map { convertFromScreen($0, to: view) } ?? .zero
    }

    /// Where touch `index` (0 ..< ``numberOfTouches``) is, in `view`'s coordinates;
    /// `.zero` for an index out of range (UIKit raises).
    public func location(ofTouch index: Int, in view: View?) -> CGPoint {
        guard trackedTouches.indices.contains(index) else { return .zero }
        return trackedTouches[index].location(in: view)
    }

    // MARK: For subclasses (UIKit's UIGestureRecognizerSubclass)

    /// Whether this recognizer recognizes only once `other` (on the same touches) has failed;
    /// asked, as the delegate is, each time it would recognize (false).
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` (on the same touches) recognizes only once this one has failed; asked
    /// each time `other` would recognize (false).
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Touches the recognizer now follows began.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches lifted (they are still in ``numberOfTouches`` during this call).
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches were cancelled; the default cancels a gesture under way and fails a possible one.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { fail() }
    }
    /// Back to `.possible` after the gesture ended, was cancelled or failed.
    open func reset() {}

    /// Asks to move to `newState` (`.began` or `.ended` from `.possible`): the
    /// delegate, the hit views and the recognizers this requires to fail decide.
    /// A recognizer that must wait for another to fail keeps its wish until then.
    public func recognize(_ newState: State) {
        guard state == .possible, pendingState == nil else {
            if state == .began || state == .changed { state = newState }
            return
        }
        guard mayBegin(), !GestureArena.isBlocked(self) else { return fail() }
        askForFailureRequirements()
        let requirements = requiredToFail + askedToFail
        if requirements.contains(where: { $0.recognizer?.hasRecognized == true }) { return fail() }
        if requirements.contains(where: { $0.recognizer?.isUndecided == true }) {
            pendingState = newState
            return
        }
        state = newState
    }

    /// The recognizers on this one's touches that it, they, or their delegates say must fail
    /// first (UIKit asks once per attempt to recognize).
    private func askForFailureRequirements() {
        var others: [GestureRecognizer] = []
        for touch in trackedTouches {
            for other in touch.gestureRecognizers where other !== self && !others.contains(where: { $0 === other }) {
                others.append(other)
            }
        }
        for other in others
        where !requiredToFail.contains(where: { $0.recognizer === other })
            && !askedToFail.contains(where: { $0.recognizer === other })
        {
            let required =
                shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
                || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
            guard required else { continue }
            askedToFail.append(WeakGestureRecognizer(other))
            other.askedDependents.append(WeakGestureRecognizer(self))
        }
    }

    /// Gives up: `.failed` from `.possible`.
    public func fail() {
        pendingState = nil
        guard state == .possible else { return }
        state = .failed
    }

    // MARK: Internals

    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }
    /// Still possible (or waiting on another): its touches' fate is not known yet.
    var isUndecided: Bool { state == .possible && (pendingState != nil || !trackedTouches.isEmpty || isWaiting) }
    /// Still possible without touches, waiting for more (a double tap between its taps).
    var isWaiting: Bool { false }

    private var lastLocationInScreen: CGPoint?
    /// Touches that ended since the last reset (their views' `touchesEnded` may be held).
    var endedTouches: [Touch] = []

    private func mayBegin() -> Bool {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        for touch in trackedTouches {
            if let hitView = touch.view, hitView !== view, !hitView.gestureRecognizerShouldBegin(self) { return false }
        }
        return true
    }

    func canRecognize(simultaneouslyWith other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    private func stateDidChange(from oldValue: State) {
        switch state {
        case .possible: return
        case .failed:
            GestureArena.failed(self)
            for dependent in dependents + takeAskedDependents() { dependent.recognizer?.requirementFailed() }
        case .began, .ended:
            if oldValue == .possible {
                GestureArena.recognized(self)
                for dependent in dependents + takeAskedDependents() { dependent.recognizer?.requirementRecognized() }
            }
            runActions()
        case .changed, .cancelled:
            runActions()
        }
        if state == .ended || state == .cancelled || state == .failed, trackedTouches.isEmpty { resetToPossible() }
    }

    private func runActions() {
        for action in actions { action(self) }
    }

    /// The recognizers waiting for this one through overrides or delegates, forgotten once
    /// this one has decided.
    private func takeAskedDependents() -> [WeakGestureRecognizer] {
        defer { askedDependents = [] }
        return askedDependents
    }

    private func requirementFailed() {
        guard let wanted = pendingState else { return }
        if (requiredToFail + askedToFail).contains(where: { $0.recognizer?.isUndecided == true }) { return }
        pendingState = nil
        recognize(wanted)
        if state == .ended, trackedTouches.isEmpty { resetToPossible() }
    }

    private func requirementRecognized() {
        if pendingState != nil || state == .possible { fail() }
    }

    func resetToPossible() {
        pendingState = nil
        askedToFail = []
        lastLocationInScreen = nil
        endedTouches = []
        reset()
        if state != .possible { state = .possible }
    }

    /// Drops every touch (the recognizer was disabled or removed from its view).
    func abandonTouches() {
        for touch in trackedTouches { touch.gestureRecognizers.removeAll { $0 === self } }
        trackedTouches = []
        if state != .possible, pendingState == nil { resetToPossible() }
    }

    func begin(_ touches: [Touch]) {
        trackedTouches.append(contentsOf: touches)
    }

    func finish(_ touches: Set<Touch>) {
        if let centre = centroidInScreen { lastLocationInScreen = centre }
        trackedTouches.removeAll { touches.contains($0) }
        endedTouches.append(contentsOf: touches)
        if trackedTouches.isEmpty, state == .ended || state == .cancelled || state == .failed {
            if pendingState == nil { resetToPossible() }
        }
    }

    /// The centroid of the touches, in screen points.
    var centroidInScreen: CGPoint? {
        guard !trackedTouches.isEmpty else { return nil }
        var sum = CGPoint.zero
        for touch in trackedTouches {
            sum.x += touch.locationInScreen.x
            sum.y += touch.locationInScreen.y
        }
        return CGPoint(x: sum.x / CGFloat(trackedTouches.count), y: sum.y / CGFloat(trackedTouches.count))
    }

    private func convertFromScreen(_ point: CGPoint, to view: View?) -> CGPoint {
        guard let target = view ?? self.view?.window else { return point }
        return target.convertFromScreen(point)
    }
}

/// Typed actions: `TapGestureRecognizer { recognizer in … }` hands the closure a
/// `TapGestureRecognizer`.
@MainActor public protocol GestureRecognizerActions: AnyObject {
    init()
    func addTarget(_ action: @escaping @MainActor (GestureRecognizer) -> Void)
}

extension GestureRecognizer: GestureRecognizerActions {}

extension GestureRecognizerActions {
    /// A recognizer that runs `action` at each change of its state.
    public init(_ action: @escaping @MainActor (Self) -> Void) {
        self.init()
        addTarget(action)
    }

    /// Runs `action` (with the recognizer) at each change of state that UIKit reports.
    public func addTarget(_ action: @escaping @MainActor (Self) -> Void) {
        addTarget { [unowned self] (_: GestureRecognizer) in action(self) }
    }
}

struct WeakGestureRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
