import Foundation
import InputModel

/// The built-in screen reader, as VoiceOver: while it runs, touches explore the screen
/// instead of reaching the app. A finger held or moving focuses the element under it
/// (outlined, spoken: label, value, traits; the hint after a pause); a tap focuses
/// the element under it once no second tap follows; a quick one-finger swipe right or
/// left moves to the next or previous element in reading order, up or down adjusts an
/// adjustable one; a double-tap anywhere activates the focused element; a two-finger
/// tap stops speech. Tab, Shift-Tab and Enter on a keyboard move and activate.
///
/// It sits in front of the windows' hit-testing: `TouchRouter` hands it each device
/// frame's touches before `Application.sendEvent(_:)` would.
@MainActor final class ScreenReader {
    static let shared = ScreenReader()

    /// A finger down this long, or moving after it, explores (shorter and far is a swipe).
    static let exploreDelay: TimeInterval = 0.25
    /// A swipe travels at least this far (points) within `swipeMaximumDuration`.
    static let swipeMinimumDistance: CGFloat = 30
    static let swipeMaximumDuration: TimeInterval = 0.5
    /// A tap moves less than this (points).
    static let tapMaximumDistance: CGFloat = 10
    /// The pause before the hint is spoken, on the display's clock.
    static let hintDelay: TimeInterval = 1.0
    /// How long a tap waits for a second one before it focuses (`TapCounter`'s interval).
    static let singleTapDelay: TimeInterval = 0.35

    var isRunning: Bool {
        get { isRunningWithoutNotification }
        set {
            guard newValue != isRunningWithoutNotification else { return }
            isRunningWithoutNotification = newValue
            if newValue {
                // Touches the app holds would never hear their end: cancelled now, as a window hiding does.
                Application.shared.cancelAllTouches()
            } else {
                stop()
            }
            NotificationCenter.default.post(name: Accessibility.voiceOverStatusDidChangeNotification, object: nil)
        }
    }

    /// The element in focus, and where it was when last seen (to find the nearest one if it goes).
    private(set) var focused: AccessibilityNode?
    private var focusedFrame: CGRect = .null
    /// The screen the reader works on: the last touch's, else the main screen.
    private weak var touchedScreen: Screen?

    /// The reading order, built once per change of the screen's windows or their scenes.
    private var cachedOrder: ReadingOrder?
    private var cachedScreen: ObjectIdentifier?
    private var cachedSceneVersion: UInt64 = 0
    private var cachedWindows: [ObjectIdentifier] = []

    private(set) var outline = FocusOutline()
    /// Three fingers held turn the reader on and off, when the app opts in.
    private(set) var shortcut = ThreeFingerLongPress()
    private var hintTimer = GestureTimer()
    private var exploreTimer = GestureTimer()
    private var singleTapTimer = GestureTimer()
    /// The tap waiting for `singleTapDelay` to focus what is under it.
    private var pendingTap: (point: CGPoint, screen: Screen)?
    private var gesture: TouchGesture?

    /// One gesture: from the first finger down to the last finger up.
    private struct TouchGesture {
        /// The fingers down, each with where it went down.
        var fingers: [Touch: CGPoint] = [:]
        var maximumFingers = 0
        let start: CGPoint
        let startTime: TimeInterval
        let tapCount: Int
        var exploring = false
        var travelled: CGFloat = 0
    }

    private var isRunningWithoutNotification: Bool

    private init() {
        isRunningWithoutNotification = Self.environmentSetting()
    }

