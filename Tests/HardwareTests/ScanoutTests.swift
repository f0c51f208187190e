import DirectDisplay
import Foundation
import KMS
import Scheduling
import XCTest

/// A window on a real KMS screen (VKMS in the VM), read back through the writeback connector.
final class ScanoutTests: KMSDisplayTestCase {

    private func vkmsScreen() throws -> Screen {
        try XCTUnwrap(
            Screen.screens.first { $0.name == "Virtual-1" },
            "VKMS's Virtual-1 is not a screen: \(Screen.screens.map(\.name))")
    }

    func testRootViewAndSubviewColoursReachScanoutAndAChangeFollowsAfterAFlip() async throws {
        let display = try XCTUnwrap(display)
        let screen = try vkmsScreen()
        XCTAssertEqual(screen.nativeBounds.size, CGSize(width: 1024, height: 768), "VKMS's preferred mode")

        let window = Window(screen: screen)
        let controller = ViewController()
        window.rootViewController = controller
        controller.view.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let subview = View(frame: CGRect(x: 100, y: 200, width: 300, height: 150))
        subview.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        controller.view.addSubview(subview)
        window.makeKeyAndVisible()

        let first = try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "scanout-first")
        XCTAssertEqual(image.width, 1024)
        XCTAssertEqual(image.height, 768)
        XCTAssertEqual(rgb(image.rawPixel(x: 10, y: 10)), 0xFF0000, "root view colour")
        XCTAssertEqual(rgb(image.rawPixel(x: 1023, y: 767)), 0xFF0000, "root view colour, far corner")
        XCTAssertEqual(rgb(image.rawPixel(x: 100, y: 200)), 0x00FF00, "subview's top-left pixel")
        XCTAssertEqual(rgb(image.rawPixel(x: 399, y: 349)), 0x00FF00, "subview's bottom-right pixel")
        XCTAssertEqual(rgb(image.rawPixel(x: 400, y: 350)), 0xFF0000, "just outside the subview")
        XCTAssertEqual(rgb(image.rawPixel(x: 99, y: 200)), 0xFF0000, "just left of the subview")
        if ProcessInfo.processInfo.environment["DIRECTDISPLAY_COMPOSITOR"] != "gl" {
            XCTAssertNil(screen.compositor.shadow, "VKMS's dumb buffers are cached memory: composed in place")
        }

        subview.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let second = try display.waitForPresentation(of: screen)
        XCTAssertGreaterThan(second.sequence, first.sequence, "the change went out in a later vblank")
        let changed = try display.capture(screen)
        try save(changed, "scanout-second")
        XCTAssertEqual(rgb(changed.rawPixel(x: 250, y: 275)), 0x0000FF, "the changed subview colour")
        XCTAssertEqual(rgb(changed.rawPixel(x: 10, y: 10)), 0xFF0000, "root unchanged")
    }

    func testScreenWithNoVisibleWindowScansOutBlack() async throws {
        let display = try XCTUnwrap(display)
        let screen = try vkmsScreen()
        display.setNeedsComposite(screen)
        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        XCTAssertEqual(Set(image.pixels.map(rgb)), [0], "all black")
    }

    /// What one animation pass saw: per frame, the flip's vblank sequence, the
    /// frame number on screen and how long after its vblank the event was read.
    private struct AnimationPass {
        var sequences: [UInt32] = []
        var frameNumbers: [Int] = []
        var readLatencies: [Double] = []
        /// Frames whose successor was not yet committed when their flip event was handled.
        var notQueuedAhead: [Int] = []

        var missed: [String] {
            zip(sequences.dropFirst(), sequences).map { $0 &- $1 }.enumerated()
                .filter { $0.element != 1 }.map { "frame \($0.offset + 2): +\($0.element)" }
        }
        var summary: String {
            let sorted = readLatencies.sorted()
            func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
            return "vblank sequence \(sequences.first!)…\(sequences.last!), missed: \(missed); "
                + "flip events read \(ms(sorted[sorted.count / 2])) ms after their vblank (median), "
                + "\(ms(sorted[sorted.count * 99 / 100])) ms (p99), \(ms(sorted.last!)) ms (max)"
        }
    }

    /// 120 frames, each change drawn while the previous frame waits for its
    /// vblank: one frame is committed ahead, and each flip event commits the next.
    private func animate(_ window: Window, on screen: Screen, display: KMSDisplay) throws -> AnimationPass {
        var pass = AnimationPass()
        window.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        display.flush()
        for frame in 1...120 {
            window.backgroundColor = Color(
                red: CGFloat(frame) / 120, green: 0, blue: 1 - CGFloat(frame) / 120, alpha: 1)
            let event = try display.waitForNextFlip(of: screen)
            if frame < 120, !display.hasFrameQueued(on: screen) { pass.notQueuedAhead.append(frame) }
            pass.sequences.append(event.sequence)
            pass.readLatencies.append(monotonicSeconds() - event.timestamp)
            pass.frameNumbers.append(try XCTUnwrap(display.presentedFrameNumber(of: screen)))
        }
        try display.waitForPresentation(of: screen)
        return pass
    }

    func testColourAnimationOf120FramesKeepsUpWithTheVblanks() async throws {
        let display = try XCTUnwrap(display)
        let screen = try vkmsScreen()
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)

        // The first pass after boot runs code QEMU has not translated yet (software
        // emulation compiles guest code on first use) and faults pages in over 9p:
        // costs of the harness, seen as a rare miss in that pass only. It is
        // reported, not judged; the second pass is.
        let warmUp = try animate(window, on: screen, display: display)
        print("120 frames, warm-up pass: \(warmUp.summary)")
        let pass = try animate(window, on: screen, display: display)
        print("120 frames, measured pass: \(pass.summary)")

        // The pipeline, judged by its structure rather than by the clock: each flip
        // event finds the next frame (drawn while it waited) and commits it at once,
        // so a frame is always queued ahead. How many vblanks were missed depends on
        // how busy the host is under software emulation (0–9 on a quiet machine, up to
        // 64 seen with other emulators and builds running): printed above, and
        // judged only against a pipeline that commits after reading each flip, which
        // misses every vblank but the first.
        XCTAssertEqual(pass.notQueuedAhead, [], "frames whose flip found no next frame queued")
        XCTAssertLessThan(pass.missed.count, 100, "not every flip missed its vblank")
        let repeats = zip(pass.frameNumbers.dropFirst(), pass.frameNumbers).filter { $0 - $1 != 1 }
        XCTAssertEqual(repeats.count, 0, "every vblank showed a new frame: \(pass.frameNumbers)")
        let last = try display.capture(screen)
        XCTAssertEqual(rgb(last.rawPixel(x: 0, y: 0)), 0xFF_00_00, "the last animation frame is on screen")
    }

    func testSecondProcessStyleOpenOfADrivenCardIsRefusedClearly() async throws {
        let screenCard = try XCTUnwrap(Screen.screens.first).name
        XCTAssertFalse(screenCard.isEmpty)
        let path = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: "/dev/dri").filter { $0.hasPrefix("card") }.first)
        XCTAssertThrowsError(try DRMDevice(path: "/dev/dri/\(path)")) { error in
            let drmError = error as? DRMError
            XCTAssertEqual(drmError?.call, "drmSetMaster")
            XCTAssertTrue("\(error)".contains("already driven by another DRM master"), "\(error)")
        }
    }

}
