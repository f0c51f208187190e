import CEvdev
import Foundation
import Input
import InputModel
import Keyboard
import VirtualInput
import XCTest

/// libinput on the udev back end with real kernel devices made through uinput:
/// InputContext's events for touch, keys and pointer, and an unplug mid-touch.
final class LibinputDeviceTests: XCTestCase {
    private let timeout: TimeInterval = 15

    func testTouchscreenKeyboardAndMouseEventsThenUnplugMidTouch() async throws {
        try HardwareEnvironment.requireHardware()
        let context = try InputContext(seat: "seat0")
        let startup = context.dispatch()
        log("present at start: \(names(startup))")

        let touchscreen = try UinputDevice.touchscreen(width: 2000, height: 1000)
        let keyboard = try UinputDevice.keyboard()
        let mouse = try UinputDevice.mouse()
        let created = Date()
        var added: [String: InputDeviceInfo] = [:]
        try context.collect("the three uinput devices added", timeout: timeout) { event in
            if case .deviceAdded(let info) = event { added[info.sysname] = info }
            return [touchscreen, keyboard, mouse].allSatisfy { added[$0.sysname] != nil }
        }
        log(String(format: "devices added %.3f s after creation", Date().timeIntervalSince(created)))
        let screenInfo = try XCTUnwrap(added[touchscreen.sysname])
        let keyboardInfo = try XCTUnwrap(added[keyboard.sysname])
        let mouseInfo = try XCTUnwrap(added[mouse.sysname])
        XCTAssertEqual(screenInfo.name, touchscreen.name)
        XCTAssertEqual(screenInfo.capabilities, .touch)
        XCTAssertTrue(screenInfo.isTouchscreen, "udev tagged ID_INPUT_TOUCHSCREEN: \(screenInfo.udevProperties)")
        // libinput_device_get_size divides (maximum - minimum) by the resolution: 1999 / 10 and 999 / 10.
        XCTAssertEqual(screenInfo.sizeMillimetres?.width ?? 0, 199.9, accuracy: 1e-9)
        XCTAssertEqual(screenInfo.sizeMillimetres?.height ?? 0, 99.9, accuracy: 1e-9)
        XCTAssertTrue(keyboardInfo.capabilities.contains(.keyboard), "\(keyboardInfo)")
        XCTAssertEqual(mouseInfo.capabilities, .pointer)
        XCTAssertEqual(Set([screenInfo.id, keyboardInfo.id, mouseInfo.id]).count, 3, "ids are distinct")
        XCTAssertEqual(context.defaultCalibrationMatrix(screenInfo.id), .identity)
        XCTAssertTrue(context.hasCalibrationMatrix(screenInfo.id))
        XCTAssertFalse(context.hasCalibrationMatrix(mouseInfo.id))

        try twoFingerTouch(touchscreen, id: screenInfo.id, context: context)
        try calibratedTouch(touchscreen, id: screenInfo.id, context: context)
        try keys(keyboard, id: keyboardInfo.id, context: context)
        try pointer(mouse, id: mouseInfo.id, context: context)
        try unplugMidTouch(touchscreen, id: screenInfo.id, context: context)

        keyboard.unplug()
        mouse.unplug()
        var removed: Set<InputDeviceID> = []
        try context.collect("keyboard and mouse removed", timeout: timeout) { event in
            if case .deviceRemoved(let info) = event { removed.insert(info.id) }
            return removed.isSuperset(of: [keyboardInfo.id, mouseInfo.id])
        }
        XCTAssertFalse(context.presentDevices.contains { [keyboardInfo.id, mouseInfo.id].contains($0.id) })
        context.close()
        XCTAssertEqual(context.dispatch(), [], "a closed context reports nothing")
    }