    /// DIRECTDISPLAY_SCREEN_READER, a yes-or-no variable (another value is named in one line and ignored).
    private static func environmentSetting() -> Bool {
        let name = "DIRECTDISPLAY_SCREEN_READER"
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return false }
        guard let on = DisplayConfiguration.boolean(value) else {
            StderrLog.info("\(name)=\(value) ignored: not one of 1, 0, true, false, yes, no")
            return false
        }
        return on
    }

    private var screen: Screen? {
        if let touchedScreen, touchedScreen.isConnected { return touchedScreen }
        return Application.shared.mainScreen
    }

    // MARK: Reading order

    /// The current screen's elements in reading order (built again only after a change).
    var order: ReadingOrder {
        guard let screen else { return ReadingOrder(windows: []) }
        let windows = Application.shared.visibleWindows(on: screen).filter { !($0 is FocusOutlineWindow) }
        let ids = windows.map(ObjectIdentifier.init)
        if let cachedOrder, cachedScreen == ObjectIdentifier(screen), cachedWindows == ids,
            cachedSceneVersion == Window.latestSceneVersion
        {
            return cachedOrder
        }
        let order = ReadingOrder(windows: windows)
        cachedOrder = order
        cachedScreen = ObjectIdentifier(screen)
        cachedWindows = ids
        cachedSceneVersion = Window.latestSceneVersion
        return order
    }

    /// The order is stale (a notification said the layout changed).
    private func invalidateOrder() { cachedOrder = nil }

    // MARK: Focus

    /// Focuses `node`, outlines and speaks it (the hint after a pause).
    func focus(_ node: AccessibilityNode?) {
        hintTimer.stop()
        focused = node
        guard let node else {
            focusedFrame = .null
            updateOutline()
            return
        }
        focusedFrame = node.frame
        updateOutline()
        speak(node.phrase)
        if let hint = node.hint, !hint.isEmpty {
            hintTimer.start(after: Self.hintDelay, name: "screen reader hint") { [weak self] in
                guard let self, let focused = self.focused, focused.isSame(as: node) else { return }
                self.speak(hint)
            }
        }
    }

    private func speak(_ text: String) { Accessibility.speechOutput.speak(text) }

    /// The focus, checked against the current order: a focused element no longer on
    /// screen gives way to the nearest one (spoken).
    private func validFocus(in order: ReadingOrder) -> (node: AccessibilityNode, index: Int)? {
        guard let focused else { return nil }
        if let index = order.index(of: focused) { return (focused, index) }
        guard let nearest = order.nearest(to: focusedFrame), let index = order.index(of: nearest) else {
            focus(nil)
            return nil
        }
        focus(nearest)
        return (nearest, index)
    }

    /// The focused element if it is still on screen; if it went, focus moves to the
    /// nearest (spoken) and nil is answered: the gesture that asked acts on nothing the
    /// user did not hear.
    private func focusStillShown(in order: ReadingOrder) -> (node: AccessibilityNode, index: Int)? {
        guard let focused else { return nil }
        if let index = order.index(of: focused) { return (focused, index) }
        _ = validFocus(in: order)
        return nil
    }

    /// Moves focus `step` elements along the reading order (1: next, -1: previous);
    /// at either end focus stays.
    func moveFocus(by step: Int) {
        let order = self.order
        guard !order.nodes.isEmpty else { return }
        guard focused != nil else { return focus(order.nodes[step > 0 ? 0 : order.nodes.count - 1]) }
        guard let (_, index) = focusStillShown(in: order) else { return }
        let target = index + step
        guard order.nodes.indices.contains(target) else { return }
        focus(order.nodes[target])
    }

    /// Activates the focused element: its `accessibilityActivate()`, else a tap at its
    /// activation point delivered as a real one (controls and recognizers react).
    func activateFocused(at time: TimeInterval) {
        guard let (node, _) = focusStillShown(in: order), let screen else { return }
        let valueBefore = node.value
        if !node.activate() { tap(at: node.activationPoint, on: node.view?.window?.screen ?? screen, time: time) }
        // A switch flipped: its new value is spoken, as VoiceOver does.
        if let value = node.value, value != valueBefore, focused?.isSame(as: node) == true { speak(value) }
    }

    /// Adjusts the focused element if it is adjustable, and speaks its new value.
    func adjustFocused(up: Bool) {
        guard let (node, _) = focusStillShown(in: order), node.traits.contains(.adjustable) else { return }
        if up { node.increment() } else { node.decrement() }
        speak(node.value ?? node.phrase)
    }

    /// A one-finger tap, began and ended, straight to the windows (past the reader).
    private func tap(at point: CGPoint, on screen: Screen, time: TimeInterval) {
        let touch = Touch(screen: screen, location: point, phase: .began, timestamp: time, tapCount: 1)
        Application.shared.sendEvent(Event(touches: [touch]))
        touch.update(location: point, phase: .ended, timestamp: time)
        Application.shared.sendEvent(Event(touches: [touch]))
    }

    /// A view is leaving its window: if it holds the focus, focus moves to the nearest element on the next turn.
    func viewWillLeaveWindow(_ view: View) {
        guard isRunning, let focusedView = focused?.view, focusedView.isDescendant(of: view) else { return }
        let frame = focusedFrame
        Application.shared.backend?.eventLoop.post { [weak self] in
            guard let self, self.isRunning else { return }
            self.focusedFrame = frame
            _ = self.validFocus(in: self.order)
        }
    }

    private func updateOutline() {
        guard isRunning, let screen, let node = focused else { return outline.hide() }
        let before = Window.latestSceneVersion
        outline.show(around: node.frame, on: node.view?.window?.screen ?? screen)
        // Moving the outline changes only its own window: the order stays valid.
        if cachedSceneVersion == before { cachedSceneVersion = Window.latestSceneVersion }
    }

    /// Off, without a notification, with a new outline (the application forgot its windows).
    func reset() {
        stop()
        outline = FocusOutline()
        shortcut = ThreeFingerLongPress()
        touchedScreen = nil
        if isRunning { isRunningWithoutNotification = false }
    }

    private func stop() {
        hintTimer.stop()
        exploreTimer.stop()
        singleTapTimer.stop()
        pendingTap = nil
        gesture = nil
        focused = nil
        outline.hide()
        cachedOrder = nil
        Accessibility.speechOutput.stopSpeaking()
    }

    // MARK: Notifications

    func handle(_ notification: Accessibility.Notification, argument: Any?) {
        guard isRunning else { return }
        switch notification {
        case .announcement:
            if let text = argument as? String { speak(text) }
        case .screenChanged:
            invalidateOrder()
            let order = self.order
            if let argument, let node = AccessibilityNode(argument), order.index(of: node) != nil {
                focus(node)
            } else if let container = argument as? View,
                let first = order.nodes.first(where: { $0.view?.isDescendant(of: container) ?? false })
            {
                // A container (a page just shown): its first element.
                focus(first)
            } else {
                focus(order.nodes.first)
            }
        default:
            invalidateOrder()
            if let argument, let node = AccessibilityNode(argument) {
                focus(node)
            } else {
                _ = validFocus(in: order)
                updateOutline()
            }
        }
    }

    // MARK: Keys

    /// Tab, Shift-Tab and Enter while running; true when the reader took the key.
    func handleKey(evdevCode: UInt32, modifiers: KeyModifierFlags) -> Bool {
        guard isRunning else { return false }
        switch evdevCode {
        case 15:  // KEY_TAB
            moveFocus(by: modifiers.contains(.shift) ? -1 : 1)
        case 28, 96:  // KEY_ENTER, KEY_KPENTER
            guard focused != nil else { return false }
            activateFocused(at: Application.shared.backend?.eventLoop.clock.now ?? 0)
        default:
            return false
        }
        return true
    }

    // MARK: Touches

    /// One device frame's touches while running (taken: none reach the windows).
    func handle(_ touches: Set<Touch>) {
        for touch in touches {
            switch touch.phase {
            case .began: began(touch)
            case .moved, .stationary: moved(touch)
            case .ended: ended(touch, cancelled: false)
            case .cancelled: ended(touch, cancelled: true)
            }
        }
    }

    private func began(_ touch: Touch) {
        touchedScreen = touch.screen
        if var gesture {
            gesture.fingers[touch] = touch.locationInScreen
            gesture.maximumFingers = max(gesture.maximumFingers, gesture.fingers.count)
            gesture.exploring = false
            self.gesture = gesture
            exploreTimer.stop()
            return
        }
        // A second tap cancels the first's focusing; any other new touch lets it happen now.
        if let pendingTap {
            singleTapTimer.stop()
            self.pendingTap = nil
            if touch.tapCount < 2 { focusUnder(pendingTap.point, on: pendingTap.screen) }
        }
        let point = touch.locationInScreen
        gesture = TouchGesture(
            fingers: [touch: point], maximumFingers: 1, start: point, startTime: touch.timestamp,
            tapCount: touch.tapCount)
        exploreTimer.start(after: Self.exploreDelay, name: "screen reader explore") { [weak self, weak touch] in
            guard let self, let touch, var gesture = self.gesture, gesture.maximumFingers == 1,
                gesture.fingers[touch] != nil
            else { return }
            gesture.exploring = true
            self.gesture = gesture
            self.focusUnder(touch.locationInScreen, on: touch.screen)
        }
    }

    private func moved(_ touch: Touch) {
        guard var gesture, let start = gesture.fingers[touch] else { return }
        let point = touch.locationInScreen
        gesture.travelled = max(gesture.travelled, hypot(point.x - start.x, point.y - start.y))
        if gesture.maximumFingers == 1, !gesture.exploring, touch.timestamp - gesture.startTime >= Self.exploreDelay {
            gesture.exploring = true
            exploreTimer.stop()
        }
        self.gesture = gesture
        if gesture.exploring { focusUnder(point, on: touch.screen) }
    }

    private func ended(_ touch: Touch, cancelled: Bool) {
        guard var gesture, let start = gesture.fingers.removeValue(forKey: touch) else { return }
        let point = touch.locationInScreen
        gesture.travelled = max(gesture.travelled, hypot(point.x - start.x, point.y - start.y))
        self.gesture = gesture
        guard gesture.fingers.isEmpty else { return }
        self.gesture = nil
        exploreTimer.stop()
        guard !cancelled, !gesture.exploring else { return }
        let duration = touch.timestamp - gesture.startTime
        if gesture.maximumFingers == 2 {
            if gesture.travelled < Self.swipeMinimumDistance { Accessibility.speechOutput.stopSpeaking() }
            return
        }
        guard gesture.maximumFingers == 1 else { return }
        let dx = point.x - gesture.start.x
        let dy = point.y - gesture.start.y
        if hypot(dx, dy) >= Self.swipeMinimumDistance, duration <= Self.swipeMaximumDuration {
            if abs(dx) >= abs(dy) {
                moveFocus(by: dx > 0 ? 1 : -1)
            } else {
                adjustFocused(up: dy < 0)
            }
        } else if gesture.travelled < Self.tapMaximumDistance {
            if gesture.tapCount >= 2 {
                activateFocused(at: touch.timestamp)
            } else {
                let screen = touch.screen
                pendingTap = (point, screen)
                singleTapTimer.start(after: Self.singleTapDelay, name: "screen reader tap") { [weak self] in
                    guard let self, let tap = self.pendingTap else { return }
                    self.pendingTap = nil
                    self.focusUnder(tap.point, on: tap.screen)
                }
            }
        }
    }

    /// Focuses the element under `point` unless it already has focus (nothing under it: focus stays).
    private func focusUnder(_ point: CGPoint, on screen: Screen) {
        touchedScreen = screen
        guard let node = order.node(at: point) else { return }
        if let focused, focused.isSame(as: node) { return }
        focus(node)
    }
}

