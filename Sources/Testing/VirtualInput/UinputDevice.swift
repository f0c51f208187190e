import CEvdev
import Foundation

/// A kernel input device made through /dev/uinput with libevdev, for tests that
/// need real /dev/input/event* nodes (libinput's own tests do the same). The one
/// owner of its struct libevdev_uinput: ``unplug()`` or deinit destroys the
/// device, which the kernel, udev and libinput see as an unplug.
package final class UinputDevice {
    private var handle: OpaquePointer?
    package let name: String
    /// e.g. /dev/input/event5 (libevdev_uinput_get_devnode)
    package let devnode: String
    /// The node's name, e.g. "event5": libinput's sysname for the device.
    package var sysname: String { (devnode as NSString).lastPathComponent }

    /// Creates the device (libevdev_new, the `describe` calls, libevdev_uinput_create_from_device
    /// with LIBEVDEV_UINPUT_OPEN_MANAGED). The libevdev description is freed at once
    /// (libevdev_free): the kernel device does not need it.
    package init(name: String, describe: (OpaquePointer) -> Void) throws {
        guard let description = libevdev_new() else { throw UinputError("libevdev_new failed") }
        defer { libevdev_free(description) }
        libevdev_set_name(description, name)
        libevdev_set_id_bustype(description, Int32(BUS_VIRTUAL))
        describe(description)
        var device: OpaquePointer?
        let status = libevdev_uinput_create_from_device(description, dd_uinput_open_managed(), &device)
        guard status == 0, let device else {
            throw UinputError("libevdev_uinput_create_from_device \(name): \(String(cString: strerror(-status)))")
        }
        guard let node = libevdev_uinput_get_devnode(device) else {
            libevdev_uinput_destroy(device)
            throw UinputError("uinput device \(name) has no /dev/input node (evdev.ko loaded?)")
        }
        self.handle = device
        self.name = name
        self.devnode = String(cString: node)
    }

    deinit { unplug() }

    /// libevdev_uinput_destroy: the device disappears as if unplugged. Idempotent.
    package func unplug() {
        guard let device = handle else { return }
        libevdev_uinput_destroy(device)
        handle = nil
    }

    /// One event (libevdev_uinput_write_event); nothing reaches readers before ``sync()``.
    package func write(_ type: Int32, _ code: Int32, _ value: Int32) throws {
        guard let device = handle else { throw UinputError("\(name) is unplugged") }
        let status = libevdev_uinput_write_event(device, UInt32(type), UInt32(code), value)
        guard status == 0 else { throw UinputError("write to \(name): \(String(cString: strerror(-status)))") }
    }

    /// SYN_REPORT: ends one hardware frame.
    package func sync() throws { try write(EV_SYN, SYN_REPORT, 0) }

    // MARK: kinds of device

    /// Absolute axes as (code, minimum, maximum, resolution in units a millimetre).
    private static func enableAxes(_ description: OpaquePointer, _ axes: [(Int32, Int32, Int32, Int32)]) {
        for (code, minimum, maximum, resolution) in axes {
            var info = input_absinfo(
                value: 0, minimum: minimum, maximum: maximum, fuzz: 0, flat: 0, resolution: resolution)
            libevdev_enable_event_code(description, UInt32(EV_ABS), UInt32(code), &info)
        }
    }

    /// The axes of a multi-touch surface (protocol B): single-touch X/Y, slots,
    /// tracking ids and each slot's X/Y.
    private static func multiTouchAxes(
        width: Int32, height: Int32, slots: Int32, unitsPerMillimetre: Int32
    ) -> [(Int32, Int32, Int32, Int32)] {
        [
            (ABS_X, 0, width - 1, unitsPerMillimetre), (ABS_Y, 0, height - 1, unitsPerMillimetre),
            (ABS_MT_SLOT, 0, slots - 1, 0), (ABS_MT_TRACKING_ID, 0, 65_535, 0),
            (ABS_MT_POSITION_X, 0, width - 1, unitsPerMillimetre),
            (ABS_MT_POSITION_Y, 0, height - 1, unitsPerMillimetre),
        ]
    }

    /// A direct multi-touch screen (protocol B: slots and tracking ids) with axes
    /// 0…width-1 and 0…height-1, as INPUT_PROP_DIRECT, BTN_TOUCH, ABS_X/Y,
    /// ABS_MT_SLOT, ABS_MT_TRACKING_ID and ABS_MT_POSITION_X/Y.
    package static func touchscreen(
        name: String = "DirectDisplay test touchscreen", width: Int32 = 2000, height: Int32 = 1000, slots: Int32 = 10,
        unitsPerMillimetre: Int32 = 10
    ) throws -> UinputDevice {
        try UinputDevice(name: name) { description in
            libevdev_enable_property(description, UInt32(INPUT_PROP_DIRECT))
            enable(description, EV_KEY, BTN_TOUCH)
            enableAxes(
                description,
                multiTouchAxes(width: width, height: height, slots: slots, unitsPerMillimetre: unitsPerMillimetre))
        }
    }

    /// A pen display as libinput wants a tablet: INPUT_PROP_DIRECT, BTN_TOOL_PEN,
    /// BTN_TOUCH and BTN_STYLUS, ABS_X/Y 0…width-1 and 0…height-1 with a resolution
    /// (libinput ignores a tablet it cannot size), ABS_PRESSURE 0…`maximumPressure`
    /// and ABS_TILT_X/Y -90…90 at 57 units a radian (about one a degree). udev tags
    /// it ID_INPUT_TABLET.
    package static func pen(
        name: String = "DirectDisplay test pen", width: Int32 = 2000, height: Int32 = 1000,
        unitsPerMillimetre: Int32 = 10, maximumPressure: Int32 = 4095
    ) throws -> UinputDevice {
        try UinputDevice(name: name) { description in
            libevdev_enable_property(description, UInt32(INPUT_PROP_DIRECT))
            for code in [BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS] { enable(description, EV_KEY, code) }
            let axes: [(Int32, Int32, Int32, Int32)] = [
                (ABS_X, 0, width - 1, unitsPerMillimetre), (ABS_Y, 0, height - 1, unitsPerMillimetre),
                (ABS_PRESSURE, 0, maximumPressure, 0), (ABS_TILT_X, -90, 90, 57), (ABS_TILT_Y, -90, 90, 57),
            ]
            enableAxes(description, axes)
        }
    }

    /// A clickpad as libinput wants a touchpad (udev tags it ID_INPUT_TOUCHPAD): INPUT_PROP_POINTER
    /// and INPUT_PROP_BUTTONPAD, BTN_LEFT, BTN_TOUCH and BTN_TOOL_FINGER/DOUBLETAP/TRIPLETAP,
    /// ABS_X/Y and ABS_MT_POSITION_X/Y 0…width-1 and 0…height-1 with a resolution, and
    /// `slots` multi-touch slots (protocol B).
    package static func touchpad(
        name: String = "DirectDisplay test touchpad", width: Int32 = 1000, height: Int32 = 600, slots: Int32 = 5,
        unitsPerMillimetre: Int32 = 10
    ) throws -> UinputDevice {
        try UinputDevice(name: name) { description in
            libevdev_enable_property(description, UInt32(INPUT_PROP_POINTER))
            libevdev_enable_property(description, UInt32(INPUT_PROP_BUTTONPAD))
            for code in [BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP] {
                enable(description, EV_KEY, code)
            }
            enableAxes(
                description,
                multiTouchAxes(width: width, height: height, slots: slots, unitsPerMillimetre: unitsPerMillimetre))
        }
    }

    /// A keyboard with the keys KEY_ESC…KEY_KPDOT and the arrows, and autorepeat off
    /// (libinput and the app do repeat themselves).
    package static func keyboard(name: String = "DirectDisplay test keyboard") throws -> UinputDevice {
        try UinputDevice(name: name) { description in
            for code in Int32(KEY_ESC)...Int32(KEY_KPDOT) { enable(description, EV_KEY, code) }
            for code in [KEY_UP, KEY_LEFT, KEY_RIGHT, KEY_DOWN, KEY_LEFTMETA] { enable(description, EV_KEY, code) }
        }
    }

    /// A relative mouse: REL_X, REL_Y, REL_WHEEL and three buttons.
    package static func mouse(name: String = "DirectDisplay test mouse") throws -> UinputDevice {
        try UinputDevice(name: name) { description in
            for code in [REL_X, REL_Y, REL_WHEEL] { enable(description, EV_REL, code) }
            for code in [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE] { enable(description, EV_KEY, code) }
        }
    }

    private static func enable(_ description: OpaquePointer, _ type: Int32, _ code: Int32) {
        libevdev_enable_event_code(description, UInt32(type), UInt32(code), nil)
    }

    // MARK: writing

    /// Puts a finger down or moves it (protocol B): ABS_MT_SLOT, a tracking id on
    /// the first contact, the position. Call ``sync()`` after the frame's fingers.
    package func touch(slot: Int32, trackingID: Int32? = nil, x: Int32, y: Int32) throws {
        try write(EV_ABS, ABS_MT_SLOT, slot)
        if let trackingID { try write(EV_ABS, ABS_MT_TRACKING_ID, trackingID) }
        try write(EV_ABS, ABS_MT_POSITION_X, x)
        try write(EV_ABS, ABS_MT_POSITION_Y, y)
    }

    /// Lifts the finger in `slot` (tracking id -1).
    package func lift(slot: Int32) throws {
        try write(EV_ABS, ABS_MT_SLOT, slot)
        try write(EV_ABS, ABS_MT_TRACKING_ID, -1)
    }

    /// One finger down in its own frame: ``touch(slot:trackingID:x:y:)``, BTN_TOUCH, SYN_REPORT.
    package func fingerDown(slot: Int32 = 0, trackingID: Int32, x: Int32, y: Int32) throws {
        try touch(slot: slot, trackingID: trackingID, x: x, y: y)
        try setTouching(true)
        try sync()
    }

    /// The last finger up in its own frame: ``lift(slot:)``, BTN_TOUCH off, SYN_REPORT.
    package func lastFingerUp(slot: Int32 = 0) throws {
        try lift(slot: slot)
        try setTouching(false)
        try sync()
    }

    /// A tap: one finger down and up in two frames.
    package func tap(trackingID: Int32, x: Int32, y: Int32) throws {
        try fingerDown(trackingID: trackingID, x: x, y: y)
        try lastFingerUp()
    }

    /// BTN_TOUCH: 1 while any finger is down.
    package func setTouching(_ touching: Bool) throws { try write(EV_KEY, BTN_TOUCH, touching ? 1 : 0) }

    /// One frame of a pen (``pen(name:width:height:unitsPerMillimetre:maximumPressure:)``):
    /// in range (BTN_TOOL_PEN), at (`x`, `y`), pressing with `pressure` (BTN_TOUCH
    /// while above 0; libinput decides the tip from the pressure) and leaning by
    /// `tiltX`, `tiltY` (about degrees).
    package func pen(x: Int32, y: Int32, pressure: Int32, tiltX: Int32 = 0, tiltY: Int32 = 0) throws {
        try write(EV_KEY, BTN_TOOL_PEN, 1)
        try write(EV_ABS, ABS_X, x)
        try write(EV_ABS, ABS_Y, y)
        try write(EV_ABS, ABS_PRESSURE, pressure)
        try write(EV_ABS, ABS_TILT_X, tiltX)
        try write(EV_ABS, ABS_TILT_Y, tiltY)
        try write(EV_KEY, BTN_TOUCH, pressure > 0 ? 1 : 0)
        try sync()
    }

    /// The pen lifts and leaves the range in one frame: pressure 0, BTN_TOUCH and BTN_TOOL_PEN off.
    package func penAway() throws {
        try write(EV_ABS, ABS_PRESSURE, 0)
        try write(EV_KEY, BTN_TOUCH, 0)
        try write(EV_KEY, BTN_TOOL_PEN, 0)
        try sync()
    }

    /// One touchpad frame with two fingers at `first` and `second` (slots 0 and 1; tracking ids
    /// given on the frame they land), BTN_TOUCH and BTN_TOOL_DOUBLETAP, and the first finger as
    /// the single-touch ABS_X/Y.
    package func twoFingers(
        _ first: (x: Int32, y: Int32), _ second: (x: Int32, y: Int32), trackingIDs: (Int32, Int32)? = nil
    ) throws {
        try touch(slot: 0, trackingID: trackingIDs?.0, x: first.x, y: first.y)
        try touch(slot: 1, trackingID: trackingIDs?.1, x: second.x, y: second.y)
        try write(EV_KEY, BTN_TOUCH, 1)
        try write(EV_KEY, BTN_TOOL_DOUBLETAP, 1)
        try write(EV_ABS, ABS_X, first.x)
        try write(EV_ABS, ABS_Y, first.y)
        try sync()
    }

    /// Both fingers of ``twoFingers(_:_:trackingIDs:)`` lift in one frame.
    package func liftTwoFingers() throws {
        try lift(slot: 0)
        try lift(slot: 1)
        try write(EV_KEY, BTN_TOUCH, 0)
        try write(EV_KEY, BTN_TOOL_DOUBLETAP, 0)
        try sync()
    }

    /// A key or button press or release, in its own frame.
    package func key(_ code: Int32, pressed: Bool) throws {
        try write(EV_KEY, code, pressed ? 1 : 0)
        try sync()
    }

    /// Relative motion in one frame.
    package func move(dx: Int32, dy: Int32) throws {
        try write(EV_REL, REL_X, dx)
        try write(EV_REL, REL_Y, dy)
        try sync()
    }
}

/// A uinput device could not be made or written (no /dev/uinput, not root, a bad description).
package struct UinputError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