    /// A session pause removes every device and a resume adds them back with new
    /// ids; a touchscreen whose axes have no range (minimum == maximum) crashes nothing.
    func testSuspendResumeAndADeviceWithoutUsableAxes() async throws {
        try HardwareEnvironment.requireHardware()
        let context = try InputContext()
        _ = context.dispatch()
        let broken = try UinputDevice(name: "DirectDisplay test touchscreen without range") { description in
            libevdev_enable_property(description, UInt32(INPUT_PROP_DIRECT))
            libevdev_enable_event_code(description, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
            for code in [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y] {
                var info = input_absinfo(value: 0, minimum: 0, maximum: 0, fuzz: 0, flat: 0, resolution: 0)
                libevdev_enable_event_code(description, UInt32(EV_ABS), UInt32(code), &info)
            }
        }
        let keyboard = try UinputDevice.keyboard()
        var added: [String: InputDeviceInfo] = [:]
        try context.collect("the keyboard made after the broken device", timeout: timeout) { event in
            if case .deviceAdded(let info) = event { added[info.sysname] = info }
            return added[keyboard.sysname] != nil
        }
        log("device without usable axes: \(added[broken.sysname].map { "added as \($0.capabilities)" } ?? "not added")")
        try broken.touch(slot: 0, trackingID: 1, x: 0, y: 0)
        try broken.setTouching(true)
        try broken.sync()
        try keyboard.key(KEY_A, pressed: true)
        let afterBroken = try context.collect("the key after the broken touch", timeout: timeout) { event in
            if case .keyboardKey = event { true } else { false }
        }
        for case .touchDown(let touch) in afterBroken {
            XCTAssertTrue(touch.x.isFinite && touch.y.isFinite, "\(touch)")
        }
        try keyboard.key(KEY_A, pressed: false)

        let present = context.presentDevices
        let suspended = context.suspend()
        XCTAssertTrue(context.isSuspended)
        let removed = suspended.compactMap { if case .deviceRemoved(let info) = $0 { info.id } else { nil } }
        XCTAssertEqual(Set(removed), Set(present.map(\.id)), "a suspend removes every device")
        XCTAssertEqual(context.presentDevices, [])
        try keyboard.key(KEY_B, pressed: true)
        try keyboard.key(KEY_B, pressed: false)
        XCTAssertEqual(context.dispatch().filter { if case .keyboardKey = $0 { true } else { false } }, [])

        let resumed = try context.resume()
        XCTAssertFalse(context.isSuspended)
        let readded = resumed.compactMap { if case .deviceAdded(let info) = $0 { info } else { nil } }
        XCTAssertEqual(Set(readded.map(\.sysname)), Set(present.map(\.sysname)), "the same nodes come back")
        XCTAssertTrue(Set(readded.map(\.id)).isDisjoint(with: present.map(\.id)), "with new ids")
        log("suspend removed \(removed.count) devices, resume added \(readded.count)")
        let newKeyboard = try XCTUnwrap(readded.first { $0.sysname == keyboard.sysname })
        try keyboard.key(KEY_C, pressed: true)
        let key = try context.collect("a key after the resume", timeout: timeout) { event in
            if case .keyboardKey = event { true } else { false }
        }
        XCTAssertEqual(key.last?.device, newKeyboard.id)
        try keyboard.key(KEY_C, pressed: false)
    }

    /// Two fingers in one frame, one moves, one lifts.
    private func twoFingerTouch(_ device: UinputDevice, id: InputDeviceID, context: InputContext) throws {
        try device.touch(slot: 0, trackingID: 1, x: 500, y: 250)
        try device.touch(slot: 1, trackingID: 2, x: 1500, y: 750)
        try device.setTouching(true)
        try device.sync()
        let down = try context.collect("two touch downs and a frame", timeout: timeout) { $0.isTouchFrame }
        let downs = down.compactMap(\.touchDown)
        XCTAssertEqual(downs.count, 2, "\(down)")
        XCTAssertEqual(Set(downs.map(\.slot)), [0, 1], "slots are distinct")
        XCTAssertEqual(Set(downs.map(\.seatSlot)).count, 2, "seat slots are distinct")
        for touch in downs {
            XCTAssertEqual(touch.device, id)
            let expected = touch.slot == 0 ? (0.25, 0.25) : (0.75, 0.75)  // value / (maximum + 1)
            XCTAssertEqual(touch.x, expected.0, accuracy: 1e-9, "slot \(touch.slot)")
            XCTAssertEqual(touch.y, expected.1, accuracy: 1e-9, "slot \(touch.slot)")
        }
        log("touch down: \(downs.map { "slot \($0.slot) seat slot \($0.seatSlot) (\($0.x), \($0.y))" })")

        try device.touch(slot: 1, x: 1999, y: 0)
        try device.sync()
        let motion = try context.collect("touch motion", timeout: timeout) { $0.isTouchFrame }.compactMap(\.touchMotion)
        XCTAssertEqual(motion.map(\.slot), [1])
        XCTAssertEqual(motion.first?.x ?? -1, 1999.0 / 2000, accuracy: 1e-9)
        XCTAssertEqual(motion.first?.y ?? -1, 0, accuracy: 1e-9)

        try device.lift(slot: 0)
        try device.lift(slot: 1)
        try device.setTouching(false)
        try device.sync()
        let ups = try context.collect("two touch ups", timeout: timeout) { $0.isTouchFrame }.compactMap(\.touchUp)
        XCTAssertEqual(Set(ups.map(\.slot)), [0, 1])
    }

    /// libinput applies the calibration matrix to the normalised coordinates itself.
    private func calibratedTouch(_ device: UinputDevice, id: InputDeviceID, context: InputContext) throws {
        try context.setCalibrationMatrix(.rotated90, for: id)
        XCTAssertEqual(context.calibrationMatrix(id), .rotated90)
        try device.touch(slot: 0, trackingID: 3, x: 500, y: 100)  // (0.25, 0.1) on the device
        try device.setTouching(true)
        try device.sync()
        let down = try context.collect("calibrated touch", timeout: timeout) { $0.isTouchFrame }.compactMap(\.touchDown)
        let touch = try XCTUnwrap(down.first)
        let expected = CalibrationMatrix.rotated90.apply(x: 0.25, y: 0.1)  // (1 - y, x) = (0.9, 0.25)
        XCTAssertEqual(touch.x, expected.x, accuracy: 1e-6)
        XCTAssertEqual(touch.y, expected.y, accuracy: 1e-6)
        log("calibrated (0.25, 0.1) with rotated90 → (\(touch.x), \(touch.y))")
        try device.lift(slot: 0)
        try device.setTouching(false)
        try device.sync()
        _ = try context.collect("calibrated touch up", timeout: timeout) { $0.isTouchFrame }
        try context.setCalibrationMatrix(.identity, for: id)
    }

    /// KEY_Y, KEY_Z pressed and released; a de keymap types them as z and y.
    private func keys(_ device: UinputDevice, id: InputDeviceID, context: InputContext) throws {
        for code in [KEY_Y, KEY_Z] {
            try device.key(code, pressed: true)
            try device.key(code, pressed: false)
        }
        var keyEvents: [KeyboardKeyEvent] = []
        try context.collect("four key events", timeout: timeout) { event in
            if case .keyboardKey(let key) = event { keyEvents.append(key) }
            return keyEvents.count == 4
        }
        XCTAssertEqual(keyEvents.map(\.evdevCode), [21, 21, 44, 44])
        XCTAssertEqual(keyEvents.map(\.isPressed), [true, false, true, false])
        XCTAssertEqual(keyEvents.map(\.seatKeyCount), [1, 0, 1, 0])
        XCTAssertTrue(keyEvents.allSatisfy { $0.device == id })
        XCTAssertEqual(keyEvents.map(\.timeMicroseconds), keyEvents.map(\.timeMicroseconds).sorted())

        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")))
        let typed = keyEvents.map { state.update(evdevCode: $0.evdevCode, isPressed: $0.isPressed).characters }.joined()
        XCTAssertEqual(typed, "zy", "de swaps y and z")
    }

    /// Relative motion, a left click and a wheel click.
    private func pointer(_ device: UinputDevice, id: InputDeviceID, context: InputContext) throws {
        try device.move(dx: 10, dy: -5)
        let motion = try context.collect("pointer motion", timeout: timeout) { $0.isPointerMotion }
        let moved = try XCTUnwrap(motion.last.flatMap(\.pointerMotion))
        XCTAssertEqual(moved.device, id)
        XCTAssertGreaterThan(moved.dx, 0)
        XCTAssertLessThan(moved.dy, 0)
        log("pointer motion (10, -5) → (\(moved.dx), \(moved.dy)) after acceleration")

        try device.key(BTN_LEFT, pressed: true)
        try device.key(BTN_LEFT, pressed: false)
        var buttons: [PointerButtonEvent] = []
        try context.collect("left button press and release", timeout: timeout) { event in
            if case .pointerButton(let button) = event { buttons.append(button) }
            return buttons.count == 2
        }
        XCTAssertEqual(buttons.map(\.button), [UInt32(BTN_LEFT), UInt32(BTN_LEFT)])
        XCTAssertEqual(buttons.map(\.isPressed), [true, false])

        try device.write(EV_REL, REL_WHEEL, -1)  // one click towards the user: scrolls down
        try device.sync()
        var scrolls: [PointerScrollEvent] = []
        try context.collect("a wheel click", timeout: timeout) { event in
            if case .pointerScroll(let scroll) = event { scrolls.append(scroll) }
            return !scrolls.isEmpty
        }
        let scroll = try XCTUnwrap(scrolls.first)
        XCTAssertEqual(scroll.source, .wheel)
        XCTAssertEqual(scroll.verticalV120, 120)
        XCTAssertEqual(scroll.vertical ?? 0, 15, accuracy: 1e-9, "15 degrees per click")
        XCTAssertNil(scroll.horizontal)
    }

    /// A finger stays down while the device goes away.
    private func unplugMidTouch(_ device: UinputDevice, id: InputDeviceID, context: InputContext) throws {
        try device.touch(slot: 0, trackingID: 4, x: 1000, y: 500)
        try device.touch(slot: 2, trackingID: 5, x: 100, y: 900)
        try device.setTouching(true)
        try device.sync()
        let downs = try context.collect("two fingers before the unplug", timeout: timeout) { $0.isTouchFrame }
        XCTAssertEqual(downs.compactMap(\.touchDown).count, 2)

        device.unplug()
        var removed = false
        let events = try context.collect("touchscreen removed", timeout: timeout) { event in
            if case .deviceRemoved(let info) = event, info.id == id { removed = true }
            return removed
        }
        log("after the unplug mid-touch: \(events.map(describe))")
        let cancels = events.compactMap { event -> TouchSlotEvent? in
            if case .touchCancel(let cancel) = event { return cancel }
            return nil
        }
        let ups = events.compactMap(\.touchUp)
        XCTAssertEqual(
            Set((cancels + ups).map(\.slot)), [0, 2], "each open touch ends (cancel or up) before the device goes")
        XCTAssertTrue(events.last.map { if case .deviceRemoved = $0 { true } else { false } } ?? false)
        XCTAssertFalse(context.presentDevices.contains { $0.id == id })
        XCTAssertNil(context.calibrationMatrix(id), "a removed device is unknown")
    }

    private func names(_ events: [InputEvent]) -> [String] {
        events.compactMap { if case .deviceAdded(let info) = $0 { "\(info.sysname) \(info.name)" } else { nil } }
    }

    private func describe(_ event: InputEvent) -> String {
        switch event {
        case .touchCancel(let cancel): "touchCancel(slot \(cancel.slot))"
        case .touchUp(let up): "touchUp(slot \(up.slot))"
        case .touchFrame: "touchFrame"
        case .deviceRemoved(let info): "deviceRemoved(\(info.sysname))"
        default: "\(event)"
        }
    }

    private func log(_ text: String) { print("LibinputDeviceTests: \(text)") }
}

extension InputContext {
    /// Dispatches until `done` is true for an event (every event is passed to it, in
    /// order), waiting for ``fd`` with poll(2); fails after `timeout` seconds.
    /// Returns the events up to and including the one that satisfied `done`; later ones are dropped.
    @discardableResult
    func collect(_ what: String, timeout: TimeInterval, until done: (InputEvent) -> Bool) throws -> [InputEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        var events: [InputEvent] = []
        while true {
            for event in dispatch() {
                events.append(event)
                if done(event) { return events }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw HardwareTestError("timed out after \(timeout) s waiting for \(what); saw \(events)")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
        }
    }
}

extension InputEvent {
    fileprivate var isTouchFrame: Bool { if case .touchFrame = self { true } else { false } }
    fileprivate var isPointerMotion: Bool { if case .pointerMotion = self { true } else { false } }
    fileprivate var touchDown: TouchPointEvent? { if case .touchDown(let touch) = self { touch } else { nil } }
    fileprivate var touchMotion: TouchPointEvent? { if case .touchMotion(let touch) = self { touch } else { nil } }
    fileprivate var touchUp: TouchSlotEvent? { if case .touchUp(let touch) = self { touch } else { nil } }
    fileprivate var pointerMotion: PointerMotionEvent? {
        if case .pointerMotion(let motion) = self { motion } else { nil }
    }
}
