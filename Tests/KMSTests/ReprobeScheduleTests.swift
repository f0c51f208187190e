import KMS
import XCTest

/// Tables of (time, event) → (actions, next deadline after the step), replayed on a
/// fresh schedule. Plug times are event times handed through unchanged, so they are
/// compared exactly; deadlines are sums and compared to within a nanosecond.
final class ReprobeScheduleTests: XCTestCase {
    typealias Step = (
        time: Double, event: ReprobeSchedule.Event, actions: [ReprobeSchedule.Action], deadline: Double?
    )

    func replay(_ steps: [Step], file: StaticString = #filePath, line: UInt = #line) {
        var schedule = ReprobeSchedule()
        for (row, step) in steps.enumerated() {
            let actions = schedule.handle(step.event, at: step.time)
            let what = "row \(row): \(step.event) at \(step.time)"
            XCTAssertEqual(actions, step.actions, what, file: file, line: line)
            switch (schedule.nextDeadline, step.deadline) {
            case (nil, nil): break
            case (let deadline?, let expected?):
                XCTAssertEqual(deadline, expected, accuracy: 1e-9, "\(what): deadline", file: file, line: line)
            case (let deadline, let expected):
                XCTFail(
                    "\(what): deadline \(String(describing: deadline)), expected \(String(describing: expected))",
                    file: file, line: line)
            }
        }
    }

