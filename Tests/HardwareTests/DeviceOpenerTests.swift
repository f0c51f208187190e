import DeviceAccess
import Foundation
import Scheduling
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Opens devices directly, records every descriptor, and lets a test switch the
/// session off and on as a session manager (libseat) would on a VT switch.
final class RecordingOpener: DeviceOpener {
    private let direct = DirectDeviceOpener()
    private(set) var openedPaths: [String] = []
    private(set) var openDescriptors: [Int32: String] = [:]
    var sessionActivityChanged: (@MainActor (Bool) -> Void)?
    private(set) var isSessionActive = true

    func openDevice(path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        let fd = try direct.openDevice(path: path, flags: flags)
        openedPaths.append(path)
        openDescriptors[fd] = path
        return fd
    }

    func closeDevice(fileDescriptor: Int32) {
        openDescriptors[fileDescriptor] = nil
        direct.closeDevice(fileDescriptor: fileDescriptor)
    }

    @MainActor func setSessionActive(_ active: Bool) {
        isSessionActive = active
        sessionActivityChanged?(active)
    }
}

/// The one injected device opener: the DRM back end and libinput both open
/// through it, and its session events pause and resume the display.
final class DeviceOpenerTests: KMSDisplayTestCase {
    func testCardsAndInputDevicesOpenThroughTheOpenerAndCloseThroughItToo() async throws {
        closeDisplay()
        let opener = RecordingOpener()
        var display: KMSDisplay? = try KMSDisplay(opener: opener)
        Application.shared.display = display
        XCTAssertTrue(opener.openedPaths.contains { $0.hasPrefix("/dev/dri/card") }, "\(opener.openedPaths)")
        // Input devices are opened once the first frame is on screen (not before it).
        try display?.eventLoop.run(
            until: { opener.openedPaths.contains { $0.hasPrefix("/dev/input/event") } }, timeout: 10,
            what: "input devices opened after the first frame")
        XCTAssertTrue(opener.openedPaths.contains { $0.hasPrefix("/dev/input/event") }, "\(opener.openedPaths)")
        display?.shutdown()
        display = nil
        Application.shared.reset()
        XCTAssertEqual(opener.openDescriptors, [:], "every descriptor opened was closed through the opener")
    }

    func testAnInactiveSessionPausesTheDisplayAndAnActiveOneRedrawsIt() async throws {
        closeDisplay()
        let opener = RecordingOpener()
        let display = try KMSDisplay(opener: opener)
        Application.shared.display = display
        self.display = display
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        window.isHidden = false
        try display.waitForPresentation(of: screen)

        opener.setSessionActive(false)
        XCTAssertTrue(display.isSuspended)
        let presented = display.presentedFrameNumber(of: screen)
        window.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertThrowsError(
            try display.waitFor("a frame while the session is away", timeout: 0.3) {
                display.presentedFrameNumber(of: screen) != presented
            }, "no commits while the session is inactive")

        opener.setSessionActive(true)
        XCTAssertFalse(display.isSuspended)
        try display.waitForPresentation(of: screen)
        XCTAssertNotEqual(display.presentedFrameNumber(of: screen), presented, "redrawn on return")
        let image = try display.capture(screen)
        XCTAssertEqual(rgb(image.rawPixel(x: 10, y: 10)), 0xFF0000, "the change made while away is shown")
    }
}
