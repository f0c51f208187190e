import Foundation
import InputModel
import Scheduling

/// A seat's input, routed the UIKit way: touches to `TouchRouter`, keys to
/// `KeyWindowRouter`, the mouse to `PointerRouter`. The same type serves
/// `KMSDisplay.input` (events from libinput) and `HeadlessDisplay.input` (synthetic
/// events), so app code configures both alike and both take one routing path.
/// Devices come and go at run time; with none at all the screens still run.
@MainActor
public final class SeatInput {
    /// Posted (object: the SeatInput) after an input device appeared; userInfo
    /// `SeatInput.deviceNameKey` holds its name.
    public nonisolated static let deviceDidConnectNotification = Notification.Name(
        "DirectDisplay.SeatInput.deviceDidConnect")
    /// Posted after an input device went away (unplugged, or released for a session pause).
    public nonisolated static let deviceDidDisconnectNotification = Notification.Name(
        "DirectDisplay.SeatInput.deviceDidDisconnect")
    /// The userInfo key of the device notifications: the device's name (a String).
    public nonisolated static let deviceNameKey = "name"

    private let source: any InputEventSource
    private var devices: [InputDeviceID: InputDeviceInfo] = [:]
    let touches = TouchRouter()
    /// Calibration matrices set through the API, by device name or sysname, applied
    /// again whenever such a device appears (after an unplug or a session pause).
    private var calibrations: [String: CalibrationMatrix] = [:]
    package let pointer: PointerRouter
    private let keys: KeyWindowRouter

    /// Whether the seat's devices have been looked for. A real display opens them after its
    /// first frame (`devicesOpened()`); until then `deviceNames` is empty for want of looking.
    package private(set) var hasOpenedDevices: Bool
    private var devicesOpenedHandlers: [@MainActor () -> Void] = []

    /// Routes the events of `source`; timers (key repeat, the cursor's hiding) run on `loop`.
    /// With `opensDevicesLater` the source's devices are opened later, and said so by `devicesOpened()`.
    package init(source: any InputEventSource, loop: EventLoop, opensDevicesLater: Bool = false) {
        self.source = source
        hasOpenedDevices = !opensDevicesLater
        pointer = PointerRouter(loop: loop)
        keys = KeyWindowRouter(loop: loop)
    }

    /// Runs `handler` once the seat's devices have been opened and listed: now if they
    /// have, else when the display opens them (after its first frame).
    package func whenDevicesOpened(_ handler: @escaping @MainActor () -> Void) {
        if hasOpenedDevices { handler() } else { devicesOpenedHandlers.append(handler) }
    }

    /// The display has opened the devices (their added events are routed): says so once.
    package func devicesOpened() {
        guard !hasOpenedDevices else { return }
        hasOpenedDevices = true
        // The on-screen keyboard's automatic mode waited for the devices to be known.
        Application.shared.keyboardController.setNeedsUpdate()
        let handlers = devicesOpenedHandlers
        devicesOpenedHandlers = []
        for handler in handlers { handler() }
    }

    /// The input devices present now.
    public var deviceNames: [String] { devices.values.sorted { $0.id < $1.id }.map(\.name) }

    /// The WL_OUTPUT udev property of the device of this name, as read when it was added.
    package func outputProperty(ofDevice name: String) -> String? {
        devices.values.first { $0.name == name }?.outputName
    }

    /// Whether a keyboard to type on is on the seat (the on-screen keyboard's
    /// automatic mode): a power button, also a libinput keyboard, is not one.
    package var hasKeyboardDevice: Bool { devices.values.contains(where: \.isTypingKeyboard) }

    /// The keymap's layout names, e.g. "de" or "us,de" (the on-screen keyboard follows the first).
    package var keymapLayout: String { keys.layoutName }

    /// Binds a touch device or pen tablet (by its name or sysname, e.g. "event3") to a
    /// screen, for a device without a WL_OUTPUT udev property when several screens are connected.
    public func bind(device: String, to screen: Screen) {
        touches.bindings[device] = screen.name
    }

    /// Binds every touch device and pen tablet without a WL_OUTPUT property or a
    /// binding of its own to `screen` (e.g. the main screen of a kiosk with one touchscreen).
    public func bindTouchscreens(to screen: Screen) {
        touches.defaultBinding = screen.name
    }

    /// The screens' left-to-right order for the pointer, by connector name (e.g.
    /// `["HDMI-A-1", "DP-1"]`); screens not named follow in connection order.
    public var screenOrder: [String] {
        get { pointer.screenOrder }
        set { pointer.screenOrder = newValue }
    }

