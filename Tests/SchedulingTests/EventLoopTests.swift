import Glibc
import SystemPackage
import XCTest

@testable import Scheduling

@MainActor
final class EventLoopTests: XCTestCase {
    func testManualClockRunsTimersInDeadlineOrderEachAtItsOwnTime() async {
        let clock = ManualClock(startingAt: 64)
        let loop = EventLoop(clock: clock)
        var log: [String] = []
        loop.schedule(after: 0.75, name: "c") { log.append("c@\(clock.now)") }
        loop.schedule(after: 0.25, name: "a") {
            log.append("a@\(clock.now)")
            // Scheduled by a handler, inside the step: runs in the same advance.
            loop.schedule(after: 0.25, name: "b") { log.append("b@\(clock.now)") }
        }
        loop.schedule(after: 5, name: "later") { log.append("later") }
        loop.advanceTime(by: 1)
        XCTAssertEqual(log, ["a@64.25", "b@64.5", "c@64.75"])
        XCTAssertEqual(clock.now, 65)
        XCTAssertEqual(loop.pendingTimerNames, ["later"])
    }

    func testTimersDueTogetherRunInTheOrderScheduledAndCancelledOnesNever() async {
        let loop = EventLoop(clock: ManualClock(startingAt: 0))
        var log: [Int] = []
        for index in 0..<3 { loop.schedule(at: 1, name: "\(index)") { log.append(index) } }
        let cancelled = loop.schedule(at: 0.5, name: "x") { log.append(99) }
        loop.cancelTimer(cancelled)
        loop.advanceTime(by: 1)
        XCTAssertEqual(log, [0, 1, 2])
    }

    func testAManualClockDoesNotMoveByItself() async throws {
        let loop = EventLoop(clock: ManualClock(startingAt: 0))
        var fired = false
        loop.schedule(after: 0.01, name: "t") { fired = true }
        XCTAssertThrowsError(try loop.run(until: { fired }, timeout: 0.05, what: "a timer on a manual clock"))
        XCTAssertFalse(fired)
        loop.advanceTime(by: 0.01)
        XCTAssertTrue(fired)
    }

    func testRealClockTimerEndsABlockingWait() async throws {
        let loop = EventLoop()
        var fired = false
        loop.schedule(after: 0.02, name: "t") { fired = true }
        try loop.run(until: { fired }, timeout: 2, what: "a 20 ms timer")
        XCTAssertTrue(fired)
    }

    func testPostedWorkRunsOnTheNextTurnNotInline() async throws {
        let loop = EventLoop()
        var log: [String] = []
        loop.post {
            log.append("first")
            loop.post { log.append("posted by posted work") }
        }
        log.append("after post")
        try loop.run(until: { log.count == 3 }, timeout: 2, what: "posted work")
        XCTAssertEqual(log, ["after post", "first", "posted by posted work"])
    }

    /// A descriptor epoll refuses is an error naming the call, the errno and the
    /// descriptor, and leaves nothing watched behind.
    func testADescriptorEpollRefusesIsAnError() async throws {
        let loop = EventLoop()
        let file = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(file, 0)
        defer { close(file) }
        let cases: [(fd: Int32, errno: Errno)] = [(-1, .badFileDescriptor), (file, .notPermitted)]
        for (fd, expected) in cases {
            XCTAssertThrowsError(try loop.watch(fd, name: "descriptor \(fd)") {}) { error in
                XCTAssertEqual(
                    error as? EventLoopError,
                    .systemCall("epoll_ctl", errno: expected, what: "watching descriptor \(fd)"))
            }
        }
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { for end in ends { close(end) } }
        let watch = try loop.watch(ends[0], name: "pipe") {}
        XCTAssertThrowsError(try loop.watch(ends[0], name: "the pipe again") {}, "watched twice")
        watch.cancel()
    }

    func testADescriptorIsServedUntilCancelledThenMayBeClosedAtOnce() async throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let loop = EventLoop()
        var reads = 0
        let watch = try loop.watch(ends[0], name: "pipe") {
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { reads += 1 }
        }
        var byte: UInt8 = 7
        _ = write(ends[1], &byte, 1)
        try loop.run(until: { reads == 1 }, timeout: 2, what: "a readable pipe")
        watch.cancel()
        _ = write(ends[1], &byte, 1)
        loop.serveReady()
        XCTAssertEqual(reads, 1, "a cancelled watch is not served")
        XCTAssertTrue(watch.isCancelled)
        close(ends[0])  // safe at once: the loop no longer holds it
        close(ends[1])
    }

    func testTimeoutsThatWouldOverflowAreClamped() async throws {
        let loop = EventLoop()
        var done = false
        loop.post { done = true }
        for timeout in [Double.infinity, .greatestFiniteMagnitude, .nan, -1] where !done {
            try loop.run(until: { done }, timeout: timeout, what: "posted work")
        }
        XCTAssertEqual(pollTimeoutMilliseconds(.infinity), 86_400_000)
        XCTAssertEqual(pollTimeoutMilliseconds(.nan), 0)
        XCTAssertEqual(pollTimeoutMilliseconds(-3), 0)
        XCTAssertEqual(pollTimeoutMilliseconds(0.0101), 11)
    }

    func testTimeoutNamesWhatWasAwaited() async {
        let loop = EventLoop()
        XCTAssertThrowsError(try loop.run(until: { false }, timeout: 0.01, what: "nothing")) { error in
            XCTAssertEqual(error as? EventLoopError, .timedOut("nothing"))
        }
    }
}
