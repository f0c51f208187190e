import DirectDisplayCore
import Foundation
import XCTest

/// `Screen.mirror(_:)` on the headless display: the source's frame scaled into the
/// mirror with black bars, by damage; refusals; windows moving; unplug; touches.
final class MirroringTests: DirectDisplayTestCase {
    /// A window filling `screen`: red left half, blue right half.
    private func halves(on screen: Screen) -> Window {
        let window = Window(screen: screen)
        window.backgroundColor = .blue
        let left = View(frame: CGRect(x: 0, y: 0, width: screen.bounds.width / 2, height: screen.bounds.height))
        left.backgroundColor = .red
        window.addSubview(left)
        window.makeKeyAndVisible()
        return window
    }

    private func rows(_ image: CapturedImage, _ range: Range<Int>) -> [UInt32] {
        Array(image.pixels[range.lowerBound * image.width..<range.upperBound * image.width])
    }

    func testMirrorShowsTheSourceScaledWithBlackBars() async throws {
        let source = connect("HDMI-A-1", width: 40, height: 20)
        let target = connect("HDMI-A-2", width: 40, height: 40)
        _ = halves(on: source)
        try target.mirror(source)
        XCTAssertTrue(target.mirroredScreen === source)
        display.runUntilIdle()
        let sourceFrame = try XCTUnwrap(display.lastFrames["HDMI-A-1"])
        let mirrored = try XCTUnwrap(display.lastFrames["HDMI-A-2"])
        // The same width: rows 10..<30 are the source's pixels exactly, the rest black.
        XCTAssertEqual(rows(mirrored, 10..<30), sourceFrame.pixels)
        XCTAssertTrue(rows(mirrored, 0..<10).allSatisfy { $0 & 0xFF_FFFF == 0 })
        XCTAssertTrue(rows(mirrored, 30..<40).allSatisfy { $0 & 0xFF_FFFF == 0 })
        assertPixel(mirrored, 5, 20, .red)
        assertPixel(mirrored, 35, 20, .blue)
    }

    func testMirrorFollowsTheSourcesDamageOnly() async throws {
        // Half size: the source 80x40 shows at 40x20 on a 40x40 mirror, from row 10.
        let source = connect("HDMI-A-1", width: 80, height: 40)
        let target = connect("HDMI-A-2", width: 40, height: 40)
        let window = halves(on: source)
        let spot = View(frame: CGRect(x: 50, y: 10, width: 8, height: 8))
        spot.backgroundColor = .green
        window.addSubview(spot)
        try target.mirror(source)
        display.runUntilIdle()
        assertPixel(try XCTUnwrap(display.lastFrames["HDMI-A-2"]), 27, 17, .green)
        let framesBefore = target.frameStatistics.framesComposed
        spot.backgroundColor = .white
        display.runUntilIdle()
        XCTAssertEqual(target.frameStatistics.framesComposed, framesBefore + 1)
        // Only the spot's place (25, 15, 4, 4), widened by the filter's reach, was scaled.
        let damaged = target.frameStatistics.lastFramePixelsComposed
        XCTAssertGreaterThan(damaged, 0)
        XCTAssertLessThanOrEqual(damaged, 8 * 8)
        let incremental = try XCTUnwrap(display.lastFrames["HDMI-A-2"])
        assertPixel(incremental, 27, 17, .white)
        // The same pixels as the whole frame scaled again.
        target.composeWhole()
        XCTAssertEqual(try XCTUnwrap(display.lastFrames["HDMI-A-2"]), incremental)
        XCTAssertEqual(target.frameStatistics.lastFramePixelsComposed, 40 * 40)
    }

