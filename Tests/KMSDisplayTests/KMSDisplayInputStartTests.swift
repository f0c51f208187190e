import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import Scheduling
import SystemPackage
import XCTest

/// The input devices open once the first frame is on screen, GLViews draw their
/// content once every screen's first frame is; when no frame flips (its event lost, a
/// card that sends none, commits refused) both come anyway a second after it was sent,
/// so a display fault costs a kiosk its screen at most.
@MainActor final class KMSDisplayInputStartTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!
    private var devicesOpenedCount = 0

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        // Plugged in from the start: the screen lights when the display is attached.
        card.isConnected = true
        display = try card.makeDisplay()
    }

    override func tearDown() async throws {
        display.shutdown()
        XCTAssertFalse(GLViewContext.holdsContent, "no hold left for the next display")
        StderrLog.kept.withLock { $0 = nil }
        Application.shared.reset()
        display = nil
        card = nil
    }

    private func attach() throws -> Screen {
        // As Application.run makes its display.
        GLViewContext.holdsContentUntilFirstFrame = true
        Application.shared.display = display
        GLViewContext.holdsContentUntilFirstFrame = false
        let screen = try XCTUnwrap(display.screens.first, "the plugged-in screen lit at attach")
        display.input.whenDevicesOpened { [unowned self] in devicesOpenedCount += 1 }
        XCTAssertFalse(display.input.hasOpenedDevices, "no devices before the first frame")
        XCTAssertTrue(GLViewContext.holdsContent, "no GL content on the first frame")
        return screen
    }

    func testDevicesOpenAtTheFirstFlip() async throws {
        let screen = try attach()
        // GL allowed (the fake card's configuration turns it off), so that a context
        // would be started at the first flip if one were.
        let usedOpenGL = GLViewContext.usesOpenGL
        GLViewContext.usesOpenGL = true
        defer { GLViewContext.usesOpenGL = usedOpenGL }
        display.flush()
        XCTAssertTrue(display.hasFrameQueued(on: screen))
        XCTAssertFalse(display.input.hasOpenedDevices, "not while the first frame waits for its flip")
        card.vblank()
        try display.waitFor("the first flip event", timeout: 2) { !display.hasFrameQueued(on: screen) }
        XCTAssertTrue(display.input.hasOpenedDevices, "open as soon as the first frame flipped")
        XCTAssertFalse(GLViewContext.holdsContent, "GLViews draw from the next frame on")
        XCTAssertFalse(GLViewContext.isStarting, "no GLView was held: no EGL context is made for none")
        XCTAssertEqual(devicesOpenedCount, 1)
    }

    /// A text field editing at launch: the automatic on-screen keyboard waits for the
    /// devices to be known (with a keyboard among them it would slide up, then away).
    func testTheAutomaticKeyboardWaitsForTheDevices() async throws {
        let screen = try attach()
        let window = Window(frame: screen.bounds)
        let field = TextField(frame: CGRect(x: 10, y: 10, width: 200, height: 40))
        window.addSubview(field)
        window.makeKeyAndVisible()
        XCTAssertTrue(field.becomeFirstResponder())
        display.flush()
        // A few loop turns: the keyboard's update is made on the turn after the change.
        var turned = false
        _ = display.eventLoop.schedule(after: 0.1, name: "a few turns") { turned = true }
        try display.waitFor("a few loop turns", timeout: 2) { turned }
        XCTAssertFalse(display.input.hasOpenedDevices)
        XCTAssertFalse(Application.shared.keyboardController.isShown, "not before the devices are known")
        card.vblank()
        try display.waitFor("the devices", timeout: 2) { display.input.hasOpenedDevices }
        try display.waitFor("the keyboard (the fake seat has none)", timeout: 2) {
            Application.shared.keyboardController.isShown
        }
    }

    func testDevicesOpenAnywayWhenTheFirstFlipNeverCompletes() async throws {
        StderrLog.kept.withLock { $0 = [] }
        let screen = try attach()
        display.flush()
        XCTAssertTrue(display.hasFrameQueued(on: screen), "the first frame was committed")
        let committed = monotonicSeconds()
        // No vblank ever comes: the flip event is lost.
        try display.waitFor("the input devices without a first flip", timeout: 5) { display.input.hasOpenedDevices }
        let waited = monotonicSeconds() - committed
        XCTAssertGreaterThanOrEqual(waited, KMSDisplay.inputFallbackDelay - 0.05, "not before the fallback delay")
        XCTAssertFalse(GLViewContext.holdsContent)
        XCTAssertEqual(devicesOpenedCount, 1)
        let log = StderrLog.kept.withLock { $0 ?? [] }
        XCTAssertTrue(log.contains { $0.contains("no first frame on screen") }, "\(log)")
    }

    /// Attached with HDMI-A-1, then HDMI-A-2 plugged in before any first frame was sent.
    private func attachWithTwoScreens() throws {
        _ = try attach()
        card.isSecondConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: nil)], arrivedAt: 0)
        try display.waitFor("two screens", timeout: 2) { display.screens.count == 2 }
    }

    /// GLViews' content (shader compiles on the main thread) waits for every launch
    /// screen's first frame, not only the first one's: in the VM a second card's screen
    /// flipped first and the demo's triangle was in the other screen's first frame. A
    /// screen whose first frame never comes holds it `heldContentDelay` at most.
    func testGLViewsWaitForEveryScreensFirstFrame() async throws {
        card.refusals = ["modeset HDMI-A-2": .invalidArgument]
        let delay = KMSDisplay.heldContentDelay
        KMSDisplay.heldContentDelay = 0.5
        defer { KMSDisplay.heldContentDelay = delay }
        try attachWithTwoScreens()
        let first = try XCTUnwrap(display.screens.first { $0.name == "HDMI-A-1" })
        display.flush()
        card.vblank()
        try display.waitFor("HDMI-A-1's first flip", timeout: 2) { display.input.hasOpenedDevices }
        XCTAssertFalse(display.hasFrameQueued(on: first))
        XCTAssertTrue(GLViewContext.holdsContent, "held while HDMI-A-2 has shown no frame")
        let flipped = monotonicSeconds()
        try display.waitFor("GLViews without HDMI-A-2's first frame", timeout: 5) { !GLViewContext.holdsContent }
        XCTAssertGreaterThanOrEqual(monotonicSeconds() - flipped, 0.45, "not before the delay")
    }

    func testGLViewsDrawOnceEveryScreenShowsItsFirstFrame() async throws {
        try attachWithTwoScreens()
        display.flush()
        card.vblank()
        try display.waitFor("both first flips", timeout: 2) {
            display.screens.allSatisfy { !display.hasFrameQueued(on: $0) }
        }
        XCTAssertFalse(GLViewContext.holdsContent, "released at the last screen's first flip")
    }

    func testDevicesOpenAnywayWhenTheCardRefusesEveryFirstFrame() async throws {
        card.refusals = ["modeset": .invalidArgument]
        _ = try attach()
        display.flush()
        XCTAssertFalse(card.commits.contains { !$0.testOnly }, "no commit reached the card")
        try display.waitFor("the input devices without a first frame", timeout: 5) {
            display.input.hasOpenedDevices
        }
        XCTAssertFalse(GLViewContext.holdsContent)
        XCTAssertEqual(devicesOpenedCount, 1)
    }
}
