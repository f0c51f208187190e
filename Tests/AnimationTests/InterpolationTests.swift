import Animation
import Foundation
import XCTest

final class InterpolationTests: XCTestCase {
    func testGeometryInterpolatesComponentwiseAndEndsExactly() {
        let from = CGRect(x: 0, y: 10, width: 100, height: 50)
        let to = CGRect(x: 20, y: -10, width: 50, height: 150)
        XCTAssertEqual(from.interpolated(to: to, by: 0.25), CGRect(x: 5, y: 5, width: 87.5, height: 75))
        XCTAssertEqual(from.interpolated(to: to, by: 0), from)
        XCTAssertEqual(from.interpolated(to: to, by: 1), to)
        XCTAssertEqual(CGPoint(x: 1, y: 2).interpolated(to: CGPoint(x: 3, y: 6), by: 0.5), CGPoint(x: 2, y: 4))
        XCTAssertEqual(
            CGSize(width: 1, height: 2).interpolated(to: CGSize(width: 3, height: 6), by: 1.5),
            CGSize(width: 4, height: 8))
        XCTAssertEqual(CGFloat(0.1).interpolated(to: 0.7, by: 1), 0.7, "exactly the end, no rounding")
    }

    func testAffineMatrixPartsRoundTrip() {
        let table: [AffineMatrix.Parts] = [
            .init(), .init(scaleX: 2, scaleY: 0.5), .init(rotation: 1), .init(scaleX: -1, rotation: 0.3),
            .init(scaleX: 1.5, scaleY: 3, skew: 0.4, rotation: -2, translationX: 7, translationY: -3),
        ]
        for parts in table {
            let matrix = AffineMatrix(parts)
            let back = AffineMatrix(matrix.parts)
            for (x, y) in [(matrix.a, back.a), (matrix.b, back.b), (matrix.c, back.c), (matrix.d, back.d)] {
                XCTAssertEqual(x, y, accuracy: 1e-12, "\(parts)")
            }
            XCTAssertEqual(matrix.parts.rotation, parts.rotation, accuracy: 1e-12, "\(parts)")
            XCTAssertEqual(matrix.parts.scaleX, parts.scaleX, accuracy: 1e-12, "\(parts)")
        }
    }

    /// By parts: a quarter turn is an eighth turn halfway (not a shrunken matrix
    /// average), scale and translation move linearly, the turn takes the short way.
    func testAffineMatrixInterpolatesByParts() {
        let quarterTurn = AffineMatrix(.init(rotation: .pi / 2))
        let half = AffineMatrix.identity.interpolated(to: quarterTurn, by: 0.5)
        assertMatrix(half, AffineMatrix(.init(rotation: .pi / 4)))
        XCTAssertEqual((half.a * half.a + half.b * half.b).squareRoot(), 1, accuracy: 1e-12, "no shrinking")
        let grown = AffineMatrix(.init(scaleX: 3, scaleY: 5, translationX: 10, translationY: -20))
        assertMatrix(
            AffineMatrix.identity.interpolated(to: grown, by: 0.5),
            AffineMatrix(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: -10))
        let from = AffineMatrix(.init(rotation: 3))
        let to = AffineMatrix(.init(rotation: -3))
        XCTAssertEqual(from.interpolated(to: to, by: 0.5).parts.rotation.magnitude, .pi, accuracy: 1e-9, "through π")
        XCTAssertEqual(from.interpolated(to: to, by: 1), to)
    }

    private func assertMatrix(_ m: AffineMatrix, _ n: AffineMatrix, file: StaticString = #filePath, line: UInt = #line)
    {
        for (x, y) in [(m.a, n.a), (m.b, n.b), (m.c, n.c), (m.d, n.d), (m.tx, n.tx), (m.ty, n.ty)] {
            XCTAssertEqual(x, y, accuracy: 1e-12, "\(m) is not \(n)", file: file, line: line)
        }
    }
}

final class VBlankPredictorTests: XCTestCase {
    func testPredictsFromFlipTimestamps() {
        var predictor = VBlankPredictor(refreshRate: 60)
        XCTAssertEqual(predictor.nextVBlank(after: 5), 5, "no flip yet: now")
        predictor.record(time: 100, sequence: 10)
        XCTAssertEqual(predictor.nextVBlank(after: 100.001), 100 + 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(predictor.nextVBlank(after: 100.02), 100 + 2.0 / 60, accuracy: 1e-12, "one vblank passed")
        XCTAssertEqual(predictor.nextVBlank(after: 99), 100 + 1.0 / 60, accuracy: 1e-12, "before the last: after it")
        // The panel really runs at 50 Hz: the period follows the flips (skipped vblanks counted).
        var time = 100.0
        var sequence: UInt32 = 10
        for step in 0..<40 {
            let skipped: UInt32 = step % 5 == 0 ? 2 : 1
            sequence &+= skipped
            time += 0.02 * Double(skipped)
            predictor.record(time: time, sequence: sequence)
        }
        XCTAssertEqual(predictor.period, 0.02, accuracy: 1e-4)
        XCTAssertEqual(predictor.nextVBlank(after: time + 0.001), time + predictor.period, accuracy: 1e-12)
    }

    func testImplausibleFlipsDoNotMoveThePeriod() {
        var predictor = VBlankPredictor(refreshRate: 60)
        predictor.record(time: 10, sequence: 1)
        predictor.record(time: 11, sequence: 2)  // a second for one vblank: a lost event, not a 1 Hz panel
        predictor.record(time: 11.001, sequence: 3)
        predictor.record(time: 12, sequence: 3)  // the counter did not move
        XCTAssertEqual(predictor.period, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(VBlankPredictor(refreshRate: 0).period, 1.0 / 60)
        XCTAssertEqual(VBlankPredictor(refreshRate: .nan).period, 1.0 / 60)
    }
}
