import DirectDisplay
import Foundation
import KMS
import XCTest

@testable import DirectDisplayKMS

/// A start on a screen another program already lights (the console, a boot splash):
/// the picture stays until the app's first frame replaces it, by a page flip when the
/// mode is the one the app uses, by one modeset carrying that frame otherwise.
final class SeamlessStartTests: KMSDisplayTestCase {
    /// What the program before left on Virtual-1: its card (open, no longer master),
    /// the output that lit it and the pattern's framebuffer.
    private struct LitBefore {
        let device: DRMDevice
        let output: ScanoutOutput
        let framebufferID: UInt32
    }

    private static let pattern: UInt32 = 0x00C0_6020

    /// Lights Virtual-1 with a plain pattern in `pick(modes)` from a card of the test's
    /// own (a modeset, as a splash would), then drops master so the app can take it.
    private func lightVirtual1(_ pick: ([DisplayMode]) -> DisplayMode?) throws -> LitBefore {
        closeDisplay()
        let node = try VKMSConnector().card
        let device = try DRMDevice(path: node.devnode)
        let probe = try CardProbe(device: device)
        let connector = try XCTUnwrap(probe.connectors.first { $0.name == "Virtual-1" }, "Virtual-1")
        let mode = try XCTUnwrap(pick(connector.modes), "a mode of \(connector.modes)")
        let assignment = try XCTUnwrap(
            CRTCAssignment.choose(for: connector, in: probe, taken: [], format: ScanoutBuffer.defaultFormat))
        let output = try ScanoutOutput(
            device: device, connector: connector, crtc: try XCTUnwrap(probe.crtc(id: assignment.crtcID)),
            primaryPlane: try XCTUnwrap(probe.planes.first { $0.id == assignment.primaryPlaneID }), mode: mode,
            committer: device.makeCommitter(), litBefore: false
        ) { (width, height, format) throws(DRMError) in
            try ScanoutBuffer(device: device, width: width, height: height, format: format)
        }
        let buffer = try output.drawBuffer()
        buffer.fill(Self.pattern)
        try output.present(version: 1)
        let shown = device.scanout(crtcID: assignment.crtcID)
        XCTAssertEqual(shown.framebufferID, buffer.framebufferID, "the pattern is lit")
        try device.dropMaster()
        return LitBefore(device: device, output: output, framebufferID: buffer.framebufferID)
    }

    /// Starts the app's display with a window of `color` shown before its first frame,
    /// as `Application.run`'s launch block does.
    private func startApp(_ color: Color) throws -> (KMSDisplay, Screen, Window) {
        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = color
        window.makeKeyAndVisible()
        return (display, screen, window)
    }

    func testAStartInTheModeShownReplacesThePictureByAFlipWithoutAModeset() async throws {
        let before = try lightVirtual1 { $0.preferred }
        defer { withExtendedLifetime(before) { closeDisplay() } }
        let crtcID = before.output.crtc.id
        let modeBlob = before.device.scanout(crtcID: crtcID).modeBlobID
        XCTAssertNotNil(modeBlob, "vkms is atomic: the CRTC has a MODE_ID")

        let (display, screen, _) = try startApp(Color(red: 0, green: 1, blue: 0, alpha: 1))
        let entry = try XCTUnwrap(display.entry(for: screen))
        XCTAssertEqual(entry.output.crtc.id, crtcID, "the app drives the CRTC that was lit")
        XCTAssertTrue(entry.output.takesOverLitCRTC, "the first frame will take over, not modeset")
        XCTAssertEqual(
            before.device.scanout(crtcID: crtcID).framebufferID, before.framebufferID,
            "until its first frame the app leaves the picture alone")

        try display.waitForPresentation(of: screen)
        let after = before.device.scanout(crtcID: crtcID)
        XCTAssertNotEqual(after.framebufferID, before.framebufferID, "the app's frame replaced the picture")
        XCTAssertEqual(after.modeBlobID, modeBlob, "no modeset: the CRTC keeps the mode blob it had")
        XCTAssertFalse(entry.output.requiresModeset)
        XCTAssertEqual(display.presentedFrameNumber(of: screen), 1, "the first frame shown is the app's")
        let image = try display.capture(screen)
        try save(image, "seamless-start")
        XCTAssertEqual(Set(image.pixels.map(rgb)), [0x00FF00], "the app's window, no black")
    }

    func testAStartInAnotherModeIsOneModesetCarryingTheAppsFirstFrame() async throws {
        let before = try lightVirtual1 { modes in modes.first { $0.width == 800 && $0.height == 600 } }
        defer { withExtendedLifetime(before) { closeDisplay() } }
        let crtcID = before.output.crtc.id
        let modeBlob = before.device.scanout(crtcID: crtcID).modeBlobID

        let (display, screen, _) = try startApp(Color(red: 0, green: 0, blue: 1, alpha: 1))
        let entry = try XCTUnwrap(display.entry(for: screen))
        XCTAssertFalse(entry.output.takesOverLitCRTC, "800x600 is not the mode the app uses")
        XCTAssertTrue(entry.output.requiresModeset)
        XCTAssertEqual(
            before.device.scanout(crtcID: crtcID).framebufferID, before.framebufferID,
            "until its first frame the app leaves the picture alone")

        try display.waitForPresentation(of: screen)
        XCTAssertNotEqual(before.device.scanout(crtcID: crtcID).modeBlobID, modeBlob, "a modeset to 1024x768")
        XCTAssertEqual(display.presentedFrameNumber(of: screen), 1, "that modeset carried the app's first frame")
        let image = try display.capture(screen)
        XCTAssertEqual(image.width, 1024)
        XCTAssertEqual(Set(image.pixels.map(rgb)), [0x0000FF], "the app's window, no black")
    }
}
