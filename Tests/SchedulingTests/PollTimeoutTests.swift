import Scheduling
import XCTest

/// Timeouts given to every blocking wait (event loop, flip and writeback waits): none can trap converting to poll's Int32.
final class PollTimeoutTests: XCTestCase {
    func testEveryTimeoutBecomesAValidPollArgument() {
        let table: [(seconds: Double, milliseconds: Int32)] = [
            (0, 0), (-1, 0), (.nan, 0), (0.0001, 1), (0.5, 500), (2, 2000), (86_400, 86_400_000),
            (.infinity, 86_400_000), (.greatestFiniteMagnitude, 86_400_000), (-.infinity, 0),
        ]
        for row in table {
            XCTAssertEqual(pollTimeoutMilliseconds(row.seconds), row.milliseconds, "\(row.seconds) s")
        }
    }
}
