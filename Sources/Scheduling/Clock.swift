import Glibc

/// CLOCK_MONOTONIC now, in seconds: the clock of DRM flip-event timestamps and of
/// libinput's event times, so all three can be subtracted from each other.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}

/// The time an ``EventLoop``'s timers are measured in: seconds on a monotonic scale.
/// The real displays use ``SystemClock``; tests use ``ManualClock``, whose time
/// moves only when the test says so, so that key repeat, tap-count intervals and
/// hotplug scheduling run deterministically.
@MainActor
public protocol MonotonicClock: AnyObject {
    /// Seconds now.
    var now: Double { get }
    /// Whether the clock moves by itself (then the loop sets a kernel timer for
    /// its timers); a manual clock's timers run only when time is advanced.
    var movesByItself: Bool { get }
}

/// CLOCK_MONOTONIC.
@MainActor
public final class SystemClock: MonotonicClock {
    public init() {}
    public var now: Double { monotonicSeconds() }
    public var movesByItself: Bool { true }
}

/// A clock that stands still until ``EventLoop/advanceTime(by:)`` moves it.
@MainActor
public final class ManualClock: MonotonicClock {
    /// Seconds now. Starts at CLOCK_MONOTONIC's value when created, so times look real.
    public internal(set) var now: Double
    public var movesByItself: Bool { false }

    public init(startingAt start: Double = monotonicSeconds()) { now = start }
}
