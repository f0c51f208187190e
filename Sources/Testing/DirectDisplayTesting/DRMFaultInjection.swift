import KMS
import Synchronization
import SystemPackage

/// Failures made on purpose in the KMS module's libdrm funnel, for fault tests:
/// the next calls of a libdrm function fail with the given errno before reaching
/// the kernel, exactly as if the kernel had refused them (a lookup comes back empty).
///
/// It works through the funnel's one hook (`drmFaultHook`), set while a failure is
/// to come: production code never carries the table.
package enum DRMFaultInjection {
    private static let faults = Mutex<[DRMCall: (errno: Errno, remaining: Int)]>([:])

    /// The next `times` calls of `call` (e.g. `.atomicCommit`, `.createDumbBuffer`,
    /// `.createPropertyBlob`) fail with `errno`.
    package static func failNext(_ call: DRMCall, with errno: Errno, times: Int = 1) {
        faults.withLock { $0[call] = (errno, times) }
        drmFaultHook.withLock { $0 = { call in take(call) } }
    }

    /// How many injected failures of `call` are still to come.
    package static func remaining(_ call: DRMCall) -> Int {
        faults.withLock { $0[call]?.remaining ?? 0 }
    }

    /// Forgets every failure not made yet and takes the hook out of the funnel.
    package static func clear() {
        drmFaultHook.withLock { $0 = nil }
        faults.withLock { $0.removeAll() }
    }

    private static func take(_ call: DRMCall) -> Errno? {
        faults.withLock { faults in
            guard let fault = faults[call] else { return nil }
            faults[call] = fault.remaining > 1 ? (fault.errno, fault.remaining - 1) : nil
            return fault.errno
        }
    }
}
