import CUdev

/// The libudev library context (struct udev): the one owner of its reference.
package final class UdevContext {
    let handle: OpaquePointer

    /// udev_new
    package init() throws(UdevError) {
        guard let handle = udev_new() else { throw UdevError(call: "udev_new", detail: "libudev could not start") }
        self.handle = handle
    }

    /// udev_unref
    deinit { udev_unref(handle) }
}

/// A failed libudev call, naming it.
package struct UdevError: Error, CustomStringConvertible, Sendable {
    package let call: String
    package let detail: String
    package var description: String { "\(call) failed: \(detail)" }
}
