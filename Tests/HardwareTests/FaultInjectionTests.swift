import DirectDisplayTesting
import Foundation
import KMS
import SystemPackage
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Failures injected into the libdrm funnel (`DRMFaultInjection`) as a kernel
/// would return them: refused commits, no memory for buffers or mode blobs. Each
/// gives a clear log line, and the screen shows the right frame at the next chance.
final class FaultInjectionTests: KMSDisplayTestCase {
    override func tearDown() async throws {
        DRMFaultInjection.clear()
        StderrLog.kept.withLock { $0 = nil }
        try await super.tearDown()
    }

    private func screenWithWindow() throws -> (KMSDisplay, Screen, ViewController) {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        let controller = ViewController()
        controller.view.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        StderrLog.kept.withLock { $0 = [] }
        return (display, screen, controller)
    }

    private var keptLines: [String] { StderrLog.kept.withLock { $0 ?? [] } }

    /// The call every page flip goes through on this card.
    private func commitCall(_ display: KMSDisplay) -> DRMCall {
        display.lit.first?.card.device.supportsAtomic == true ? .atomicCommit : .pageFlip
    }

    private func assertShows(_ display: KMSDisplay, _ screen: Screen, _ expected: UInt32, _ what: String) throws {
        let image = try display.capture(screen)
        XCTAssertEqual(rgb(image.rawPixel(x: 10, y: 10)), expected, what)
        XCTAssertEqual(rgb(image.rawPixel(x: image.width - 1, y: image.height - 1)), expected, what)
    }

    func testRefusedCommitsAreRetriedUntilTheFrameIsShown() async throws {
        let (display, screen, controller) = try screenWithWindow()
        let call = commitCall(display)
        for (code, times) in [(Errno.resourceBusy, 1), (.invalidArgument, 3)] {
            DRMFaultInjection.failNext(call, with: code, times: times)
            let color: (CGFloat, UInt32) = code == .resourceBusy ? (1, 0x00ff00) : (0.5, 0x008000)
            controller.view.backgroundColor = Color(red: 0, green: color.0, blue: 0, alpha: 1)
            try display.waitForPresentation(of: screen, timeout: 10)
            XCTAssertEqual(DRMFaultInjection.remaining(call), 0, "every injected failure was met")
            try assertShows(display, screen, color.1, "the frame refused \(times)x with \(code) is shown")
        }
        let lines = keptLines.filter { $0.contains("frame not shown") }
        // A line for the 1st failure in a row and each time the count doubles: EBUSY 1; EINVAL 1, 2 (not 3).
        XCTAssertEqual(lines.count, 3, "\(keptLines)")
        XCTAssertTrue(lines.allSatisfy { $0.contains("Virtual-1") && $0.contains("(injected)") }, "\(lines)")
        XCTAssertEqual(keptLines.filter { $0.contains("frames reach the screen again") }.count, 2, "\(keptLines)")
    }

    func testNoMemoryForADrawBufferDelaysTheFrameOnly() async throws {
        let (display, screen, controller) = try screenWithWindow()
        // After a mode change the output has one buffer of the new size; the next
        // frame needs a second one, allocated then.
        try screen.setCurrentMode(try XCTUnwrap(screen.mode(width: 800, height: 600, refreshRate: 60)))
        try display.waitForPresentation(of: screen)
        DRMFaultInjection.failNext(.createDumbBuffer, with: .noMemory, times: 2)
        controller.view.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        try display.waitForPresentation(of: screen, timeout: 10)
        XCTAssertEqual(DRMFaultInjection.remaining(.createDumbBuffer), 0)
        try assertShows(display, screen, 0x0000ff, "the frame after two failed allocations")
        XCTAssertTrue(
            keptLines.contains { $0.contains("drmModeCreateDumbBuffer") && $0.contains("Virtual-1") }, "\(keptLines)")
    }

    func testModeChangeFailuresChangeNothing() async throws {
        let (display, screen, _) = try screenWithWindow()
        let target = try XCTUnwrap(screen.mode(width: 800, height: 600, refreshRate: 60))
        let original = screen.currentMode
        var faults: [(DRMCall, Errno)] = [(.createDumbBuffer, .noMemory)]
        if display.lit.first?.card.device.supportsAtomic == true {
            faults.append((.createPropertyBlob, .noMemory))
            faults.append((.atomicCommit, .invalidArgument))  // the TEST_ONLY commit says no
        }
        for (call, code) in faults {
            DRMFaultInjection.failNext(call, with: code)
            XCTAssertThrowsError(try screen.setCurrentMode(target), call.rawValue) { error in
                XCTAssertTrue("\(error)".contains(call.rawValue), "\(error)")
            }
            XCTAssertEqual(screen.currentMode, original, call.rawValue)
            XCTAssertEqual(screen.bounds.size, CGSize(width: 1024, height: 768), call.rawValue)
            try display.waitForPresentation(of: screen)
            let image = try display.capture(screen)
            XCTAssertEqual(image.width, 1024, call.rawValue)
            XCTAssertEqual(rgb(image.rawPixel(x: 1023, y: 767)), 0xff0000, "still lit after \(call.rawValue) failed")
        }
        // Nothing was left half done: the mode changes when the kernel agrees.
        try screen.setCurrentMode(target)
        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(rgb(image.rawPixel(x: 799, y: 599)), 0xff0000)
    }
}
