import Animation
import Foundation
import XCTest

final class ScrollPhysicsTests: XCTestCase {
    /// The offset after t ms is v·(1−rateᵗ)/(1−rate) from the start, at both of UIKit's rates.
    func testDecelerationFollowsTheFormula() {
        for rate in [ScrollPhysics.normalDecelerationRate, ScrollPhysics.fastDecelerationRate] {
            let coast = ScrollDeceleration(start: 100, velocity: 2, rate: rate)
            for t in [0.0, 16, 100, 250, 500] where t < coast.duration {
                let expected = 100 + 2 * (1 - pow(rate, t)) / (1 - rate)
                XCTAssertEqual(coast.offset(after: t), expected, accuracy: 1e-9, "rate \(rate) at \(t) ms")
                XCTAssertEqual(coast.velocity(after: t), 2 * pow(rate, t), accuracy: 1e-12)
            }
        }
        // Spot values: 2 pt/ms at .normal moves 2·(1−0.998¹⁰⁰)/0.002 = 181.43 points in 100 ms.
        XCTAssertEqual(
            ScrollDeceleration(start: 0, velocity: 2, rate: 0.998).offset(after: 100), 181.433, accuracy: 0.001)
    }

    /// It stops once slower than the resting speed, near v/(1−rate) away; .fast stops sooner and shorter.
    func testDecelerationStops() {
        let normal = ScrollDeceleration(start: 0, velocity: -3, rate: ScrollPhysics.normalDecelerationRate)
        XCTAssertEqual(
            abs(normal.velocity * pow(normal.rate, normal.duration)), ScrollPhysics.restingSpeed, accuracy: 1e-9)
        XCTAssertEqual(normal.velocity(after: normal.duration + 1), 0)
        XCTAssertEqual(normal.offset(after: normal.duration + 5000), normal.restingOffset)
        XCTAssertEqual(normal.restingOffset, -1500, accuracy: 3.1)  // −3/0.002, less the last 0.006/0.002
        let fast = ScrollDeceleration(start: 0, velocity: -3, rate: ScrollPhysics.fastDecelerationRate)
        XCTAssertLessThan(fast.duration, normal.duration)
        XCTAssertEqual(fast.restingOffset, -300, accuracy: 0.7)
        XCTAssertEqual(ScrollDeceleration(start: 5, velocity: 0.001, rate: 0.998).duration, 0)
    }

    func testDecelerationReachesAnEdgeAtTheRightTime() throws {
        let coast = ScrollDeceleration(start: 0, velocity: 2, rate: 0.998)
        let time = try XCTUnwrap(coast.time(reaching: 300))
        XCTAssertEqual(coast.offset(after: time), 300, accuracy: 1e-6)
        XCTAssertNil(coast.time(reaching: 2000), "stops at ~997 first")
        XCTAssertNil(coast.time(reaching: -10), "moves the other way")
    }

    func testHostileDecelerationInputs() {
        for rate in [Double.nan, 0, 1, 1.5, -0.5, .infinity] {
            XCTAssertEqual(ScrollDeceleration(start: 0, velocity: 1, rate: rate).rate, 0.998, "rate \(rate)")
        }
        let nan = ScrollDeceleration(start: .nan, velocity: .infinity, rate: 0.998)
        XCTAssertEqual(nan.offset(after: 100), 0)
        XCTAssertEqual(nan.duration, 0)
        XCTAssertEqual(ScrollDeceleration(start: 1, velocity: 1, rate: 0.99).offset(after: .nan), 1)
    }

    /// (1 − 1/(x·0.55/d + 1))·d: half the dimension's 0.55 for a small pull, never beyond d.
    func testRubberBandFormula() {
        for (pull, dimension) in [(10.0, 500.0), (100, 500), (500, 500), (2000, 300)] {
            let expected = (1 - 1 / (pull * 0.55 / dimension + 1)) * dimension
            XCTAssertEqual(ScrollPhysics.rubberBand(pull: pull, dimension: dimension), expected, accuracy: 1e-9)
            XCTAssertEqual(ScrollPhysics.rubberBand(pull: -pull, dimension: dimension), -expected, accuracy: 1e-9)
            XCTAssertLessThan(expected, pull * 0.55 + 1e-9)
        }
        XCTAssertEqual(ScrollPhysics.rubberBand(pull: 100, dimension: 500), 49.55, accuracy: 0.01)
        XCTAssertLessThan(ScrollPhysics.rubberBand(pull: 1e12, dimension: 300), 300)
        XCTAssertEqual(ScrollPhysics.rubberBand(pull: .nan, dimension: 300), 0)
        XCTAssertEqual(ScrollPhysics.rubberBand(pull: 10, dimension: 0), 0)
        XCTAssertEqual(ScrollPhysics.rubberBand(pull: 10, dimension: -5), 0)
    }

