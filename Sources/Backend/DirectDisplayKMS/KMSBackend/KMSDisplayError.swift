import DirectDisplayCore
import KMS

/// Why the KMS display could not start, in words that say what to do next.
public enum KMSDisplayError: Error, CustomStringConvertible {
    /// udev knows no DRM card (no /dev/dri/card*).
    case noDisplayDevice
    /// Every card failed to open (or to be taken back after a session switch); each
    /// entry names the card and keeps the error (another DRM master, permissions,
    /// no dumb buffers): a `DRMError` with its call and errno where libdrm said no.
    case noUsableCard([CardFailure])
    /// The screen is not one of this display's lit screens.
    case unknownScreen(String)
    /// A frame did not complete in time.
    case timedOut(String)
    /// Refused while the session is switched away: the seat manager has taken DRM master.
    case suspended(String)

    public var description: String {
        switch self {
        case .noDisplayDevice: NoDisplayDevice.message
        case .noUsableCard(let failures): "no usable DRM card: " + failures.map(\.description).joined(separator: "; ")
        case .unknownScreen(let name): "screen \(name) is not driven by this display"
        case .timedOut(let what): "timed out: \(what)"
        case .suspended(let what): "\(what): the session is switched away (another virtual console is in front)"
        }
    }
}

/// A card that could not be used, and why.
public struct CardFailure: Sendable, CustomStringConvertible {
    /// The card's device node, e.g. /dev/dri/card0.
    public let devnode: String
    /// What failed, as thrown: usually a `DRMError` (see its `errno`).
    public let error: any Error

    public var description: String { "\(devnode): \(error)" }
}

/// The one line printed when there is no DRM device at all.
package enum NoDisplayDevice {
    package static let message =
        "no DRM display device: udev lists no card in subsystem drm (/dev/dri/card*). On a machine without a display, run inside the VM: Hardware/vm -- <command>"
}
