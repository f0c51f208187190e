import Foundation
import KMS
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Transformed views on real scanout: the writeback capture (what the CRTC shows)
/// must equal a whole recomposition after each turn, the turned view must cover
/// the turned pixels, and a window with a transform in it is never put on the
/// overlay plane (it is composed), while the same window untransformed may be.
final class TransformScanoutTests: KMSDisplayTestCase {
    /// GL draws a turned view as a quad sampled bilinearly in its shader, while pixman
    /// fills a turned view that is only a background colour by its exact area coverage
    /// (docs/compositor.md): the two antialias the edges differently. Measured over
    /// this test's steps: 461–478 edge pixels differ by more than 2, by at most 49; the
    /// rest within 2. A turned view misplaced or miscoloured would differ in thousands.
    override var glTolerance: ScanoutTolerance { ScanoutTolerance(perChannel: 2, outliers: 700, outlierLimit: 64) }

    func testTurnedViewIsComposedAndCoversTheTurnedPixels() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        back.makeKeyAndVisible()
        // A panel that could go on an overlay plane, holding a 100×50 red view centred at (150, 100).
        let panel = Window(frame: CGRect(x: 500, y: 300, width: 300, height: 200))
        panel.backgroundColor = .white
        panel.windowLevel = .statusBar
        let red = View(frame: CGRect(x: 100, y: 75, width: 100, height: 50))
        red.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        panel.addSubview(red)
        panel.isHidden = false
        try assertScanoutMatchesScene(display, screen, "untransformed", savingAs: "transform")
        // Moved once and "moving" for the test: only its transforms keep it off a plane.
        display.overlayStillDelay = 3600
        panel.frame.origin.x += 10
        try display.waitForPresentation(of: screen)
        panel.frame.origin.x -= 10
        try assertScanoutMatchesScene(display, screen, "untransformed, moved", savingAs: "transform")
        if display.hasOverlayPlane(screen) { XCTAssertTrue(display.overlayWindow(on: screen) === panel) }
        let overlayFrames = screen.frameStatistics.framesWithOverlay

        red.transform = CGAffineTransform(rotationAngle: .pi / 2)
        try assertScanoutMatchesScene(display, screen, "quarter turn", savingAs: "transform")
        XCTAssertNil(display.overlayWindow(on: screen), "a window with a transform in it is composed")
        let image = try display.capture(screen)
        try save(image, "transform-quarter-turn")
        // Screen points = panel points + (500, 300); the turned view spans x 625…675, y 350…450.
        for (x, y) in [(627, 352), (672, 352), (627, 447), (672, 447), (650, 400)] {
            XCTAssertEqual(rgb(image.rawPixel(x: x, y: y)), 0xFF0000, "(\(x), \(y)) inside the turned view")
        }
        for (x, y) in [(610, 400), (690, 400), (650, 345), (650, 455)] {
            XCTAssertEqual(rgb(image.rawPixel(x: x, y: y)), 0xFFFFFF, "(\(x), \(y)) outside it")
        }
        // Turned step by step, as an animation would: each frame equals the scene.
        for step in 1...4 {
            let composedByGL = screen.frameStatistics.framesComposedWithGL
            red.transform = CGAffineTransform(rotationAngle: CGFloat(step) * .pi / 10).scaledBy(x: 1.3, y: 1.3)
            try assertScanoutMatchesScene(display, screen, "turn step \(step)", savingAs: "transform")
            if ScanoutTolerance.glRounding {
                XCTAssertGreaterThan(
                    screen.frameStatistics.framesComposedWithGL, composedByGL, "turn step \(step) was composed by GL")
            }
            XCTAssertLessThan(
                screen.frameStatistics.lastFramePixelsComposed, 300 * 200, "only the turned boxes are composed")
        }
        try save(try display.capture(screen), "transform-turned-and-scaled")
        XCTAssertEqual(screen.frameStatistics.framesWithOverlay, overlayFrames)

        red.transform = .identity
        try assertScanoutMatchesScene(display, screen, "identity again", savingAs: "transform")
        if display.hasOverlayPlane(screen) {
            red.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
            try assertScanoutMatchesScene(display, screen, "untransformed change", savingAs: "transform")
            XCTAssertTrue(display.overlayWindow(on: screen) === panel, "without a transform it may be offloaded")
        }
    }
}