    func testRubberBandedOffset() {
        let range = 0.0...1000
        XCTAssertEqual(ScrollPhysics.rubberBandedOffset(400, range: range, dimension: 500, bounces: true), 400)
        XCTAssertEqual(
            ScrollPhysics.rubberBandedOffset(-100, range: range, dimension: 500, bounces: true), -49.55, accuracy: 0.01)
        XCTAssertEqual(
            ScrollPhysics.rubberBandedOffset(1100, range: range, dimension: 500, bounces: true), 1049.55, accuracy: 0.01
        )
        XCTAssertEqual(ScrollPhysics.rubberBandedOffset(-100, range: range, dimension: 500, bounces: false), 0)
        XCTAssertEqual(ScrollPhysics.rubberBandedOffset(.nan, range: range, dimension: 500, bounces: true), 0)
    }

    /// A content shorter than the bounds rests at −inset only; insets widen the range.
    func testOffsetRange() {
        XCTAssertEqual(
            ScrollPhysics.offsetRange(contentLength: 2000, boundsLength: 500, insetBefore: 20, insetAfter: 30),
            -20...1530)
        XCTAssertEqual(
            ScrollPhysics.offsetRange(contentLength: 100, boundsLength: 500, insetBefore: 0, insetAfter: 0), 0...0)
        XCTAssertEqual(
            ScrollPhysics.offsetRange(contentLength: .nan, boundsLength: .infinity, insetBefore: .nan, insetAfter: 0),
            0...0)
    }

    /// The spring starts where it was let go and settles on its target, and stays there.
    func testSpringBack() {
        let spring = ScrollSpring(start: -60, target: 0)
        XCTAssertEqual(spring.offset(after: 0), -60)
        XCTAssertGreaterThan(spring.offset(after: 100), -60)
        XCTAssertLessThanOrEqual(spring.offset(after: 100), 0, "critically damped: no overshoot from rest")
        XCTAssertLessThan(spring.duration, 1000)
        XCTAssertGreaterThan(spring.duration, 200)
        XCTAssertEqual(spring.offset(after: spring.duration), 0)
        XCTAssertEqual(spring.velocity(after: spring.duration), 0)
        var previous = -60.0
        for t in stride(from: 0.0, through: spring.duration, by: 16) {
            let offset = spring.offset(after: t)
            XCTAssertGreaterThanOrEqual(offset, previous - 1e-9, "monotonic at \(t)")
            previous = offset
        }
        // Thrown outward past the edge, it goes further first, then comes back.
        let bounce = ScrollSpring(start: 0, target: 0, velocity: -1)
        XCTAssertLessThan(bounce.offset(after: 50), -10)
        XCTAssertEqual(bounce.offset(after: bounce.duration), 0)
        XCTAssertEqual(ScrollSpring(start: .nan, target: 5).offset(after: 10_000), 5)
    }

    /// Paging: the nearest page when slow, the next in the flick's direction when fast, within the range.
    func testPagingTarget() {
        let range = 0.0...1500
        func target(_ offset: Double, _ velocity: Double) -> Double {
            ScrollPhysics.pagingTarget(offset: offset, velocity: velocity, pageLength: 500, range: range)
        }
        XCTAssertEqual(target(240, 0), 0)
        XCTAssertEqual(target(260, 0), 500)
        XCTAssertEqual(target(520, 1), 1000)
        XCTAssertEqual(target(980, -1), 500)
        XCTAssertEqual(target(1000, -1), 500)
        XCTAssertEqual(target(1400, 2), 1500)
        XCTAssertEqual(target(1500, 2), 1500, "the last page stays")
        XCTAssertEqual(target(-30, -2), 0)
        XCTAssertEqual(target(.nan, 1), 0)
        XCTAssertEqual(ScrollPhysics.pagingTarget(offset: 300, velocity: 1, pageLength: 0, range: range), 0)
    }
}
