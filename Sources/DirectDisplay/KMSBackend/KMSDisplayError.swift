import KMS

/// Why the KMS display could not start, in words that say what to do next.
public enum KMSDisplayError: Error, CustomStringConvertible {
    /// udev knows no DRM card (no /dev/dri/card*).
    case noDisplayDevice
    /// Every card failed to open; each entry names the card and the reason
    /// (another DRM master, permissions, no dumb buffers).
    case noUsableCard([String])
    /// The screen is not one of this display's lit screens.
    case unknownScreen(String)
    /// A frame did not complete in time.
    case timedOut(String)

    public var description: String {
        switch self {
        case .noDisplayDevice: NoDisplayDevice.message
        case .noUsableCard(let reasons): "no usable DRM card: " + reasons.joined(separator: "; ")
        case .unknownScreen(let name): "screen \(name) is not driven by this display"
        case .timedOut(let what): "timed out: \(what)"
        }
    }
}

/// The one line printed when there is no DRM device at all.
public enum NoDisplayDevice {
    public static let message =
        "no DRM display device: udev lists no card in subsystem drm (/dev/dri/card*). On a machine without a display, run inside the VM: Hardware/vm -- <command>"
}
