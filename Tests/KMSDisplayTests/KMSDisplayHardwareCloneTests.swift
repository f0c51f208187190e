import DirectDisplayCore
import Foundation
import KMS
import Scheduling
import SystemPackage
import XCTest

@testable import DirectDisplayKMS

/// Hardware clone mode through a fake card with two connectors: a screen mirroring
/// another is driven by the source's CRTC where both encoders can share it (one
/// commit, tested first, nothing composed or committed for it afterwards); a card
/// that cannot, or a kernel that refuses, gets the scaled copy; stopping and unplug
/// of either screen bring it back to its own CRTC.
@MainActor final class KMSDisplayHardwareCloneTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        display = try card.makeDisplay()
        Application.shared.display = display
        StderrLog.kept.withLock { $0 = [] }
    }

    override func tearDown() async throws {
        StderrLog.kept.withLock { $0 = nil }
        Application.shared.reset()
        display = nil
        card = nil
    }

    private static let red: UInt32 = 0xFF_0000
    private static let green: UInt32 = 0x00_FF00

    /// Both encoders may take both CRTCs and be clones of each other.
    private func allowClones() {
        card.firstEncoder = (0b11, 0b11)
        card.secondEncoder = (0b11, 0b11)
    }

    /// HDMI-A-1 (the source, a red window) and HDMI-A-2 lit, their first flips done.
    private func twoScreens() throws -> (a: Screen, b: Screen, window: Window) {
        card.isConnected = true
        card.isSecondConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: nil)], arrivedAt: 0)
        try display.waitFor("two screens", timeout: 2) { display.screens.count == 2 }
        let a = try XCTUnwrap(display.screens.first { $0.name == "HDMI-A-1" })
        let b = try XCTUnwrap(display.screens.first { $0.name == "HDMI-A-2" })
        let window = Window(screen: a)
        window.backgroundColor = .red
        window.makeKeyAndVisible()
        try settle()
        return (a, b, window)
    }

    private func settle() throws {
        display.flush()
        try display.waitFor("the flip events", timeout: 2) {
            card.vblank()
            return display.screens.allSatisfy { !display.hasFrameQueued(on: $0) }
        }
    }

    private var realCommits: [FakeCard.Commit] { card.commits.filter { !$0.testOnly } }
    private var logLines: [String] { StderrLog.kept.withLock { $0 ?? [] } }

    func testAMirrorThatCanShareTheCRTCIsDrivenByItWithNoCopy() async throws {
        allowClones()
        let (a, b, window) = try twoScreens()
        let before = card.commits.count
        try b.mirror(a)
        try settle()
        let joins = card.commits[before...].filter { $0.kind == "join clone" }
        XCTAssertEqual(joins.map(\.testOnly), [true, false], "tested first, then committed: \(joins)")
        let join = try XCTUnwrap(joins.last)
        XCTAssertEqual(join.connector, "HDMI-A-2")
        XCTAssertEqual(join.crtcID, FakeCard.secondCRTCID, "its own CRTC is the one turned off")
        XCTAssertEqual(join.cloneCRTC, FakeCard.crtcID, "its connector goes to the source's CRTC")

        // A change on A goes out on A's CRTC alone: nothing is composed or committed for B.
        let composedB = b.frameStatistics.framesComposed
        let afterJoin = realCommits.count
        window.backgroundColor = .green
        try settle()
        XCTAssertEqual(realCommits[afterJoin...].map(\.connector), ["HDMI-A-1"])
        XCTAssertEqual(b.frameStatistics.framesComposed, composedB, "no composition for B")
        XCTAssertFalse(display.composesForMirror(a), "nothing copies A: it composes as any screen")
        // What B shows is what A's CRTC scans out.
        let captured = try display.capture(b)
        XCTAssertEqual(captured.pixels[10 * captured.width + 10] & 0x00FF_FFFF, Self.green)

        // Stopping: B leaves A's CRTC, then lights its own with a modeset of its own frame.
        let beforeStop = realCommits.count
        b.stopMirroring()
        try settle()
        let after = realCommits[beforeStop...].filter { $0.connector == "HDMI-A-2" }
        XCTAssertEqual(after.map(\.kind), ["leave clone", "modeset"], "\(after)")
        XCTAssertEqual(after.last?.crtcID, FakeCard.secondCRTCID)
    }

    func testACardThatCannotShareTheCRTCMirrorsByACopyAndSaysWhy() async throws {
        // The default fake encoders each take one CRTC.
        let (a, b, _) = try twoScreens()
        try b.mirror(a)
        try settle()
        XCTAssertFalse(card.commits.contains { $0.kind == "join clone" })
        let frame = try XCTUnwrap(realCommits.last { $0.connector == "HDMI-A-2" })
        XCTAssertEqual(frame.crtcID, FakeCard.secondCRTCID)
        XCTAssertEqual(card.pixel(framebuffer: frame.framebufferID, x: 32, y: 24), Self.red, "A's frame copied")
        XCTAssertTrue(display.composesForMirror(a), "B copies A's shadow frame")
        XCTAssertEqual(logLines.filter { $0.contains("scaled copy") }.count, 1, "\(logLines)")
    }

    func testAKernelRefusingTheSharedCRTCGetsTheCopyWithOneLogLine() async throws {
        allowClones()
        card.refusals["join clone"] = .invalidArgument
        let (a, b, window) = try twoScreens()
        try b.mirror(a)
        try settle()
        window.backgroundColor = .green
        try settle()
        XCTAssertFalse(realCommits.contains { $0.kind == "join clone" })
        let frame = try XCTUnwrap(realCommits.last { $0.connector == "HDMI-A-2" })
        XCTAssertEqual(frame.crtcID, FakeCard.secondCRTCID, "B on its own CRTC")
        XCTAssertEqual(card.pixel(framebuffer: frame.framebufferID, x: 32, y: 24), Self.green, "A's frame copied")
        let refused = logLines.filter { $0.contains("refused hardware clone") }
        XCTAssertEqual(refused.count, 1, "said once, not at every frame: \(logLines)")
    }

    func testUnplugOfTheSourceTakesTheMirrorOffItsCRTCFirst() async throws {
        allowClones()
        let (a, b, _) = try twoScreens()
        try b.mirror(a)
        try settle()
        let before = realCommits.count
        card.isConnected = false
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("A is gone", timeout: 2) { display.screens.count == 1 }
        try settle()
        let after = realCommits[before...].map { "\($0.kind) \($0.connector)" }
        // A's CRTC can only be turned off once B's connector left it.
        XCTAssertEqual(Array(after.prefix(2)), ["leave clone HDMI-A-2", "off HDMI-A-1"], "\(after)")
        XCTAssertNil(b.mirroredScreen)
        XCTAssertEqual(
            realCommits.last.map { "\($0.kind) \($0.connector)" }, "modeset HDMI-A-2", "B lights its own CRTC")
    }

    func testUnplugOfTheMirrorLeavesTheSourcesCRTCLit() async throws {
        allowClones()
        let (a, b, window) = try twoScreens()
        try b.mirror(a)
        try settle()
        let before = realCommits.count
        card.isSecondConnected = false
        display.handle(
            [.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.secondConnectorID)], arrivedAt: 0)
        try display.waitFor("B is gone", timeout: 2) { display.screens.count == 1 }
        _ = b
        let after = realCommits[before...].map { "\($0.kind) \($0.connector)" }
        XCTAssertEqual(Array(after.prefix(2)), ["leave clone HDMI-A-2", "off HDMI-A-2"], "\(after)")
        XCTAssertFalse(after.contains("off HDMI-A-1"))
        // A goes on flipping.
        let flips = realCommits.count
        window.backgroundColor = .green
        try settle()
        XCTAssertEqual(realCommits[flips...].map { "\($0.kind) \($0.connector)" }, ["flip HDMI-A-1"])
    }

    func testPoweringEitherScreenOffEndsTheCloneAndWakingStartsItAgain() async throws {
        allowClones()
        let (a, b, _) = try twoScreens()
        try b.mirror(a)
        try settle()
        let before = realCommits.count
        b.isPoweredOn = false
        try settle()
        let off = realCommits[before...].map { "\($0.kind) \($0.connector)" }
        XCTAssertEqual(off.first, "leave clone HDMI-A-2", "\(off)")
        XCTAssertEqual(display.isPoweredOff(b), true)
        let asleep = realCommits.count
        b.isPoweredOn = true
        try settle()
        let on = realCommits[asleep...].map { "\($0.kind) \($0.connector)" }
        XCTAssertTrue(on.contains("join clone HDMI-A-2"), "back on A's CRTC once both are on: \(on)")
    }

    func testALegacyModesetOfTheSourceTakesTheCloneOffFirst() async throws {
        // The fake card is a legacy one (its device does not support atomic).
        allowClones()
        let (a, b, window) = try twoScreens()
        try b.mirror(a)
        try settle()
        let before = realCommits.count
        // A lost flip, a VT switch or a broken link: the source's next frame is a modeset.
        try XCTUnwrap(display.entry(for: a)).output.requireModeset()
        window.backgroundColor = .green
        try settle()
        let after = realCommits[before...].map { "\($0.kind) \($0.connector)" }
        XCTAssertEqual(Array(after.prefix(2)), ["leave clone HDMI-A-2", "modeset HDMI-A-1"], "\(after)")
    }
}
