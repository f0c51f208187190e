import CDRM
import Glibc
import Synchronization
import SystemPackage

/// An error from a DRM/KMS call, naming the C function and the errno it returned.
public struct DRMError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The libdrm or system call that failed, e.g. "drmModeAtomicCommit".
    public let call: String
    /// The errno value (positive).
    public let code: Int32
    /// What we were doing, in words a user understands.
    public let context: String

    public init(call: String, code: Int32, context: String = "") {
        self.call = call
        self.code = code
        self.context = context
    }

    /// The error `DRMDevice` throws when drmSetMaster on `path` failed with
    /// errno `code`, saying what to do: EBUSY means another master drives the
    /// card; EACCES and EPERM mean we may not become master at all.
    public static func masterRefused(path: String, code: Int32) -> DRMError {
        let context: String
        switch code {
        case EBUSY:
            context =
                "\(path) is already driven by another DRM master (a compositor, X server or another app); "
                + "stop it or switch to a free virtual console"
        case EACCES, EPERM:
            context =
                "\(path): no permission to become DRM master; "
                + "run from a virtual console as root, or through a seat manager (seatd or systemd-logind)"
        default:
            context = "could not become DRM master of \(path)"
        }
        return DRMError(call: "drmSetMaster", code: code, context: context)
    }

    /// The errno by name (`.resourceBusy`, `.invalidArgument`, `.noMemory`, ...).
    public var errno: Errno { Errno(rawValue: code) }

    public var isBusy: Bool { code == EBUSY }
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    public var description: String {
        let reason = String(cString: strerror(code))
        let prefix = context.isEmpty ? "" : "\(context): "
        return "\(prefix)\(call) failed: \(reason) (errno \(code))"
    }
}

/// The one funnel for DRM calls: retries EINTR/EAGAIN-on-ioctl as libdrm's own
/// ioctl wrapper does, and turns a negative result into a typed `DRMError`.
///
/// libdrm functions return either -1 with errno set or -errno; both are handled.
@discardableResult
func drmCall(_ call: String, context: String = "", _ body: () -> Int32) throws(DRMError) -> Int32 {
    if let code = DRMFaultInjection.take(call) {
        throw DRMError(call: call, code: code, context: context + " (injected)")
    }
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = result == -1 ? errno : -result
        if code == EINTR { continue }
        throw DRMError(call: call, code: code, context: context)
    }
}

/// Turns a libdrm call that returns a pointer (NULL with errno on failure) into a throwing one.
func drmPointer<T>(_ call: String, context: String = "", _ body: () -> T?) throws(DRMError) -> T {
    if let code = DRMFaultInjection.take(call) {
        throw DRMError(call: call, code: code, context: context + " (injected)")
    }
    errno = 0
    if let value = body() { return value }
    throw DRMError(call: call, code: errno == 0 ? ENOENT : errno, context: context)
}

/// A libdrm lookup whose NULL means "not there" (an object gone since the card
/// was listed, a monitor without EDID): skipped by the caller, not an error. It
/// goes through the funnel too, so a test can make it come back empty.
func drmLookup<T>(_ call: String, _ body: () -> T?) -> T? {
    if DRMFaultInjection.take(call) != nil { return nil }
    return body()
}

/// Failures made on purpose in the funnel, for fault tests: the next calls of a
/// libdrm function fail with the given errno before reaching the kernel, exactly
/// as if the kernel had refused them.
public enum DRMFaultInjection {
    private static let faults = Mutex<[String: (code: Int32, remaining: Int)]>([:])

    /// The next `times` calls of `call` (e.g. "drmModeAtomicCommit",
    /// "drmModeCreateDumbBuffer", "drmModeCreatePropertyBlob") fail with `code`.
    public static func failNext(_ call: String, with code: Int32, times: Int = 1) {
        faults.withLock { $0[call] = (code, times) }
    }

    /// How many injected failures of `call` are still to come.
    public static func remaining(_ call: String) -> Int {
        faults.withLock { $0[call]?.remaining ?? 0 }
    }

    /// Forgets every failure not made yet.
    public static func clear() {
        faults.withLock { $0.removeAll() }
    }

    static func take(_ call: String) -> Int32? {
        faults.withLock { faults in
            guard let fault = faults[call] else { return nil }
            faults[call] = fault.remaining > 1 ? (fault.code, fault.remaining - 1) : nil
            return fault.code
        }
    }
}
