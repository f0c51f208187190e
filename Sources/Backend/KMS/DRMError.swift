import CDRM
import Glibc
import Synchronization
import SystemPackage

/// An error from a DRM/KMS call, naming the C function and the errno it returned.
package struct DRMError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The libdrm or system call that failed, e.g. "drmModeAtomicCommit".
    package let call: String
    /// The errno by name (`.resourceBusy`, `.invalidArgument`, `.noMemory`, ...).
    package let errno: Errno
    /// What we were doing, in words a user understands.
    package let context: String

    package init(call: String, errno: Errno, context: String = "") {
        self.call = call
        self.errno = errno
        self.context = context
    }

    package init(_ call: DRMCall, errno: Errno, context: String = "") {
        self.init(call: call.rawValue, errno: errno, context: context)
    }

    /// The error `DRMDevice` throws when drmSetMaster on `path` failed with
    /// `errno`, saying what to do: EBUSY means another master drives the
    /// card; EACCES and EPERM mean we may not become master at all.
    package static func masterRefused(path: String, errno: Errno) -> DRMError {
        let context: String
        switch errno {
        case .resourceBusy:
            context =
                "\(path) is already driven by another DRM master (a compositor, X server or another app); "
                + "stop it or switch to a free virtual console"
        case .permissionDenied, .notPermitted:
            context =
                "\(path): no permission to become DRM master; "
                + "run from a virtual console as root, or through a seat manager (seatd or systemd-logind)"
        default:
            context = "could not become DRM master of \(path)"
        }
        return DRMError(.setMaster, errno: errno, context: context)
    }

    package var isBusy: Bool { errno == .resourceBusy }
    package var isPermissionDenied: Bool { errno == .permissionDenied || errno == .notPermitted }

    package var description: String {
        let reason = String(cString: strerror(errno.rawValue))
        let prefix = context.isEmpty ? "" : "\(context): "
        return "\(prefix)\(call) failed: \(reason) (errno \(errno.rawValue))"
    }
}

/// The libdrm and system calls that go through the funnel (`drmCall`,
/// `drmPointer`, `drmLookup`), named as their C functions.
package enum DRMCall: String, Sendable, CaseIterable {
    case addFramebuffer2 = "drmModeAddFB2"
    case atomicAddProperty = "drmModeAtomicAddProperty"
    case atomicAlloc = "drmModeAtomicAlloc"
    case atomicCommit = "drmModeAtomicCommit"
    case connectorSetProperty = "drmModeConnectorSetProperty"
    case createDumbBuffer = "drmModeCreateDumbBuffer"
    case createPropertyBlob = "drmModeCreatePropertyBlob"
    case dropMaster = "drmDropMaster"
    case getCap = "drmGetCap"
    case getConnector = "drmModeGetConnector"
    case getConnectorCurrent = "drmModeGetConnectorCurrent"
    case getCrtc = "drmModeGetCrtc"
    case getEncoder = "drmModeGetEncoder"
    case getPlane = "drmModeGetPlane"
    case getPlaneResources = "drmModeGetPlaneResources"
    case getProperty = "drmModeGetProperty"
    case getPropertyBlob = "drmModeGetPropertyBlob"
    case getResources = "drmModeGetResources"
    case getVersion = "drmGetVersion"
    case handleEvent = "drmHandleEvent"
    case mapDumbBuffer = "drmModeMapDumbBuffer"
    case moveCursor = "drmModeMoveCursor"
    case objectGetProperties = "drmModeObjectGetProperties"
    case pageFlip = "drmModePageFlip"
    case poll = "poll"
    case primeHandleToFD = "drmPrimeHandleToFD"
    case setClientCap = "drmSetClientCap"
    case setCrtc = "drmModeSetCrtc"
    case setCursor = "drmModeSetCursor"
    case setMaster = "drmSetMaster"
}

/// The funnel's one test hook: consulted before every call, an errno it returns
/// makes the call fail before reaching the kernel, exactly as if the kernel had
/// refused it (a lookup comes back empty). Nil in production; DirectDisplayTesting's
/// `DRMFaultInjection` sets it.
package let drmFaultHook = Mutex<(@Sendable (DRMCall) -> Errno?)?>(nil)

private func injectedFailure(_ call: DRMCall) -> Errno? {
    drmFaultHook.withLock { $0?(call) }
}

/// The one funnel for DRM calls: retries EINTR as libdrm's own ioctl wrapper
/// does, and turns a negative result into a typed `DRMError`. The context is
/// only built for an error.
///
/// libdrm functions return either -1 with errno set or -errno; both are handled.
@discardableResult
func drmCall(_ call: DRMCall, context: @autoclosure () -> String = "", _ body: () -> Int32) throws(DRMError) -> Int32 {
    if let injected = injectedFailure(call) {
        throw DRMError(call, errno: injected, context: context() + " (injected)")
    }
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = result == -1 ? Glibc.errno : -result
        if code == EINTR { continue }
        throw DRMError(call, errno: Errno(rawValue: code), context: context())
    }
}

/// Turns a libdrm call that returns a pointer (NULL with errno on failure) into a throwing one.
func drmPointer<T>(_ call: DRMCall, context: @autoclosure () -> String = "", _ body: () -> T?) throws(DRMError) -> T {
    if let injected = injectedFailure(call) {
        throw DRMError(call, errno: injected, context: context() + " (injected)")
    }
    Glibc.errno = 0
    if let value = body() { return value }
    let code = Glibc.errno
    throw DRMError(call, errno: code == 0 ? .noSuchFileOrDirectory : Errno(rawValue: code), context: context())
}

/// A libdrm lookup whose NULL means "not there" (an object gone since the card
/// was listed, a monitor without EDID): skipped by the caller, not an error. It
/// goes through the funnel too, so a test can make it come back empty.
func drmLookup<T>(_ call: DRMCall, _ body: () -> T?) -> T? {
    if injectedFailure(call) != nil { return nil }
    return body()
}
