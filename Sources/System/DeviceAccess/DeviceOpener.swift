import Glibc
import SystemPackage

/// Opens and closes the device nodes the display needs: DRM cards (/dev/dri/cardN)
/// and input devices (/dev/input/eventN, libinput's `open_restricted` and
/// `close_restricted`), and says whether the session that owns them is active.
///
/// One opener is handed to the KMS back end and to libinput alike, so a session
/// manager (libseat) can stand behind both: it opens devices the process could
/// not open itself, and revokes them when the user switches to another virtual
/// console. ``DirectDeviceOpener`` opens nodes itself (root, or the video and
/// input groups) and its session never changes.
public protocol DeviceOpener: AnyObject {
    /// Opens `path` with open(2) `flags` and returns the file descriptor.
    func openDevice(path: String, flags: Int32) throws(DeviceOpenError) -> Int32
    /// Closes a descriptor that ``openDevice(path:flags:)`` returned; called exactly once per descriptor.
    func closeDevice(fileDescriptor: Int32)
    /// Whether the session is active now (its devices may be used).
    var isSessionActive: Bool { get }
    /// Called with false when the session becomes inactive (a switch to another
    /// virtual console: stop using the devices) and with true when it is active
    /// again. Set by the display; called on the main thread; an opener whose session
    /// never changes never calls it.
    var sessionActivityChanged: (@MainActor (Bool) -> Void)? { get set }
    /// Whether the opener makes DRM fds master and drops master on a session switch
    /// itself (seat managers do): then the display must not call drmSetMaster or
    /// drmDropMaster.
    var managesDRMMaster: Bool { get }
    /// Switches to another session (virtual console `number`), where the opener can.
    func switchSession(to number: Int) throws
}

extension DeviceOpener {
    public var managesDRMMaster: Bool { false }
    /// Openers without a session manager cannot switch: nothing happens.
    public func switchSession(to number: Int) throws {}
}

/// Opens devices directly with open(2), for a process that may (root, or a member
/// of the video and input groups). Always adds O_CLOEXEC. The session is always active.
public final class DirectDeviceOpener: DeviceOpener {
    public var sessionActivityChanged: (@MainActor (Bool) -> Void)?
    public var isSessionActive: Bool { true }

    public init() {}

    /// open(2), retried on EINTR
    public func openDevice(path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw DeviceOpenError(path: path, errno: Errno(rawValue: errno)) }
        }
    }

    /// close(2); never retried, since the descriptor is gone even when close reports
    /// EINTR. Only EBADF (a descriptor not ours) is a failure: the caller's bug.
    public func closeDevice(fileDescriptor: Int32) {
        guard Glibc.close(fileDescriptor) < 0 else { return }
        let failure = Errno(rawValue: errno)
        assert(failure != .badFileDescriptor, "close(\(fileDescriptor)): \(failure)")
    }
}

/// A device node that could not be opened, with the errno (e.g. EACCES) and a
/// hint at what to do about it.
public struct DeviceOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let errno: Errno
    /// Extra words from the opener (e.g. a session manager's reason); may be empty.
    public let detail: String

    public init(path: String, errno: Errno, detail: String = "") {
        self.path = path
        self.errno = errno
        self.detail = detail
    }

    public var description: String {
        var text = "opening \(path) failed: \(errno)"
        if !detail.isEmpty { text += ": \(detail)" }
        if errno == .permissionDenied || errno == .notPermitted {
            text += " (run as root, in the video and input groups, or under a seat manager)"
        }
        return text
    }
}
