import Animation
import XCTest

final class TimingCurveTests: XCTestCase {
    private let curves: [(String, TimingCurve, (Double, Double, Double, Double))] = [
        ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)), ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)), ("linear", .linear, (0, 0, 1, 1)),
    ]

    /// Core Animation's control points, as UIKit's curves use them.
    func testCurvesHaveCoreAnimationsControlPoints() {
        for (name, curve, points) in curves {
            XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], [points.0, points.1, points.2, points.3], name)
        }
    }

    /// The curve walked by its parameter, written out here apart from the module's solver:
    /// the solved y at each point's x must be that point's y.
    func testSolvedProgressLiesOnTheBezierCurve() {
        for (name, curve, p) in curves {
            for step in 0...200 {
                let t = Double(step) / 200
                let u = 1 - t
                let x = 3 * u * u * t * p.0 + 3 * u * t * t * p.2 + t * t * t
                let y = 3 * u * u * t * p.1 + 3 * u * t * t * p.3 + t * t * t
                XCTAssertEqual(curve.progress(at: x), y, accuracy: 1e-9, "\(name) at x \(x)")
            }
        }
    }

    func testKnownPoints() {
        let table: [(TimingCurve, Double, Double, String)] = [
            (.easeInEaseOut, 0.5, 0.5, "symmetric about the middle"), (.linear, 0.3, 0.3, "identity"),
            (.linear, 0.77, 0.77, "identity"), (.easeIn, 0, 0, "start"), (.easeOut, 1, 1, "end"),
            (.easeInEaseOut, -1, 0, "before the start clamps"), (.easeInEaseOut, 2, 1, "after the end clamps"),
            (.easeInEaseOut, .nan, 0, "NaN is the start"),
        ]
        for (curve, x, y, why) in table {
            XCTAssertEqual(curve.progress(at: x), y, accuracy: 1e-12, why)
        }
        // Values of these curves at a quarter, found with an independent 200-step
        // bisection of x(t) in Python (CSS ease-in-out, ease-in, ease-out).
        XCTAssertEqual(TimingCurve.easeInEaseOut.progress(at: 0.25), 0.129_161_9, accuracy: 1e-6)
        XCTAssertEqual(TimingCurve.easeIn.progress(at: 0.25), 0.093_464_7, accuracy: 1e-6)
        XCTAssertEqual(TimingCurve.easeOut.progress(at: 0.25), 0.378_138_1, accuracy: 1e-6)
    }

    /// Ease-out is ease-in turned half round; ease-in starts slower than linear.
    func testCurveShapes() {
        for step in 1..<100 {
            let x = Double(step) / 100
            XCTAssertEqual(
                TimingCurve.easeOut.progress(at: x), 1 - TimingCurve.easeIn.progress(at: 1 - x), accuracy: 1e-9)
            XCTAssertLessThan(TimingCurve.easeIn.progress(at: x), x)
            XCTAssertGreaterThan(TimingCurve.easeOut.progress(at: x), x)
            XCTAssertEqual(
                TimingCurve.easeInEaseOut.progress(at: x), 1 - TimingCurve.easeInEaseOut.progress(at: 1 - x),
                accuracy: 1e-9)
        }
    }

    /// Control points with a flat start (x1 = 0, y1 = 1) make Newton's method useless
    /// there; bisection still finds the point.
    func testSteepCurvesStillSolve() {
        let steep = TimingCurve(x1: 0, y1: 1, x2: 0, y2: 1)
        for step in 0...100 {
            let t = Double(step) / 100
            let u = 1 - t
            let x = t * t * t
            let y = 3 * u * u * t + 3 * u * t * t + t * t * t
            XCTAssertEqual(steep.progress(at: x), y, accuracy: 1e-7, "at \(x)")
        }
    }
}
