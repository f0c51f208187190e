import Compositing
import Foundation
import VirtualInput
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// `Screen.mirror(_:)` across the VM's two cards: VKMS (whose writeback is the one
/// real capture of scanout) and virtio-gpu's first head.
final class MirroringScanoutTests: KMSDisplayTestCase {
    private let timeout: Double = 10
    /// Connectors a test forced off, detected again after it.
    private var forcedOff: [String] = []
    private let quadrantColours: [(Color, UInt32)] = [
        (Color(red: 1, green: 0, blue: 0, alpha: 1), 0xFF0000), (Color(red: 0, green: 1, blue: 0, alpha: 1), 0x00FF00),
        (Color(red: 0, green: 0, blue: 1, alpha: 1), 0x0000FF), (Color(red: 1, green: 1, blue: 1, alpha: 1), 0xFFFFFF),
    ]

    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        try HardwareEnvironment.requireGPUOutputs(2)
        try await super.setUp()
    }

    override func tearDown() async throws {
        try? SysfsConnectors.set("detect", forcedOff)
        try await super.tearDown()
    }

    /// The sysfs name ("card1-Virtual-1") of `screen`'s connector.
    private func sysfsConnector(of screen: Screen) throws -> String {
        let display = try XCTUnwrap(display)
        let card = try XCTUnwrap(display.entry(for: screen)?.card.device.path.split(separator: "/").last)
        return "\(card)-\(screen.name)"
    }

    private func screen(ofDriver driver: String) throws -> Screen {
        let display = try XCTUnwrap(display)
        try display.waitFor("a screen on \(driver)", timeout: timeout) {
            Screen.screens.contains { display.entry(for: $0)?.card.device.driverName == driver }
        }
        let screen = try XCTUnwrap(Screen.screens.first { display.entry(for: $0)?.card.device.driverName == driver })
        // virtio-gpu's first head prefers 1280x800 (16:10; VKMS is 4:3, so each mirror
        // has bars and scales); a larger one would be slow in the emulated VM.
        if driver == "virtio_gpu", screen.nativeBounds.width > 1280,
            let small = screen.mode(width: 1280, height: 800) ?? screen.mode(width: 1024, height: 768)
        {
            try screen.setCurrentMode(small)
        }
        if driver == "virtio_gpu" {
            XCTAssertNotEqual(screen.nativeBounds.width * 3, screen.nativeBounds.height * 4, "not 4:3 as VKMS")
        }
        return screen
    }

    /// A window on `screen` of four coloured quadrants, each a recording view.
    private func quadrants(on screen: Screen) -> (Window, [TouchRecordingView]) {
        let window = Window(screen: screen)
        let half = CGSize(width: screen.bounds.width / 2, height: screen.bounds.height / 2)
        var views: [TouchRecordingView] = []
        for (index, colour) in quadrantColours.enumerated() {
            let origin = CGPoint(x: CGFloat(index % 2) * half.width, y: CGFloat(index / 2) * half.height)
            let view = TouchRecordingView("q\(index)", frame: CGRect(origin: origin, size: half), color: colour.0)
            window.addSubview(view)
            views.append(view)
        }
        window.makeKeyAndVisible()
        return (window, views)
    }

    /// `source` scaled into `target`'s size with black bars, as the mirror must show it.
    private func expectedMirror(of source: CapturedImage, _ letterbox: Letterbox) -> [UInt32] {
        var sourcePixels = source.pixels
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: letterbox.targetWidth * letterbox.targetHeight)
        sourcePixels.withUnsafeMutableBytes { from in
            pixels.withUnsafeMutableBytes { to in
                MirrorScaler.scale(
                    from.baseAddress!, bytesPerRow: source.width * 4, into: to.baseAddress!,
                    bytesPerRow: letterbox.targetWidth * 4, letterbox: letterbox,
                    region: DamageRegion.full(width: letterbox.targetWidth, height: letterbox.targetHeight),
                    drawsBars: true)
            }
        }
        return pixels
    }

    /// Checks `image` (the mirror's scanout) shows `source` scaled with black bars:
    /// the bars, the middle of each quadrant, and every pixel against the same scaling.
    private func assertMirror(
        _ image: CapturedImage, of source: CapturedImage, _ letterbox: Letterbox, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(image.width, letterbox.targetWidth, file: file, line: line)
        let box = letterbox
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7)
            where x < box.imageX || x >= box.imageX + box.imageWidth || y < box.imageY
                || y >= box.imageY + box.imageHeight
            {
                if rgb(image.rawPixel(x: x, y: y)) != 0 {
                    XCTFail("\(what): bar pixel (\(x), \(y)) is not black", file: file, line: line)
                    return
                }
            }
        }
        for (index, colour) in quadrantColours.enumerated() {
            let x = box.imageX + box.imageWidth * (1 + 2 * (index % 2)) / 4
            let y = box.imageY + box.imageHeight * (1 + 2 * (index / 2)) / 4
            XCTAssertEqual(
                rgb(image.rawPixel(x: x, y: y)), colour.1, "\(what): quadrant \(index)", file: file, line: line)
        }
        let expected = expectedMirror(of: source, letterbox).map(rgb)
        let shown = image.pixels.map(rgb)
        let differing = zip(expected, shown).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(what): pixels unlike the source scaled", file: file, line: line)
    }

    func testVKMSMirrorsTheVirtioHeadAndFollowsItsDamage() async throws {
        let display = try XCTUnwrap(display)
        let source = try screen(ofDriver: "virtio_gpu")
        let target = try screen(ofDriver: "vkms")
        let (window, _) = quadrants(on: source)
        try target.mirror(source)
        try display.waitForPresentation(of: source)
        try display.waitForPresentation(of: target)
        let letterbox = try XCTUnwrap(target.mirrorLetterbox)
        let sourceImage = try display.capture(source)
        let mirrored = try display.capture(target)
        try save(mirrored, "mirror-vkms-of-virtio")
        try save(sourceImage, "mirror-virtio-source")
        assertMirror(mirrored, of: sourceImage, letterbox, "first frame")

        // A small change on the source: only its part is scaled, and scanout matches again.
        let spot = View(frame: CGRect(x: 40, y: 40, width: 30, height: 20))
        spot.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        window.addSubview(spot)
        try display.waitForPresentation(of: source)
        try display.waitForPresentation(of: target)
        XCTAssertLessThan(
            target.frameStatistics.lastFramePixelsComposed, letterbox.targetWidth * letterbox.targetHeight / 10,
            "the change's part only")
        let sourceAfter = try display.capture(source)
        let mirroredAfter = try display.capture(target)
        try save(mirroredAfter, "mirror-vkms-of-virtio-changed")
        assertMirror(mirroredAfter, of: sourceAfter, letterbox, "after a change")

        target.stopMirroring()
        try display.waitForPresentation(of: target)
        XCTAssertTrue(try display.capture(target).pixels.allSatisfy { rgb($0) == 0 }, "its own (no) windows")
    }

    func testVirtioHeadMirrorsVKMS() async throws {
        let display = try XCTUnwrap(display)
        let source = try screen(ofDriver: "vkms")
        let target = try screen(ofDriver: "virtio_gpu")
        _ = quadrants(on: source)
        // A small window VKMS would put on an overlay plane: a mirror's source keeps it in its frame.
        let small = Window(frame: CGRect(x: 600, y: 250, width: 200, height: 120))
        small.screen = source
        small.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        small.isHidden = false
        // Moving, it goes on a plane (while "moving" for the test) until the screen is mirrored.
        display.overlayStillDelay = 3600
        try display.waitForPresentation(of: source)
        small.frame.origin.x += 1
        try display.waitForPresentation(of: source)
        if display.hasOverlayPlane(source) {
            XCTAssertEqual(source.frameStatistics.lastFrameWindowsOnOverlays, 1, "on a plane before mirroring")
        }
        try display.waitForPresentation(of: target)
        let before = try XCTUnwrap(display.presentedFrameNumber(of: target))
        try target.mirror(source)
        try display.waitForPresentation(of: source)
        try display.waitForPresentation(of: target)
        // virtio has no writeback: the source's scanout (VKMS writeback) is checked, and
        // that the mirror committed frames of the right pixels (its front buffer).
        let sourceImage = try display.capture(source)
        try save(sourceImage, "mirror-vkms-source")
        for (index, colour) in quadrantColours.enumerated() {
            let x = Int(source.nativeBounds.width) * (1 + 2 * (index % 2)) / 4
            let y = Int(source.nativeBounds.height) * (1 + 2 * (index / 2)) / 4
            XCTAssertEqual(rgb(sourceImage.rawPixel(x: x, y: y)), colour.1, "source quadrant \(index)")
        }
        XCTAssertEqual(rgb(sourceImage.rawPixel(x: 700, y: 300)), 0xFF00FF, "the small window")
        XCTAssertEqual(source.frameStatistics.lastFrameWindowsOnOverlays, 0, "no overlay plane while mirrored")
        XCTAssertGreaterThan(try XCTUnwrap(display.presentedFrameNumber(of: target)), before, "the mirror committed")
        let front = try display.capture(target)
        try save(front, "mirror-virtio-of-vkms")
        assertMirror(front, of: sourceImage, try XCTUnwrap(target.mirrorLetterbox), "virtio front buffer")
    }

    func testTouchOnTheMirrorsTouchscreenReachesTheSourcesView() async throws {
        let display = try XCTUnwrap(display)
        let source = try screen(ofDriver: "virtio_gpu")
        let target = try screen(ofDriver: "vkms")
        let (_, views) = quadrants(on: source)
        try target.mirror(source)
        try display.waitForPresentation(of: target)
        let name = "DirectDisplay mirror touchscreen"
        let width = Int32(target.nativeBounds.width)
        let height = Int32(target.nativeBounds.height)
        let device = try UinputDevice.touchscreen(name: name, width: width, height: height)
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: target)
        let box = try XCTUnwrap(target.mirrorLetterbox)
        // The middle of the bottom-right quadrant's image on the mirror.
        let x = box.imageX + box.imageWidth * 3 / 4
        let y = box.imageY + box.imageHeight * 3 / 4
        try device.tap(trackingID: 1, x: Int32(x), y: Int32(y))
        try display.waitFor("the tap on the source's view", timeout: timeout) { views[3].record.count == 2 }
        XCTAssertEqual(views[3].record, ["began 1", "ended tapCount 1"])
        XCTAssertTrue(views[0...2].allSatisfy { $0.record.isEmpty })
        // In the view: (x - imageX) / scale - its origin, about the middle of the quadrant.
        let location = try XCTUnwrap(views[3].lastLocation)
        XCTAssertEqual(location.x, views[3].bounds.width / 2, accuracy: 3)
        XCTAssertEqual(location.y, views[3].bounds.height / 2, accuracy: 3)
        // A tap on a bar reaches nothing (when there is a bar).
        if box.imageY > 4 || box.imageX > 4 {
            let barX = box.imageX > 4 ? 2 : Int32(width / 2)
            let barY = box.imageY > 4 ? 2 : Int32(height / 2)
            try device.tap(trackingID: 2, x: Int32(barX), y: Int32(barY))
            try device.tap(trackingID: 3, x: Int32(x), y: Int32(y))
            try display.waitFor("the second tap on the view", timeout: timeout) { views[3].record.count == 4 }
            XCTAssertTrue(views[0...2].allSatisfy { $0.record.isEmpty }, "the bar's tap went nowhere")
        }
    }

    /// Either screen unplugged (mid-frame: a change on its way) ends mirroring with
    /// the notification; the other screen goes on showing its own frames.
    func testUnplugOfEitherScreenEndsMirroring() async throws {
        let display = try XCTUnwrap(display)
        var changes: [String] = []
        let token = NotificationCenter.default.addObserver(
            forName: Screen.mirroringDidChangeNotification, object: nil, queue: nil
        ) { note in
            nonisolated(unsafe) let object = note.object  // posted on the main thread
            MainActor.assumeIsolated {
                let screen = object as? Screen
                changes.append("\(screen?.name ?? "?") \(screen?.mirroredScreen == nil ? "stopped" : "started")")
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let source = try screen(ofDriver: "virtio_gpu")
        let target = try screen(ofDriver: "vkms")
        let (window, _) = quadrants(on: source)
        try target.mirror(source)
        try display.waitForPresentation(of: target)

        // The mirror goes while a change of the source is on its way.
        let targetConnector = try sysfsConnector(of: target)
        window.subviews[0].backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        display.flush()
        forcedOff.append(targetConnector)
        try SysfsConnectors.set("off", [targetConnector])
        try display.waitFor("the mirror unplugged", timeout: timeout) { !target.isConnected }
        XCTAssertNil(target.mirroredScreen)
        XCTAssertTrue(source.mirrorTargets.isEmpty)
        try display.waitForPresentation(of: source)
        XCTAssertEqual(rgb(try display.capture(source).rawPixel(x: 10, y: 10)), 0xFFFF00, "the source goes on")

        // Plugged back (a new screen), mirroring again; then the source goes.
        try SysfsConnectors.set("detect", [targetConnector])
        forcedOff = []
        let again = try screen(ofDriver: "vkms")
        try again.mirror(source)
        try display.waitForPresentation(of: again)
        let sourceConnector = try sysfsConnector(of: source)
        forcedOff.append(sourceConnector)
        try SysfsConnectors.set("off", [sourceConnector])
        try display.waitFor("the source unplugged", timeout: timeout) { !source.isConnected }
        XCTAssertNil(again.mirroredScreen)
        // Its windows were hidden and moved (as any unplug does): the former mirror shows its own, none.
        try display.waitForPresentation(of: again)
        let shown = try display.capture(again)
        try save(shown, "mirror-source-unplugged")
        XCTAssertTrue(shown.pixels.allSatisfy { rgb($0) == 0 }, "black: no window of its own")
        XCTAssertEqual(changes, ["Virtual-1 started", "Virtual-1 stopped", "Virtual-1 started", "Virtual-1 stopped"])
    }
}
