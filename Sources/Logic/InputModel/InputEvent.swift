/// An input device's identity for the life of one ``InputContext``: assigned when
/// libinput adds the device, never reused while the context lives. A device
/// that is unplugged and plugged back gets a new one.
public struct InputDeviceID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: UInt64
    package init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "input device #\(rawValue)" }
}

/// What kinds of events a device sends (libinput_device_has_capability).
package struct InputDeviceCapabilities: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let keyboard = InputDeviceCapabilities(rawValue: 1 << 0)
    package static let pointer = InputDeviceCapabilities(rawValue: 1 << 1)
    package static let touch = InputDeviceCapabilities(rawValue: 1 << 2)
    /// A pen, eraser or puck on a tablet or pen display (LIBINPUT_DEVICE_CAP_TABLET_TOOL).
    package static let tabletTool = InputDeviceCapabilities(rawValue: 1 << 3)
}

/// A device's active area in millimetres.
package struct PhysicalSize: Sendable, Hashable {
    package let width: Double
    package let height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A device as libinput and udev describe it when it is added.
public struct InputDeviceInfo: Sendable, Hashable {
    package let id: InputDeviceID
    /// The kernel's name for it, e.g. "ELAN Touchscreen" (libinput_device_get_name).
    package let name: String
    /// The event node's name, e.g. "event5" (libinput_device_get_sysname).
    package let sysname: String
    package let capabilities: InputDeviceCapabilities
    /// The udev properties of interest that the device has, among
    /// ``InputDeviceInfo/udevPropertyNames`` (udev_device_get_property_value).
    package let udevProperties: [String: String]
    /// Physical size in millimetres for absolute devices (libinput_device_get_size);
    /// nil for relative devices and devices without a resolution.
    package let sizeMillimetres: PhysicalSize?

    /// The udev properties copied into ``udevProperties``: WL_OUTPUT names the
    /// connector a touchscreen drives (weston's and wlroots' convention);
    /// LIBINPUT_CALIBRATION_MATRIX is the calibration libinput already applied by default.
    package static let udevPropertyNames = [
        "WL_OUTPUT", "ID_INPUT_TOUCHSCREEN", "ID_INPUT_KEYBOARD", "ID_INPUT_MOUSE", "ID_INPUT_TOUCHPAD",
        "ID_INPUT_TABLET", "ID_PATH", "LIBINPUT_CALIBRATION_MATRIX", "DEVNAME",
    ]

    /// The connector this device is bound to through udev's WL_OUTPUT, if any.
    package var outputName: String? { udevProperties["WL_OUTPUT"].flatMap { $0.isEmpty ? nil : $0 } }
    package var isTouchscreen: Bool { udevProperties["ID_INPUT_TOUCHSCREEN"] == "1" }
    /// Whether this is a keyboard to type on: libinput also gives the keyboard
    /// capability to power and sleep buttons, "Video Bus" hotkeys and the like;
    /// udev marks only devices with the typing keys ID_INPUT_KEYBOARD.
    package var isTypingKeyboard: Bool {
        capabilities.contains(.keyboard) && udevProperties["ID_INPUT_KEYBOARD"] == "1"
    }

    package init(
        id: InputDeviceID, name: String, sysname: String, capabilities: InputDeviceCapabilities,
        udevProperties: [String: String], sizeMillimetres: PhysicalSize?
    ) {
        self.id = id
        self.name = name
        self.sysname = sysname
        self.capabilities = capabilities
        self.udevProperties = udevProperties
        self.sizeMillimetres = sizeMillimetres
    }

}

/// One libinput event, converted to a value. Times are libinput's, microseconds
/// on CLOCK_MONOTONIC.
public enum InputEvent: Sendable, Equatable {
    case deviceAdded(InputDeviceInfo)
    case deviceRemoved(InputDeviceInfo)
    case keyboardKey(KeyboardKeyEvent)
    case pointerMotion(PointerMotionEvent)
    case pointerMotionAbsolute(PointerAbsoluteMotionEvent)
    case pointerButton(PointerButtonEvent)
    case pointerScroll(PointerScrollEvent)
    case touchDown(TouchPointEvent)
    case touchMotion(TouchPointEvent)
    case touchUp(TouchSlotEvent)
    /// The touch ended without a lift: the device went away, or the kernel dropped it.
    case touchCancel(TouchSlotEvent)
    /// The end of one hardware frame: every touch change since the previous frame belongs together.
    case touchFrame(device: InputDeviceID, timeMicroseconds: UInt64)
    /// A pen (or other tablet tool) came near, touched, moved, lifted or left.
    case tabletTool(TabletToolEvent)

    /// The device the event came from.
    package var device: InputDeviceID {
        switch self {
        case .deviceAdded(let info), .deviceRemoved(let info): info.id
        case .keyboardKey(let event): event.device
        case .pointerMotion(let event): event.device
        case .pointerMotionAbsolute(let event): event.device
        case .pointerButton(let event): event.device
        case .pointerScroll(let event): event.device
        case .touchDown(let event), .touchMotion(let event): event.device
        case .touchUp(let event), .touchCancel(let event): event.device
        case .touchFrame(let device, _): device
        case .tabletTool(let event): event.device
        }
    }
}

public struct KeyboardKeyEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// The Linux evdev key code (KEY_A is 30); feed it to ``KeyboardState``.
    package let evdevCode: UInt32
    package let isPressed: Bool
    /// How many keyboards of the seat hold this key down after the event
    /// (libinput_event_keyboard_get_seat_key_count): a press with a count above 1
    /// or a release above 0 is a second keyboard's and changes nothing for the seat.
    package let seatKeyCount: UInt32
    package let timeMicroseconds: UInt64

    package init(
        device: InputDeviceID, evdevCode: UInt32, isPressed: Bool, seatKeyCount: UInt32, timeMicroseconds: UInt64
    ) {
        self.device = device
        self.evdevCode = evdevCode
        self.isPressed = isPressed
        self.seatKeyCount = seatKeyCount
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct PointerMotionEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// Accelerated motion in libinput's normalised units (about 1/1000 inch at the default resolution).
    package let dx: Double
    package let dy: Double
    package let timeMicroseconds: UInt64

    package init(device: InputDeviceID, dx: Double, dy: Double, timeMicroseconds: UInt64) {
        self.device = device
        self.dx = dx
        self.dy = dy
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct PointerAbsoluteMotionEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// 0…1 across the device's range (calibration applied); may step slightly outside.
    package let x: Double
    package let y: Double
    package let timeMicroseconds: UInt64

    package init(device: InputDeviceID, x: Double, y: Double, timeMicroseconds: UInt64) {
        self.device = device
        self.x = x
        self.y = y
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct PointerButtonEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// The evdev button code (BTN_LEFT is 0x110).
    package let button: UInt32
    package let isPressed: Bool
    package let timeMicroseconds: UInt64

    package init(device: InputDeviceID, button: UInt32, isPressed: Bool, timeMicroseconds: UInt64) {
        self.device = device
        self.button = button
        self.isPressed = isPressed
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct PointerScrollEvent: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        /// A mouse wheel: ``vertical`` and ``horizontal`` count in degrees of rotation (15 per click).
        case wheel
        /// Two fingers on a touchpad: values in libinput's motion units.
        case finger
        /// A trackpoint or button scrolling: values in libinput's motion units.
        case continuous
    }

    package let device: InputDeviceID
    package let source: Source
    /// Positive is down; nil when this event does not change the axis (a NaN or
    /// infinite value is taken as no change, so it reaches no view).
    package let vertical: Double?
    /// Positive is right; nil when this event does not change the axis (or its value is not finite).
    package let horizontal: Double?
    /// Wheel events only: 120 per click of a detented wheel, fractions for high-resolution wheels.
    package let verticalV120: Double?
    package let horizontalV120: Double?
    package let timeMicroseconds: UInt64

    package init(
        device: InputDeviceID, source: Source, vertical: Double?, horizontal: Double?, verticalV120: Double?,
        horizontalV120: Double?, timeMicroseconds: UInt64
    ) {
        func finite(_ value: Double?) -> Double? { value?.isFinite == true ? value : nil }
        self.device = device
        self.source = source
        self.vertical = finite(vertical)
        self.horizontal = finite(horizontal)
        self.verticalV120 = finite(verticalV120)
        self.horizontalV120 = finite(horizontalV120)
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct TouchPointEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// The touch's slot on its device (libinput_event_touch_get_slot); -1 on
    /// single-touch devices.
    package let slot: Int32
    /// The touch's slot unique across all touch devices of the seat (libinput_event_touch_get_seat_slot).
    package let seatSlot: Int32
    /// 0…1 across the device's range, calibration matrix applied
    /// (libinput_event_touch_get_x_transformed and _y_ with a size of 1).
    /// May step slightly outside 0…1 on devices that report beyond their advertised range.
    package let x: Double
    package let y: Double
    package let timeMicroseconds: UInt64

    package init(device: InputDeviceID, slot: Int32, seatSlot: Int32, x: Double, y: Double, timeMicroseconds: UInt64) {
        self.device = device
        self.slot = slot
        self.seatSlot = seatSlot
        self.x = x
        self.y = y
        self.timeMicroseconds = timeMicroseconds
    }
}

public struct TouchSlotEvent: Sendable, Hashable {
    package let device: InputDeviceID
    /// As in ``TouchPointEvent/slot``. libinput gives -1 for a cancel of the whole device.
    package let slot: Int32
    package let seatSlot: Int32
    package let timeMicroseconds: UInt64

    package init(device: InputDeviceID, slot: Int32, seatSlot: Int32, timeMicroseconds: UInt64) {
        self.device = device
        self.slot = slot
        self.seatSlot = seatSlot
        self.timeMicroseconds = timeMicroseconds
    }
}
