import SystemPackage

/// A failed libinput or udev call, naming the C function and, where there is one,
/// the path and errno.
package struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    package let call: String
    package let path: String?
    /// The errno (e.g. `.permissionDenied`); nil when the call does not give one.
    package let errno: Errno?
    package let detail: String

    package init(call: String, path: String? = nil, errno: Errno? = nil, detail: String = "") {
        self.call = call
        self.path = path
        self.errno = errno
        self.detail = detail
    }

    package var description: String {
        var text = "\(call)"
        if let path { text += " \(path)" }
        text += " failed"
        if let errno { text += ": \(errno)" }
        if !detail.isEmpty { text += ": " + detail }
        return text
    }
}
