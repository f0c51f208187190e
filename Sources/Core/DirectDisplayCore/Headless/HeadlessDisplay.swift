import Compositing
import Foundation
import InputModel
import Scheduling

/// Runs the whole window system with no hardware, for our tests and users'
/// tests: screens are made up, input is synthetic, and frames are composed by
/// the same code the KMS back end scans out. Input takes the same routing as on
/// hardware (`input`), and time is the test's: it moves only with `advanceTime(by:)`.
@MainActor public final class HeadlessDisplay: Display, DisplayBackend {
    private var pendingScreens: [Screen] = []
    /// Each animating screen's next frame, one refresh period after its last (see HeadlessDisplay+Animation).
    var frameTicks: [ObjectIdentifier: TimerID] = [:]
    /// The display's event loop, on a manual clock.
    package let eventLoop = EventLoop(clock: ManualClock())
    /// The seat: the same type and routing as `KMSDisplay.input`.
    public let input: SeatInput
    private let devices: HeadlessInputDevices
    /// The latest frame composed for each screen by `runUntilIdle()`, by screen name
    /// (kept in each screen's shadow buffer, composed where it changed).
    public var lastFrames: [String: CapturedImage] {
        var frames: [String: CapturedImage] = [:]
        for screen in Application.shared.screens where screen.frameStatistics.framesComposed > 0 {
            if let shadow = screen.compositor.shadow { frames[screen.name] = shadow.image() }
        }
        return frames
    }

    /// The settings the display was made with (of them, GLViews use `usesOpenGL`).
    public let configuration: DisplayConfiguration

    /// Makes this the application's display; `configuration` defaults to what the
    /// `DIRECTDISPLAY_*` environment variables say.
    public init(configuration: DisplayConfiguration = .environment) {
        self.configuration = configuration
        GLViewContext.usesOpenGL = configuration.usesOpenGL
        devices = HeadlessInputDevices(clock: eventLoop.clock)
        input = SeatInput(source: devices, loop: eventLoop)
        devices.deliver = { [unowned input] events in input.route(events) }
        Application.shared.display = self
    }

    /// Connects a screen of `width`×`height` pixels and returns it (posts didConnect).
    @discardableResult
    public func connectScreen(
        name: String, width: Int, height: Int, scale: CGFloat = 1, refreshRate: Double = 60,
        otherModes: [Screen.Mode] = []
    ) -> Screen {
        let mode = Screen.Mode(width: width, height: height, refreshRate: refreshRate)
        let screen = Screen(
            name: name, modes: [mode] + otherModes, preferredMode: mode, currentMode: mode, scale: scale)
        Application.shared.connect(screen)
        return screen
    }

    /// Disconnects a screen (hides and moves its windows, then posts didDisconnect).
    public func disconnectScreen(_ screen: Screen) {
        Application.shared.disconnect(screen)
        pendingScreens.removeAll { $0 === screen }
    }

    // MARK: Display

    /// Part of the core, it talks to `Application.shared` directly.
    package func attach(to host: any DisplayHost) {}

    /// Nothing to give back: no hardware.
    package func shutdown() {}

    /// Where views' drawn content is kept (tests give their own allocator); nil: cairo's memory.
    package var contentMemory: (any ContentMemoryAllocator)?

    package func setNeedsComposite(_ screen: Screen) {
        // Loops, not closures: each closure call costs an actor-isolation check, per frame.
        var isPending = false
        for pending in pendingScreens where pending === screen { isPending = true }
        if !isPending { pendingScreens.append(screen) }
        // Once the change is made (an animation block has ended), frames follow while it
        // animates: after the handler that made it, or for a change made outside the
        // loop (a test's) at the next `advanceTime` or `runUntilIdle`, which spares the
        // loop's wake-up write and read per change.
        guard eventLoop.isServing else { return }
        eventLoop.post { [weak self, weak screen] in
            if let self, let screen { self.keepFramesComing(screen) }
        }
    }