    func testFirstEventOfAQuietCardIsReprobedAtOnce() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.04, .timerFired, [], nil),
            // The window after the re-probe is over: the next event is re-probed at once too.
            (
                1.05, .cardChanged(card: "card0", connector: 6),
                [.reprobe(card: "card0", scope: .connectors([6]), plugTime: 1.05)], nil
            ),
            (
                2.0, .cardChanged(card: "card0", connector: nil), [.reprobe(card: "card0", scope: .all, plugTime: 2.0)],
                nil
            ),
        ])
    }

    func testEventsWithinTheWindowOfAReprobeAreOneReprobeAtItsEnd() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.01, .cardChanged(card: "card0", connector: 6), [], 1.03),
            // Later events do not push the deadline back.
            (1.029, .cardChanged(card: "card0", connector: 5), [], 1.03),
            (1.03, .timerFired, [.reprobe(card: "card0", scope: .connectors([5, 6]), plugTime: 1.01)], nil),
            // Within the window of that re-probe: held again.
            (1.05, .cardChanged(card: "card0", connector: 7), [], 1.06),
            (1.06, .timerFired, [.reprobe(card: "card0", scope: .connectors([7]), plugTime: 1.05)], nil),
        ])
    }

    func testEventNamingNoConnectorWidensToAll() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.01, .cardChanged(card: "card0", connector: nil), [], 1.03),
            (1.02, .cardChanged(card: "card0", connector: 6), [], 1.03),
            (1.03, .timerFired, [.reprobe(card: "card0", scope: .all, plugTime: 1.01)], nil),
        ])
    }

    func testCardsHaveTheirOwnWindowsAndHeldEventsComeOutTogetherSorted() {
        replay([
            (
                1.0, .cardChanged(card: "card1", connector: 7),
                [.reprobe(card: "card1", scope: .connectors([7]), plugTime: 1.0)], nil
            ),
            // Another card is quiet: at once.
            (
                1.01, .cardChanged(card: "card0", connector: nil),
                [.reprobe(card: "card0", scope: .all, plugTime: 1.01)], nil
            ),
            (1.02, .cardChanged(card: "card1", connector: 8), [], 1.03),
            // card0's window ends at 1.04; it runs with card1's sooner deadline.
            (1.025, .cardChanged(card: "card0", connector: 5), [], 1.03),
            (
                1.03, .timerFired,
                [
                    .reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.02),
                    .reprobe(card: "card1", scope: .connectors([8]), plugTime: 1.02),
                ],
                nil
            ),
        ])
    }

    func testEventPastADeadlineWhoseTimerIsLateRunsThePendingReprobeAtOnce() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.01, .cardChanged(card: "card0", connector: 6), [], 1.03),
            (
                1.04, .cardChanged(card: "card0", connector: 7),
                [.reprobe(card: "card0", scope: .connectors([6, 7]), plugTime: 1.01)], nil
            ),
            (1.045, .timerFired, [], nil),
        ])
    }

    func testTimerFiredEarlyDoesNothingWithinOneMillisecondIsOnTime() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.01, .cardChanged(card: "card0", connector: 6), [], 1.03),
            (1.02, .timerFired, [], 1.03),
            (1.028, .timerFired, [], 1.03),
            (1.0295, .timerFired, [.reprobe(card: "card0", scope: .connectors([6]), plugTime: 1.01)], nil),
        ])
    }

    func testTimerWithNothingPendingDoesNothing() {
        replay([
            (0.0, .timerFired, [], nil),
            (0.0, .flush, [], nil),
        ])
    }

    func testNoModeRetriesAfterPointOnePointThreePointNineThenGivenUpOnceThenSilence() {
        replay([
            (2.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.0), [], 2.1),
            (2.1, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil),
            (2.1, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.0), [], 2.4),
            (2.4, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil),
            (2.4, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.0), [], 3.3),
            (3.3, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil),
            (
                3.3, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.0),
                [.reportGivenUp(card: "card0", connector: 5)], nil
            ),
            (3.4, .timerFired, [], nil),
            // A later re-probe of the card (another event) still finds no modes: silence.
            (5.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 4.9), [], nil),
            (6.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 5.9), [], nil),
            // Another connector of the card has its own counter.
            (6.0, .connectorHasNoModes(card: "card0", connector: 6, plugTime: nil), [], 6.1),
            (6.1, .timerFired, [.reprobe(card: "card0", scope: .connectors([6]), plugTime: nil)], nil),
        ])
    }

    func testLightingDisconnectingOrFindingModesResetsTheRetries() {
        replay([
            (0.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 0.1),
            (0.1, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: nil)], nil),
            (0.1, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 0.4),
            (0.4, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: nil)], nil),
            (0.4, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 1.3),
            (1.3, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: nil)], nil),
            (
                1.3, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil),
                [.reportGivenUp(card: "card0", connector: 5)], nil
            ),
            (1.5, .connectorLit(card: "card0", connector: 5), [], nil),
            // Lit resets: the first delay again.
            (2.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.9), [], 2.1),
            (2.1, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.9)], nil),
            (2.1, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.9), [], 2.4),
            (2.4, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.9)], nil),
            (2.5, .connectorDisconnected(card: "card0", connector: 5), [], nil),
            // Disconnect resets.
            (3.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 2.9), [], 3.1),
            (3.1, .timerFired, [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 2.9)], nil),
            // Modes found but no CRTC free: the retries are over too (waiting is logged instead).
            (3.1, .noFreeCRTC(card: "card0", connector: 5), [.reportWaiting(card: "card0", connector: 5)], nil),
            (4.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 3.9), [], 4.1),
        ])
    }

    func testRetryIsMergedWithPendingReprobesAtTheSoonerDeadline() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 6),
                [.reprobe(card: "card0", scope: .connectors([6]), plugTime: 1.0)], nil
            ),
            // A burst pending: the retry joins it and keeps its sooner deadline.
            (1.01, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 1.11),
            (1.02, .cardChanged(card: "card0", connector: 7), [], 1.03),
            (1.03, .timerFired, [.reprobe(card: "card0", scope: .connectors([5, 7]), plugTime: 1.02)], nil),
            // A retry pending: an event of the same card, quiet by now, runs it at once;
            // the plug time is the earliest of both.
            (2.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 1.5), [], 2.3),
            (
                2.29, .cardChanged(card: "card0", connector: 8),
                [.reprobe(card: "card0", scope: .connectors([5, 8]), plugTime: 1.5)], nil
            ),
            // The last retry is far off: an event on another card runs it too.
            (3.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 3.9),
            (
                3.05, .cardChanged(card: "card1", connector: nil),
                [
                    .reprobe(card: "card0", scope: .connectors([5]), plugTime: 3.05),
                    .reprobe(card: "card1", scope: .all, plugTime: 3.05),
                ],
                nil
            ),
        ])
    }

    func testWaitingForACRTCIsReportedOnceUntilLitOrDisconnected() {
        replay([
            (1.0, .noFreeCRTC(card: "card0", connector: 5), [.reportWaiting(card: "card0", connector: 5)], nil),
            (1.1, .noFreeCRTC(card: "card0", connector: 5), [], nil),
            (1.2, .noFreeCRTC(card: "card0", connector: 6), [.reportWaiting(card: "card0", connector: 6)], nil),
            (1.3, .noFreeCRTC(card: "card0", connector: 5), [], nil),
            (2.0, .connectorLit(card: "card0", connector: 5), [], nil),
            (3.0, .noFreeCRTC(card: "card0", connector: 5), [.reportWaiting(card: "card0", connector: 5)], nil),
            (3.1, .noFreeCRTC(card: "card0", connector: 6), [], nil),
            (4.0, .connectorDisconnected(card: "card0", connector: 6), [], nil),
            (5.0, .noFreeCRTC(card: "card0", connector: 6), [.reportWaiting(card: "card0", connector: 6)], nil),
        ])
    }

    func testCardRemovedDropsItsStateAndPendingReprobe() {
        replay([
            (0.0, .noFreeCRTC(card: "card0", connector: 7), [.reportWaiting(card: "card0", connector: 7)], nil),
            (0.0, .noFreeCRTC(card: "card1", connector: 7), [.reportWaiting(card: "card1", connector: 7)], nil),
            (
                0.0, .cardChanged(card: "card1", connector: 8),
                [.reprobe(card: "card1", scope: .connectors([8]), plugTime: 0.0)], nil
            ),
            (0.01, .cardChanged(card: "card1", connector: 9), [], 0.03),
            (0.01, .connectorHasNoModes(card: "card0", connector: 5, plugTime: nil), [], 0.03),
            (0.02, .cardRemoved(card: "card0"), [], 0.03),
            (0.03, .timerFired, [.reprobe(card: "card1", scope: .connectors([9]), plugTime: 0.01)], nil),
            // The only pending card removed: no timer needed.
            (
                2.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 2.0)], nil
            ),
            (2.01, .cardChanged(card: "card0", connector: 6), [], 2.03),
            (2.02, .cardRemoved(card: "card0"), [], nil),
            // A card of the same name comes back: its window, reports and retries start
            // afresh, the other card's are kept.
            (
                2.025, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 2.025)], nil
            ),
            (2.03, .timerFired, [], nil),
            (3.0, .noFreeCRTC(card: "card0", connector: 7), [.reportWaiting(card: "card0", connector: 7)], nil),
            (3.0, .noFreeCRTC(card: "card1", connector: 7), [], nil),
            (3.0, .connectorHasNoModes(card: "card0", connector: 5, plugTime: 3.0), [], 3.1),
        ])
    }

    func testFlushRunsEverythingPendingNow() {
        replay([
            (
                1.0, .cardChanged(card: "card0", connector: 5),
                [.reprobe(card: "card0", scope: .connectors([5]), plugTime: 1.0)], nil
            ),
            (1.01, .cardChanged(card: "card0", connector: 6), [], 1.03),
            (1.01, .connectorHasNoModes(card: "card1", connector: 2, plugTime: nil), [], 1.03),
            (
                1.011, .flush,
                [
                    .reprobe(card: "card0", scope: .connectors([6]), plugTime: 1.01),
                    .reprobe(card: "card1", scope: .connectors([2]), plugTime: 1.01),
                ],
                nil
            ),
            (1.03, .timerFired, [], nil),
        ])
    }

    func testScopeAdding() {
        XCTAssertEqual(ReprobeScope.connectors([]).adding(3), .connectors([3]))
        XCTAssertEqual(ReprobeScope.connectors([3]).adding(4), .connectors([3, 4]))
        XCTAssertEqual(ReprobeScope.connectors([3]).adding(nil), .all)
        XCTAssertEqual(ReprobeScope.all.adding(3), .all)
    }
}
