import InputModel
import XCTest

final class PointerLayoutTests: XCTestCase {
    private let left = PointerLayout.Screen(name: "DP-1", size: ScreenSize(width: 1024, height: 768))
    private let right = PointerLayout.Screen(name: "HDMI-A-1", size: ScreenSize(width: 800, height: 600))

    private func at(_ layout: PointerLayout) -> String {
        guard let location = layout.location else { return "none" }
        return "\(location.screen) \(location.point.x),\(location.point.y)"
    }

    func testStartsAtTheFirstScreensCentreAndCrossesBetweenScreens() {
        var layout = PointerLayout(screens: [left, right])
        XCTAssertEqual(at(layout), "DP-1 512.0,384.0")
        // (dx, dy, where the pointer is afterwards)
        let steps: [(Double, Double, String)] = [
            (500, 0, "DP-1 1012.0,384.0"),
            (20, 0, "HDMI-A-1 8.0,384.0"),  // crossed the shared edge
            (-8, 0, "HDMI-A-1 0.0,384.0"),
            (0, 300, "HDMI-A-1 0.0,\(600.0.nextDown)"),  // clamped at the shorter screen's bottom
            (-1, 0, "DP-1 1023.0,\(600.0.nextDown)"),
            (0, 5000, "DP-1 1023.0,\(768.0.nextDown)"),
            (0, -5000, "DP-1 1023.0,0.0"),
            (-5000, 0, "DP-1 0.0,0.0"),  // outer left edge
            (5000, 700, "HDMI-A-1 \(800.0.nextDown),\(600.0.nextDown)"),  // outer right edge
            (.nan, 3, "HDMI-A-1 \(800.0.nextDown),\(600.0.nextDown)"),  // ignored
        ]
        for (dx, dy, expected) in steps {
            layout.move(dx: dx, dy: dy)
            XCTAssertEqual(at(layout), expected, "after (\(dx), \(dy))")
        }
    }

    func testPreferredOrderAndScreenChanges() {
        var layout = PointerLayout(screens: [left, right], preferredOrder: ["HDMI-A-1"])
        XCTAssertEqual(layout.screens.map(\.name), ["HDMI-A-1", "DP-1"])
        XCTAssertEqual(at(layout), "HDMI-A-1 400.0,300.0")
        layout.move(dx: 500, dy: 0)
        XCTAssertEqual(at(layout), "DP-1 100.0,300.0", "DP-1 is now on the right")

        layout.setPreferredOrder([])
        XCTAssertEqual(layout.screens.map(\.name), ["DP-1", "HDMI-A-1"])
        XCTAssertEqual(at(layout), "DP-1 100.0,300.0", "the pointer stays on its screen")

        layout.setScreens([right])
        XCTAssertEqual(at(layout), "HDMI-A-1 400.0,300.0", "its screen went away: centre of the first")
        layout.setScreens([PointerLayout.Screen(name: "HDMI-A-1", size: ScreenSize(width: 200, height: 100))])
        XCTAssertEqual(at(layout), "HDMI-A-1 \(200.0.nextDown),\(100.0.nextDown)", "a smaller mode clamps")
        layout.setScreens([])
        XCTAssertNil(layout.location)
        XCTAssertNil(layout.move(dx: 1, dy: 1))
        XCTAssertNil(layout.moveAbsolute(x: 0.5, y: 0.5))
    }

    func testAbsoluteMotionAndWarp() {
        var layout = PointerLayout(screens: [left, right])  // 1824 wide, 768 tall
        let cases: [(Double, Double, String)] = [
            (0, 0, "DP-1 0.0,0.0"),
            (0.5, 0.5, "DP-1 912.0,384.0"),
            (0.75, 0.5, "HDMI-A-1 344.0,384.0"),
            (0.75, 1, "HDMI-A-1 344.0,\(600.0.nextDown)"),
            (2, -1, "HDMI-A-1 \(800.0.nextDown),0.0"),
        ]
        for (x, y, expected) in cases {
            layout.moveAbsolute(x: x, y: y)
            XCTAssertEqual(at(layout), expected, "(\(x), \(y))")
        }
        XCTAssertTrue(layout.warp(to: "DP-1", point: ScreenPoint(x: 10, y: 20)))
        XCTAssertEqual(at(layout), "DP-1 10.0,20.0")
        XCTAssertFalse(layout.warp(to: "VGA-1", point: ScreenPoint(x: 10, y: 20)))
        XCTAssertEqual(at(layout), "DP-1 10.0,20.0")
    }
}
