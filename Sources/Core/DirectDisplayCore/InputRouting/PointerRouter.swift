import Foundation
import InputModel
import Scheduling

/// Where the pointer goes: mouse motion moves one pointer over the screens laid out
/// side by side (`PointerLayout`); held buttons become an indirect-pointer `Touch`
/// hit-tested like a finger; wheels become scroll events over the view under it.
@MainActor
package final class PointerRouter {
    /// Shows the cursor on a screen at a point (its coordinates), or hides it (nil).
    package var cursorMoved: ((Screen, CGPoint)?) -> Void = { _ in }

    private var layout = PointerLayout()
    private var pointerDevices: Set<InputDeviceID> = []
    private var buttons: Set<UInt32> = []
    private var touch: Touch?
    private var touchStart: (point: ScreenPoint, time: Double)?
    private var taps = TapCounter()
    private var observers: [NSObjectProtocol] = []
    /// The loop whose clock times the automatic cursor's hiding.
    private weak var loop: EventLoop?
    /// Under `.automatic`: the pointer moved, and when it last did (display clock).
    private var movedRecently = false
    private var lastMotion = 0.0
    private var hideTimer: TimerID?
    /// How long the automatic cursor stays after the pointer stops.
    static let automaticCursorLifetime = 5.0

    init(loop: EventLoop) {
        self.loop = loop
        for name in [Screen.didConnectNotification, Screen.didDisconnectNotification, Screen.modeDidChangeNotification]
        {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                    MainActor.assumeIsolated { self?.screensChanged() }
                })
        }
        screensChanged()
    }

    isolated deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        if let hideTimer { loop?.cancelTimer(hideTimer) }
    }

    /// Whether the cursor shows now, by `Application.shared.pointerCursor`.
    package var isCursorShown: Bool {
        switch Application.shared.pointerCursor {
        case .visible: true
        case .hidden: false
        case .automatic: movedRecently
        }
    }

    /// Where the cursor shows: the pointer's location while the policy shows it, else nil.
    package var cursorLocation: (screen: Screen, point: CGPoint)? { isCursorShown ? location : nil }

    /// `Application.shared.pointerCursor` changed.
    func cursorPolicyChanged() { showCursor() }

    /// A finger or pen touched a screen: the automatic cursor hides.
    func touchBegan() {
        guard movedRecently else { return }
        movedRecently = false
        showCursor()
    }

    /// The pointer moved: the automatic cursor shows, until it rests for 5 seconds.
    private func motionShowsCursor() {
        guard let loop else { return }
        lastMotion = loop.clock.now
        movedRecently = true
        if hideTimer == nil { scheduleHide(at: lastMotion + Self.automaticCursorLifetime, on: loop) }
    }

    private func scheduleHide(at deadline: Double, on loop: EventLoop) {
        hideTimer = loop.schedule(at: deadline, name: "cursor hiding") { [weak self, weak loop] in
            guard let self, let loop else { return }
            self.hideTimer = nil
            let due = self.lastMotion + Self.automaticCursorLifetime
            guard loop.clock.now >= due else { return self.scheduleHide(at: due, on: loop) }
            guard self.movedRecently else { return }
            self.movedRecently = false
            self.showCursor()
        }
    }

    /// The screens' left-to-right order by connector name; others follow in connection order.
    var screenOrder: [String] {
        get { layout.preferredOrder }
        set {
            layout.setPreferredOrder(newValue)
            showCursor()
        }
    }

    /// Where the pointer is, while a mouse is present.
    var location: (screen: Screen, point: CGPoint)? {
        guard !pointerDevices.isEmpty, let pointer = layout.location,
            let screen = Screen.screens.first(where: { $0.name == pointer.screen })
        else { return nil }
        return (screen, CGPoint(x: pointer.point.x, y: pointer.point.y))
    }

    /// The relative motion that takes the pointer from where it is to `point` of
    /// `screen`, through the layout (for synthetic mice); nil if either is unknown.
    func layoutDelta(to point: CGPoint, on screen: Screen) -> (dx: Double, dy: Double)? {
        guard let current = layout.location, let from = originX(of: current.screen), let to = originX(of: screen.name)
        else { return nil }
        return (to + point.x - (from + current.point.x), point.y - current.point.y)
    }

    private func originX(of name: String) -> Double? {
        guard let index = layout.screens.firstIndex(where: { $0.name == name }) else { return nil }
        return layout.screens[..<index].reduce(0) { $0 + $1.size.width }
    }

    func deviceAdded(_ device: InputDeviceInfo) {
        guard device.capabilities.contains(.pointer) else { return }
        pointerDevices.insert(device.id)
        showCursor()
    }

    func deviceRemoved(_ device: InputDeviceID) {
        guard pointerDevices.remove(device) != nil, pointerDevices.isEmpty else { return }
        cancel()
        showCursor()
    }

    /// Relative motion: libinput's units (about 1/1000 inch) taken as points.
    func motion(_ event: PointerMotionEvent) {
        layout.move(dx: event.dx, dy: event.dy)
        moved(at: event.timeMicroseconds)
    }

    func motionAbsolute(_ event: PointerAbsoluteMotionEvent) {
        layout.moveAbsolute(x: event.x, y: event.y)
        moved(at: event.timeMicroseconds)
    }

    /// The first button down begins a touch at the pointer; the last one up ends it.
    func button(_ event: PointerButtonEvent) {
        let time = seconds(event.timeMicroseconds)
        if event.isPressed {
            guard buttons.insert(event.button).inserted else { return }
            if let touch {
                touch.buttonMask = mask(buttons)
                return
            }
            guard let (screen, point) = location else { return }
            let spot = ScreenPoint(x: point.x, y: point.y)
            let count = taps.tapCount(area: screen.tapCountingArea, location: spot, time: time)
            let touch = Touch(screen: screen, location: point, phase: .began, timestamp: time, tapCount: count)
            touch.type = .indirectPointer
            touch.buttonMask = mask(buttons)
            self.touch = touch
            touchStart = (spot, time)
            send(touch)
        } else {
            guard buttons.remove(event.button) != nil, let touch, touch.phase != .cancelled else {
                if buttons.isEmpty { self.touch = nil }
                return
            }
            touch.buttonMask = mask(buttons)
            guard buttons.isEmpty else { return }
            touch.update(location: touch.locationInScreen, phase: .ended, timestamp: time)
            if let touchStart {
                let end = ScreenPoint(x: touch.locationInScreen.x, y: touch.locationInScreen.y)
                taps.touchEnded(
                    area: touch.screen.tapCountingArea, count: touch.tapCount,
                    startLocation: touchStart.point, startTime: touchStart.time, endLocation: end, endTime: time)
            }
            self.touch = nil
            send(touch)
        }
    }

    func scroll(_ event: PointerScrollEvent) {
        guard let (screen, point) = location else { return }
        let delta = ScrollDelta(dx: event.horizontal ?? 0, dy: event.vertical ?? 0)
        // libinput ends a touchpad's (or trackpoint's) scroll with a zero on the axes it scrolled.
        let isStop =
            event.source != .wheel && delta.dx == 0 && delta.dy == 0
            && (event.vertical != nil || event.horizontal != nil)
        guard delta.dx != 0 || delta.dy != 0 || isStop else { return }
        Application.shared.sendEvent(
            Event(
                scrollOn: screen, at: point, delta: delta, source: event.source, isStop: isStop,
                timestamp: seconds(event.timeMicroseconds)))
    }

    /// The session paused or the mouse went away: a held button's touch is cancelled.
    func cancel() {
        buttons = []
        taps.reset()
        guard let touch, touch.phase != .cancelled else {
            self.touch = nil
            return
        }
        self.touch = nil
        touch.update(location: touch.locationInScreen, phase: .cancelled)
        send(touch)
    }

    private func moved(at time: UInt64) {
        motionShowsCursor()
        showCursor()
        guard let touch, touch.phase != .cancelled, let (screen, point) = location else { return }
        // A dragging touch stays on the screen it began on; past its edge it clamps.
        let onScreen =
            screen === touch.screen
            ? point
            : CGPoint(
                x: min(max(point.x, 0), touch.screen.bounds.width), y: min(max(point.y, 0), touch.screen.bounds.height))
        touch.update(location: onScreen, phase: .moved, timestamp: seconds(time))
        send(touch)
    }

    private func screensChanged() {
        layout.setScreens(
            Screen.screens.map { screen in
                PointerLayout.Screen(
                    name: screen.name, size: ScreenSize(width: screen.bounds.width, height: screen.bounds.height))
            })
        if let touch, !touch.screen.isConnected { cancel() }
        showCursor()
    }

    private func showCursor() { cursorMoved(cursorLocation) }

    private func send(_ touch: Touch) {
        Application.shared.sendEvent(Event(touches: [touch], timestamp: touch.timestamp))
    }

    private func mask(_ buttons: Set<UInt32>) -> Touch.ButtonMask {
        var mask: Touch.ButtonMask = []
        for button in buttons {
            switch button {
            case 0x110: mask.insert(.primary)  // BTN_LEFT
            case 0x111: mask.insert(.secondary)  // BTN_RIGHT
            case 0x112: mask.insert(.tertiary)  // BTN_MIDDLE
            default: mask.insert(Touch.ButtonMask(rawValue: 1 << min(max(Int(button) - 0x110, 3), 30)))
            }
        }
        return mask
    }

    private func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000_000 }
}