    /// Composes what is pending (through the damage path) and returns the frame; for
    /// a screen powered off, the frame it keeps (shown again when it wakes), composing nothing.
    public func capture(_ screen: Screen) throws -> CapturedImage {
        guard screen.isConnected else { throw ScreenModeError.notConnected(screen: screen.name) }
        // A mirror shows its source's latest frame: the source's changes first.
        if let source = screen.mirroredScreen, source.isPoweredOn, source.needsComposite { present(source) }
        // Composing makes the shadow frame, so there is one to copy.
        if screen.isPoweredOn, screen.needsComposite || screen.compositor.shadow == nil { present(screen) }
        return screen.compositor.shadow?.image() ?? CapturedImage(width: 0, height: 0, pixels: [])
    }

    /// Nothing to switch: a screen powered off is not composed (`runUntilIdle`); one
    /// powered on composes what changed meanwhile at the next `runUntilIdle`.
    package func powerDidChange(_ screen: Screen) {
        if screen.isPoweredOn, screen.needsComposite { setNeedsComposite(screen) }
    }

    /// The backlight levels set, by screen name: an internal panel's (eDP, LVDS, DSI
    /// names) has a backlight here, as on hardware; other screens have none.
    package private(set) var backlightLevels: [String: Double] = [:]

    package func brightnessDidChange(_ screen: Screen) {
        guard screen.isInternal else { return }
        backlightLevels[screen.name] = screen.backlightLevel
    }

    package func hasBacklight(_ screen: Screen) -> Bool? { screen.isInternal }

    package func apply(_ mode: Screen.Mode, to screen: Screen) throws {
        guard screen.isConnected else { throw ScreenModeError.notConnected(screen: screen.name) }
        guard screen.availableModes.contains(mode) else {
            throw ScreenModeError.unavailable(mode: mode, screen: screen.name)
        }
        screen.updateCurrentMode(mode)
    }

    /// Performs posted work, timers already due, layout, drawing and composition
    /// until nothing is pending. Does not move the clock (see `advanceTime(by:)`).
    public func runUntilIdle() {
        eventLoop.runPending()
        pendingScreens.removeAll { !$0.isConnected }
        var rounds = 0
        // A screen powered off keeps its changes pending: they are composed when it wakes.
        while pendingScreens.contains(where: \.isPoweredOn), rounds < 100 {
            rounds += 1
            let screens = pendingScreens.filter(\.isPoweredOn)
            pendingScreens.removeAll(where: \.isPoweredOn)
            for screen in screens where screen.isConnected { present(screen) }
        }
    }

    func present(_ screen: Screen) {
        for index in pendingScreens.indices.reversed() where pendingScreens[index] === screen {
            pendingScreens.remove(at: index)
        }
        Application.shared.animator.step(screen, to: eventLoop.clock.now)
        screen.compositor.compose(screen)
        screen.compositor.framePresented()
        keepFramesComing(screen)
    }

    // MARK: Time

    /// Moves the display's clock forward by `seconds` and runs what falls due on the
    /// way, each at its own time: key repeats, hotplug and other timers, and while
    /// views animate a frame every refresh period of their screen. Tap counting
    /// reads the same clock (touches more than 0.35 s apart do not add up). Nothing
    /// moves the clock but this, so tests are deterministic.
    public func advanceTime(by seconds: TimeInterval) {
        for screen in pendingScreens where screen.isConnected { keepFramesComing(screen) }
        eventLoop.advanceTime(by: seconds)
    }

    // MARK: Input
    //
    // Synthetic devices feed the same routing as libinput does on hardware
    // (`input`, the seat): each screen has a touchscreen named "Headless
    // Touchscreen (SCREEN)" and a pen display named "Headless Pen (SCREEN)"
    // whose WL_OUTPUT is that screen, keyboards are
    // "Headless Keyboard" (number 0) and "Headless Keyboard N", the mouse is
    // "Headless Mouse". Each appears when first used.

    /// A finger `id` touches `screen` at a point in its coordinates (the raw device
    /// position: a calibration set for the screen's touchscreen moves it).
    public func touchDown(_ id: Int, at point: CGPoint, on screen: Screen) {
        devices.touch(.down, finger: id, at: point, on: screen)
    }

    /// Finger `id` moves.
    public func touchMove(_ id: Int, at point: CGPoint, on screen: Screen) {
        devices.touch(.move, finger: id, at: point, on: screen)
    }

    /// Finger `id` lifts at `point`.
    public func touchUp(_ id: Int, at point: CGPoint, on screen: Screen) {
        devices.touch(.up, finger: id, at: point, on: screen)
    }

