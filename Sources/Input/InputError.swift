import Glibc

/// A failed libinput or udev call, naming the C function and, where there is one,
/// the path and errno.
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
