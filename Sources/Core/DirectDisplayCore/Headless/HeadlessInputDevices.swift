import Foundation
import InputModel
import Scheduling

/// The headless display's input devices: synthetic ones that report what a
/// kernel device and libinput would, as event values, into the same routing as
/// real hardware. One touchscreen and one pen display per screen (their WL_OUTPUT
/// names the screen), keyboards by number, one mouse; each appears (deviceAdded)
/// when first used.
/// Times are the display clock's, in microseconds as libinput's.
@MainActor
final class HeadlessInputDevices: InputEventSource {
    /// Where the events go (the seat's routing).
    var deliver: ([InputEvent]) -> Void = { _ in }

    private let clock: any MonotonicClock
    private var lastDeviceNumber: UInt64 = 0
    private var touchscreens: [String: InputDeviceInfo] = [:]
    private var keyboards: [Int: InputDeviceInfo] = [:]
    private var mouse: InputDeviceInfo?
    private var calibrations: [InputDeviceID: CalibrationMatrix] = [:]
    /// Keys held per keyboard, and how many keyboards hold each key (libinput's seat key count).
    private var heldKeys: [Int: Set<UInt32>] = [:]
    private var seatKeyCounts: [UInt32: UInt32] = [:]
    private var fingers: [Int: InputDeviceID] = [:]
    private var pens: [String: InputDeviceInfo] = [:]
    /// Pens near their screen: whether the tip is down, and the lean last reported.
    private var nearPens: [InputDeviceID: (tipDown: Bool, tilt: PenTilt)] = [:]
    private var isSuspended = false

    init(clock: any MonotonicClock) { self.clock = clock }

    private var now: UInt64 { UInt64(max(0, clock.now) * 1_000_000) }

    // MARK: Touch

    /// A finger goes down, moves or lifts at `point` of `screen` (raw: before the
    /// device's calibration). A lift reports the point as a last motion first; a
    /// finger that goes down while down lifts first.
    func touch(_ phase: TouchPhase, finger: Int, at point: CGPoint, on screen: Screen) {
        guard !isSuspended else { return }
        let slot = Int32(truncatingIfNeeded: finger)
        if phase == .down, let earlier = fingers.removeValue(forKey: finger) {
            deliver([
                .touchUp(TouchSlotEvent(device: earlier, slot: slot, seatSlot: slot, timeMicroseconds: now)),
                .touchFrame(device: earlier, timeMicroseconds: now),
            ])
        }
        let device = touchscreen(for: screen)
        guard phase == .down || fingers[finger] == device.id else { return }
        let size = ScreenSize(width: screen.bounds.width, height: screen.bounds.height)
        let rotation = ScreenRotation(rawValue: screen.orientation.panelRotation.rawValue) ?? .none
        let raw = TouchPointMapping.devicePosition(
            of: ScreenPoint(x: point.x, y: point.y), size: size, rotation: rotation)
        let position = calibrations[device.id].map { $0.apply(x: raw.x, y: raw.y) } ?? raw
        let event = TouchPointEvent(
            device: device.id, slot: slot, seatSlot: slot, x: position.x, y: position.y, timeMicroseconds: now)
        var events: [InputEvent] = [phase == .down ? .touchDown(event) : .touchMotion(event)]
        if phase == .down { fingers[finger] = device.id }
        if phase == .up {
            fingers[finger] = nil
            events.append(
                .touchUp(TouchSlotEvent(device: device.id, slot: slot, seatSlot: slot, timeMicroseconds: now)))
        }
        events.append(.touchFrame(device: device.id, timeMicroseconds: now))
        deliver(events)
    }

    enum TouchPhase { case down, move, up }

    /// The device stops tracking a finger without a lift (libinput's touch cancel).
    func cancelTouch(finger: Int) {
        guard !isSuspended, let id = fingers.removeValue(forKey: finger) else { return }
        let slot = Int32(truncatingIfNeeded: finger)
        deliver([
            .touchCancel(TouchSlotEvent(device: id, slot: slot, seatSlot: slot, timeMicroseconds: now)),
            .touchFrame(device: id, timeMicroseconds: now),
        ])
    }

    private func touchscreen(for screen: Screen) -> InputDeviceInfo {
        if let known = touchscreens[screen.name] { return known }
        let info = newDevice(
            name: "Headless Touchscreen (\(screen.name))", kind: "touch", capabilities: .touch,
            properties: ["WL_OUTPUT": screen.name, "ID_INPUT_TOUCHSCREEN": "1"])
        touchscreens[screen.name] = info
        deliver([.deviceAdded(info)])
        return info
    }

