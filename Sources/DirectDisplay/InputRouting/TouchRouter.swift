import Foundation
import InputModel

/// Where a touch goes: libinput touch points become `Touch` objects on the screen
/// their device drives, delivered one event per device frame through
/// `Application.sendEvent(_:)` (window under the finger, then the hit-tested view).
@MainActor
final class TouchRouter {
    private struct Key: Hashable {
        let device: InputDeviceID
        let slot: Int32
    }

    /// A finger in progress, with what tap counting needs when it lifts.
    private struct Finger {
        let touch: Touch
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
        let key = Key(device: event.device, slot: event.slot)
        if fingers[key] != nil { cancel(key) }
        guard let screen = screen(for: device), let point = point(event.x, event.y, on: screen) else { return }
        let time = Double(event.timeMicroseconds) / 1_000_000
        let location = CGPoint(x: point.x, y: point.y)
        let count = taps.tapCount(area: screen.tapCountingArea, location: point, time: time)
        let touch = Touch(screen: screen, location: location, phase: .began, timestamp: time, tapCount: count)
        fingers[key] = Finger(touch: touch, start: point, startTime: time, last: point)
        changed[event.device, default: []].insert(touch)
    }

    func motion(_ event: TouchPointEvent) {
        let key = Key(device: event.device, slot: event.slot)
        // A touch the window system cancelled (its window hid) hears nothing more.
        guard var finger = fingers[key], finger.touch.phase != .cancelled, finger.touch.screen.isConnected,
            let point = point(event.x, event.y, on: finger.touch.screen)
        else { return }
        finger.last = point
        fingers[key] = finger
        finger.touch.update(
            location: CGPoint(x: point.x, y: point.y), phase: .moved,
            timestamp: Double(event.timeMicroseconds) / 1_000_000)
        changed[event.device, default: []].insert(finger.touch)
    }

    func up(_ event: TouchSlotEvent) {
        let key = Key(device: event.device, slot: event.slot)
        guard let finger = fingers.removeValue(forKey: key), finger.touch.phase != .cancelled else { return }
        let time = Double(event.timeMicroseconds) / 1_000_000
        finger.touch.update(location: finger.touch.locationInScreen, phase: .ended, timestamp: time)
        taps.touchEnded(
            area: finger.touch.screen.tapCountingArea, count: finger.touch.tapCount, startLocation: finger.start,
            startTime: finger.startTime, endLocation: finger.last, endTime: time)
        changed[event.device, default: []].insert(finger.touch)
    }

    func cancel(_ event: TouchSlotEvent) {
        cancel(Key(device: event.device, slot: event.slot))
    }

    /// The end of one device frame: everything that changed goes out as one event.
    func frame(_ device: InputDeviceID) {
        guard let touches = changed.removeValue(forKey: device), !touches.isEmpty else { return }
        let live = touches.filter { $0.screen.isConnected || $0.phase == .cancelled }
        guard !live.isEmpty else { return }
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

    /// A normalised device point on `screen`, in points, after its rotation; nil when out of range.
    private func point(_ x: Double, _ y: Double, on screen: Screen) -> ScreenPoint? {
        let size = screen.bounds.size
        return TouchPointMapping.screenPoint(
            x: x, y: y, size: ScreenSize(width: size.width, height: size.height),
            rotation: ScreenRotation(rawValue: screen.orientation.panelRotation.rawValue) ?? .none)
    }
}

extension Screen {
    /// The area TapCounter counts taps in (fingers and mouse clicks alike): taps
    /// on different screens never add up.
    var tapCountingArea: Int { ObjectIdentifier(self).hashValue }
}
