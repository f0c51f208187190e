import Foundation
import InputModel
import Scheduling

extension Application {
    /// How long the screens stay on without input before they dim and then power
    /// off; nil (the default): never. Input (a touch, key, pen, button or wheel)
    /// wakes every screen, and the input that woke them reaches no view: a touch on a
    /// dark kiosk does not press the button under it. Timed on the display's clock.
    public var idleTimeout: TimeInterval? {
        get { idle.timeout }
        set {
            if let newValue, !newValue.isFinite || newValue < 0 {
                guard !newValue.isNaN else {
                    NonFiniteValueLog.refused("idleTimeout", of: self, value: newValue)
                    return
                }
                idle.timeout = newValue < 0 ? 0 : nil
            } else {
                idle.timeout = newValue
            }
            idle.restart()
        }
    }

    /// UIKit's name: true holds the screens on (and wakes them) whatever `idleTimeout` says.
    public var isIdleTimerDisabled: Bool {
        get { idle.isDisabled }
        set {
            guard newValue != idle.isDisabled else { return }
            idle.isDisabled = newValue
            idle.restart()
        }
    }

    /// How long the screens stay dimmed (the backlight at a tenth, where there is one)
    /// after `idleTimeout` before they power off; 10 seconds by default.
    public var idleDimDuration: TimeInterval {
        get { idle.dimDuration }
        set {
            guard newValue.isFinite else {
                NonFiniteValueLog.refused("idleDimDuration", of: self, value: newValue)
                return
            }
            idle.dimDuration = max(newValue, 0)
            idle.restart()
        }
    }
}

