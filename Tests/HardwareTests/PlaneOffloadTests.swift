import Foundation
import KMS
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// The front window scanned out from its own buffer on a VKMS overlay plane
/// once it moves: the writeback capture (the CRTC's real blend of its planes)
/// must equal a whole recomposition of the scene, with the window offloaded and
/// after the kernel refuses it (composed again), and moving it composes nothing.
/// A window that stands still goes back into the frame, and its plane buffers
/// are freed.
final class PlaneOffloadTests: KMSDisplayTestCase {
    func testTheFrontWindowGoesOnAnOverlayPlaneAndBackWhenRefused() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        // Legacy KMS (DIRECTDISPLAY_NO_ATOMIC=1) never offloads; DamageScanoutTests covers composition there.
        try XCTSkipUnless(display.hasOverlayPlane(screen), "no overlay plane (legacy KMS)")
        // A window that moved once stays "moving" for the test (its end checks the return of a still one).
        display.overlayStillDelay = 3600
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
        try display.waitForPresentation(of: screen)
        XCTAssertNil(display.overlayWindow(on: screen), "a window that never moved is composed")
        XCTAssertEqual(display.overlayBufferBytes(of: screen), 0)

        panel.frame.origin = CGPoint(x: 620, y: 410)
        try assertScanoutMatchesScene(display, screen, "panel on the overlay", savingAs: "plane-offload")
        XCTAssertTrue(display.overlayWindow(on: screen) === panel, "the moved front window is on the overlay plane")
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
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        panel.frame.origin = CGPoint(x: 30, y: 60)  // over the tile
        try assertScanoutMatchesScene(display, screen, "refused: composed", savingAs: "plane-offload")
        XCTAssertNil(display.overlayWindow(on: screen))
        XCTAssertGreaterThan(screen.frameStatistics.lastFramePixelsComposed, 200 * 150 - 1)
        tile.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 1)  // under the composed panel
        try assertScanoutMatchesScene(display, screen, "refused: change under it", savingAs: "plane-offload")

        // Accepted again at a new place; then a window that cannot go there (alpha) is composed.
        faults.refusesOverlayTests = nil
        panel.frame.origin = CGPoint(x: 500, y: 300)
        try assertScanoutMatchesScene(display, screen, "accepted again", savingAs: "plane-offload")
        XCTAssertTrue(display.overlayWindow(on: screen) === panel)
        panel.alpha = 0.5
        try assertScanoutMatchesScene(display, screen, "translucent window: composed", savingAs: "plane-offload")
        XCTAssertNil(display.overlayWindow(on: screen))
        panel.alpha = 1
        panel.frame.origin = CGPoint(x: 520, y: 320)
        try assertScanoutMatchesScene(display, screen, "opaque again, moved", savingAs: "plane-offload")
        XCTAssertTrue(display.overlayWindow(on: screen) === panel)
        XCTAssertGreaterThan(display.overlayBufferBytes(of: screen), 0)

        // Still for the delay: back into the frame on its own (a timer composes it), buffers freed when idle.
        display.overlayStillDelay = 0.3
        panel.frame.origin = CGPoint(x: 540, y: 340)
        try display.waitForPresentation(of: screen)
        let movedFrames = screen.frameStatistics.framesWithOverlay
        XCTAssertGreaterThan(movedFrames, overlayFrames + 6, "the moving panel went out on its plane")
        try display.waitFor("the still panel back in the frame", timeout: 10) {
            display.overlayWindow(on: screen) == nil
        }
        XCTAssertGreaterThanOrEqual(
            screen.frameStatistics.lastFramePixelsComposed, 200 * 150, "the panel drawn into the frame")
        try assertScanoutMatchesScene(display, screen, "still panel composed", savingAs: "plane-offload")
        let output = try XCTUnwrap(display.entry(for: screen)?.output)
        let now = output.clock
        output.clock = { now() + ScanoutOutput.idleBufferDelay }
        for step in 0..<ScanoutOutput.idleBufferFrames + 1 {
            tile.backgroundColor = Color(red: CGFloat(step) / 10, green: 0, blue: 1, alpha: 1)
            try display.waitForPresentation(of: screen)
        }
        XCTAssertEqual(display.overlayBufferBytes(of: screen), 0, "the plane buffers of the still window are freed")
        XCTAssertEqual(screen.frameStatistics.framesWithOverlay, movedFrames, "no frame with a plane since")
        panel.isHidden = true
        try assertScanoutMatchesScene(display, screen, "panel hidden", savingAs: "plane-offload")
    }

    /// Three stacked, overlapping windows each on a plane of their own, back to
    /// front on the lowest planes up: the capture shows VKMS blending them in that
    /// order. Only a run down from the front-most window is offloaded; a refused
    /// set drops its lowest window to composition; a plane no longer used goes off.
    func testStackedWindowsGoOnOverlayPlanesOfTheirOwn() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        try XCTSkipUnless(display.overlayPlaneCount(screen) >= 3, "fewer than 3 overlay planes (legacy KMS)")
        display.overlayStillDelay = 3600  // a window that moved once stays "moving" for the test
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let tile = View(frame: CGRect(x: 40, y: 80, width: 64, height: 64))
        tile.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        back.addSubview(tile)
        back.makeKeyAndVisible()
        var badges: [View] = []
        func panel(_ frame: CGRect, _ color: Color) -> Window {
            let window = Window(frame: frame)
            window.backgroundColor = color
            let badge = View(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
            badge.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            let glass = View(frame: CGRect(x: 0, y: 60, width: 60, height: 50))  // translucent: shows the plane below
            glass.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
            window.addSubview(badge)
            window.addSubview(glass)
            window.windowLevel = .statusBar
            window.isHidden = false  // shown last: in front of the ones before
            badges.append(badge)
            return window
        }
        let low = panel(CGRect(x: 100, y: 100, width: 300, height: 200), Color(red: 0, green: 0.8, blue: 0.2, alpha: 1))
        let middle = panel(
            CGRect(x: 150, y: 150, width: 300, height: 200), Color(red: 0.8, green: 0, blue: 0.8, alpha: 1))
        let top = panel(CGRect(x: 200, y: 200, width: 250, height: 180), Color(red: 0.9, green: 0.9, blue: 0, alpha: 1))
        let stack = [low, middle, top]
        try assertScanoutMatchesScene(display, screen, "first frame", savingAs: "plane-offload-stack")
        // Only the lowest moved: the two above it go on planes with it, still as they are.
        low.frame.origin.x -= 10
        badges[0].backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
        try assertScanoutMatchesScene(display, screen, "three on planes", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual(stack, by: ===), "each window on its own plane")
        XCTAssertEqual(screen.frameStatistics.lastFrameWindowsOnOverlays, 3)
        try save(try display.capture(screen), "plane-offload-stack-three-planes")

        // A change in each, then a move of each: nothing composed, the planes blend in stacking order.
        for (index, badge) in badges.enumerated() {
            badge.backgroundColor = Color(red: 0, green: 1, blue: CGFloat(index) / 2, alpha: 1)
            try assertScanoutMatchesScene(
                display, screen, "content of window \(index)", savingAs: "plane-offload-stack")
            XCTAssertEqual(
                screen.frameStatistics.lastFramePixelsComposed, 0, "the frame under the planes is not touched")
        }
        for (index, window) in stack.enumerated() {
            window.frame.origin.x += 60
            window.frame.origin.y += CGFloat(20 * index)
            try assertScanoutMatchesScene(display, screen, "window \(index) moved", savingAs: "plane-offload-stack")
            XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 0, "moving it composes nothing")
            XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual(stack, by: ===))
        }

        // The kernel takes two planes only: the lowest window is composed, below the other two.
        faults.refusesOverlaysAbove = 2
        top.frame.origin = CGPoint(x: 120, y: 260)
        try assertScanoutMatchesScene(display, screen, "two planes only", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual([middle, top], by: ===))
        XCTAssertEqual(screen.frameStatistics.lastFrameWindowsOnOverlays, 2)
        badges[0].backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)  // in the composed window
        try assertScanoutMatchesScene(display, screen, "composed window changed", savingAs: "plane-offload-stack")
        XCTAssertGreaterThan(screen.frameStatistics.lastFramePixelsComposed, 0)
        // Then one: the middle window is composed too.
        faults.refusesOverlaysAbove = 1
        middle.frame.origin = CGPoint(x: 30, y: 60)
        try assertScanoutMatchesScene(display, screen, "one plane only", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual([top], by: ===))
        // Accepted again: the low window moved, but the refused middle one above it stays composed, so it does too.
        faults.refusesOverlaysAbove = nil
        low.frame.origin = CGPoint(x: 500, y: 350)
        try assertScanoutMatchesScene(display, screen, "refused window between", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual([top], by: ===))
        middle.frame.origin = CGPoint(x: 450, y: 300)
        try assertScanoutMatchesScene(display, screen, "all accepted again", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual(stack, by: ===))

        // A translucent window in the middle: it and the one below are composed.
        middle.alpha = 0.5
        try assertScanoutMatchesScene(display, screen, "translucent middle", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual([top], by: ===))
        middle.alpha = 1
        try assertScanoutMatchesScene(display, screen, "opaque middle", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual(stack, by: ===))

        // Hiding the top one turns its plane off in the same commit; two stacked windows go on.
        top.isHidden = true
        try assertScanoutMatchesScene(display, screen, "top hidden", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).elementsEqual([low, middle], by: ===))
        badges[1].backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        middle.frame.origin = CGPoint(x: 420, y: 280)
        try assertScanoutMatchesScene(display, screen, "two: content and move", savingAs: "plane-offload-stack")
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 0)
        XCTAssertEqual(screen.frameStatistics.lastFrameWindowsOnOverlays, 2)
        middle.isHidden = true
        low.isHidden = true
        try assertScanoutMatchesScene(display, screen, "all hidden", savingAs: "plane-offload-stack")
        XCTAssertTrue(display.overlayWindows(on: screen).isEmpty)
    }
}
