import CInput
import CUdev
import DeviceAccess
import Glibc
import InputModel

/// The one owner of a libinput context (struct libinput) on the udev back end,
/// bound to one seat. Serve it from one queue: watch ``fd`` for reading (a
/// DispatchSource on the main queue) and call ``dispatch()`` when it is readable.
///
/// Devices are opened through the injected ``DeviceOpener`` (the display's, shared with DRM), and each
/// device gets an ``InputDeviceID`` when libinput adds it. The context holds a
/// reference to every present device (libinput_device_ref), dropped when the
/// device is removed or the context is closed.
package final class InputContext {
    /// The seat whose devices this context reports, e.g. "seat0".
    package let seat: String
    /// libinput's epoll descriptor (libinput_get_fd); owned by libinput, closed with the context.
    package let fd: Int32
    package private(set) var isSuspended = false

    private var handle: OpaquePointer?
    private let opener: DeviceOpenerBox
    /// libinput keeps the interface's address, so it lives as long as the context.
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var devices: [InputDeviceID: (device: OpaquePointer, info: InputDeviceInfo)] = [:]
    private var lastDeviceNumber: UInt64 = 0

    /// Creates the context (udev_new, libinput_udev_create_context) and assigns it
    /// to `seat` (libinput_udev_assign_seat), which opens the devices already
    /// present; their ``InputEvent/deviceAdded(_:)`` events come with the first
    /// ``dispatch()``. With `assigningSeat` false the seat is assigned later, by
    /// ``assignSeat()``: reading libinput's quirks, finding the devices and
    /// opening them takes seconds on a slow board, and need not delay a first frame.
    package init(
        seat: String = "seat0", opener: any DeviceOpener = DirectDeviceOpener(), assigningSeat: Bool = true
    ) throws(InputError) {
        let openerBox = DeviceOpenerBox(opener)
        self.seat = seat
        self.opener = openerBox
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(open_restricted: openRestricted, close_restricted: closeRestricted))

        guard let udev = udev_new() else {
            interface.deallocate()
            throw InputError(call: "udev_new", detail: "libudev could not start")
        }
        defer { udev_unref(udev) }  // libinput takes its own reference
        let userData = Unmanaged.passUnretained(openerBox).toOpaque()
        guard let context = libinput_udev_create_context(interface, userData, udev) else {
            interface.deallocate()
            throw InputError(call: "libinput_udev_create_context")
        }
        handle = context
        fd = libinput_get_fd(context)
        guard assigningSeat else { return }
        do {
            try assignSeat()
        } catch {
            close()
            throw error
        }
    }

    /// Assigns the context to its seat (libinput_udev_assign_seat): the devices
    /// present are opened, their events come with the next ``dispatch()``.
    package func assignSeat() throws(InputError) {
        guard let context = handle else { throw InputError(call: "libinput_udev_assign_seat", detail: "closed") }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            throw InputError(call: "libinput_udev_assign_seat", detail: "seat \"\(seat)\"")
        }
    }

    deinit { close() }

    /// Drops the device references and the context (libinput_device_unref,
    /// libinput_unref); libinput closes every device through the opener. Safe to
    /// call more than once; ``dispatch()`` returns nothing afterwards.
    package func close() {
        guard let context = handle else { return }
        for entry in devices.values { libinput_device_unref(entry.device) }
        devices.removeAll()
        libinput_unref(context)
        handle = nil
        interface.deallocate()
    }

    /// Reads the devices (libinput_dispatch), then drains the queue
    /// (libinput_get_event), converting each event to a value and destroying it
    /// (libinput_event_destroy). Events of kinds not handled here (tablet tool
    /// buttons, tablet pads, gestures, switches, legacy axis events) are dropped.
    package func dispatch() -> [InputEvent] {
        guard let context = handle else { return [] }
        _ = libinput_dispatch(context)  // fails only for an internal epoll error; queued events still drain
        return drainEvents()
    }

    /// Stops reading devices for a session pause (libinput_suspend): every device is
    /// removed and closed, and the returned events report it (touches in progress
    /// should be cancelled by the caller).
    @discardableResult
    package func suspend() -> [InputEvent] {
        guard let context = handle, !isSuspended else { return [] }
        libinput_suspend(context)
        isSuspended = true
        return drainEvents()
    }

    /// Reopens the seat's devices after a pause (libinput_resume); the returned
    /// events add them again, with new ids.
    @discardableResult
    package func resume() throws(InputError) -> [InputEvent] {
        guard let context = handle, isSuspended else { return [] }
        guard libinput_resume(context) == 0 else {
            throw InputError(call: "libinput_resume", detail: "seat \"\(seat)\"")
        }
        isSuspended = false
        return drainEvents()
    }

    /// The devices present now, in the order they were added.
    package var presentDevices: [InputDeviceInfo] { devices.values.map(\.info).sorted { $0.id < $1.id } }

    // MARK: calibration

    /// Whether the device takes a calibration matrix (libinput_device_config_calibration_has_matrix):
    /// absolute devices (touchscreens, tablets) do.
    package func hasCalibrationMatrix(_ device: InputDeviceID) -> Bool {
        guard let pointer = devices[device]?.device else { return false }
        return libinput_device_config_calibration_has_matrix(pointer) != 0
    }

    /// The matrix the device starts with (libinput_device_config_calibration_get_default_matrix):
    /// the identity unless udev's LIBINPUT_CALIBRATION_MATRIX sets one. Nil for an unknown device.
    package func defaultCalibrationMatrix(_ device: InputDeviceID) -> CalibrationMatrix? {
        guard let pointer = devices[device]?.device else { return nil }
        var values = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_default_matrix(pointer, &values)
        return CalibrationMatrix(values)
    }

    /// The matrix in effect (libinput_device_config_calibration_get_matrix). Nil for an unknown device.
    package func calibrationMatrix(_ device: InputDeviceID) -> CalibrationMatrix? {
        guard let pointer = devices[device]?.device else { return nil }
        var values = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_matrix(pointer, &values)
        return CalibrationMatrix(values)
    }

    /// Sets the device's matrix (libinput_device_config_calibration_set_matrix).
    /// libinput applies it to every later absolute coordinate it reports, so the
    /// normalised x and y of touch events already include it.
    package func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: InputDeviceID) throws(InputError) {
        guard let pointer = devices[device]?.device else {
            throw InputError(call: "libinput_device_config_calibration_set_matrix", detail: "no \(device)")
        }
        let status = libinput_device_config_calibration_set_matrix(pointer, matrix.values)
        guard status == LIBINPUT_CONFIG_STATUS_SUCCESS else {
            let reason =
                libinput_config_status_to_str(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw InputError(call: "libinput_device_config_calibration_set_matrix", detail: "\(device): \(reason)")
        }
    }

    // MARK: events

    private func drainEvents() -> [InputEvent] {
        guard let context = handle else { return [] }
        var events: [InputEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            if let converted = convert(event) { events.append(converted) }
        }
        return TabletToolEvent.cancellingLiftsBeforeRemoval(in: events)
    }

    private func convert(_ event: OpaquePointer) -> InputEvent? {
        let device = libinput_event_get_device(event)!  // every event has a device
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return .deviceAdded(register(device))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return unregister(device).map { .deviceRemoved($0) }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            return keyboardEvent(libinput_event_get_keyboard_event(event)!, device: id(of: device))
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
            LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            return pointerEvent(
                libinput_event_get_pointer_event(event)!, type: libinput_event_get_type(event), device: id(of: device))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            return touchEvent(
                libinput_event_get_touch_event(event)!, type: libinput_event_get_type(event), device: id(of: device))
        case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY, LIBINPUT_EVENT_TABLET_TOOL_TIP, LIBINPUT_EVENT_TABLET_TOOL_AXIS:
            return .tabletTool(
                tabletToolEvent(
                    libinput_event_get_tablet_tool_event(event)!, type: libinput_event_get_type(event),
                    device: id(of: device)))
        default:
            return nil
        }
    }

    /// The device's id, stored as its libinput user data; a device seen before its
    /// added event (never, in practice) is registered on the spot.
    private func id(of device: OpaquePointer) -> InputDeviceID {
        if let data = libinput_device_get_user_data(device) {
            return InputDeviceID(rawValue: UInt64(UInt(bitPattern: data)))
        }
        return register(device).id
    }

    private func register(_ device: OpaquePointer) -> InputDeviceInfo {
        if let data = libinput_device_get_user_data(device),
            let known = devices[InputDeviceID(rawValue: UInt64(UInt(bitPattern: data)))]
        {
            return known.info
        }
        lastDeviceNumber += 1
        let id = InputDeviceID(rawValue: lastDeviceNumber)
        libinput_device_set_user_data(device, UnsafeMutableRawPointer(bitPattern: UInt(lastDeviceNumber)))
        let info = Self.describe(device, id: id)
        devices[id] = (libinput_device_ref(device), info)
        return info
    }

    private func unregister(_ device: OpaquePointer) -> InputDeviceInfo? {
        guard let data = libinput_device_get_user_data(device) else { return nil }
        let id = InputDeviceID(rawValue: UInt64(UInt(bitPattern: data)))
        guard let entry = devices.removeValue(forKey: id) else { return nil }
        libinput_device_unref(entry.device)
        return entry.info
    }

    /// libinput_device_get_name, _get_sysname, _has_capability, _get_size,
    /// _get_udev_device with udev_device_get_property_value.
    private static func describe(_ device: OpaquePointer, id: InputDeviceID) -> InputDeviceInfo {
        var capabilities: InputDeviceCapabilities = []
        let kinds: [(libinput_device_capability, InputDeviceCapabilities)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
        ]
        for (capability, flag) in kinds where libinput_device_has_capability(device, capability) != 0 {
            capabilities.insert(flag)
        }
        var properties: [String: String] = [:]
        if let udevDevice = libinput_device_get_udev_device(device) {
            defer { udev_device_unref(udevDevice) }  // libinput_device_get_udev_device returns a new reference
            for name in InputDeviceInfo.udevPropertyNames {
                if let value = udev_device_get_property_value(udevDevice, name) {
                    properties[name] = String(cString: value)
                }
            }
        }
        var width = 0.0
        var height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0 && width > 0 && height > 0
        return InputDeviceInfo(
            id: id, name: String(cString: libinput_device_get_name(device)),
            sysname: String(cString: libinput_device_get_sysname(device)), capabilities: capabilities,
            udevProperties: properties, sizeMillimetres: hasSize ? PhysicalSize(width: width, height: height) : nil)
    }

    private func keyboardEvent(_ event: OpaquePointer, device: InputDeviceID) -> InputEvent {
        .keyboardKey(
            KeyboardKeyEvent(
                device: device, evdevCode: libinput_event_keyboard_get_key(event),
                isPressed: libinput_event_keyboard_get_key_state(event) == LIBINPUT_KEY_STATE_PRESSED,
                seatKeyCount: libinput_event_keyboard_get_seat_key_count(event),
                timeMicroseconds: libinput_event_keyboard_get_time_usec(event)))
    }

    private func pointerEvent(_ event: OpaquePointer, type: libinput_event_type, device: InputDeviceID) -> InputEvent? {
        let time = libinput_event_pointer_get_time_usec(event)
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            return .pointerMotion(
                PointerMotionEvent(
                    device: device, dx: libinput_event_pointer_get_dx(event), dy: libinput_event_pointer_get_dy(event),
                    timeMicroseconds: time))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            return .pointerMotionAbsolute(
                PointerAbsoluteMotionEvent(
                    device: device, x: libinput_event_pointer_get_absolute_x_transformed(event, 1),
                    y: libinput_event_pointer_get_absolute_y_transformed(event, 1), timeMicroseconds: time))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            return .pointerButton(
                PointerButtonEvent(
                    device: device, button: libinput_event_pointer_get_button(event),
                    isPressed: libinput_event_pointer_get_button_state(event) == LIBINPUT_BUTTON_STATE_PRESSED,
                    timeMicroseconds: time))
        default:
            return .pointerScroll(scrollEvent(event, type: type, device: device, time: time))
        }
    }

    /// libinput_event_pointer_has_axis, _get_scroll_value and, for wheels, _get_scroll_value_v120.
    private func scrollEvent(_ event: OpaquePointer, type: libinput_event_type, device: InputDeviceID, time: UInt64)
        -> PointerScrollEvent
    {
        let isWheel = type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL
        func value(_ axis: libinput_pointer_axis) -> Double? {
            libinput_event_pointer_has_axis(event, axis) != 0
                ? libinput_event_pointer_get_scroll_value(event, axis) : nil
        }
        func v120(_ axis: libinput_pointer_axis) -> Double? {
            isWheel && libinput_event_pointer_has_axis(event, axis) != 0
                ? libinput_event_pointer_get_scroll_value_v120(event, axis) : nil
        }
        let vertical = LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL
        let horizontal = LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL
        let source: PointerScrollEvent.Source =
            isWheel ? .wheel : type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER ? .finger : .continuous
        return PointerScrollEvent(
            device: device, source: source, vertical: value(vertical), horizontal: value(horizontal),
            verticalV120: v120(vertical), horizontalV120: v120(horizontal), timeMicroseconds: time)
    }

    /// libinput_event_touch_get_slot, _get_seat_slot, _get_x_transformed and
    /// _get_y_transformed (size 1: 0…1 of the device range, calibration applied).
    private func touchEvent(_ event: OpaquePointer, type: libinput_event_type, device: InputDeviceID) -> InputEvent {
        let time = libinput_event_touch_get_time_usec(event)
        if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(device: device, timeMicroseconds: time) }
        let slot = libinput_event_touch_get_slot(event)
        let seatSlot = libinput_event_touch_get_seat_slot(event)
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let point = TouchPointEvent(
                device: device, slot: slot, seatSlot: seatSlot, x: libinput_event_touch_get_x_transformed(event, 1),
                y: libinput_event_touch_get_y_transformed(event, 1), timeMicroseconds: time)
            return type == LIBINPUT_EVENT_TOUCH_DOWN ? .touchDown(point) : .touchMotion(point)
        default:
            let end = TouchSlotEvent(device: device, slot: slot, seatSlot: seatSlot, timeMicroseconds: time)
            return type == LIBINPUT_EVENT_TOUCH_UP ? .touchUp(end) : .touchCancel(end)
        }
    }

    /// libinput_event_tablet_tool_get_proximity_state, _get_tip_state, _get_x_transformed
    /// and _y_transformed (size 1: 0…1 of the tablet, calibration applied),
    /// _get_pressure and _get_tilt_x/_y where the tool has them
    /// (libinput_tablet_tool_has_pressure, _has_tilt), and the tool's type.
    private func tabletToolEvent(_ event: OpaquePointer, type: libinput_event_type, device: InputDeviceID)
        -> TabletToolEvent
    {
        let tool = libinput_event_tablet_tool_get_tool(event)!  // every tablet tool event has its tool
        let isTipDown = libinput_event_tablet_tool_get_tip_state(event) == LIBINPUT_TABLET_TOOL_TIP_DOWN
        let change: TabletToolEvent.Change =
            switch type {
            case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
                libinput_event_tablet_tool_get_proximity_state(event) == LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_IN
                    ? .proximityIn : .proximityOut
            case LIBINPUT_EVENT_TABLET_TOOL_TIP: isTipDown ? .tipDown : .tipUp
            default: .axis
            }
        let tilt =
            libinput_tablet_tool_has_tilt(tool) != 0
            ? PenTilt(x: libinput_event_tablet_tool_get_tilt_x(event), y: libinput_event_tablet_tool_get_tilt_y(event))
            : nil
        return TabletToolEvent(
            device: device, change: change, tool: Self.toolKind(libinput_tablet_tool_get_type(tool)),
            x: libinput_event_tablet_tool_get_x_transformed(event, 1),
            y: libinput_event_tablet_tool_get_y_transformed(event, 1), isTipDown: isTipDown,
            pressure: libinput_tablet_tool_has_pressure(tool) != 0
                ? libinput_event_tablet_tool_get_pressure(event) : nil,
            tilt: tilt, timeMicroseconds: libinput_event_tablet_tool_get_time_usec(event))
    }

    private static func toolKind(_ type: libinput_tablet_tool_type) -> TabletToolEvent.Tool {
        switch type {
        case LIBINPUT_TABLET_TOOL_TYPE_ERASER: .eraser
        case LIBINPUT_TABLET_TOOL_TYPE_BRUSH: .brush
        case LIBINPUT_TABLET_TOOL_TYPE_PENCIL: .pencil
        case LIBINPUT_TABLET_TOOL_TYPE_AIRBRUSH: .airbrush
        case LIBINPUT_TABLET_TOOL_TYPE_MOUSE: .mouse
        case LIBINPUT_TABLET_TOOL_TYPE_LENS: .lens
        case LIBINPUT_TABLET_TOOL_TYPE_TOTEM: .totem
        default: .pen
        }
    }
}

/// The opener as libinput's user data: a class so its address is stable.
private final class DeviceOpenerBox {
    let opener: any DeviceOpener
    init(_ opener: any DeviceOpener) { self.opener = opener }
}

/// libinput's open_restricted: a file descriptor, or a negative errno.
private func openRestricted(path: UnsafePointer<CChar>?, flags: Int32, userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let path, let userData else { return -EINVAL }
    let box = Unmanaged<DeviceOpenerBox>.fromOpaque(userData).takeUnretainedValue()
    do {
        return try box.opener.openDevice(path: String(cString: path), flags: flags)
    } catch {
        return -error.errno.rawValue
    }
}

/// libinput's close_restricted.
private func closeRestricted(fd: Int32, userData: UnsafeMutableRawPointer?) {
    guard let userData else { return }
    Unmanaged<DeviceOpenerBox>.fromOpaque(userData).takeUnretainedValue().opener.closeDevice(fileDescriptor: fd)
}
