import Foundation
import Geometry
import XCTest

final class AffineTransformTests: XCTestCase {
    private func assertEqual(
        _ t: CGAffineTransform, _ expected: CGAffineTransform, _ message: String, line: UInt = #line
    ) {
        let pairs = [(t.a, expected.a), (t.b, expected.b), (t.c, expected.c), (t.d, expected.d)]
        for (value, want) in pairs + [(t.tx, expected.tx), (t.ty, expected.ty)] {
            XCTAssertEqual(value, want, accuracy: 1e-9, "\(message): \(t) != \(expected)", line: line)
        }
    }

    private func assertEqual(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, _ message: String, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, message, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, message, line: line)
    }

    /// Points mapped by the basic transforms, with CoreGraphics' values (y down: a
    /// quarter turn takes +x to +y, clockwise on screen).
    func testPointsThroughBasicTransforms() {
        let cases: [(String, CGAffineTransform, CGPoint, CGFloat, CGFloat)] = [
            ("identity", .identity, CGPoint(x: 3, y: -4), 3, -4),
            ("scale", CGAffineTransform(scaleX: 2, y: -3), CGPoint(x: 1, y: 2), 2, -6),
            ("translation", CGAffineTransform(translationX: 5, y: 7), CGPoint(x: 1, y: 2), 6, 9),
            ("quarter turn", CGAffineTransform(rotationAngle: .pi / 2), CGPoint(x: 1, y: 0), 0, 1),
            ("half turn", CGAffineTransform(rotationAngle: .pi), CGPoint(x: 1, y: 2), -1, -2),
            ("minus quarter", CGAffineTransform(rotationAngle: -.pi / 2), CGPoint(x: 0, y: 1), 1, 0),
            ("raw", CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6), CGPoint(x: 1, y: 1), 9, 12),
        ]
        for (name, t, point, x, y) in cases { assertEqual(point.applying(t), x, y, name) }
    }

    /// a.concatenating(b) applies a, then b; scaledBy/rotated/translatedBy put the new step first.
    func testConcatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        let point = CGPoint(x: 1, y: 1)
        assertEqual(point.applying(scale.concatenating(move)), 12, 2, "scale then move")
        assertEqual(point.applying(move.concatenating(scale)), 22, 2, "move then scale")
        assertEqual(move.scaledBy(x: 2, y: 2), scale.concatenating(move), "scaledBy scales first")
        assertEqual(scale.translatedBy(x: 10, y: 0), move.concatenating(scale), "translatedBy moves first")
        let turn = CGAffineTransform(rotationAngle: .pi / 2)
        assertEqual(move.rotated(by: .pi / 2), turn.concatenating(move), "rotated turns first")
        assertEqual(point.applying(move.rotated(by: .pi / 2)), 9, 1, "turned then moved")
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let b = CGAffineTransform(a: 0.5, b: -1, c: 2, d: 0, tx: -3, ty: 1)
        // Row-vector matrices: [x y 1]·A·B.
        assertEqual(
            a.concatenating(b), CGAffineTransform(a: 4.5, b: -1, c: 9.5, d: -3, tx: 11.5, ty: -4), "matrix product")
        assertEqual(a.concatenating(.identity), a, "identity on the right")
        assertEqual(CGAffineTransform.identity.concatenating(a), a, "identity on the left")
    }

    func testInverted() {
        let transforms: [CGAffineTransform] = [
            CGAffineTransform(scaleX: 2, y: 0.5), CGAffineTransform(rotationAngle: 0.3),
            CGAffineTransform(translationX: -4, y: 9), CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6),
            CGAffineTransform(rotationAngle: 1).scaledBy(x: 3, y: -2).translatedBy(x: 7, y: 1),
        ]
        for t in transforms {
            assertEqual(t.concatenating(t.inverted()), .identity, "t then its inverse")
            assertEqual(t.inverted().concatenating(t), .identity, "inverse then t")
        }
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(flat.inverted(), flat, "a singular transform comes back unchanged")
    }

    func testIsIdentity() {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertTrue(CGAffineTransform().isIdentity)
        XCTAssertTrue(CGAffineTransform(scaleX: 1, y: 1).isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 0, y: 0.001).isIdentity)
        XCTAssertFalse(CGAffineTransform(rotationAngle: 0.1).isIdentity)
    }

    /// Rectangles map to the bounding box of their corners; sizes ignore translation.
    func testRectsAndSizes() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let cases: [(String, CGAffineTransform, CGRect)] = [
            ("identity", .identity, rect),
            ("scale", CGAffineTransform(scaleX: 2, y: 3), CGRect(x: 20, y: 60, width: 200, height: 150)),
            ("flip", CGAffineTransform(scaleX: -1, y: 1), CGRect(x: -110, y: 20, width: 100, height: 50)),
            ("quarter turn", CGAffineTransform(rotationAngle: .pi / 2), CGRect(x: -70, y: 10, width: 50, height: 100)),
            ("move", CGAffineTransform(translationX: 1, y: -1), CGRect(x: 11, y: 19, width: 100, height: 50)),
        ]
        for (name, t, expected) in cases {
            let mapped = rect.applying(t)
            for (value, want) in [
                (mapped.minX, expected.minX), (mapped.minY, expected.minY), (mapped.width, expected.width),
                (mapped.height, expected.height),
            ] {
                XCTAssertEqual(value, want, accuracy: 1e-9, "\(name): \(mapped)")
            }
        }
        let square = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertEqual(square.width, 2 * 2.squareRoot(), accuracy: 1e-9, "a square turned 45° grows by √2")
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        let size = CGSize(width: 3, height: 4).applying(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 50, ty: 60))
        XCTAssertEqual(size, CGSize(width: 15, height: 22))
    }
}