    func testShrinkingAveragesAndGrowingBlends() async throws {
        // One-pixel stripes, black and white, shrunk to half: grey (averaged), not stripes.
        let source = connect("HDMI-A-1", width: 40, height: 40)
        let target = connect("HDMI-A-2", width: 20, height: 20)
        let window = Window(screen: source)
        window.backgroundColor = .black
        for column in stride(from: 0, to: 40, by: 2) {
            let stripe = View(frame: CGRect(x: CGFloat(column), y: 0, width: 1, height: 40))
            stripe.backgroundColor = .white
            window.addSubview(stripe)
        }
        window.makeKeyAndVisible()
        try target.mirror(source)
        display.runUntilIdle()
        let mirrored = try XCTUnwrap(display.lastFrames["HDMI-A-2"])
        for x in [3, 10, 16] {
            let green = Int((mirrored.pixel(x: x, y: 10).green * 255).rounded())
            XCTAssertTrue((120...135).contains(green), "(\(x), 10) has green \(green), not mid-grey")
        }
        // A quarter (the averaging filter): grey too.
        let quarter = connect("HDMI-A-3", width: 10, height: 10)
        try quarter.mirror(source)
        display.runUntilIdle()
        let small = try XCTUnwrap(display.lastFrames["HDMI-A-3"])
        for x in [1, 5, 8] {
            let green = Int((small.pixel(x: x, y: 5).green * 255).rounded())
            XCTAssertTrue((120...135).contains(green), "(\(x), 5) has green \(green), not mid-grey")
        }
        // Grown 1.5x (bilinear): red and blue halves meet in a blend one or two pixels wide.
        let grownSource = connect("HDMI-A-4", width: 20, height: 20)
        _ = halves(on: grownSource)
        let grown = connect("HDMI-A-5", width: 30, height: 30)
        try grown.mirror(grownSource)
        display.runUntilIdle()
        let large = try XCTUnwrap(display.lastFrames["HDMI-A-5"])
        assertPixel(large, 5, 15, .red)
        assertPixel(large, 25, 15, .blue)
        let seam = large.pixel(x: 15, y: 15)
        XCTAssertTrue(seam.red > 0.1 && seam.blue > 0.1, "blended at the seam: \(seam)")
    }

    func testRefusals() async throws {
        let a = connect("A-1")
        let b = connect("B-1")
        let c = connect("C-1")
        XCTAssertThrowsError(try a.mirror(a)) {
            XCTAssertEqual($0 as? ScreenMirroringError, .ontoItself(screen: "A-1"))
        }
        try b.mirror(a)
        // A chain back (A→B→A) or onward (B→C while B mirrors A, as a source).
        XCTAssertThrowsError(try a.mirror(b)) {
            XCTAssertEqual($0 as? ScreenMirroringError, .sourceIsMirroring(source: "B-1", mirrored: "A-1"))
        }
        XCTAssertThrowsError(try c.mirror(b)) {
            XCTAssertEqual($0 as? ScreenMirroringError, .sourceIsMirroring(source: "B-1", mirrored: "A-1"))
        }
        // A source cannot mirror another.
        XCTAssertThrowsError(try a.mirror(c)) {
            XCTAssertEqual($0 as? ScreenMirroringError, .targetIsSource(target: "A-1", mirroredBy: "B-1"))
        }
        XCTAssertNil(a.mirroredScreen)
        XCTAssertNil(c.mirroredScreen)
        XCTAssertTrue(b.mirroredScreen === a)
        // A mirror may switch to another source.
        try b.mirror(c)
        XCTAssertTrue(b.mirroredScreen === c)
        display.disconnectScreen(a)
        XCTAssertThrowsError(try a.mirror(c)) { XCTAssertEqual($0 as? ScreenModeError, .notConnected(screen: "A-1")) }
        XCTAssertThrowsError(try c.mirror(a)) { XCTAssertEqual($0 as? ScreenModeError, .notConnected(screen: "A-1")) }
    }

    func testWindowsMoveToTheSourceAndStay() async throws {
        let a = connect("A-1")
        let b = connect("B-1")
        let onB = Window(screen: b)
        onB.makeKeyAndVisible()
        try b.mirror(a)
        XCTAssertTrue(onB.screen === a)
        XCTAssertTrue(b.windows.isEmpty)
        XCTAssertTrue(Application.shared.visibleWindows(on: b).isEmpty)
        b.stopMirroring()
        XCTAssertNil(b.mirroredScreen)
        XCTAssertTrue(onB.screen === a)
    }