    // MARK: Pen

    /// The pen of `screen` touches (`.down`), moves (`.move`: drawing while down,
    /// hovering while up) or lifts and leaves (`.up`) at `point` (raw, before
    /// calibration), as libinput reports a pen display: proximity in before the
    /// first event, tip down, axis changes, tip up, proximity out. A pen that goes
    /// down while down lifts first. A nil `tilt` keeps the lean last reported.
    func pen(_ phase: TouchPhase, at point: CGPoint, on screen: Screen, pressure: Double, tilt newTilt: PenTilt?) {
        guard !isSuspended else { return }
        let device = pen(for: screen)
        let size = ScreenSize(width: screen.bounds.width, height: screen.bounds.height)
        let raw = TouchPointMapping.devicePosition(
            of: ScreenPoint(x: point.x, y: point.y), size: size, rotation: screen.touchRotation)
        let position = calibrations[device.id].map { $0.apply(x: raw.x, y: raw.y) } ?? raw
        let tilt = newTilt ?? nearPens[device.id]?.tilt ?? .upright
        func event(_ change: TabletToolEvent.Change, tipDown: Bool) -> InputEvent {
            .tabletTool(
                TabletToolEvent(
                    device: device.id, change: change, x: position.x, y: position.y, isTipDown: tipDown,
                    pressure: tipDown ? pressure : 0, tilt: tilt, timeMicroseconds: now))
        }
        var events: [InputEvent] = []
        let tipWasDown = nearPens[device.id]?.tipDown
        if phase != .up, tipWasDown == nil { events.append(event(.proximityIn, tipDown: false)) }
        switch phase {
        case .down:
            if tipWasDown == true { events.append(event(.tipUp, tipDown: false)) }
            events.append(event(.tipDown, tipDown: true))
            nearPens[device.id] = (true, tilt)
        case .move:
            events.append(event(.axis, tipDown: tipWasDown == true))
            nearPens[device.id] = (tipWasDown ?? false, tilt)
        case .up:
            guard tipWasDown != nil else { return }
            if tipWasDown == true { events.append(event(.tipUp, tipDown: false)) }
            events.append(event(.proximityOut, tipDown: false))
            nearPens[device.id] = nil
        }
        deliver(events)
    }

    private func pen(for screen: Screen) -> InputDeviceInfo {
        if let known = pens[screen.name] { return known }
        let info = newDevice(
            name: "Headless Pen (\(screen.name))", kind: "pen", capabilities: .tabletTool,
            properties: ["WL_OUTPUT": screen.name, "ID_INPUT_TABLET": "1"])
        pens[screen.name] = info
        deliver([.deviceAdded(info)])
        return info
    }

    // MARK: Keys

    /// A key of keyboard `keyboard` goes down or up; a second press of a key the
    /// keyboard already holds is ignored, as the kernel does.
    func key(_ code: UInt32, pressed: Bool, keyboard: Int) {
        guard !isSuspended else { return }
        let device = keyboards[keyboard] ?? newKeyboard(keyboard)
        if pressed {
            guard heldKeys[keyboard, default: []].insert(code).inserted else { return }
            seatKeyCounts[code, default: 0] += 1
        } else {
            guard heldKeys[keyboard]?.remove(code) != nil else { return }
            seatKeyCounts[code, default: 1] -= 1
        }
        let count = seatKeyCounts[code] ?? 0
        if count == 0 { seatKeyCounts[code] = nil }
        deliver([
            .keyboardKey(
                KeyboardKeyEvent(
                    device: device.id, evdevCode: code, isPressed: pressed, seatKeyCount: count, timeMicroseconds: now))
        ])
    }

    private func newKeyboard(_ number: Int) -> InputDeviceInfo {
        let name = number == 0 ? "Headless Keyboard" : "Headless Keyboard \(number)"
        let info = newDevice(name: name, kind: "kbd", capabilities: .keyboard, properties: ["ID_INPUT_KEYBOARD": "1"])
        keyboards[number] = info
        deliver([.deviceAdded(info)])
        return info
    }

    // MARK: Mouse

    func pointerMotion(dx: Double, dy: Double) {
        guard !isSuspended else { return }
        deliver([.pointerMotion(PointerMotionEvent(device: mouseDevice().id, dx: dx, dy: dy, timeMicroseconds: now))])
    }

