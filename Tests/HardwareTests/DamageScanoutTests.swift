import Foundation
import KMS
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Partial frames on real scanout: each of the three buffers gets only what it
/// missed, and the writeback capture (what the CRTC really shows) must equal a
/// whole recomposition of the scene after every change.
final class DamageScanoutTests: KMSDisplayTestCase {
    func testEveryBufferShowsTheSceneAfterPartialFrames() async throws {
        try everyBufferShowsTheSceneAfterPartialFrames(.portrait)
    }

    /// A turned screen is composed by its damage turned into panel pixels: the same
    /// small frames, each buffer catching up on what it missed, on every turn.
    func testEveryBufferOfATurnedScreenShowsTheSceneAfterPartialFrames() async throws {
        for orientation in [InterfaceOrientation.landscapeLeft, .portraitUpsideDown, .landscapeRight] {
            try everyBufferShowsTheSceneAfterPartialFrames(orientation)
        }
    }

    private func everyBufferShowsTheSceneAfterPartialFrames(_ orientation: InterfaceOrientation) throws {
        let display = try XCTUnwrap(display)
        // The front window would go on an overlay plane (PlaneOffloadTests); here the
        // kernel "refuses" it, so every change goes through composition: the fallback.
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        screen.orientation = orientation
        let step = "\(orientation)"
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        var tiles: [View] = []
        for index in 0..<4 {
            let tile = View(frame: CGRect(x: 40 + index * 120, y: 80, width: 64, height: 64))
            tile.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
            back.addSubview(tile)
            tiles.append(tile)
        }
        let veil = View(frame: CGRect(x: 20, y: 60, width: 300, height: 120))
        veil.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        back.addSubview(veil)
        back.makeKeyAndVisible()
        let mover = Window(frame: CGRect(x: 600, y: 400, width: 200, height: 150))
        mover.backgroundColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 1)
        mover.windowLevel = .statusBar
        mover.isHidden = false
        try assertScanoutMatchesScene(display, screen, "\(step): first frame", savingAs: "damage-\(orientation)")
        let whole = Int(screen.nativeBounds.width * screen.nativeBounds.height)
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, whole, "\(step): a turn redraws all")
        let composedBefore = screen.frameStatistics.framesComposed

        // More changes than buffers: each buffer is reused and must catch up on what it missed.
        for (index, tile) in (tiles + tiles).enumerated() {
            tile.backgroundColor = Color(red: CGFloat(index % 3) / 2, green: 1, blue: CGFloat(index % 2), alpha: 1)
            try assertScanoutMatchesScene(
                display, screen, "\(step): tile change \(index)", savingAs: "damage-\(orientation)")
            XCTAssertEqual(
                screen.frameStatistics.lastFramePixelsComposed, 64 * 64, "\(step) \(index): only the tile")
            XCTAssertEqual(screen.frameStatistics.lastFrameDamage.map(\.size), [CGSize(width: 64, height: 64)])
        }
        try save(display.capture(screen), "damage-\(orientation)-tiles")
        mover.frame.origin = CGPoint(x: 50, y: 100)  // over the tiles and the translucent veil
        try assertScanoutMatchesScene(display, screen, "\(step): window moved over the tiles")
        mover.frame.origin = CGPoint(x: 700, y: 500)  // away again: what it covered shows
        try assertScanoutMatchesScene(display, screen, "\(step): window moved away")
        veil.alpha = 0.25
        try assertScanoutMatchesScene(display, screen, "\(step): alpha changed over damage")
        XCTAssertLessThan(screen.frameStatistics.lastFramePixelsComposed, whole / 4, step)
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedBefore + 11, step)
        XCTAssertEqual(screen.frameStatistics.framesWithOverlay, 0)
        XCTAssertNil(display.overlayWindow(on: screen))
        XCTAssertGreaterThan(screen.frameStatistics.framesPresented, 11)
        back.isHidden = true
        mover.isHidden = true
    }

    func testAnIdleScreenCommitsNothing() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.isHidden = false
        try display.waitForPresentation(of: screen)
        var flips = 0
        display.framePresented = { _, _, _ in flips += 1 }
        screen.setNeedsComposite()  // asked to compose, but nothing changed
        XCTAssertThrowsError(
            try display.waitFor("a flip of an idle screen", timeout: 0.5) { flips > 0 }, "no commit, so no flip")
        XCTAssertEqual(flips, 0)
    }
}
