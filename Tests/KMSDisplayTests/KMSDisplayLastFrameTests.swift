import DirectDisplayCore
import Foundation
import KMS
import Scheduling
import SystemPackage
import XCTest

@testable import DirectDisplayKMS

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

/// The card descriptors a previous run left in systemd's store (here a pipe standing
/// for one): held while any screen still shows the previous run's frame, closed once
/// every screen has flipped its own first frame (their framebuffers go with them).
@MainActor final class KMSDisplayInheritedCardTests: XCTestCase {
    func testTheInheritedDescriptorClosesOnlyOnceEveryScreenShowsItsFirstFrame() async throws {
        Application.shared.reset()
        defer { Application.shared.reset() }
        let card = try FakeCard()
        // Both connected at start, as a restarted kiosk finds them.
        card.isConnected = true
        card.isSecondConnected = true
        let display = try card.makeDisplay()
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[1]) }
        display.inheritedCards = [(name: "directdisplay-card7", fd: ends[0])]
        Application.shared.display = display
        XCTAssertEqual(display.screens.count, 2)
        let (first, second) = (display.screens[0], display.screens[1])
        // The first screen's first frame flips; the second's is refused for now.
        card.refusals["modeset HDMI-A-2"] = .invalidArgument
        display.flush()
        XCTAssertTrue(Self.isOpen(ends[0]), "nothing flipped yet: the previous frame is on screen")
        card.vblank()
        try display.waitFor("the first screen's flip", timeout: 2) { !display.hasFrameQueued(on: first) }
        XCTAssertTrue(Self.isOpen(ends[0]), "the second screen still shows the previous run's frame")
        card.refusals = [:]
        try display.waitFor("the second screen's first flip", timeout: 5) {
            card.vblank()
            return display.presentedFrameNumber(of: second) ?? 0 > 0
        }
        XCTAssertFalse(Self.isOpen(ends[0]), "every screen shows its own frame: the descriptor is closed")
        XCTAssertTrue(display.inheritedCards.isEmpty)
    }

    private static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) >= 0 }
}