    func pointerButton(_ button: UInt32, pressed: Bool) {
        guard !isSuspended else { return }
        deliver([
            .pointerButton(
                PointerButtonEvent(device: mouseDevice().id, button: button, isPressed: pressed, timeMicroseconds: now))
        ])
    }

    /// Wheel clicks (positive: down, right), 15 degrees each as libinput reports a detented wheel.
    func wheel(vertical: Double, horizontal: Double) {
        guard !isSuspended else { return }
        let event = PointerScrollEvent(
            device: mouseDevice().id, source: .wheel, vertical: vertical == 0 ? nil : vertical * 15,
            horizontal: horizontal == 0 ? nil : horizontal * 15, verticalV120: vertical == 0 ? nil : vertical * 120,
            horizontalV120: horizontal == 0 ? nil : horizontal * 120, timeMicroseconds: now)
        deliver([.pointerScroll(event)])
    }

    /// Two fingers on a touchpad scroll by (`vertical`, `horizontal`) points (libinput's finger
    /// source); zero on both: they lift (libinput's axis stop, a zero on each axis).
    func fingerScroll(vertical: Double, horizontal: Double) {
        guard !isSuspended else { return }
        let lifts = vertical == 0 && horizontal == 0
        let event = PointerScrollEvent(
            device: mouseDevice().id, source: .finger, vertical: lifts || vertical != 0 ? vertical : nil,
            horizontal: lifts || horizontal != 0 ? horizontal : nil, verticalV120: nil, horizontalV120: nil,
            timeMicroseconds: now)
        deliver([.pointerScroll(event)])
    }

    /// The mouse, added on first use (until then there is no pointer, as on a seat without one).
    @discardableResult
    func mouseDevice() -> InputDeviceInfo {
        if let mouse { return mouse }
        let info = newDevice(name: "Headless Mouse", kind: "mouse", capabilities: .pointer, properties: [:])
        mouse = info
        deliver([.deviceAdded(info)])
        return info
    }

    // MARK: InputEventSource

    func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: InputDeviceID) throws {
        guard isAbsolute(device) else { throw HeadlessInputError.noCalibration(device: device) }
        calibrations[device] = matrix
    }

    func calibrationMatrix(for device: InputDeviceID) -> CalibrationMatrix? {
        isAbsolute(device) ? calibrations[device] ?? .identity : nil
    }

    /// Touchscreens and pens take a calibration matrix, as libinput's absolute devices.
    private func isAbsolute(_ device: InputDeviceID) -> Bool {
        (touchscreens.values.contains { $0.id == device }) || (pens.values.contains { $0.id == device })
    }

    /// Every device goes away, as libinput_suspend reports it.
    func suspend() -> [InputEvent] {
        guard !isSuspended else { return [] }
        isSuspended = true
        let events = allDevices.map { InputEvent.deviceRemoved($0) }
        touchscreens = [:]
        pens = [:]
        nearPens = [:]
        keyboards = [:]
        mouse = nil
        fingers = [:]
        heldKeys = [:]
        seatKeyCounts = [:]
        calibrations = [:]
        return events
    }

    /// Devices come back when next used, with new ids.
    func resume() throws -> [InputEvent] {
        isSuspended = false
        return []
    }

    func close() { _ = suspend() }

    private var allDevices: [InputDeviceInfo] {
        (Array(touchscreens.values) + Array(pens.values) + Array(keyboards.values) + (mouse.map { [$0] } ?? []))
            .sorted { $0.id < $1.id }
    }

    private func newDevice(
        name: String, kind: String, capabilities: InputDeviceCapabilities, properties: [String: String]
    ) -> InputDeviceInfo {
        lastDeviceNumber += 1
        let info = InputDeviceInfo(
            id: InputDeviceID(rawValue: lastDeviceNumber), name: name, sysname: "headless-\(kind)\(lastDeviceNumber)",
            capabilities: capabilities, udevProperties: properties, sizeMillimetres: nil)
        return info
    }
}

/// A calibration asked of a headless device that is no touchscreen.
enum HeadlessInputError: Error, CustomStringConvertible {
    case noCalibration(device: InputDeviceID)

    var description: String {
        switch self {
        case .noCalibration(let device): "\(device) takes no calibration matrix (not a touchscreen or pen)"
        }
    }
}
