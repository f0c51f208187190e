import Glibc

/// CLOCK_MONOTONIC now, in seconds: the clock of DRM flip-event timestamps and of
/// libinput's event times, so all three can be subtracted from each other.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}

/// A timeout in seconds that no arithmetic can overflow: NaN and negatives are 0,
/// anything past a day (infinity too) is a day.
package func finiteTimeout(_ seconds: Double) -> Double {
    guard !seconds.isNaN else { return 0 }
    return min(max(seconds, 0), 86_400)
}

/// Milliseconds for poll(2) or epoll_wait from a timeout in seconds, rounded up so
/// a wait never ends just before its deadline; no timeout can trap in the Int32
/// conversion. Every blocking wait of the package converts through here.
package func pollTimeoutMilliseconds(_ seconds: Double) -> Int32 {
    Int32((finiteTimeout(seconds) * 1000).rounded(.up))
}

/// The time an ``EventLoop``'s timers are measured in: seconds on a monotonic scale.
/// The real displays use ``SystemClock``; tests use ``ManualClock``, whose time
/// moves only when the test says so, so that key repeat, tap-count intervals and
/// hotplug scheduling run deterministically.
@MainActor
package protocol MonotonicClock: AnyObject {
    /// Seconds now.
    var now: Double { get }
    /// Whether the clock moves by itself (then the loop sets a kernel timer for
    /// its timers); a manual clock's timers run only when time is advanced.
    var movesByItself: Bool { get }
}

/// CLOCK_MONOTONIC.
@MainActor
package final class SystemClock: MonotonicClock {
    package init() {}
    package var now: Double { monotonicSeconds() }
    package var movesByItself: Bool { true }
}

/// A clock that stands still until ``EventLoop/advanceTime(by:)`` moves it.
@MainActor
package final class ManualClock: MonotonicClock {
    /// Seconds now. Starts at CLOCK_MONOTONIC's value when created, so times look real.
    package internal(set) var now: Double
    package var movesByItself: Bool { false }

    package init(startingAt start: Double = monotonicSeconds()) { now = start }
}
