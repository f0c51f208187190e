import DirectDisplay
import Foundation
import XCTest

/// Window levels as scanout shows them: alert over status bar over normal,
/// whichever window is key, read back through VKMS's writeback connector.
final class WindowLevelScanoutTests: KMSDisplayTestCase {

    private func window(_ frame: CGRect, on screen: Screen, _ color: Color, _ level: Window.Level) -> Window {
        let window = Window(screen: screen)
        window.frame = frame
        window.backgroundColor = color
        window.windowLevel = level
        return window
    }

    func testAlertOverStatusBarOverNormalWhicheverIsKey() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let alert = window(
            CGRect(x: 200, y: 50, width: 400, height: 300), on: screen, Color(red: 0, green: 0, blue: 1, alpha: 1),
            .alert)
        let statusBar = window(
            CGRect(x: 0, y: 0, width: 1024, height: 100), on: screen, Color(red: 0, green: 1, blue: 0, alpha: 1),
            .statusBar)
        let between = window(
            CGRect(x: 500, y: 0, width: 200, height: 600), on: screen, Color(red: 1, green: 1, blue: 0, alpha: 1),
            .alert - 4)
        let normal = window(screen.bounds, on: screen, Color(red: 1, green: 0, blue: 0, alpha: 1), .normal)
        alert.isHidden = false
        statusBar.isHidden = false
        between.isHidden = false
        normal.makeKeyAndVisible()  // shown last and key: still below every higher level
        XCTAssertTrue(normal.isKeyWindow)

        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "window-levels")
        XCTAssertEqual(rgb(image.rawPixel(x: 100, y: 50)), 0x00FF00, "status bar over the normal window")
        XCTAssertEqual(rgb(image.rawPixel(x: 300, y: 50)), 0x0000FF, "alert over the status bar")
        XCTAssertEqual(rgb(image.rawPixel(x: 300, y: 200)), 0x0000FF, "alert over the normal window")
        XCTAssertEqual(rgb(image.rawPixel(x: 550, y: 50)), 0x0000FF, "alert over alert - 4")
        XCTAssertEqual(rgb(image.rawPixel(x: 650, y: 50)), 0xFFFF00, "alert - 4 over the status bar")
        XCTAssertEqual(rgb(image.rawPixel(x: 650, y: 500)), 0xFFFF00, "alert - 4 over the normal window")
        XCTAssertEqual(rgb(image.rawPixel(x: 100, y: 500)), 0xFF0000, "the normal window where nothing covers it")

        alert.isHidden = true
        try display.waitForPresentation(of: screen)
        let withoutAlert = try display.capture(screen)
        XCTAssertEqual(rgb(withoutAlert.rawPixel(x: 300, y: 50)), 0x00FF00, "status bar once the alert hides")
        XCTAssertEqual(rgb(withoutAlert.rawPixel(x: 300, y: 200)), 0xFF0000, "normal window once the alert hides")
    }
}
