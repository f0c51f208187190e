import CUdev

/// The libudev library context (struct udev): the one owner of its reference.
public final class UdevContext {
    let handle: OpaquePointer

    /// udev_new
    public init() throws(UdevError) {
        guard let handle = udev_new() else { throw UdevError(call: "udev_new", detail: "libudev could not start") }
        self.handle = handle
    }

    /// udev_unref
    deinit { udev_unref(handle) }
}

/// A failed libudev call, naming it.
public struct UdevError: Error, CustomStringConvertible, Sendable {
    public let call: String
    public let detail: String
    public var description: String { "\(call) failed: \(detail)" }
}
