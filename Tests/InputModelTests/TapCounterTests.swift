import InputModel
import XCTest

final class TapCounterTests: XCTestCase {
    private struct Touch {
        let area: Int
        let x: Double
        let y: Double
        let down: Double
        let up: Double
        var moveTo: (Double, Double)?
        let count: Int
    }

    private func touch(
        _ area: Int, _ x: Double, _ y: Double, down: Double, up: Double, moveTo: (Double, Double)? = nil, count: Int
    ) -> Touch {
        Touch(area: area, x: x, y: y, down: down, up: up, moveTo: moveTo, count: count)
    }

    /// Sequences of touches, each with the tap count it must get (thresholds 0.35 s, 10 points, 0.5 s hold).
    func testSequences() {
        let sequences: [(String, [Touch])] = [
            (
                "a double tap",
                [touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 104, 97, down: 0.3, up: 0.4, count: 2)]
            ),
            (
                "a triple tap",
                [
                    touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 101, 100, down: 0.2, up: 0.3, count: 2),
                    touch(1, 102, 100, down: 0.4, up: 0.5, count: 3),
                ]
            ),
            (
                "too slow",
                [touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 100, 100, down: 0.46, up: 0.5, count: 1)]
            ),
            (
                "just in time",
                [touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 100, 100, down: 0.45, up: 0.5, count: 2)]
            ),
            (
                "too far",
                [touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 108, 108, down: 0.2, up: 0.3, count: 1)]
            ),
            (
                "another window",
                [touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(2, 100, 100, down: 0.2, up: 0.3, count: 1)]
            ),
            (
                "a drag is no tap",
                [
                    touch(1, 100, 100, down: 0, up: 0.1, moveTo: (150, 100), count: 1),
                    touch(1, 100, 100, down: 0.2, up: 0.3, count: 1),
                ]
            ),
            (
                "a long press is no tap",
                [touch(1, 100, 100, down: 0, up: 0.9, count: 1), touch(1, 100, 100, down: 1.0, up: 1.1, count: 1)]
            ),
            (
                "the count restarts after a miss",
                [
                    touch(1, 100, 100, down: 0, up: 0.1, count: 1), touch(1, 100, 100, down: 0.2, up: 0.3, count: 2),
                    touch(1, 300, 300, down: 0.4, up: 0.5, count: 1), touch(1, 300, 300, down: 0.6, up: 0.7, count: 2),
                ]
            ),
        ]
        for (name, touches) in sequences {
            var counter = TapCounter()
            for (index, touch) in touches.enumerated() {
                let start = ScreenPoint(x: touch.x, y: touch.y)
                let count = counter.tapCount(area: touch.area, location: start, time: touch.down)
                XCTAssertEqual(count, touch.count, "\(name), touch \(index + 1)")
                let end = touch.moveTo.map { ScreenPoint(x: $0.0, y: $0.1) } ?? start
                counter.touchEnded(
                    area: touch.area, count: count, startLocation: start, startTime: touch.down, endLocation: end,
                    endTime: touch.up)
            }
        }
    }

    func testResetAndThresholds() {
        var counter = TapCounter()
        let point = ScreenPoint(x: 5, y: 5)
        counter.touchEnded(area: 0, count: 1, startLocation: point, startTime: 0, endLocation: point, endTime: 0.1)
        XCTAssertEqual(counter.tapCount(area: 0, location: point, time: 0.2), 2)
        counter.reset()
        XCTAssertEqual(counter.tapCount(area: 0, location: point, time: 0.2), 1)

        counter.maximumInterval = 1
        counter.touchEnded(area: 0, count: 1, startLocation: point, startTime: 0, endLocation: point, endTime: 0.1)
        XCTAssertEqual(counter.tapCount(area: 0, location: point, time: 0.9), 2, "a longer interval set")
        XCTAssertEqual(
            counter.tapCount(area: 0, location: point, time: 0.05), 1, "a clock going backwards starts again")
    }
}
