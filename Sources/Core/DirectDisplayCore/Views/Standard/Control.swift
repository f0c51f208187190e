import Foundation

/// A view that turns touches into events and runs actions for them, as UIKit's
/// `UIControl`: a touch that begins on it is tracked (the control is highlighted
/// while the touch is within `Control.touchSlack` points of its bounds) and ends
/// as `touchUpInside` or `touchUpOutside`. A disabled control runs no actions and
/// passes its touches up the responder chain.
///
/// Inside a subclass `Event` means `Control.Event`: spell the touch event
/// `DirectDisplayCore.Event` when overriding `touchesBegan(_:with:)` and the like.
@MainActor open class Control: View {
    /// What happened to a control, as UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch began on the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch began on the control as a repeated tap (`tapCount` above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The touch moved within the control's tracking area.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The touch moved outside the control's tracking area.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The touch moved back into the tracking area.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The touch left the tracking area.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The touch lifted inside the tracking area: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The touch lifted outside the tracking area.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (its window hid, the device went away…).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (sent by controls that have one).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action happened (a button: a tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A text field began editing (became first responder).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text of an editing text field changed by typing, deleting or pasting.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field ended editing (resigned first responder).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return was pressed in a text field whose delegate allows it.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: UInt(UInt32.max))
    }

    /// A control's state, as UIKit's `UIControl.State`; `.normal` is the empty set.
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// How far (points) around the bounds a tracked touch still counts as inside, as in UIKit.
    public static let touchSlack: CGFloat = 70

    /// A disabled control runs no actions and passes touches on; setting false ends tracking.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled, trackedTouch != nil {
                // The rest of that touch is dropped: no touch-up event follows.
                if isTracking { cancelTracking(with: nil) }
                finishTracking()
            }
            stateDidChange()
        }
    }

    /// Whether the control is selected (a toggled button); set by the app.
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether a touch is down on the control (set while tracking).
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// The state from `isHighlighted`, `isEnabled` and `isSelected`.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether a touch is being tracked (`beginTracking` returned true and it has not ended).
    public private(set) var isTracking = false
    /// Whether the tracked touch is within the tracking area.
    public private(set) var isTouchInside = false

    private var trackedTouch: Touch?
    /// Touches that began while the control was disabled: they go up the responder chain to their end.
    private var forwardedTouches: Set<Touch> = []
    private var registrations: [(action: Action, events: Event)] = []

    /// A control; `primaryAction` runs on `.primaryActionTriggered`.
    public init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: Actions

    /// Runs `action` on `events`. An action with the same identifier that is
    /// already there is replaced.
    open func addAction(_ action: Action, for events: Event) {
        registrations.removeAll { $0.action.identifier == action.identifier && $0.action !== action }
        if let index = registrations.firstIndex(where: { $0.action === action }) {
            registrations[index].events.formUnion(events)
        } else {
            registrations.append((action, events))
        }
    }

    /// Stops running `action` on `events` (its other events stay).
    open func removeAction(_ action: Action, for events: Event) {
        removeAction(identifiedBy: action.identifier, for: events)
    }

    /// Stops running the action with this identifier on `events`.
    open func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
        for index in registrations.indices where registrations[index].action.identifier == identifier {
            registrations[index].events.subtract(events)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The events that have actions.
    public var allControlEvents: Event {
        registrations.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// The actions for any of `events`, in the order they were added.
    public func actions(for events: Event) -> [Action] {
        registrations.filter { !$0.events.isDisjoint(with: events) }.map(\.action)
    }

    /// Runs every action added for any of `events` (each once), the control as its sender.
    open func sendActions(for events: Event) {
        for action in actions(for: events) { sendAction(action) }
    }

    /// Runs one action with the control as its sender.
    open func sendAction(_ action: Action) {
        action.perform(sender: self)
    }

    // MARK: Tracking (UIKit's hooks; the defaults track every touch)

    /// A touch began on the control; return false not to follow it further (its
    /// highlight and touch-up events still come).
    open func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool { true }

    /// The tracked touch moved; return false to stop following it.
    open func continueTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool { true }

    /// The tracked touch lifted.
    open func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) {}

    /// Tracking was cancelled (the touch was cancelled or the control disabled).
    open func cancelTracking(with event: DirectDisplayCore.Event?) {}

    /// Where a tracked touch counts as inside: the bounds grown by `touchSlack`.
    private func isInTrackingArea(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlack, dy: -Self.touchSlack).contains(touch.location(in: self))
    }

    // MARK: Touches

    /// A control's own tracking wins over a single tap recognized by another view
    /// (UIKit's rule: a button inside a view with a tap recognizer still fires).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? TapGestureRecognizer else {
            return true
        }
        return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        guard isEnabled else {
            forwardedTouches.formUnion(touches)
            super.touchesBegan(touches, with: event)
            return
        }
        guard trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            passOn(touches) { super.touchesMoved($0, with: event) }
            return
        }
        let wasInside = isTouchInside
        isTouchInside = isInTrackingArea(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        switch (wasInside, isTouchInside) {
        case (true, true): sendActions(for: .touchDragInside)
        case (true, false): sendActions(for: [.touchDragExit, .touchDragOutside])
        case (false, true): sendActions(for: [.touchDragEnter, .touchDragInside])
        case (false, false): sendActions(for: .touchDragOutside)
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            passOn(touches) { super.touchesEnded($0, with: event) }
            return
        }
        let inside = isInTrackingArea(touch)
        if isTracking { endTracking(touch, with: event) }
        finishTracking()
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            passOn(touches) { super.touchesCancelled($0, with: event) }
            return
        }
        if isTracking { cancelTracking(with: event) }
        finishTracking()
        sendActions(for: .touchCancel)
    }

    private func finishTracking() {
        trackedTouch = nil
        isTracking = false
        isTouchInside = false
        isHighlighted = false
    }

    /// Touches the control does not track: those that began while it was disabled go
    /// up the responder chain; the rest of one tracked when it was disabled, and extra
    /// fingers, are dropped.
    private func passOn(_ touches: Set<Touch>, _ forward: (Set<Touch>) -> Void) {
        let forwarded = touches.intersection(forwardedTouches)
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            forwardedTouches.remove(touch)
        }
        if !forwarded.isEmpty { forward(forwarded) }
    }

    /// Called when `state` changed; subclasses in this module redraw.
    func stateDidChange() {}
}
