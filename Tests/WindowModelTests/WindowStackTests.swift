import Foundation
import WindowModel
import XCTest

final class WindowStackTests: XCTestCase {
    func testOrderFollowsLevelThenRecency() {
        struct Case {
            let inserts: [(String, CGFloat)]
            let raises: [String]
            let expected: [String]
        }
        let cases: [Case] = [
            Case(inserts: [("a", 0), ("b", 0)], raises: [], expected: ["a", "b"]),
            Case(inserts: [("a", 0), ("b", 0)], raises: ["a"], expected: ["b", "a"]),
            Case(inserts: [("alert", 2000), ("normal", 0)], raises: [], expected: ["normal", "alert"]),
            Case(inserts: [("alert", 2000), ("normal", 0)], raises: ["normal"], expected: ["normal", "alert"]),
            Case(
                inserts: [("alert", 2000), ("sub", 1996), ("bar", 1000), ("n", 0)], raises: ["n", "bar"],
                expected: ["n", "bar", "sub", "alert"]),
            Case(inserts: [("x", -5), ("y", 0.5), ("z", 0)], raises: ["x"], expected: ["x", "z", "y"]),
        ]
        for (index, test) in cases.enumerated() {
            var stack = WindowStack<String>()
            for (id, level) in test.inserts { stack.insert(id, level: level) }
            for id in test.raises { stack.raise(id) }
            XCTAssertEqual(stack.backToFront, test.expected, "case \(index)")
        }
    }

    func testSetLevelMovesOnTopOfNewLevel() {
        var stack = WindowStack<String>()
        stack.insert("a", level: 0)
        stack.insert("b", level: 1000)
        stack.insert("c", level: 1000)
        stack.setLevel(1000, of: "a")
        XCTAssertEqual(stack.backToFront, ["b", "c", "a"])
        stack.setLevel(-1, of: "c")
        XCTAssertEqual(stack.backToFront, ["c", "b", "a"])
        stack.remove("b")
        XCTAssertEqual(stack.backToFront, ["c", "a"])
        XCTAssertEqual(stack.topmost { $0 != "a" }, "c")
    }
}

final class MainScreenRuleTests: XCTestCase {
    func testMainScreenChoice() {
        let cases: [(connected: [String], current: String?, expected: Int?)] = [
            ([], nil, nil),
            (["HDMI-A-1"], nil, 0),
            (["HDMI-A-1", "eDP-1"], nil, 1),
            (["HDMI-A-1", "DP-1"], nil, 0),
            (["HDMI-A-1", "LVDS-1"], nil, 1),
            (["DSI-1", "eDP-1"], nil, 0),
            (["HDMI-A-1", "eDP-1"], "HDMI-A-1", 0),
            (["DP-2", "HDMI-A-1"], "gone", 0),
            (["Virtual-1", "DSI-2"], "gone", 1),
        ]
        for test in cases {
            XCTAssertEqual(
                MainScreenRule.mainIndex(connected: test.connected, current: test.current), test.expected,
                "\(test.connected) current \(test.current ?? "nil")")
        }
    }

    func testInternalNames() {
        XCTAssertTrue(MainScreenRule.isInternal(connectorName: "eDP-1"))
        XCTAssertTrue(MainScreenRule.isInternal(connectorName: "LVDS-1"))
        XCTAssertTrue(MainScreenRule.isInternal(connectorName: "DSI-1"))
        XCTAssertFalse(MainScreenRule.isInternal(connectorName: "HDMI-A-1"))
        XCTAssertFalse(MainScreenRule.isInternal(connectorName: "Virtual-1"))
    }
}

final class HitTestRuleTests: XCTestCase {
    func testEligibility() {
        let cases: [(hidden: Bool, alpha: CGFloat, interactive: Bool, expected: Bool)] = [
            (false, 1, true, true),
            (true, 1, true, false),
            (false, 0.0099, true, false),
            (false, 0.01, true, true),
            (false, 0, true, false),
            (false, 1, false, false),
        ]
        for test in cases {
            XCTAssertEqual(
                HitTestRule.isEligible(
                    isHidden: test.hidden, alpha: test.alpha, isUserInteractionEnabled: test.interactive),
                test.expected, "\(test)")
        }
    }

    func testContainsIncludesOriginEdgesOnly() {
        let bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let cases: [(CGPoint, Bool)] = [
            (CGPoint(x: 0, y: 0), true), (CGPoint(x: 9.99, y: 9.99), true), (CGPoint(x: 10, y: 5), false),
            (CGPoint(x: 5, y: 10), false), (CGPoint(x: -0.01, y: 5), false),
        ]
        for (point, expected) in cases { XCTAssertEqual(HitTestRule.contains(bounds, point), expected, "\(point)") }
    }
}
