import Foundation
import Geometry
import InputModel

/// Where a touch goes: libinput touch points become `Touch` objects on the screen
/// their device drives, delivered one event per device frame through
/// `Application.sendEvent(_:)` (window under the finger, then the hit-tested view).
/// A pen's tip is a touch of type `.pencil` from tip down to tip up, routed the same
/// way (its device's screen, calibration, rotation); each tablet event is a frame.
@MainActor
final class TouchRouter {
    /// The slot a tablet's tool takes among its device's touches (one tool is near a tablet at a time).
    private static let penSlot = Int32.min
    /// UIKit's force of a pen pressed as hard as it goes (Apple Pencil's): pressure 0…1 maps to 0…this.
    static let pencilMaximumForce: CGFloat = 25 / 6

    private struct Key: Hashable {
        let device: InputDeviceID
        let slot: Int32
    }

    /// A finger in progress, with what tap counting needs when it lifts.
    private struct Finger {
        let touch: Touch
        /// The screen the device drives: the touch's own, or one mirroring it.
        let deviceScreen: Screen
        let start: ScreenPoint
        let startTime: Double
        var last: ScreenPoint
    }

    private var fingers: [Key: Finger] = [:]
    private var changed: [InputDeviceID: Set<Touch>] = [:]
    private var taps = TapCounter()
    /// Devices bound to a screen through the API, by device name or sysname.
    var bindings: [String: String] = [:]
    /// The screen for touch devices with no WL_OUTPUT and no binding of their own.
    var defaultBinding: String?
    /// Devices already reported as driving no screen (logged once each).
    private var reportedUnrouted: Set<InputDeviceID> = []

    /// The connector a touch device drives: WL_OUTPUT, an API binding, or the only screen.
    func screen(for device: InputDeviceInfo) -> Screen? {
        let binding = bindings[device.name] ?? bindings[device.sysname] ?? defaultBinding
        let choice = TouchScreenRule.screen(
            outputProperty: device.outputName, binding: binding, connectedScreens: Screen.screens.map(\.name))
        guard let name = choice.screen else {
            if reportedUnrouted.insert(device.id).inserted {
                StderrLog.info(
                    "touches of \(device.name) (\(device.sysname)) are dropped: \(choice); set its WL_OUTPUT udev property or bind it with SeatInput.bind(device:to:)"
                )
            }
            return nil
        }
        return Screen.screens.first { $0.name == name }
    }

    func down(_ event: TouchPointEvent, device: InputDeviceInfo) {
        begin(
            Key(device: event.device, slot: event.slot), x: event.x, y: event.y, time: event.timeMicroseconds,
            device: device)
    }

    func motion(_ event: TouchPointEvent) {
        move(Key(device: event.device, slot: event.slot), x: event.x, y: event.y, time: event.timeMicroseconds)
    }

    func up(_ event: TouchSlotEvent) {
        end(Key(device: event.device, slot: event.slot), time: event.timeMicroseconds)
    }

    func cancel(_ event: TouchSlotEvent) {
        cancel(Key(device: event.device, slot: event.slot))
    }

    /// A tablet tool's event: tip down begins a `.pencil` touch, motion (and pressure
    /// or tilt changes) with the tip down moves it, the tip going up or the tool
    /// leaving ends it; hovering makes none. `calibration` is the device's matrix,
    /// which turns the pen's lean as libinput turned its position.
    func pen(_ event: TabletToolEvent, device: InputDeviceInfo, calibration: CalibrationMatrix) {
        let key = Key(device: event.device, slot: Self.penSlot)
        let touch: Touch?
        switch event.change {
        case .tipDown:
            touch = begin(key, x: event.x, y: event.y, time: event.timeMicroseconds, device: device)
            touch?.type = .pencil
        case .axis where event.isTipDown:
            touch = move(key, x: event.x, y: event.y, time: event.timeMicroseconds)
        case .tipUp, .proximityOut:
            touch = end(key, at: (event.x, event.y), time: event.timeMicroseconds)
        case .tipCancelled:
            touch = nil
            cancel(key)
        case .axis, .proximityIn:
            touch = nil
        }
        if let touch { describePen(touch, event, device: device, calibration: calibration) }
        frame(event.device)
    }

    /// Force and angles from the tool's pressure and tilt.
    private func describePen(
        _ touch: Touch, _ event: TabletToolEvent, device: InputDeviceInfo, calibration: CalibrationMatrix
    ) {
        if let pressure = event.pressure {
            touch.maximumPossibleForce = Self.pencilMaximumForce
            touch.force = CGFloat(min(max(pressure, 0), 1)) * Self.pencilMaximumForce
        }
        let tilt = event.tilt ?? .upright
        touch.altitudeAngle = CGFloat(tilt.altitude)
        let size = touch.screen.bounds.size
        touch.azimuthInScreen = CGFloat(
            tilt.azimuth(
                deviceSize: device.sizeMillimetres, calibration: calibration,
                screenSize: ScreenSize(width: size.width, height: size.height),
                rotation: touch.screen.touchRotation))
    }

