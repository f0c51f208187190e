import Animation
import XCTest

final class AnimationTimingTests: XCTestCase {
    func testDelayThenCurveThenFinished() {
        let timing = AnimationTiming(beginTime: 10, duration: 2, delay: 1, curve: .linear)
        let table: [(Double, AnimationTiming.State)] = [
            (10, .waiting), (10.99, .waiting), (11, .running(progress: 0)), (11.5, .running(progress: 0.25)),
            (12, .running(progress: 0.5)), (12.999, .running(progress: 0.9995)), (13, .finished), (20, .finished),
        ]
        for (time, state) in table { assertState(timing.state(at: time), state, "at \(time)") }
        XCTAssertEqual(timing.endTime, 13)
        XCTAssertEqual(timing.progress(at: 10.5), 0)
        XCTAssertEqual(timing.progress(at: 14), 1)
    }

    func testEachCurveAtHalfTime() {
        for curve in [TimingCurve.easeInEaseOut, .easeIn, .easeOut, .linear] {
            let timing = AnimationTiming(beginTime: 0, duration: 0.5, curve: curve)
            assertState(timing.state(at: 0.25), .running(progress: curve.progress(at: 0.5)), "\(curve)")
        }
    }

    /// Autoreverse runs forward then back over twice the time (the back leg mirrors the
    /// curve), then finishes; without repeat it ends once.
    func testAutoreverse() {
        let timing = AnimationTiming(beginTime: 0, duration: 1, curve: .easeIn, autoreverses: true)
        let table: [(Double, AnimationTiming.State)] = [
            (0.25, .running(progress: TimingCurve.easeIn.progress(at: 0.25))),
            (1.25, .running(progress: TimingCurve.easeIn.progress(at: 0.75))),
            (1.75, .running(progress: TimingCurve.easeIn.progress(at: 0.25))), (2, .finished),
        ]
        for (time, state) in table { assertState(timing.state(at: time), state, "at \(time)") }
        XCTAssertEqual(timing.endTime, 2)
    }

    /// Repeat starts over forever; with autoreverse it goes back and forth.
    func testRepeat() {
        let forward = AnimationTiming(beginTime: 0, duration: 1, curve: .linear, repeats: true)
        assertState(forward.state(at: 5.25), .running(progress: 0.25), "sixth pass")
        assertState(forward.state(at: 1000.5), .running(progress: 0.5), "much later")
        XCTAssertEqual(forward.endTime, .infinity)
        let both = AnimationTiming(beginTime: 0, duration: 1, curve: .linear, repeats: true, autoreverses: true)
        assertState(both.state(at: 4.25), .running(progress: 0.25), "third pass, forward")
        assertState(both.state(at: 5.25), .running(progress: 0.75), "third pass, back")
    }

    /// A zero (or nonsense) duration finishes at once, even when asked to repeat.
    func testDegenerateDurations() {
        for duration in [0, -1, .nan, .infinity] {
            let timing = AnimationTiming(beginTime: 0, duration: duration, repeats: true)
            assertState(timing.state(at: 0), .finished, "duration \(duration)")
        }
        XCTAssertEqual(AnimationTiming(beginTime: 0, duration: 1, delay: .nan).delay, 0)
    }

    private func assertState(
        _ state: AnimationTiming.State, _ expected: AnimationTiming.State, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        switch (state, expected) {
        case (.running(let progress), .running(let wanted)):
            XCTAssertEqual(progress, wanted, accuracy: 1e-9, message, file: file, line: line)
        default: XCTAssertEqual(state, expected, message, file: file, line: line)
        }
    }
}

final class InterruptionTests: XCTestCase {
    /// A second animation of the same property at half time: from the shown value
    /// with beginFromCurrentState, else from the first one's end (the model value).
    func testInterruptedTrackStartsFromShownOrModelValue() {
        let first = AnimationTrack(
            from: 0.0, to: 100.0, timing: AnimationTiming(beginTime: 0, duration: 1, curve: .linear))
        let second = AnimationTiming(beginTime: 0.5, duration: 1, curve: .linear)
        let table: [(Bool, Double, Double)] = [(true, 50, 125), (false, 100, 150)]
        for (current, start, midway) in table {
            let track = first.interrupted(at: 0.5, to: 200, timing: second, fromCurrentState: current)
            XCTAssertEqual(track.from, start, "fromCurrentState \(current)")
            XCTAssertEqual(track.value(at: 1), midway, accuracy: 1e-9, "fromCurrentState \(current)")
            XCTAssertEqual(track.value(at: 1.5), 200, "ends on the new target")
        }
        XCTAssertEqual(first.value(at: -1), 0, "waiting shows the start")
    }

    func testGroupCompletesOnceWithItsResult() {
        var ledger = CompletionLedger<Int>()
        ledger.begin(1, count: 2)
        ledger.begin(2, count: 1)
        XCTAssertNil(ledger.end(1, finished: true), "one of two")
        XCTAssertEqual(ledger.end(2, finished: false), false, "interrupted")
        XCTAssertEqual(ledger.end(1, finished: true), true, "both ran to the end")
        XCTAssertNil(ledger.end(1, finished: true), "already completed")
        ledger.begin(3, count: 2)
        XCTAssertNil(ledger.end(3, finished: false))
        XCTAssertEqual(ledger.end(3, finished: true), false, "one interrupted: not finished")
        XCTAssertEqual(ledger.openGroups, 0)
    }
}
