import Foundation
import KMS
import Udev
import XCTest

/// The demo as a separate process: SIGTERM gives the console back, and a second
/// process asking for a card that is driven already gets a clear error, not a hang.
final class ProcessLifecycleTests: XCTestCase {
    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
    }

    /// The framebuffer on the first lit CRTC of the first card, read without master.
    private func scannedOutFramebuffer() throws -> UInt32 {
        let node = try XCTUnwrap(DRMCardEnumerator(udev: try UdevContext()).cards().first)
        let device = try DRMDevice(path: node.devnode, requireMaster: false)
        let probe = try CardProbe(device: device, forceProbe: false)
        return try XCTUnwrap(probe.crtcs.first { $0.mode != nil }, "no lit CRTC").framebufferID
    }

    func testSIGTERMRestoresTheConsoleAndASecondMasterIsRefused() async throws {
        let consoleFramebuffer = try scannedOutFramebuffer()
        XCTAssertNotEqual(consoleFramebuffer, 0, "the text console (fbdev emulation) is on screen at boot")

        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--capture", NSTemporaryDirectory()])
        XCTAssertTrue(demo.waitForOutput(containing: "captured", timeout: 20), "the demo's first frame: \(demo.text)")
        XCTAssertNotEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the demo's own buffer is on screen")

        let second = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "1"])
        let secondStatus = second.waitForExit(timeout: 20)
        XCTAssertEqual(secondStatus, 1, "a second master exits non-zero at once: \(second.text)")
        XCTAssertTrue(second.text.contains("already driven by another DRM master"), second.text)

        demo.signal(SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGTERM, "SIGTERM ends the demo: \(demo.text)")
        XCTAssertEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the console's framebuffer is back")
    }
}