    /// A new touch for `key` at the normalised device point, on its device's screen.
    @discardableResult
    private func begin(_ key: Key, x: Double, y: Double, time microseconds: UInt64, device: InputDeviceInfo) -> Touch? {
        if fingers[key] != nil { cancel(key) }
        guard let deviceScreen = screen(for: device) else { return nil }
        // On a mirroring screen the touch lands on its source, where its image shows it (none on the bars).
        let screen = deviceScreen.mirroredScreen ?? deviceScreen
        guard let point = point(x, y, on: screen, through: deviceScreen, clamped: false) else { return nil }
        let time = seconds(microseconds)
        let location = CGPoint(x: point.x, y: point.y)
        let count = taps.tapCount(area: screen.tapCountingArea, location: point, time: time)
        let touch = Touch(screen: screen, location: location, phase: .began, timestamp: time, tapCount: count)
        fingers[key] = Finger(touch: touch, deviceScreen: deviceScreen, start: point, startTime: time, last: point)
        changed[key.device, default: []].insert(touch)
        return touch
    }

    @discardableResult
    private func move(_ key: Key, x: Double, y: Double, time microseconds: UInt64) -> Touch? {
        // A touch the window system cancelled (its window hid) hears nothing more.
        guard var finger = fingers[key], finger.touch.phase != .cancelled, finger.touch.screen.isConnected,
            let point = point(x, y, on: finger.touch.screen, through: finger.deviceScreen)
        else { return nil }
        finger.last = point
        fingers[key] = finger
        finger.touch.update(location: CGPoint(x: point.x, y: point.y), phase: .moved, timestamp: seconds(microseconds))
        changed[key.device, default: []].insert(finger.touch)
        return finger.touch
    }

    /// Ends `key`'s touch where it was, or at `position` (a pen's lift reports one).
    @discardableResult
    private func end(_ key: Key, at position: (x: Double, y: Double)? = nil, time microseconds: UInt64) -> Touch? {
        guard var finger = fingers.removeValue(forKey: key), finger.touch.phase != .cancelled else { return nil }
        let time = seconds(microseconds)
        var location = finger.touch.locationInScreen
        if let position, finger.touch.screen.isConnected,
            let point = point(position.x, position.y, on: finger.touch.screen, through: finger.deviceScreen)
        {
            finger.last = point
            location = CGPoint(x: point.x, y: point.y)
        }
        finger.touch.update(location: location, phase: .ended, timestamp: time)
        taps.touchEnded(
            area: finger.touch.screen.tapCountingArea, count: finger.touch.tapCount, startLocation: finger.start,
            startTime: finger.startTime, endLocation: finger.last, endTime: time)
        changed[key.device, default: []].insert(finger.touch)
        return finger.touch
    }

    /// The end of one device frame: everything that changed goes out as one event.
    func frame(_ device: InputDeviceID) {
        guard let touches = changed.removeValue(forKey: device), !touches.isEmpty else { return }
        let live = touches.filter { $0.screen.isConnected || $0.phase == .cancelled }
        guard !live.isEmpty else { return }
        // The screen reader, while it runs, takes every touch before the windows' hit-testing;
        // its opt-in shortcut (three fingers held) sees them whether it runs or not.
        ScreenReader.shared.shortcut.observe(live)
        if ScreenReader.shared.isRunning { return ScreenReader.shared.handle(live) }
        Application.shared.sendEvent(Event(touches: live))
    }

    /// The device went away (or the session paused): its touches are cancelled.
    func cancelAll(of device: InputDeviceID?) {
        for key in fingers.keys where device == nil || key.device == device { cancel(key) }
        for pending in Array(changed.keys) { frame(pending) }
        taps.reset()
    }

    private func cancel(_ key: Key) {
        guard let finger = fingers.removeValue(forKey: key), finger.touch.phase != .cancelled else { return }
        finger.touch.update(location: finger.touch.locationInScreen, phase: .cancelled)
        changed[key.device, default: []].insert(finger.touch)
    }

    /// A normalised device point of `deviceScreen`'s panel on `screen` (the same one,
    /// or the one it mirrors: through the letterbox, nil on a bar unless `clamped`),
    /// in points, after its rotation; nil when out of range or no longer mirrored.
    private func point(
        _ x: Double, _ y: Double, on screen: Screen, through deviceScreen: Screen, clamped: Bool = true
    ) -> ScreenPoint? {
        var (x, y) = (x, y)
        var rotation = screen.touchRotation
        if deviceScreen !== screen {
            // The mirror shows the source upright: the position is already the source's, unturned.
            guard deviceScreen.mirroredScreen === screen, let letterbox = deviceScreen.mirrorLetterbox,
                let position = letterbox.sourcePosition(ofTargetX: x, y: y, clamped: clamped)
            else { return nil }
            (x, y) = position
            rotation = .none
        }
        let size = screen.bounds.size
        return TouchPointMapping.screenPoint(
            x: x, y: y, size: ScreenSize(width: size.width, height: size.height), rotation: rotation)
    }

    private func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000_000 }
}

extension Screen {
    /// How the screen's content is turned on its panel, as touch mapping takes it.
    var touchRotation: ScreenRotation { ScreenRotation(rawValue: orientation.panelRotation.rawValue) ?? .none }

    /// The area TapCounter counts taps in (fingers and mouse clicks alike): taps
    /// on different screens never add up.
    var tapCountingArea: Int { ObjectIdentifier(self).hashValue }
}