    /// Finger `id`'s touch is cancelled by the device (libinput's touch cancel).
    public func touchCancel(_ id: Int) {
        devices.cancelTouch(finger: id)
    }

    /// The pen of `screen` touches it at a point in its coordinates (raw, before a
    /// calibration set for "Headless Pen (SCREEN)"), pressing with `pressure` (0…1,
    /// libinput's scale) and leaning by `tiltX` and `tiltY` degrees (libinput's
    /// tilt: positive leans its top towards the panel's right and bottom): a `.pencil` touch begins.
    public func penDown(
        at point: CGPoint, on screen: Screen, pressure: Double = 0.5, tiltX: Double = 0, tiltY: Double = 0
    ) {
        devices.pen(.down, at: point, on: screen, pressure: pressure, tilt: PenTilt(x: tiltX, y: tiltY))
    }

    /// The pen moves: its touch moves while the tip is down; a pen that is up hovers (no touch).
    public func penMove(
        at point: CGPoint, on screen: Screen, pressure: Double = 0.5, tiltX: Double = 0, tiltY: Double = 0
    ) {
        devices.pen(.move, at: point, on: screen, pressure: pressure, tilt: PenTilt(x: tiltX, y: tiltY))
    }

    /// The pen lifts at `point` and leaves the screen: its touch ends there.
    public func penUp(at point: CGPoint, on screen: Screen) {
        devices.pen(.up, at: point, on: screen, pressure: 0, tilt: nil)
    }

    /// A key goes down on keyboard `keyboard` (an evdev key code, e.g. 30 for
    /// KEY_A), through the seat's xkbcommon keymap (`input.setKeymap`) and key repeat.
    public func keyDown(_ keyCode: UInt32, keyboard: Int = 0) {
        devices.key(keyCode, pressed: true, keyboard: keyboard)
    }

    /// A key goes up on keyboard `keyboard`.
    public func keyUp(_ keyCode: UInt32, keyboard: Int = 0) {
        devices.key(keyCode, pressed: false, keyboard: keyboard)
    }

    /// The mouse moves by `dx`, `dy` points (relative motion, as libinput's).
    public func pointerMove(dx: Double, dy: Double) {
        devices.pointerMotion(dx: dx, dy: dy)
    }

    /// The mouse moves to `point` of `screen`, through the screens' left-to-right layout.
    public func pointerMove(to point: CGPoint, on screen: Screen) {
        devices.mouseDevice()
        guard let delta = input.pointer.layoutDelta(to: point, on: screen) else { return }
        devices.pointerMotion(dx: delta.dx, dy: delta.dy)
    }

    /// The evdev codes of the mouse buttons (BTN_LEFT, BTN_RIGHT, BTN_MIDDLE).
    public static let leftButton: UInt32 = 0x110
    public static let rightButton: UInt32 = 0x111
    public static let middleButton: UInt32 = 0x112

    /// A mouse button goes down (an evdev code; the left button by default).
    public func pointerButtonDown(_ button: UInt32 = HeadlessDisplay.leftButton) {
        devices.pointerButton(button, pressed: true)
    }

    /// A mouse button goes up.
    public func pointerButtonUp(_ button: UInt32 = HeadlessDisplay.leftButton) {
        devices.pointerButton(button, pressed: false)
    }

    /// The wheel turns by `dy` clicks (positive: down) and `dx` clicks (positive:
    /// right); the view under the pointer gets `scrollWheel(with:)`, 15 points a click.
    public func scrollWheel(dy: Double, dx: Double = 0) {
        devices.wheel(vertical: dy, horizontal: dx)
    }

    /// Two fingers on a touchpad move by `dy` points (positive: the content scrolls down) and
    /// `dx` (positive: right): the scroll view under the pointer follows them.
    public func touchpadScroll(dy: Double, dx: Double = 0) {
        guard dx != 0 || dy != 0 else { return }
        devices.fingerScroll(vertical: dy, horizontal: dx)
    }

    /// The touchpad's fingers lift (libinput's axis stop): a scroll view coasts on with their speed.
    public func touchpadScrollEnded() {
        devices.fingerScroll(vertical: 0, horizontal: 0)
    }
}
