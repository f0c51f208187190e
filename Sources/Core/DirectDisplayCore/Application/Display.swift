import Compositing
import Scheduling

/// Where an application's pixels go: `KMSDisplay` (the real screens, through DRM/KMS)
/// or `HeadlessDisplay` (made-up screens in memory, for tests). `Application.run`
/// takes one; `Application.shared.display` is the one in use.
@MainActor public protocol Display: AnyObject {
    /// What the screen shows now, as composed pixels.
    func capture(_ screen: Screen) throws -> CapturedImage
    /// The seat's input: the same routing for real and synthetic devices.
    var input: SeatInput { get }
}

/// What the core asks of a display: the back-end interface behind `Display`.
/// Package-only, so its plumbing stays out of the public API.
@MainActor package protocol DisplayBackend: Display {
    /// The model calls this (at most once until the screen is composed) when
    /// anything visible on `screen` changed.
    func setNeedsComposite(_ screen: Screen)
    /// `screen.isPoweredOn` changed: the display powers the panel off or on at its
    /// next frame (nothing is composed while it is off).
    func powerDidChange(_ screen: Screen)
    /// `screen.brightness` or its dimming changed: the display sets its backlight to
    /// `screen.backlightLevel` (or logs once that it has none).
    func brightnessDidChange(_ screen: Screen)
    /// Whether `screen` has a backlight the display drives; nil: not known (no such screen).
    func hasBacklight(_ screen: Screen) -> Bool?
    /// Applies a mode to a screen (it must be one of its `availableModes`).
    func apply(_ mode: Screen.Mode, to screen: Screen) throws
    /// The one event loop serving this display: its descriptors, timers and posted
    /// work, from the main queue (`Application.run`) or a blocking wait.
    var eventLoop: EventLoop { get }
    /// Called once, when the display becomes the application's: from then on it
    /// connects its screens and asks for frames through `host`, never the other way.
    func attach(to host: any DisplayHost)
    /// Gives the screens back (the console, for the KMS display) before the process
    /// ends (`Application.exit(_:)`).
    func shutdown()
    /// `shutdown()` just before the process ends with `_exit` (`Application.exit(_:)`
    /// while a GLView's context is being made on another thread): a display may leave
    /// to the kernel what it frees at the process's end anyway.
    func shutdownBeforeExit()
    /// The card whose GBM device GLViews' OpenGL ES context is made on (so their
    /// buffers can be scanned out); nil: a surfaceless context.
    var glViewCard: GLViewCard? { get }
    /// Where views' drawn content is kept; nil: cairo's own memory.
    var contentMemory: (any ContentMemoryAllocator)? { get }
}

extension DisplayBackend {
    package func shutdownBeforeExit() { shutdown() }
    package var glViewCard: GLViewCard? { nil }
    package var contentMemory: (any ContentMemoryAllocator)? { nil }
}

/// What a display may ask of the application it serves (`Display.attach(to:)`):
/// the core's side of the back-end interface, so no back end reaches for
/// `Application.shared`.
@MainActor package protocol DisplayHost: AnyObject {
    /// A screen appeared: the main screen is chosen again, didConnect is posted.
    func connect(_ screen: Screen)
    /// A screen went away: its windows are hidden and moved, didDisconnect is posted.
    func disconnect(_ screen: Screen)
    /// The main screen (the one GLViews prefer to draw for).
    var mainScreen: Screen? { get }
    /// Visible windows on `screen`, back to front.
    func visibleWindows(on screen: Screen) -> [Window]
    /// Lays out and draws what is pending for `screen`'s visible windows.
    func layoutAndDisplay(_ screen: Screen)
    /// Whether views on `screen` animate.
    func hasRunningAnimations(on screen: Screen) -> Bool
    /// Moves the animations of `screen`'s views to `time` (the frame's vblank).
    func stepAnimations(on screen: Screen, to time: Double)
    /// When an animation on `screen` next changes a pixel after `time`, if one does.
    func nextAnimationChange(on screen: Screen, after time: Double) -> Double?
    /// `Application.leavesLastFrameOnExit`: the display's `shutdown()` leaves the last
    /// frame on screen where it can, instead of giving the screens back.
    var leavesLastFrameOnExit: Bool { get }
}

/// A DRM card GLViews' context may live on: its descriptor and path, kept open by
/// `owner` (the back end's device object) for as long as GL uses it.
package struct GLViewCard {
    package let fd: Int32
    package let path: String
    package let owner: AnyObject

    package init(fd: Int32, path: String, owner: AnyObject) {
        self.fd = fd
        self.path = path
        self.owner = owner
    }
}
