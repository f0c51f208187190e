import CLinuxEvents
import Dispatch
import Glibc
import SystemPackage

/// The one event loop of a display: descriptor sources (DRM cards, the udev
/// monitor, libinput), timers on an injected clock, and work posted for later.
///
/// Everything it watches sits in one epoll set, so one descriptor says "something
/// is ready" and it can be served two ways with the same handlers:
/// - from the main queue, which `Application.run` serves (a dispatch source on the
///   epoll descriptor runs ``serveReady()``); this is how apps run;
/// - by blocking the main thread in ``run(until:timeout:what:)``, for tests and
///   tools that must wait for a frame, a hotplug or an input event.
///
/// Removing a descriptor takes it out of the epoll set at once, so its owner may
/// close it right after ``DescriptorWatch/cancel()`` returns: no handler can run
/// for a closed (or reused) descriptor.
///
/// Timers read ``clock``. With a ``SystemClock`` a timerfd fires them; with a
/// ``ManualClock`` they run only from ``advanceTime(by:)``, deterministically.
@MainActor
package final class EventLoop {
    package let clock: any MonotonicClock

    private let epollFD: Int32
    /// CLOCK_MONOTONIC timer armed at the earliest timer's deadline (real clocks only).
    private let timerFD: Int32
    /// Written when work is posted, so a blocked or idle loop wakes up for it.
    private let wakeFD: Int32
    /// Whether `wakeFD` was written and not read since (it is this loop's alone).
    private var wakeIsSignalled = false
    /// How deep the loop is in serving (`turn`, `advanceTime`, `runPending`), each of
    /// which runs posted work before it returns.
    private var servingDepth = 0
    private var mainQueueSource: (any DispatchSourceRead)?

    private var watches: [UInt64: DescriptorWatch] = [:]
    private var timers: [TimerEntry] = []
    private var posted: [@MainActor () -> Void] = []
    private var nextToken: UInt64 = 2  // 0 and 1 are the timer and the wake descriptors
    private var armedDeadline: Double?

    private static let timerToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1

    private struct TimerEntry {
        let id: TimerID
        let deadline: Double
        let name: String
        let handler: @MainActor () -> Void
    }

    /// Creates the loop and attaches it to the main queue.
    /// - Parameter clock: what timers are measured in (``SystemClock`` by default).
    package init(clock: any MonotonicClock = SystemClock()) {
        self.clock = clock
        // These fail only without memory or descriptors; nothing can run then.
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(epollFD >= 0 && timerFD >= 0 && wakeFD >= 0, "event loop descriptors: \(Errno(rawValue: errno))")
        // Adding new descriptors of our own to a new set fails only without memory.
        do {
            try add(timerFD, token: Self.timerToken)
            try add(wakeFD, token: Self.wakeToken)
        } catch {
            preconditionFailure("event loop descriptors: \(error)")
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: epollFD, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.serveReady() } }
        // The descriptors close only once the dispatch source has stopped watching them.
        let (epoll, timer, wake) = (epollFD, timerFD, wakeFD)
        source.setCancelHandler {
            Glibc.close(timer)
            Glibc.close(wake)
            Glibc.close(epoll)
        }
        source.resume()
        mainQueueSource = source
    }

    isolated deinit {
        mainQueueSource?.cancel()
    }

    // MARK: Descriptors

    /// Calls `handler` whenever `fd` is readable (level-triggered: until it is drained).
    /// - Parameter name: what the descriptor is, for error messages.
    /// - Throws: ``EventLoopError/systemCall(_:errno:what:)`` when epoll refuses `fd`
    ///   (closed, already watched, or a kind epoll cannot watch).
    package func watch(_ fd: Int32, name: String, handler: @escaping @MainActor () -> Void) throws(EventLoopError)
        -> DescriptorWatch
    {
        let token = nextToken
        nextToken += 1
        do {
            try add(fd, token: token)
        } catch {
            throw .systemCall("epoll_ctl", errno: error, what: "watching \(name)")
        }
        let watch = DescriptorWatch(loop: self, fd: fd, token: token, name: name, handler: handler)
        watches[token] = watch
        return watch
    }

    fileprivate func remove(_ watch: DescriptorWatch) {
        guard watches.removeValue(forKey: watch.token) != nil else { return }
        var event = epoll_event()
        guard epoll_ctl(epollFD, EPOLL_CTL_DEL, watch.fd, &event) < 0 else { return }
        // EBADF: the owner closed the descriptor first, which took it out of the set
        // already. Anything else means our bookkeeping is wrong.
        let failure = Errno(rawValue: errno)
        precondition(failure == .badFileDescriptor, "epoll_ctl removing \(watch.name): \(failure)")
    }

    private func add(_ fd: Int32, token: UInt64) throws(Errno) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = token
        if epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) < 0 { throw Errno(rawValue: errno) }
    }

    // MARK: Timers

    /// Runs `handler` once when ``clock`` reaches `deadline` (seconds on the clock's scale).
    @discardableResult
    package func schedule(at deadline: Double, name: String, _ handler: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(rawValue: nextToken)
        nextToken += 1
        let entry = TimerEntry(id: id, deadline: deadline.isNaN ? clock.now : deadline, name: name, handler: handler)
        // Stable: timers due at the same time run in the order they were scheduled.
        let index = timers.firstIndex { $0.deadline > entry.deadline } ?? timers.endIndex
        timers.insert(entry, at: index)
        armTimer()
        return id
    }

    /// Runs `handler` once, `delay` seconds from now on ``clock``.
    @discardableResult
    package func schedule(after delay: Double, name: String, _ handler: @escaping @MainActor () -> Void) -> TimerID {
        schedule(at: clock.now + max(0, delay), name: name, handler)
    }

    /// Cancels a timer that has not run yet; nothing happens for one that has.
    package func cancelTimer(_ id: TimerID) {
        timers.removeAll { $0.id == id }
        armTimer()
    }

    /// Cancels the timer `id` holds, if any (see `cancelTimer(_:)`), and clears it.
    package func cancelTimer(_ id: inout TimerID?) {
        if let timer = id { cancelTimer(timer) }
        id = nil
    }

    /// When the earliest timer is due, on ``clock``; nil with no timer.
    package var nextDeadline: Double? { timers.first?.deadline }

    /// The names of the timers waiting, earliest first (for tests and diagnostics).
    package var pendingTimerNames: [String] { timers.map(\.name) }

    // MARK: Posted work

    /// Whether the loop is serving (a handler, a timer or posted work is running):
    /// work posted now runs before the loop returns.
    package var isServing: Bool { servingDepth > 0 }

    /// Runs `work` on the next turn of the loop (after the current handler returns),
    /// whether the loop is served from the main queue or by a blocking wait.
    package func post(_ work: @escaping @MainActor () -> Void) {
        posted.append(work)
        // Work posted while the loop serves (from a handler, a timer or posted work)
        // runs before the loop returns: only work posted from outside needs a wake.
        if servingDepth == 0 && !wakeIsSignalled {
            wakeIsSignalled = true
            var one: UInt64 = 1
            // EAGAIN only when the counter is full: it is signalled then anyway.
            if Glibc.write(wakeFD, &one, 8) < 0 {
                Self.expect(.resourceTemporarilyUnavailable, "write to the wake eventfd")
            }
        }
    }

    // MARK: Running

    /// Serves whatever is ready now, without blocking: descriptors, due timers and
    /// posted work. The main queue calls this when the loop's descriptor is readable.
    package func serveReady() {
        turn(timeoutMilliseconds: 0)
    }

    /// Blocks this thread, serving descriptors, timers and posted work, until
    /// `condition` holds (checked after every turn) or `timeout` real seconds pass.
    /// - Throws: ``EventLoopError/timedOut(_:)`` naming `what`.
    package func run(until condition: () -> Bool, timeout: Double, what: String) throws(EventLoopError) {
        let deadline = monotonicSeconds() + finiteTimeout(timeout)
        runPosted()
        while !condition() {
            let now = monotonicSeconds()
            guard now < deadline else { throw .timedOut(what) }
            var wait = deadline - now
            if clock.movesByItself, let due = nextDeadline { wait = min(wait, max(0, due - clock.now)) }
            turn(timeoutMilliseconds: pollTimeoutMilliseconds(wait))
        }
    }

    /// Moves a ``ManualClock`` forward by `seconds`, running every timer that falls
    /// due on the way at its own time (a timer scheduled by another's handler runs
    /// too if it falls within the step), and posted work after each.
    package func advanceTime(by seconds: Double) {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("advanceTime(by:) needs an EventLoop with a ManualClock")
        }
        let target = manual.now + max(0, finiteTimeout(seconds))
        servingDepth += 1
        defer { servingDepth -= 1 }
        runPosted()
        var firedAtThisInstant = 0
        // Within a microsecond counts as due: steps like 0.49 + 0.01 s must not miss a
        // timer set for 0.5 s by one rounding step, nor the 615th frame of 10.25 s its
        // time (periods summed from CLOCK_MONOTONIC's hours drift by nanoseconds).
        while let first = timers.first, first.deadline <= target + 1e-6 {
            firedAtThisInstant = first.deadline > manual.now ? 1 : firedAtThisInstant + 1
            // A timer that keeps setting itself for the same instant would never let
            // time move: say which one instead of spinning.
            precondition(firedAtThisInstant < 100_000, "timer '\(first.name)' keeps firing at one instant")
            manual.now = max(manual.now, first.deadline)
            timers.removeFirst()
            first.handler()
            runPosted()
        }
        manual.now = max(manual.now, target)
        runPosted()
    }

    /// Runs posted work and due timers until none is left (for a display with no
    /// descriptors, such as the headless one).
    package func runPending() {
        servingDepth += 1
        defer { servingDepth -= 1 }
        runPosted()
        runDueTimers()
        runPosted()
    }

    private func turn(timeoutMilliseconds: Int32) {
        servingDepth += 1
        defer { servingDepth -= 1 }
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        let count = epoll_wait(epollFD, &events, Int32(events.count), timeoutMilliseconds)
        // A signal ends the wait early (EINTR): a turn with nothing ready.
        if count < 0 { Self.expect(.interrupted, "epoll_wait") }
        for event in events.prefix(max(0, Int(count))) {
            switch event.data.u64 {
            case Self.timerToken:
                var expirations: UInt64 = 0
                // EAGAIN: re-armed since it fired, nothing to read.
                if Glibc.read(timerFD, &expirations, 8) < 0 {
                    Self.expect(.resourceTemporarilyUnavailable, "read of the timerfd")
                }
                armedDeadline = nil
            case Self.wakeToken:
                consumeWake()
            case let token:
                // A handler earlier in this batch may have removed it.
                watches[token]?.handler()
            }
        }
        runDueTimers()
        runPosted()
        armTimer()
    }

    private func runDueTimers() {
        let now = clock.now
        while let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            first.handler()
        }
    }

    private func runPosted() {
        while !posted.isEmpty {
            let work = posted
            posted = []
            for item in work { item() }
        }
        consumeWake()
    }

    /// Clears the wake descriptor once its posted work has run. Only a signalled
    /// descriptor is read: a frame runs posted work several times, and a read
    /// system call each time cost more than a small frame's composition.
    private func consumeWake() {
        guard wakeIsSignalled else { return }
        wakeIsSignalled = false
        var value: UInt64 = 0
        // EAGAIN: the counter was read already (post from a handler after the wake).
        if Glibc.read(wakeFD, &value, 8) < 0 {
            Self.expect(.resourceTemporarilyUnavailable, "read of the wake eventfd")
        }
    }

    /// A call on the loop's own descriptors failed: only `harmless` (which the
    /// caller handles) may happen; anything else is a bug of ours, stopped here.
    private static func expect(_ harmless: Errno, _ call: String) {
        let failure = Errno(rawValue: errno)
        precondition(failure == harmless, "event loop: \(call) failed: \(failure)")
    }

    /// Keeps the timerfd armed at the earliest deadline (a real clock's timers only).
    private func armTimer() {
        guard clock.movesByItself else { return }
        let deadline = timers.first?.deadline
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        var spec = itimerspec()
        if let deadline {
            // 0 would disarm the timer: a deadline already past fires after 1 ns.
            let clamped = min(max(deadline, 1e-9), 1e12)
            spec.it_value.tv_sec = Int(clamped.rounded(.down))
            spec.it_value.tv_nsec = max(1, Int((clamped - clamped.rounded(.down)) * 1e9))
        }
        // Fails only for an invalid time, which the clamping above rules out.
        let result = timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
        precondition(result == 0, "event loop: timerfd_settime failed: \(Errno(rawValue: errno))")
    }
}

/// A descriptor an ``EventLoop`` watches. Cancel it before closing the descriptor.
@MainActor
package final class DescriptorWatch {
    private weak var loop: EventLoop?
    package let fd: Int32
    package let name: String
    let token: UInt64
    let handler: @MainActor () -> Void
    package private(set) var isCancelled = false

    init(loop: EventLoop, fd: Int32, token: UInt64, name: String, handler: @escaping @MainActor () -> Void) {
        self.loop = loop
        self.fd = fd
        self.token = token
        self.name = name
        self.handler = handler
    }

    /// Stops watching: the loop forgets the descriptor before this returns, so it
    /// may be closed right after.
    package func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        loop?.remove(self)
    }
}

/// A timer of an ``EventLoop``, to cancel it.
package struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}

/// Why a blocking wait of the ``EventLoop`` ended without its condition.
package enum EventLoopError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(String)
    /// A system call refused the loop `what` it asked, e.g. epoll_ctl a descriptor.
    case systemCall(String, errno: Errno, what: String)

    package var description: String {
        switch self {
        case .timedOut(let what): "timed out waiting for \(what)"
        case .systemCall(let call, let errno, let what): "\(what): \(call) failed: \(errno)"
        }
    }
}