/// The idle timer behind `Application.idleTimeout`: awake, then dimmed, then asleep
/// (every screen powered off). Input wakes the screens; while asleep, the input that
/// wakes them is swallowed whole: a touch sequence (its begin, moves and end), a
/// key or button press and its release, a pen stroke, a wheel click.
@MainActor package final class IdleTimer {
    package enum Phase: Equatable {
        case awake, dimmed, asleep
    }

    package private(set) var phase = Phase.awake
    var timeout: TimeInterval?
    var isDisabled = false
    var dimDuration: TimeInterval = 10
    /// The display clock's time of the last input.
    private var lastActivity = 0.0
    private var timer: (id: TimerID, loop: EventLoop)?
    /// Touch slots, keys, buttons and pens whose waking press is swallowed until it is let go.
    private var swallowedTouches: Set<TouchSlotKey> = []
    private var swallowedKeys: Set<PressKey> = []
    private var swallowedPens: Set<InputDeviceID> = []
    /// Set while the timer itself powers screens on or off (not the app).
    private var isSwitching = false

    private struct TouchSlotKey: Hashable {
        let device: InputDeviceID
        let slot: Int32
    }

    private struct PressKey: Hashable {
        let device: InputDeviceID
        let code: UInt32
        let isButton: Bool
    }

    private var loop: EventLoop? { Application.shared.backend?.eventLoop }

    /// Starts counting again from now (the settings or the display changed), waking
    /// the screens if the timer is off now.
    func restart() {
        cancelTimer()
        guard let loop else { return }
        lastActivity = loop.clock.now
        guard let timeout, !isDisabled else {
            wake()
            return
        }
        if phase != .awake { wake() }
        schedule(at: lastActivity + timeout, on: loop)
    }

    /// Forgets everything (Application.reset, between tests).
    func reset() {
        cancelTimer()
        phase = .awake
        timeout = nil
        isDisabled = false
        dimDuration = 10
        swallowedTouches = []
        swallowedKeys = []
        swallowedPens = []
    }

    /// Called for every input event before it is routed; returns true when it is
    /// swallowed (it woke the screens, or belongs to the press that did).
    package func filter(_ event: InputEvent) -> Bool {
        switch event {
        case .deviceAdded, .touchFrame:
            return false
        case .deviceRemoved(let info):
            swallowedTouches = swallowedTouches.filter { $0.device != info.id }
            swallowedKeys = swallowedKeys.filter { $0.device != info.id }
            swallowedPens.remove(info.id)
            return false
        case .touchDown(let point):
            return press(TouchSlotKey(device: point.device, slot: point.slot), in: &swallowedTouches)
        case .touchMotion(let point):
            return held(TouchSlotKey(device: point.device, slot: point.slot), ends: false, in: &swallowedTouches)
        case .touchUp(let slot), .touchCancel(let slot):
            return held(TouchSlotKey(device: slot.device, slot: slot.slot), ends: true, in: &swallowedTouches)
        case .keyboardKey(let key):
            let press = PressKey(device: key.device, code: key.evdevCode, isButton: false)
            return key.isPressed ? self.press(press, in: &swallowedKeys) : held(press, ends: true, in: &swallowedKeys)
        case .pointerButton(let button):
            let press = PressKey(device: button.device, code: button.button, isButton: true)
            return button.isPressed
                ? self.press(press, in: &swallowedKeys) : held(press, ends: true, in: &swallowedKeys)
        case .pointerScroll:
            return press(nil as TouchSlotKey?, in: &swallowedTouches)
        case .pointerMotion, .pointerMotionAbsolute:
            // A mouse that drifts (or a device that only claims to be one) keeps awake
            // screens awake but wakes none.
            activity()
            return false
        case .tabletTool(let tool):
            if swallowedPens.contains(tool.device) {
                if tool.change == .tipUp || tool.change == .tipCancelled || tool.change == .proximityOut {
                    swallowedPens.remove(tool.device)
                }
                return true
            }
            guard tool.change == .tipDown else {
                // A hovering pen wakes nothing.
                activity()
                return false
            }
            if phase == .asleep {
                swallowedPens.insert(tool.device)
                restart()
                return true
            }
            activity()
            return false
        }
    }

    /// A press: while asleep it wakes the screens and is swallowed (its key kept so
    /// what follows of it is swallowed too); otherwise it is activity.
    private func press<Key: Hashable>(_ key: Key?, in swallowed: inout Set<Key>) -> Bool {
        guard phase == .asleep else {
            activity()
            return false
        }
        if let key { swallowed.insert(key) }
        restart()
        return true
    }

    /// What follows a press: swallowed when the press was; `ends` lets it go.
    private func held<Key: Hashable>(_ key: Key, ends: Bool, in swallowed: inout Set<Key>) -> Bool {
        if ends ? swallowed.remove(key) != nil : swallowed.contains(key) { return true }
        activity()
        return false
    }

    /// Input while awake or dimmed: the countdown starts again (a dimmed screen brightens).
    /// Asleep, only a press wakes (the release of a key held since before is no use).
    private func activity() {
        guard phase != .asleep, let loop else { return }
        lastActivity = loop.clock.now
        if phase == .dimmed { setDimmed(false) }
        phase = .awake
        // The timer already set sees the new time when it fires and waits again.
        if timer == nil, let timeout, !isDisabled { schedule(at: lastActivity + timeout, on: loop) }
    }

    /// Every screen on and at full brightness again.
    private func wake() {
        let wasAsleep = phase == .asleep
        phase = .awake
        setDimmed(false)
        guard wasAsleep else { return }
        isSwitching = true
        for screen in Application.shared.screens { screen.isPoweredOn = true }
        isSwitching = false
    }

    private func schedule(at deadline: Double, on loop: EventLoop) {
        let id = loop.schedule(at: deadline, name: "idle timer") { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.fire()
        }
        timer = (id, loop)
    }

    private func cancelTimer() {
        if let timer { timer.loop.cancelTimer(timer.id) }
        timer = nil
    }

    /// The deadline of the current phase passed (unless input came meanwhile).
    private func fire() {
        guard let loop, let timeout, !isDisabled else { return }
        let now = loop.clock.now
        switch phase {
        case .awake:
            let due = lastActivity + timeout
            guard now >= due else { return schedule(at: due, on: loop) }
            phase = .dimmed
            setDimmed(true)
            if dimDuration > 0 {
                schedule(at: now + dimDuration, on: loop)
            } else {
                sleep()
            }
        case .dimmed:
            sleep()
        case .asleep:
            break
        }
    }

    private func sleep() {
        // The backlight stays dimmed: brightened now, it would flash before the panel goes dark.
        phase = .asleep
        isSwitching = true
        for screen in Application.shared.screens { screen.isPoweredOn = false }
        isSwitching = false
    }

    private func setDimmed(_ dimmed: Bool) {
        for screen in Application.shared.screens { screen.isDimmed = dimmed }
    }

    /// A screen connected: it joins the others' phase (dimmed or asleep).
    func screenConnected(_ screen: Screen) {
        switch phase {
        case .awake: break
        case .dimmed: screen.isDimmed = true
        case .asleep:
            isSwitching = true
            screen.isPoweredOn = false
            isSwitching = false
        }
    }

    /// The app powered a screen on while the timer had them asleep: the count starts
    /// again (the other screens stay as they are until input or the app wakes them).
    func screenPoweredOn() {
        guard !isSwitching, phase == .asleep else { return }
        phase = .awake
        restart()
    }
}
