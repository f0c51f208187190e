import Foundation
import TestSupport
import WindowModel
import XCTest

final class WindowVisibilityModelTests: XCTestCase {
    typealias Model = WindowVisibilityModel<String>

    private func model(_ windows: [(String, CGFloat)]) -> Model {
        var model = Model()
        for (id, level) in windows { model.add(id, level: level) }
        return model
    }

    func testMakeKeyAndVisibleOrder() {
        var m = model([("A", 0), ("B", 0)])
        XCTAssertEqual(m.makeKeyAndVisible("A"), [.becameVisible("A"), .becameKey("A")])
        XCTAssertEqual(m.makeKeyAndVisible("B"), [.becameVisible("B"), .resignedKey("A"), .becameKey("B")])
        XCTAssertEqual(m.key, "B")
        XCTAssertEqual(m.makeKeyAndVisible("B"), [])
    }

    func testHidingKeyReturnsKeyToPreviousThenReportsHidden() {
        var m = model([("A", 0), ("B", 0)])
        _ = m.makeKeyAndVisible("A")
        _ = m.makeKeyAndVisible("B")
        XCTAssertEqual(m.hide("B"), [.resignedKey("B"), .becameKey("A"), .becameHidden("B")])
        XCTAssertEqual(m.key, "A")
    }

    func testHidingKeyFallsBackToTopmostVisibleWhenPreviousIsHidden() {
        var m = model([("A", 0), ("B", 0), ("C", 0), ("S", 1000)])
        _ = m.makeKeyAndVisible("A")
        _ = m.show("C")
        _ = m.show("S")
        _ = m.makeKeyAndVisible("B")
        _ = m.hide("A")
        XCTAssertEqual(m.hide("B"), [.resignedKey("B"), .becameKey("S"), .becameHidden("B")])
    }

    func testHidingLastVisibleKeyLeavesNoKey() {
        var m = model([("A", 0)])
        _ = m.makeKeyAndVisible("A")
        XCTAssertEqual(m.hide("A"), [.resignedKey("A"), .becameHidden("A")])
        XCTAssertNil(m.key)
        XCTAssertEqual(m.hide("A"), [])
    }

    func testShowDoesNotMakeKey() {
        var m = model([("A", 0), ("B", 0)])
        _ = m.makeKeyAndVisible("A")
        XCTAssertEqual(m.show("B"), [.becameVisible("B")])
        XCTAssertEqual(m.key, "A")
        XCTAssertEqual(m.visibleBackToFront, ["A", "B"])
    }

    func testMakeKeyOnHiddenWindowDoesNothing() {
        var m = model([("A", 0)])
        XCTAssertEqual(m.makeKey("A"), [])
        XCTAssertNil(m.key)
    }

    func testMakeKeyRaisesWithinLevelOnly() {
        var m = model([("A", 0), ("B", 0), ("alert", 2000)])
        _ = m.show("alert")
        _ = m.show("A")
        _ = m.show("B")
        _ = m.makeKey("A")
        XCTAssertEqual(m.visibleBackToFront, ["B", "A", "alert"])
    }

    func testRandomOperationsKeepInvariants() {
        var generator = SplitMix64(seed: 0xD15B1A7)
        let ids = ["a", "b", "c", "d", "e"]
        let levels: [CGFloat] = [0, 0, 1000, 1996, 2000, -1]
        var m = Model()
        for id in ids { m.add(id, level: levels.randomElement(using: &generator)!) }
        for step in 0..<2000 {
            let id = ids.randomElement(using: &generator)!
            let transitions: [WindowTransition<String>]
            switch generator.next() % 5 {
            case 0: transitions = m.show(id)
            case 1: transitions = m.hide(id)
            case 2: transitions = m.makeKey(id)
            case 3: transitions = m.makeKeyAndVisible(id)
            default:
                m.setLevel(levels.randomElement(using: &generator)!, of: id)
                transitions = []
            }
            XCTAssertNil(m.invariantViolation(), "step \(step)")
            let keys = transitions.filter { if case .becameKey = $0 { true } else { false } }
            XCTAssertLessThanOrEqual(keys.count, 1, "step \(step)")
        }
    }
}