    /// Where the mouse pointer is: a screen and a point in its coordinates; nil
    /// with no mouse or no screen.
    public var pointerLocation: (screen: Screen, point: CGPoint)? { pointer.location }

    /// Sets the calibration matrix of a touch device or pen display, by name or sysname (e.g.
    /// `.rotated90` for a panel mounted turned); it applies to the device now and
    /// whenever it comes back. On hardware the udev property
    /// LIBINPUT_CALIBRATION_MATRIX is the default.
    /// - Throws: when a present device of that name has no calibration (not a touchscreen).
    public func setCalibration(_ matrix: CalibrationMatrix, forDevice name: String) throws {
        for info in devices.values where info.name == name || info.sysname == name {
            try source.setCalibrationMatrix(matrix, for: info.id)
        }
        calibrations[name] = matrix
    }

    /// Switches the keyboard layout, e.g. `KeymapNames(layout: "de")`.
    /// - Throws: a clear error naming the unknown names; the layout stays as it was.
    public func setKeymap(_ names: KeymapNames) throws {
        try keys.setKeymap(names)
        Application.shared.keyboardController.setNeedsUpdate()
    }

    /// Key repeat delay and rate.
    public var keyRepeatRate: KeyRepeatRate {
        get { keys.repeatRate }
        set { keys.repeatRate = newValue }
    }

    /// Switches to virtual console N when Ctrl+Alt+FN is pressed (set by a display
    /// whose seat manager can switch); such keys reach no responder.
    package var switchVirtualConsole: ((Int) -> Void)? {
        get { keys.switchVirtualConsole }
        set { keys.switchVirtualConsole = newValue }
    }

    /// Routes events in order: the one entry point of every input event, real or synthetic.
    package func route(_ events: [InputEvent]) {
        for event in events { route(event) }
    }

    /// Session paused: touches and held keys are cancelled, devices released.
    package func suspend() {
        touches.cancelAll(of: nil)
        pointer.cancel()
        keys.releaseAll()
        route(source.suspend())
    }

    package func resume() throws {
        route(try source.resume())
    }

    /// Stops the source (the display shuts down).
    package func close() {
        keys.releaseAll()
        source.close()
    }

    private func route(_ event: InputEvent) {
        // The input that wakes sleeping screens reaches no view.
        if Application.shared.idle.filter(event) { return }
        switch event {
        case .deviceAdded(let info):
            devices[info.id] = info
            if let matrix = calibrations[info.name] ?? calibrations[info.sysname] {
                do {
                    try source.setCalibrationMatrix(matrix, for: info.id)
                } catch {
                    StderrLog.info("calibrating \(info.name): \(error)")
                }
            }
            pointer.deviceAdded(info)
            if info.capabilities.contains(.keyboard) { Application.shared.keyboardController.setNeedsUpdate() }
            NotificationCenter.default.post(
                name: Self.deviceDidConnectNotification, object: self, userInfo: [Self.deviceNameKey: info.name])
        case .deviceRemoved(let info):
            touches.cancelAll(of: info.id)
            pointer.deviceRemoved(info.id)
            devices[info.id] = nil
            // libinput releases a removed keyboard's keys itself (seat counts kept);
            // with no keyboard left, whatever is still held is cancelled.
            if info.capabilities.contains(.keyboard),
                !devices.values.contains(where: { $0.capabilities.contains(.keyboard) })
            {
                keys.releaseAll()
            }
            if info.capabilities.contains(.keyboard) { Application.shared.keyboardController.setNeedsUpdate() }
            NotificationCenter.default.post(
                name: Self.deviceDidDisconnectNotification, object: self, userInfo: [Self.deviceNameKey: info.name])
        case .keyboardKey(let key):
            keys.key(key)
        case .touchDown(let point):
            guard let device = devices[point.device] else { return }
            pointer.touchBegan()
            touches.down(point, device: device)
        case .touchMotion(let point):
            touches.motion(point)
        case .touchUp(let slot):
            touches.up(slot)
        case .touchCancel(let slot):
            touches.cancel(slot)
        case .touchFrame(let device, _):
            touches.frame(device)
        case .tabletTool(let tool):
            guard let device = devices[tool.device] else { return }
            if tool.change == .tipDown { pointer.touchBegan() }
            touches.pen(tool, device: device, calibration: source.calibrationMatrix(for: device.id) ?? .identity)
        case .pointerMotion(let motion):
            pointer.motion(motion)
        case .pointerMotionAbsolute(let motion):
            pointer.motionAbsolute(motion)
        case .pointerButton(let button):
            pointer.button(button)
        case .pointerScroll(let scroll):
            pointer.scroll(scroll)
        }
    }
}