/// The opt-in shortcut: three fingers held still for a second turn the screen reader
/// on or off (spoken "Screen reader on" / "off"), however it was started.
@MainActor final class ThreeFingerLongPress {
    static let duration: TimeInterval = 1.0
    /// A finger moving farther than this (points) spoils the press until every finger lifts.
    static let allowableMovement: CGFloat = 20

    var isEnabled = false
    /// The fingers down, each with where it went down.
    private var fingers: [Touch: CGPoint] = [:]
    /// A finger moved, a fourth came or the press already fired: nothing until all lift.
    private var isSpent = false
    private var timer = GestureTimer()

    func observe(_ touches: Set<Touch>) {
        guard isEnabled else { return }
        for touch in touches {
            switch touch.phase {
            case .began:
                fingers[touch] = touch.locationInScreen
            case .moved, .stationary:
                if let start = fingers[touch] {
                    let point = touch.locationInScreen
                    if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { isSpent = true }
                }
            case .ended, .cancelled:
                fingers[touch] = nil
            }
        }
        if fingers.isEmpty { isSpent = false }
        if fingers.count > 3 { isSpent = true }
        guard fingers.count == 3, !isSpent else { return timer.stop() }
        guard !timer.isScheduled else { return }
        timer.start(after: Self.duration, name: "screen reader shortcut") { [weak self] in
            guard let self else { return }
            self.timer.stop()
            guard self.fingers.count == 3, !self.isSpent else { return }
            self.isSpent = true
            let reader = ScreenReader.shared
            reader.isRunning.toggle()
            Accessibility.speechOutput.speak(reader.isRunning ? "Screen reader on" : "Screen reader off")
        }
    }
}
