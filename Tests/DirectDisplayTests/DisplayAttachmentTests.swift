import Compositing
import Scheduling
import XCTest

@testable import DirectDisplayCore

/// A display as a back end would be: everything it knows of the application comes
/// through the host it is attached to.
@MainActor private final class RecordingDisplay: DisplayBackend {
    /// Lends its event loop and seat (a display needs both; this test needs neither).
    let headless: HeadlessDisplay
    private(set) var host: (any DisplayHost)?
    private(set) var attachments = 0
    var offeredCard: GLViewCard?

    init(headless: HeadlessDisplay) { self.headless = headless }

    var eventLoop: EventLoop { headless.eventLoop }
    var input: SeatInput { headless.input }
    func setNeedsComposite(_ screen: Screen) {}
    func powerDidChange(_ screen: Screen) {}
    func brightnessDidChange(_ screen: Screen) {}
    func hasBacklight(_ screen: Screen) -> Bool? { nil }
    func capture(_ screen: Screen) throws -> CapturedImage { try headless.capture(screen) }
    func apply(_ mode: Screen.Mode, to screen: Screen) throws {}
    func shutdown() {}
    var glViewCard: GLViewCard? { offeredCard }

    func attach(to host: any DisplayHost) {
        self.host = host
        attachments += 1
    }
}

/// A display made outside the library: it has the public face of one, not the back end.
@MainActor private final class ForeignDisplay: Display {
    let headless: HeadlessDisplay
    init(lending headless: HeadlessDisplay) { self.headless = headless }
    var input: SeatInput { headless.input }
    func capture(_ screen: Screen) throws -> CapturedImage { try headless.capture(screen) }
}

/// The back-end interface: the application attaches the display it is given, once,
/// and the display reaches the application only through that host (no singleton).
final class DisplayAttachmentTests: DirectDisplayTestCase {
    func testAGivenDisplayIsAttachedOnceAndConnectsItsScreensThroughTheHost() async throws {
        let recording = RecordingDisplay(headless: display)
        XCTAssertNil(recording.host)
        Application.shared.display = recording
        Application.shared.display = recording
        XCTAssertEqual(recording.attachments, 1, "given again, the same display is not attached again")
        let host = try XCTUnwrap(recording.host)

        let mode = Screen.Mode(width: 32, height: 24)
        let screen = Screen(name: "Virtual-1", modes: [mode])
        host.connect(screen)
        XCTAssertTrue(screen.isConnected)
        XCTAssertTrue(Screen.main === screen)
        XCTAssertTrue(host.mainScreen === screen)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        XCTAssertEqual(host.visibleWindows(on: screen).map(ObjectIdentifier.init), [ObjectIdentifier(window)])
        XCTAssertFalse(host.hasRunningAnimations(on: screen))

        host.disconnect(screen)
        XCTAssertFalse(screen.isConnected)
        XCTAssertTrue(Screen.screens.isEmpty)
        XCTAssertTrue(window.isHidden, "the host hid the window of the screen that went")
    }

    func testGLViewsAskTheDisplayForTheirCard() async {
        let recording = RecordingDisplay(headless: display)
        Application.shared.display = recording
        XCTAssertNil(GLViewContext.card)
        let owner = NSObject()
        recording.offeredCard = GLViewCard(fd: 42, path: "/dev/dri/card7", owner: owner)
        XCTAssertEqual(GLViewContext.card?.fd, 42)
        XCTAssertEqual(GLViewContext.card?.path, "/dev/dri/card7")
        XCTAssertTrue(GLViewContext.card?.owner === owner)
    }

    func testADisplayThatIsNoBackEndIsRefusedAndTheOneInUseKept() {
        let display = HeadlessDisplay()
        Application.shared.display = display
        Application.shared.display = ForeignDisplay(lending: display)
        XCTAssertTrue(Application.shared.display === display, "the display in use is kept")
        XCTAssertTrue(Application.shared.backend === display)
    }
}
