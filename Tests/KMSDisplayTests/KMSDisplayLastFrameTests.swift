import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import KMS
import Scheduling
import SystemPackage
import XCTest

/// `Application.leavesLastFrameOnExit` where the frame cannot outlive the process
/// (here: no virtual console held in graphics mode, no service manager): exit gives
/// the screens back as usual, with one line saying why.
@MainActor final class KMSDisplayLastFrameTests: XCTestCase {
    func testWithoutADirectSessionAndAStoreExitRestoresAndSaysWhyOnce() async throws {
        Application.shared.reset()
        StderrLog.kept.withLock { $0 = [] }
        defer {
            StderrLog.kept.withLock { $0 = nil }
            Application.shared.reset()
        }
        let card = try FakeCard()
        let display = try card.makeDisplay()
        Application.shared.display = display
        card.isConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        let screen = try XCTUnwrap(display.screens.first)
        display.flush()
        try display.waitFor("the first flip", timeout: 2) {
            card.vblank()
            return !display.hasFrameQueued(on: screen)
        }
        Application.shared.leavesLastFrameOnExit = true
        display.shutdown()
        let lines = StderrLog.kept.withLock { $0 ?? [] }.filter { $0.contains("leavesLastFrameOnExit") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("the console comes back") == true, "\(lines)")
        XCTAssertEqual(
            card.commits.last?.kind, "off", "the screen is given back (its CRTC off: nothing was lit before)")
    }
}
