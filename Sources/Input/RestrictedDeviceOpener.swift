import Glibc

/// Opens and closes the /dev/input/event* nodes that libinput asks for: libinput's
/// `open_restricted`/`close_restricted` interface. A session manager (libseat)
/// implements it in production; ``DirectDeviceOpener`` opens nodes itself as root.
public protocol RestrictedDeviceOpener: AnyObject {
    /// Opens `path` with libinput's open(2) flags and returns the file descriptor.
    func openDevice(path: String, flags: Int32) throws(InputError) -> Int32
    /// Closes a descriptor that ``openDevice(path:flags:)`` returned; called exactly once per descriptor.
    func closeDevice(fileDescriptor: Int32)
}

/// Opens devices directly with open(2), for a process that may (root, or a member
/// of the input group). Always adds O_CLOEXEC; libinput asks for O_RDWR|O_NONBLOCK.
public final class DirectDeviceOpener: RestrictedDeviceOpener {
    public init() {}

    /// open(2), retried on EINTR
    public func openDevice(path: String, flags: Int32) throws(InputError) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw InputError(call: "open", path: path, errno: errno) }
        }
    }

    /// close(2); never retried, since the descriptor is gone even when close reports EINTR.
    public func closeDevice(fileDescriptor: Int32) {
        _ = Glibc.close(fileDescriptor)
    }
}

/// A failed input call, naming the C function and, where there is one, the path
/// and errno.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let call: String
    public let path: String?
    /// The errno value (e.g. EACCES), 0 when the call does not give one.
    public let errno: Int32
    public let detail: String

    public init(call: String, path: String? = nil, errno: Int32 = 0, detail: String = "") {
        self.call = call
        self.path = path
        self.errno = errno
        self.detail = detail
    }

    public var description: String {
        var text = "\(call)"
        if let path { text += " \(path)" }
        text += " failed"
        if errno != 0 { text += ": " + String(cString: strerror(errno)) }
        if !detail.isEmpty { text += ": " + detail }
        return text
    }
}
