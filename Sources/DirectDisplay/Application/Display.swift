import Compositing
import Scheduling

/// A way of getting pixels onto screens. `HeadlessDisplay` and the KMS back
/// end implement it; the model talks only to this protocol.
@MainActor public protocol Display: AnyObject {
    /// The model calls this (at most once until the screen is composed) when
    /// anything visible on `screen` changed.
    func setNeedsComposite(_ screen: Screen)
    /// What the screen shows now, as composed pixels.
    func capture(_ screen: Screen) throws -> CapturedImage
    /// Applies a mode to a screen (it must be one of its `availableModes`).
    func apply(_ mode: Screen.Mode, to screen: Screen) throws
    /// The one event loop serving this display: its descriptors, timers and posted
    /// work, from the main queue (`Application.run`) or a blocking wait.
    var eventLoop: EventLoop { get }
    /// The seat's input: the same routing for real and synthetic devices.
    var input: SeatInput { get }
}
