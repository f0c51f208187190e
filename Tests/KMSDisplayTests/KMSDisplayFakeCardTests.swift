import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import KMS
import Scheduling
import XCTest

/// A whole KMSDisplay on the host, through a fake card (no VM, no /dev/dri): a
/// connector is plugged, a window reaches the card in a commit, the flip event
/// completes it, a changed view is all the next frame carries, and an unplug takes
/// the screen and its buffers away.
@MainActor final class KMSDisplayFakeCardTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!
    /// "connect NAME" / "disconnect NAME" for each screen notification.
    @MainActor private final class ScreenEvents { var names: [String] = [] }
    private let screenEvents = ScreenEvents()
    private var notifications: [String] { screenEvents.names }
    private var observers: [NSObjectProtocol] = []

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        display = try card.makeDisplay()
        for (name, label) in [
            (Screen.didConnectNotification, "connect"), (Screen.didDisconnectNotification, "disconnect"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
                    [screenEvents] note in
                    nonisolated(unsafe) let object = note.object  // posted on the main thread
                    MainActor.assumeIsolated {
                        screenEvents.names.append("\(label) \((object as? Screen)?.name ?? "?")")
                    }
                })
        }
        Application.shared.display = display
    }

    override func tearDown() async throws {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        Application.shared.reset()
        display = nil
        card = nil
    }

    private func plug(_ connected: Bool) {
        card.isConnected = connected
        display.handle(
            [.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
    }

    private static let red: UInt32 = 0xFF_0000
    private static let blue: UInt32 = 0x00_00FF
    private static let white: UInt32 = 0xFF_FFFF
    private static let green: UInt32 = 0x00_FF00

    func testConnectPresentFlipDamageUnplug() async throws {
        XCTAssertTrue(display.screens.isEmpty, "nothing is plugged in yet")

        // Connect: the re-probe lights the connector.
        plug(true)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        let screen = try XCTUnwrap(display.screens.first)
        XCTAssertEqual(notifications, ["connect HDMI-A-1"])

        // The screen's first frame (black: no window yet) is a modeset; its flip event completes it.
        var presented: [Bool] = []
        display.framePresented = { _, _, changed in presented.append(changed) }
        display.flush()
        let black = try XCTUnwrap(card.commits.last { !$0.testOnly }, "a commit reached the card")
        XCTAssertEqual(black.kind, "modeset")
        XCTAssertEqual(card.pixel(framebuffer: black.framebufferID, x: 10, y: 10), 0)
        XCTAssertTrue(display.hasFrameQueued(on: screen))
        XCTAssertEqual(display.presentedFrameNumber(of: screen), 0, "not on screen before its flip event")
        card.vblank()
        try display.waitFor("the first flip event", timeout: 2) { !display.hasFrameQueued(on: screen) }
        XCTAssertEqual(presented, [true])

        // Present: a white window with a red square goes out in a page flip.
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let square = View(frame: CGRect(x: 8, y: 8, width: 8, height: 8))
        square.backgroundColor = .red
        window.addSubview(square)
        window.makeKeyAndVisible()
        display.flush()
        let first = try XCTUnwrap(card.commits.last { !$0.testOnly })
        XCTAssertEqual(first.kind, "flip")
        XCTAssertNotEqual(first.framebufferID, black.framebufferID, "the shown buffer is not drawn into")
        XCTAssertEqual(card.pixel(framebuffer: first.framebufferID, x: 10, y: 10), Self.red)
        XCTAssertEqual(card.pixel(framebuffer: first.framebufferID, x: 40, y: 30), Self.white)
        let blackNumber = try XCTUnwrap(display.presentedFrameNumber(of: screen))
        card.vblank()
        try display.waitFor("the window's flip event", timeout: 2) { !display.hasFrameQueued(on: screen) }
        XCTAssertEqual(presented, [true, true])
        let firstNumber = try XCTUnwrap(display.presentedFrameNumber(of: screen))
        XCTAssertEqual(firstNumber, blackNumber + 1)

        // A view changes, twice: each frame flips to the buffer not on screen, and carries
        // what changed since that buffer was drawn; the second, only the square.
        var numbers = [firstNumber]
        var shown = first.framebufferID
        for (colour, pixel, damage) in [
            (Color.blue, Self.blue, nil as [DamageClip]?),
            (Color.green, Self.green, [DamageClip(x: 8, y: 8, width: 8, height: 8)]),
        ] {
            let commitsBefore = card.commits.count
            square.backgroundColor = colour
            display.flush()
            let flips = card.commits[commitsBefore...].filter { !$0.testOnly }
            XCTAssertEqual(flips.map(\.kind), ["flip"])
            let flip = try XCTUnwrap(flips.last)
            XCTAssertNotEqual(flip.framebufferID, shown, "the shown buffer is not drawn into")
            if let damage { XCTAssertEqual(flip.damage, damage, "only the damage") }
            XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 8 * 8, "only the square is recomposed")
            XCTAssertEqual(card.pixel(framebuffer: flip.framebufferID, x: 10, y: 10), pixel)
            XCTAssertEqual(card.pixel(framebuffer: flip.framebufferID, x: 40, y: 30), Self.white)
            card.vblank()
            try display.waitFor("the flip event", timeout: 2) { !display.hasFrameQueued(on: screen) }
            numbers.append(try XCTUnwrap(display.presentedFrameNumber(of: screen)))
            shown = flip.framebufferID
        }
        XCTAssertEqual(presented, [true, true, true, true])
        XCTAssertEqual(numbers, [firstNumber, firstNumber + 1, firstNumber + 2])
        XCTAssertFalse(card.liveFramebuffers.isEmpty)

        // Unplug: the CRTC is turned off, the screen goes, didDisconnect is posted; the
        // buffers are kept a while for a replug, then freed.
        display.spareBufferLifetime = 0.05
        plug(false)
        try display.waitFor("the screen goes", timeout: 2) { display.screens.isEmpty }
        XCTAssertEqual(card.commits.last?.kind, "off")
        XCTAssertEqual(notifications, ["connect HDMI-A-1", "disconnect HDMI-A-1"])
        XCTAssertFalse(screen.isConnected)
        XCTAssertFalse(card.liveFramebuffers.isEmpty, "kept for a replug")
        try display.waitFor("the spare buffers are freed", timeout: 2) { card.liveFramebuffers.isEmpty }
    }

    /// A connector plugged back soon after it was pulled reuses its buffers (no new
    /// dumb buffer for the first frame), and that frame is composed whole: nothing the
    /// buffers showed before survives into it.
    func testReplugReusesTheBuffersWithAWholeFrame() async throws {
        try replugReusesTheBuffersWithAWholeFrame()
    }

    /// The same, composing straight into the buffers (cached scanout memory): the
    /// reused buffers' age is unknown, so the new screen's first frame is composed whole.
    func testReplugReusesTheBuffersWithAWholeFrameComposedInPlace() async throws {
        display.scanoutMemoryIsCached = true
        try replugReusesTheBuffersWithAWholeFrame()
    }

    private func replugReusesTheBuffersWithAWholeFrame() throws {
        plug(true)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        let screen = try XCTUnwrap(display.screens.first)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let square = View(frame: CGRect(x: 8, y: 8, width: 8, height: 8))
        window.addSubview(square)
        window.makeKeyAndVisible()
        var flips = 0
        display.framePresented = { _, _, _ in flips += 1 }
        // Every one of the three buffers gets the red square.
        for colour in [Color.red, .blue, .red, .blue, .red] {
            square.backgroundColor = colour
            display.flush()
            while display.hasFrameQueued(on: screen) {
                let before = flips
                card.vblank()
                try display.waitFor("the flip event", timeout: 2) { flips > before }
            }
        }
        let buffersBefore = card.liveFramebuffers
        XCTAssertGreaterThanOrEqual(buffersBefore.count, 2, "the frames went to more than one buffer")
        window.isHidden = true

        plug(false)
        try display.waitFor("the screen goes", timeout: 2) { display.screens.isEmpty }
        let commitsBefore = card.commits.count
        plug(true)
        try display.waitFor("the screen lights again", timeout: 2) { !display.screens.isEmpty }
        display.flush()
        let first = try XCTUnwrap(card.commits[commitsBefore...].last { !$0.testOnly })
        XCTAssertEqual(first.kind, "modeset")
        XCTAssertTrue(buffersBefore.contains(first.framebufferID), "a buffer from before the unplug")
        XCTAssertEqual(card.liveFramebuffers, buffersBefore, "no buffer allocated for the replug")
        for (x, y) in [(10, 10), (40, 30), (0, 0)] {
            XCTAssertEqual(card.pixel(framebuffer: first.framebufferID, x: x, y: y), 0, "black at \(x),\(y)")
        }
    }
}
