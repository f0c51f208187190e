import Foundation
import KMS
import XCTest

@testable import DirectDisplay

/// The front window scanned out from its own buffer on a VKMS overlay plane:
/// the writeback capture (the CRTC's real blend of its planes) must equal a
/// whole recomposition of the scene, with the window offloaded and after the
/// kernel refuses it (composed again), and moving it composes nothing.
final class PlaneOffloadTests: KMSDisplayTestCase {
    func testTheFrontWindowGoesOnAnOverlayPlaneAndBackWhenRefused() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        // Legacy KMS (DIRECTDISPLAY_NO_ATOMIC=1) never offloads; DamageScanoutTests covers composition there.
        try XCTSkipUnless(display.hasOverlayPlane(screen), "no overlay plane (legacy KMS)")
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let tile = View(frame: CGRect(x: 40, y: 80, width: 64, height: 64))
        tile.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        back.addSubview(tile)
        back.makeKeyAndVisible()
        let panel = Window(frame: CGRect(x: 600, y: 400, width: 200, height: 150))
        panel.backgroundColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 1)
        let badge = View(frame: CGRect(x: 20, y: 20, width: 50, height: 40))
        badge.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        let glass = View(frame: CGRect(x: 100, y: 60, width: 80, height: 60))  // translucent, inside the panel
        glass.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        panel.addSubview(badge)
        panel.addSubview(glass)
        panel.windowLevel = .statusBar
        panel.isHidden = false
        try assertScanoutMatchesScene(display, screen, "first frame", savingAs: "plane-offload")

        badge.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
        try assertScanoutMatchesScene(display, screen, "panel on the overlay", savingAs: "plane-offload")
        XCTAssertTrue(display.overlayWindow(on: screen) === panel, "the front window is on the overlay plane")
        let overlayFrames = screen.frameStatistics.framesWithOverlay
        XCTAssertGreaterThan(overlayFrames, 0)

        // Three changes inside the panel and three moves: every buffer slot is reused.
        for step in 0..<3 {
            badge.backgroundColor = Color(red: CGFloat(step) / 2, green: 1, blue: 0, alpha: 1)
            try assertScanoutMatchesScene(display, screen, "panel content \(step)", savingAs: "plane-offload")
            XCTAssertEqual(
                screen.frameStatistics.lastFramePixelsComposed, 0, "the frame under the panel is not touched")
        }
        for (step, origin) in [CGPoint(x: 20, y: 40), CGPoint(x: 300, y: 200), CGPoint(x: 700, y: 10)].enumerated() {
            panel.frame.origin = origin
            try assertScanoutMatchesScene(display, screen, "panel moved \(step)", savingAs: "plane-offload")
            XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 0, "moving it composes nothing")
            XCTAssertTrue(display.overlayWindow(on: screen) === panel)
            if step == 1 { try save(try display.capture(screen), "plane-offload-panel-on-overlay") }
        }
        XCTAssertEqual(screen.frameStatistics.framesWithOverlay, overlayFrames + 6)

        // The kernel says no: the panel is composed into the frame again.
        display.refusesOverlayTests = DRMError(call: "test", code: EINVAL, context: "refused by the test")
        panel.frame.origin = CGPoint(x: 30, y: 60)  // over the tile
        try assertScanoutMatchesScene(display, screen, "refused: composed", savingAs: "plane-offload")
        XCTAssertNil(display.overlayWindow(on: screen))
        XCTAssertGreaterThan(screen.frameStatistics.lastFramePixelsComposed, 200 * 150 - 1)
        tile.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 1)  // under the composed panel
        try assertScanoutMatchesScene(display, screen, "refused: change under it", savingAs: "plane-offload")

        // Accepted again at a new place; then a window that cannot go there (alpha) is composed.
        display.refusesOverlayTests = nil
        panel.frame.origin = CGPoint(x: 500, y: 300)
        try assertScanoutMatchesScene(display, screen, "accepted again", savingAs: "plane-offload")
        XCTAssertTrue(display.overlayWindow(on: screen) === panel)
        panel.alpha = 0.5
        try assertScanoutMatchesScene(display, screen, "translucent window: composed", savingAs: "plane-offload")
        XCTAssertNil(display.overlayWindow(on: screen))
        panel.isHidden = true
        try assertScanoutMatchesScene(display, screen, "panel hidden", savingAs: "plane-offload")
    }
}