    func testNotificationsAndUnplugEndMirroring() async throws {
        let a = connect("A-1")
        let b = connect("B-1")
        let changes = EventLog()
        let token = NotificationCenter.default.addObserver(
            forName: Screen.mirroringDidChangeNotification, object: nil, queue: nil
        ) { note in
            let screen = note.object as? Screen
            MainActor.assumeIsolated { changes.add("\(screen?.name ?? "?") \(screen?.mirroredScreen?.name ?? "-")") }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        try b.mirror(a)
        try b.mirror(a)  // already: nothing
        b.stopMirroring()
        b.stopMirroring()  // not mirroring: nothing
        try b.mirror(a)
        display.disconnectScreen(b)  // the mirror goes
        XCTAssertTrue(a.mirrorTargets.isEmpty)
        let c = connect("C-1")
        try c.mirror(a)
        display.disconnectScreen(a)  // the source goes
        XCTAssertNil(c.mirroredScreen)
        XCTAssertEqual(changes.entries, ["B-1 A-1", "B-1 -", "B-1 A-1", "B-1 -", "C-1 A-1", "C-1 -"])
        // The mirror shows its own (no) windows again: black.
        display.runUntilIdle()
        XCTAssertTrue(try display.capture(c).pixels.allSatisfy { $0 & 0xFF_FFFF == 0 })
    }

    func testTouchesOnTheMirrorReachTheSourcesViewsThroughTheLetterbox() async throws {
        let source = connect("HDMI-A-1", width: 40, height: 20)
        let target = connect("HDMI-A-2", width: 80, height: 80)
        let log = EventLog()
        let window = Window(screen: source)
        let right = LoggingView("right", frame: CGRect(x: 20, y: 0, width: 20, height: 20), log: log)
        window.addSubview(right)
        window.makeKeyAndVisible()
        try target.mirror(source)
        display.runUntilIdle()
        // Scale 2, image at y 20..<60. Target (60, 40) is source (30, 10), in `right`.
        display.touchDown(1, at: CGPoint(x: 60, y: 40), on: target)
        display.touchMove(1, at: CGPoint(x: 70, y: 50), on: target)
        display.touchUp(1, at: CGPoint(x: 70, y: 50), on: target)
        display.runUntilIdle()
        XCTAssertEqual(log.entries, ["right began 1", "right moved 15,15 from 10,10", "right ended"])
        // On a bar: nothing.
        display.touchDown(2, at: CGPoint(x: 60, y: 10), on: target)
        display.touchUp(2, at: CGPoint(x: 60, y: 10), on: target)
        // On the image's left half: outside `right`.
        display.touchDown(3, at: CGPoint(x: 10, y: 40), on: target)
        display.touchUp(3, at: CGPoint(x: 10, y: 40), on: target)
        display.runUntilIdle()
        XCTAssertEqual(log.entries.count, 3)
    }

    func testEnvironmentMirrorsOnceBothScreensAreConnected() async throws {
        setenv("DIRECTDISPLAY_MIRROR", "A-1:B-1", 1)
        defer { unsetenv("DIRECTDISPLAY_MIRROR") }
        let b = connect("B-1")
        XCTAssertNil(b.mirroredScreen)
        let a = connect("A-1")
        XCTAssertTrue(b.mirroredScreen === a)
        // Plugged back: mirrored again.
        display.disconnectScreen(b)
        let again = connect("B-1")
        XCTAssertTrue(again.mirroredScreen === a)
        // Malformed or refused: ignored.
        for value in ["A-1", "A-1:", ":B-1", "A-1:B-1:C-1", "C-1:C-1"] {
            setenv("DIRECTDISPLAY_MIRROR", value, 1)
            let c = connect("C-1")
            XCTAssertNil(c.mirroredScreen, value)
            display.disconnectScreen(c)
        }
    }

    func testATurnedSourceIsMirroredUpright() async throws {
        // A portrait panel (20x40) turned to landscape shows a 40x20 image, upright on the mirror.
        let source = connect("DSI-1", width: 20, height: 40)
        source.orientation = .landscapeLeft
        XCTAssertEqual(source.bounds.size, CGSize(width: 40, height: 20))
        let target = connect("HDMI-A-1", width: 40, height: 40)
        let log = EventLog()
        let window = Window(screen: source)
        window.backgroundColor = .blue
        let left = LoggingView("left", frame: CGRect(x: 0, y: 0, width: 20, height: 20), log: log)
        left.backgroundColor = .red
        window.addSubview(left)
        window.makeKeyAndVisible()
        try target.mirror(source)
        display.runUntilIdle()
        let mirrored = try XCTUnwrap(display.lastFrames["HDMI-A-1"])
        assertPixel(mirrored, 5, 20, .red)
        assertPixel(mirrored, 35, 20, .blue)
        assertPixel(mirrored, 20, 5, .black)
        assertPixel(mirrored, 20, 35, .black)
        // Exactly the upright image: a screen of the same size unturned shows the same pixels.
        let flat = connect("HDMI-A-2", width: 40, height: 20)
        let copy = Window(screen: flat)
        copy.backgroundColor = .blue
        let copyLeft = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        copyLeft.backgroundColor = .red
        copy.addSubview(copyLeft)
        copy.isHidden = false
        XCTAssertEqual(rows(mirrored, 10..<30), try display.capture(flat).pixels)
        // A touch on the mirror's left finds the left view of the turned screen.
        display.touchDown(1, at: CGPoint(x: 5, y: 15), on: target)
        display.touchUp(1, at: CGPoint(x: 5, y: 15), on: target)
        display.runUntilIdle()
        XCTAssertEqual(log.entries, ["left began 1", "left ended"])
        // Turned again: the mirror follows, all of it redrawn.
        source.orientation = .portrait
        display.runUntilIdle()
        let portrait = try XCTUnwrap(display.lastFrames["HDMI-A-1"])
        // 20x40 at x 10: the window took the portrait bounds, its 20x20 red view on top.
        assertPixel(portrait, 15, 5, .red)
        assertPixel(portrait, 15, 30, .blue)
        assertPixel(portrait, 5, 20, .black)
        assertPixel(portrait, 35, 20, .black)
    }

    func testModeChangesOfEitherScreenRedrawTheMirrorWhole() async throws {
        let source = display.connectScreen(
            name: "HDMI-A-1", width: 40, height: 20, otherModes: [Screen.Mode(width: 20, height: 20, refreshRate: 60)])
        let target = display.connectScreen(
            name: "HDMI-A-2", width: 40, height: 40, otherModes: [Screen.Mode(width: 80, height: 40, refreshRate: 60)])
        _ = halves(on: source)
        try target.mirror(source)
        // A capture of the mirror composes the source's pending changes first.
        assertPixel(try display.capture(target), 5, 20, .red)
        // The source becomes square: the mirror's bars go, its image fills it.
        try source.setCurrentMode(Screen.Mode(width: 20, height: 20, refreshRate: 60))
        display.runUntilIdle()
        var frame = try XCTUnwrap(display.lastFrames["HDMI-A-2"])
        XCTAssertEqual(target.frameStatistics.lastFramePixelsComposed, 40 * 40)
        // (The window took the square bounds; its 20-wide red view now covers it.)
        assertPixel(frame, 5, 2, .red)
        assertPixel(frame, 35, 37, .red)
        // The mirror becomes wide: bars left and right of the square image.
        try target.setCurrentMode(Screen.Mode(width: 80, height: 40, refreshRate: 60))
        display.runUntilIdle()
        frame = try XCTUnwrap(display.lastFrames["HDMI-A-2"])
        XCTAssertEqual(frame.width, 80)
        assertPixel(frame, 10, 20, .black)
        assertPixel(frame, 25, 20, .red)
        assertPixel(frame, 55, 20, .red)
        assertPixel(frame, 70, 20, .black)
    }
}
