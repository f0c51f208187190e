import Foundation
import InputModel
import XCTest

final class GestureMeasuresTests: XCTestCase {
    func testVelocityLooksBackOverItsWindowOnly() {
        var estimator = VelocityEstimator()
        estimator.restart(at: ScreenPoint(x: 0, y: 0), time: 1)
        estimator.add(ScreenPoint(x: 10, y: 0), time: 1.05)
        XCTAssertEqual(estimator.velocity.x, 200, accuracy: 1e-6)
        estimator.add(ScreenPoint(x: 30, y: 6), time: 1.08)
        XCTAssertEqual(estimator.velocity.x, 375, accuracy: 1e-6, "30 points in 0.08 s")
        XCTAssertEqual(estimator.velocity.y, 75, accuracy: 1e-6)
        estimator.add(ScreenPoint(x: 40, y: 6), time: 1.16)
        XCTAssertEqual(estimator.velocity.x, 125, accuracy: 1e-6, "from 1.08: the samples at 1 and 1.05 fell out")
        estimator.add(ScreenPoint(x: 41, y: 6), time: 1.66)
        XCTAssertEqual(estimator.velocity.x, 2, accuracy: 1e-6, "after a pause: from the sample just before")
        estimator.add(ScreenPoint(x: .nan, y: 5), time: 1.7)
        XCTAssertEqual(estimator.velocity.x, 2, accuracy: 1e-6, "a non-finite sample is ignored")
        estimator.reset()
        XCTAssertEqual(estimator.velocity, ScreenPoint(x: 0, y: 0))
    }

    func testAStrokeGoesTheWayOfItsLargerComponent() {
        XCTAssertEqual(StrokeDirection.of(dx: 60, dy: -5).direction, .right)
        XCTAssertEqual(StrokeDirection.of(dx: -60, dy: 59).direction, .left)
        XCTAssertEqual(StrokeDirection.of(dx: 3, dy: -40).direction, .up)
        let down = StrokeDirection.of(dx: -3, dy: 40)
        XCTAssertEqual(down.direction, .down)
        XCTAssertEqual(down.along, 40)
        XCTAssertEqual(down.across, 3)
    }

    func testTwoFingersScaleAndTurn() {
        let base = ScreenPoint(x: 50, y: 0)
        XCTAssertEqual(TwoFingerMeasure.scale(from: base, to: ScreenPoint(x: 0, y: 100)), 2, accuracy: 1e-12)
        XCTAssertEqual(TwoFingerMeasure.turn(from: base, to: ScreenPoint(x: 0, y: 100)), .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(TwoFingerMeasure.turn(from: base, to: ScreenPoint(x: 0, y: -1)), -.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(TwoFingerMeasure.turn(from: base, to: ScreenPoint(x: -50, y: -1)), -.pi, accuracy: 0.03)
        XCTAssertEqual(TwoFingerMeasure.scale(from: ScreenPoint(x: 0, y: 0), to: base), 1, "no base length")
        XCTAssertEqual(TwoFingerMeasure.turn(from: base, to: ScreenPoint(x: 0, y: 0)), 0)
    }
}
