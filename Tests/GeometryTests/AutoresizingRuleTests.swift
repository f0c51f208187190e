import Foundation
import Geometry
import XCTest

/// UIKit's autoresizing arithmetic, by hand: a superview 300 wide holds a view at
/// x 50, width 100 (left margin 50, right margin 150) and grows by 60 (or shrinks).
final class AutoresizingRuleTests: XCTestCase {
    func testHorizontalAxisTable() {
        let frame = CGRect(x: 50, y: 10, width: 100, height: 20)
        let old = CGSize(width: 300, height: 100)
        let cases: [(AutoresizingMask, CGFloat, CGFloat, CGFloat, String)] = [
            // mask, new superview width, expected x, expected width
            ([], 360, 50, 100, "nothing flexible: the right margin takes it"),
            (.flexibleLeftMargin, 360, 110, 100, "pinned right"),
            (.flexibleWidth, 360, 50, 160, "stretches"),
            (.flexibleRightMargin, 360, 50, 100, "pinned left"),
            ([.flexibleLeftMargin, .flexibleRightMargin], 360, 65, 100, "50:150 share 15:45"),
            ([.flexibleLeftMargin, .flexibleWidth], 360, 70, 140, "50:100 share 20:40"),
            ([.flexibleWidth, .flexibleRightMargin], 360, 50, 124, "100:150 share 24:36"),
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 360, 60, 120, "everything scales by 1.2"),
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 150, 25, 50, "everything scales by 0.5"),
            (.flexibleWidth, 180, 50, 0, "a size never goes below zero"),
            (.flexibleLeftMargin, 300, 50, 100, "no change, no move"),
        ]
        for (mask, width, x, w, name) in cases {
            let result = AutoresizingRule.frame(frame, mask: mask, from: old, to: CGSize(width: width, height: 100))
            XCTAssertEqual(result.minX, x, accuracy: 1e-9, name)
            XCTAssertEqual(result.width, w, accuracy: 1e-9, name)
            XCTAssertEqual(result.minY, 10, name)
            XCTAssertEqual(result.height, 20, name)
        }
    }

    /// The vertical axis follows the same rule with top, height and bottom.
    func testVerticalAxisTable() {
        let frame = CGRect(x: 0, y: 20, width: 10, height: 40)
        let old = CGSize(width: 10, height: 100)
        let cases: [(AutoresizingMask, CGFloat, CGFloat, CGFloat)] = [
            ([], 200, 20, 40),
            (.flexibleTopMargin, 200, 120, 40),
            (.flexibleHeight, 200, 20, 140),
            (.flexibleBottomMargin, 200, 20, 40),
            ([.flexibleTopMargin, .flexibleBottomMargin], 200, 20 + 100.0 / 3, 40),  // 20:40 share 1:2
            ([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], 50, 10, 20),
            // Horizontal flags do nothing vertically.
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 200, 20, 40),
        ]
        for (mask, height, y, h) in cases {
            let result = AutoresizingRule.frame(frame, mask: mask, from: old, to: CGSize(width: 10, height: height))
            XCTAssertEqual(result.minY, y, accuracy: 1e-9, "\(mask)")
            XCTAssertEqual(result.height, h, accuracy: 1e-9, "\(mask)")
            XCTAssertEqual(result.minX, 0, "\(mask)")
        }
    }

    /// Flexible parts of length zero (a view filling its superview with flexible
    /// margins) share the delta equally: the view stays centred.
    func testZeroLengthFlexiblePartsShareEqually() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let result = AutoresizingRule.frame(
            frame, mask: [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin], from: frame.size,
            to: CGSize(width: 140, height: 120))
        XCTAssertEqual(result, CGRect(x: 20, y: 20, width: 100, height: 100))
    }

    /// Margins are measured from the superview's bounds origin (a scrolled superview).
    func testMarginsFromTheBoundsOrigin() {
        let result = AutoresizingRule.frame(
            CGRect(x: 150, y: 0, width: 100, height: 10), mask: .flexibleLeftMargin,
            superviewOrigin: CGPoint(x: 100, y: 0), from: CGSize(width: 300, height: 10),
            to: CGSize(width: 400, height: 10))
        XCTAssertEqual(result.minX, 250)
    }

    func testRawValuesMatchUIKit() {
        let masks: [AutoresizingMask] = [
            .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight,
            .flexibleBottomMargin,
        ]
        XCTAssertEqual(masks.map(\.rawValue), [1, 2, 4, 8, 16, 32])
    }
}
