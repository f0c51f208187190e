import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import KMS
import Scheduling
import SystemPackage
import XCTest

/// Sleep and wake through a fake card: off is one ACTIVE 0 commit with the frame
/// kept, nothing is committed while off, on shows the kept frame and then only
/// what changed; a storm of toggles costs no storm of commits; a kernel that
/// refuses DPMS off leaves the screen on and working.
@MainActor final class KMSDisplayPowerTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!
    @MainActor private final class Counter { var count = 0 }
    private let powerCounter = Counter()
    private var powerNotifications: Int { powerCounter.count }
    private var observer: NSObjectProtocol?

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        display = try card.makeDisplay()
        Application.shared.display = display
        observer = NotificationCenter.default.addObserver(
            forName: Screen.powerDidChangeNotification, object: nil, queue: nil
        ) { [powerCounter] _ in MainActor.assumeIsolated { powerCounter.count += 1 } }
    }

    override func tearDown() async throws {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        StderrLog.kept.withLock { $0 = nil }
        Application.shared.reset()
        display = nil
        card = nil
    }

    /// A lit screen showing a white window with a red square, its flip completed.
    private func litScreen() throws -> (Screen, View) {
        card.isConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        let screen = try XCTUnwrap(display.screens.first)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let square = View(frame: CGRect(x: 8, y: 8, width: 8, height: 8))
        square.backgroundColor = .red
        window.addSubview(square)
        window.makeKeyAndVisible()
        try settle(screen)
        return (screen, square)
    }

    private func settle(_ screen: Screen) throws {
        display.flush()
        // Each vblank completes a flip; a frame waiting behind it goes out at its event.
        try display.waitFor("the flip events", timeout: 2) {
            card.vblank()
            return !display.hasFrameQueued(on: screen)
        }
    }

    private var realCommits: [FakeCard.Commit] { card.commits.filter { !$0.testOnly } }

    func testOffKeepsTheFrameCommitsNothingAndOnShowsItThenOnlyTheChange() async throws {
        let (screen, square) = try litScreen()
        let shown = try XCTUnwrap(realCommits.last)
        XCTAssertEqual(card.pixel(framebuffer: shown.framebufferID, x: 10, y: 10), 0xFF_0000)

        screen.isPoweredOn = false
        XCTAssertFalse(screen.isPoweredOn)
        XCTAssertEqual(powerNotifications, 1)
        display.flush()
        XCTAssertEqual(realCommits.last?.kind, "power off")
        XCTAssertEqual(realCommits.last?.framebufferID, shown.framebufferID, "the frame stays on the plane")
        XCTAssertEqual(display.isPoweredOff(screen), true)

        // Changes while off: nothing composed, nothing committed.
        let before = realCommits.count
        let composed = screen.frameStatistics.framesComposed
        square.backgroundColor = .blue
        display.flush()
        square.frame.origin.x = 20
        display.flush()
        XCTAssertEqual(realCommits.count, before, "no commit while off")
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed, "nothing composed while off")

        // On: ACTIVE 1 shows the kept frame, then one flip carries what changed meanwhile.
        screen.isPoweredOn = true
        // (At most one power change per refresh period: this one waits for the period's end.)
        try display.waitFor("the screen wakes", timeout: 2) { display.isPoweredOff(screen) == false }
        display.flush()
        let after = realCommits[before...].map(\.kind)
        XCTAssertEqual(after, ["power on", "flip"])
        XCTAssertEqual(realCommits[before].framebufferID, shown.framebufferID, "the kept frame first")
        let flip = realCommits[before + 1]
        XCTAssertEqual(card.pixel(framebuffer: flip.framebufferID, x: 22, y: 10), 0x00_00FF)
        XCTAssertEqual(card.pixel(framebuffer: flip.framebufferID, x: 10, y: 10), 0xFF_FFFF)
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed + 1, "one frame for both changes")
        XCTAssertEqual(powerNotifications, 2)
    }

    func testAThousandTogglesCostAtMostOneCommitPerFrameAndTheLastWins() async throws {
        let (screen, _) = try litScreen()
        let before = realCommits.count
        for index in 0..<1000 { screen.isPoweredOn = index % 2 == 1 }
        screen.isPoweredOn = false
        display.flush()
        XCTAssertEqual(realCommits[before...].map(\.kind), ["power off"], "coalesced to one commit")
        // Toggled again (within the same refresh period, unless the machine is slow): applied
        // once, at the period's end at the earliest.
        for index in 0..<1000 { screen.isPoweredOn = index % 2 == 0 }
        XCTAssertFalse(screen.isPoweredOn)
        screen.isPoweredOn = true
        display.flush()
        try display.waitFor("the delayed power change", timeout: 2) { display.isPoweredOff(screen) == false }
        XCTAssertEqual(realCommits[before...].map(\.kind), ["power off", "power on"])
    }

    func testAKernelRefusingDPMSOffLogsOnceAndTheScreenStaysOnAndWorking() async throws {
        let (screen, square) = try litScreen()
        StderrLog.kept.withLock { $0 = [] }
        card.refusals["power off"] = .invalidArgument
        screen.isPoweredOn = false
        display.flush()
        XCTAssertTrue(screen.isPoweredOn, "the screen stays on")
        XCTAssertEqual(display.isPoweredOff(screen), false)
        screen.isPoweredOn = false
        display.flush()
        XCTAssertTrue(screen.isPoweredOn)
        let lines = StderrLog.kept.withLock { $0 ?? [] }.filter { $0.contains("power") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        // Still working: a change goes out in a flip.
        let before = realCommits.count
        square.backgroundColor = .green
        display.flush()
        XCTAssertEqual(realCommits[before...].map(\.kind), ["flip"])
    }

    func testAScreenPluggedInWhileTheOthersSleepStaysDarkUntilTheyWake() async throws {
        Application.shared.idleDimDuration = 0
        Application.shared.idleTimeout = 0.01
        try display.waitFor("the idle timer sleeps", timeout: 2) { Application.shared.idle.phase == .asleep }
        card.isConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("the screen connects", timeout: 2) { !display.screens.isEmpty }
        let screen = try XCTUnwrap(display.screens.first)
        XCTAssertFalse(screen.isPoweredOn, "it sleeps as the others do")
        display.flush()
        XCTAssertEqual(realCommits.map(\.kind), [], "nothing lit: no modeset while asleep")

        Application.shared.isIdleTimerDisabled = true
        XCTAssertTrue(screen.isPoweredOn)
        try display.waitFor("its first frame", timeout: 2) { !realCommits.isEmpty }
        XCTAssertEqual(realCommits.map(\.kind), ["modeset"], "waking lights it with its first frame")
    }
}
