import InputModel
import XCTest

final class KeyRepeatTimerTests: XCTestCase {
    private let keyA: UInt32 = 30
    private let keyB: UInt32 = 48
    private let keyShift: UInt32 = 42

    func testStandardRateRepeatsAfterTheDelayThenEveryInterval() {
        var timer = KeyRepeatTimer()
        XCTAssertEqual(timer.rate.intervalMicroseconds, 40_000, "25 per second")
        timer.keyPressed(evdevCode: keyA, repeats: true, atMicroseconds: 1_000_000)
        XCTAssertEqual(timer.nextRepeatMicroseconds, 1_600_000)
        // (now, repeats due, next due time)
        let steps: [(UInt64, Int, UInt64)] = [
            (1_599_999, 0, 1_600_000),
            (1_600_000, 1, 1_640_000),
            (1_650_000, 1, 1_680_000),
            (1_760_000, 3, 1_800_000),  // late: 1 680 000, 1 720 000 and 1 760 000 were due
            (1_790_000, 0, 1_800_000),
        ]
        for (now, due, next) in steps {
            XCTAssertEqual(timer.repeatsDue(atMicroseconds: now), due, "at \(now)")
            XCTAssertEqual(timer.nextRepeatMicroseconds, next, "at \(now)")
        }
        timer.keyReleased(evdevCode: keyA)
        XCTAssertNil(timer.nextRepeatMicroseconds)
        XCTAssertEqual(timer.repeatsDue(atMicroseconds: 9_000_000), 0)
    }

    func testOnlyTheLastRepeatingKeyRepeats() {
        var timer = KeyRepeatTimer(rate: KeyRepeatRate(delayMicroseconds: 250_000, repeatsPerSecond: 10))
        timer.keyPressed(evdevCode: keyA, repeats: true, atMicroseconds: 0)
        timer.keyPressed(evdevCode: keyB, repeats: true, atMicroseconds: 100_000)
        XCTAssertEqual(timer.repeatingKey, keyB)
        XCTAssertEqual(timer.nextRepeatMicroseconds, 350_000)
        timer.keyPressed(evdevCode: keyShift, repeats: false, atMicroseconds: 200_000)
        XCTAssertEqual(timer.repeatingKey, keyB, "a modifier leaves the repeat running")
        timer.keyReleased(evdevCode: keyA)
        XCTAssertEqual(timer.repeatingKey, keyB, "releasing another key changes nothing")
        XCTAssertEqual(timer.repeatsDue(atMicroseconds: 450_000), 2)
        timer.keyReleased(evdevCode: keyB)
        XCTAssertNil(timer.repeatingKey)
    }

    func testRateSettingsAndRepeatOff() {
        let rates: [(KeyRepeatRate, UInt64?)] = [
            (KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: 30), 33_333),
            (KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: 0), nil),
            (KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: -5), nil),
            (KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: .infinity), nil),
            (KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: 5_000_000), 1),
        ]
        for (rate, interval) in rates {
            XCTAssertEqual(rate.intervalMicroseconds, interval, "\(rate)")
        }
        var off = KeyRepeatTimer(rate: KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: 0))
        off.keyPressed(evdevCode: keyA, repeats: true, atMicroseconds: 0)
        XCTAssertNil(off.nextRepeatMicroseconds, "rate 0 turns repeat off")
        XCTAssertEqual(off.repeatsDue(atMicroseconds: 10_000_000), 0)
    }
}
