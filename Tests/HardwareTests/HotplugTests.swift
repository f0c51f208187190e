import Foundation
import KMS
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Screens coming and going through real kernel paths, with UIKit's notifications.
final class HotplugTests: VKMSPlugTestCase {
    func testStatusWriteAndSyntheticUeventUnplugAndReplugTheScreen() async throws {
        let display = try XCTUnwrap(display)
        let connector = try VKMSConnector()
        let first = try XCTUnwrap(virtual1())
        let window = Window(screen: first)
        window.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: first)

        try connector.setStatus("off")
        try display.waitFor("Virtual-1 to disconnect", timeout: 10) { virtual1() == nil }
        XCTAssertEqual(screenEvents, ["disconnect Virtual-1"])
        XCTAssertFalse(first.isConnected)
        XCTAssertTrue(window.isHidden, "a disconnected screen's windows are hidden")

        try connector.setStatus("on")
        try display.waitFor("Virtual-1 to connect again", timeout: 10) { virtual1() != nil }
        XCTAssertEqual(screenEvents, ["disconnect Virtual-1", "connect Virtual-1"])
        let second = try XCTUnwrap(virtual1())
        XCTAssertFalse(second === first, "a new Screen for the new connection")

        try display.waitForPresentation(of: second)
        let black = try display.capture(second)
        try save(black, "hotplug-black")
        XCTAssertEqual(Set(black.pixels.map(rgb)), [0], "a new screen is black until a window shows")

        // The external-display pattern: a window for the new screen, shown without making it key.
        let external = Window(screen: second)
        external.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        external.isHidden = false
        try display.waitForPresentation(of: second)
        let shown = try display.capture(second)
        try save(shown, "hotplug-window")
        XCTAssertEqual(rgb(shown.rawPixel(x: 512, y: 384)), 0xFFFFFF, "the window created on connect")
        XCTAssertFalse(external.isKeyWindow)
    }

    func testStartedWithNoScreenTheFirstToConnectBecomesMain() async throws {
        closeDisplay()
        let connectors = SysfsConnectors.all()
        try SysfsConnectors.set("off", connectors)
        defer { try? SysfsConnectors.set("detect", connectors) }

        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        XCTAssertEqual(Screen.screens.count, 0)
        XCTAssertNil(Screen.main)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertTrue(window.isHidden, "windows wait hidden")
        XCTAssertNil(window.screen)

        try VKMSConnector().setStatus("on")
        try display.waitFor("the first screen", timeout: 10) { Screen.main != nil }
        let main = try XCTUnwrap(Screen.main)
        XCTAssertEqual(main.name, "Virtual-1")
        XCTAssertEqual(screenEvents, ["connect Virtual-1"])
        window.screen = main
        window.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: main)
        let image = try display.capture(main)
        XCTAssertEqual(rgb(image.rawPixel(x: 100, y: 50)), 0xFF00FF)
        XCTAssertEqual(rgb(image.rawPixel(x: 300, y: 300)), 0, "black beyond the window")
    }

    func testWhileSuspendedScreenChangesAreHeldAndDeliveredOnResume() async throws {
        let display = try XCTUnwrap(display)
        let connector = try VKMSConnector()
        let screen = try XCTUnwrap(virtual1())
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)

        display.suspend()
        // Another program (the virtual console switched to) may now be DRM master.
        do {
            let other = try DRMDevice(path: connector.card.devnode)
            XCTAssertNotNil(other, "master is free while suspended")
        }
        try connector.setStatus("off")
        try display.waitFor("the unplug event to be held", timeout: 10) { !display.heldDeviceEvents.isEmpty }
        XCTAssertEqual(screenEvents, [], "no screen notification while suspended")
        XCTAssertTrue(virtual1() === screen)

        try display.resume()
        XCTAssertEqual(screenEvents, ["disconnect Virtual-1"], "delivered on resume")
        try connector.setStatus("on")
        let (again, _) = try showWindowOnReconnectedVirtual1(
            Color(red: 1, green: 1, blue: 0, alpha: 1), "Virtual-1 again")
        XCTAssertEqual(rgb(try display.capture(again).rawPixel(x: 5, y: 5)), 0xFFFF00, "presenting again after resume")
    }

}
