import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import KMS
import Scheduling
import XCTest

/// Composition straight into the scanout buffers (cached scanout memory, no shadow
/// frame), through the fake card: every buffer that goes out shows the whole latest
/// frame, though only this frame's damage is composed into it and what it missed
/// before is copied from the buffer holding the frame before (buffer age).
@MainActor final class KMSDisplayInPlaceCompositionTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!
    private var screen: Screen!
    private var window: Window!
    /// Three squares along the top, 8x8 pixels each, over the window's background.
    private var squares: [View] = []
    private var flips = 0

    private static let squareCorners = [(0, 0), (16, 0), (32, 0)]
    /// A pixel of the background no square covers.
    private static let backgroundPixel = (40, 30)

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        display = try card.makeDisplay()
        display.scanoutMemoryIsCached = true
        Application.shared.display = display
        card.isConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        screen = try XCTUnwrap(display.screens.first)
        display.framePresented = { [unowned self] _, _, _ in flips += 1 }
        window = Window(screen: screen)
        window.backgroundColor = .white
        squares = Self.squareCorners.map { corner in
            let square = View(frame: CGRect(x: corner.0, y: corner.1, width: 8, height: 8))
            square.backgroundColor = .red
            window.addSubview(square)
            return square
        }
        window.makeKeyAndVisible()
        try settle()
    }

    override func tearDown() async throws {
        Application.shared.reset()
        display = nil
        card = nil
        squares = []
        window = nil
        screen = nil
    }

    /// The XRGB value of `color` (opaque primaries and white only).
    private static func pixel(_ color: Color) -> UInt32 {
        switch color {
        case .red: 0xFF_0000
        case .green: 0x00_FF00
        case .blue: 0x00_00FF
        case .white: 0xFF_FFFF
        case .black: 0
        default: 0xDEAD
        }
    }

    /// Commits the changes made, then lets vblanks come until nothing is queued,
    /// checking that every buffer committed meanwhile shows the whole latest frame.
    private func settle(file: StaticString = #filePath, line: UInt = #line) throws {
        var checked = card.commits.count
        display.flush()
        checkCommits(from: &checked, file: file, line: line)
        while display.hasFrameQueued(on: screen) {
            let before = flips
            card.vblank()
            try display.waitFor("the flip event", timeout: 2) { flips > before }
            checkCommits(from: &checked, file: file, line: line)
        }
    }

    private func checkCommits(from index: inout Int, file: StaticString, line: UInt) {
        for commit in card.commits[index...] where !commit.testOnly {
            checkFrame(in: commit.framebufferID, file: file, line: line)
        }
        index = card.commits.count
    }

    /// The buffer shows the background and each square in the colours they have now.
    private func checkFrame(in framebuffer: UInt32, file: StaticString = #filePath, line: UInt = #line) {
        let background = Self.pixel(window.backgroundColor ?? .black)
        XCTAssertEqual(
            card.pixel(framebuffer: framebuffer, x: Self.backgroundPixel.0, y: Self.backgroundPixel.1), background,
            "background in framebuffer \(framebuffer)", file: file, line: line)
        XCTAssertEqual(
            card.pixel(framebuffer: framebuffer, x: 12, y: 4), background,
            "background between the squares in framebuffer \(framebuffer)", file: file, line: line)
        for (square, corner) in zip(squares, Self.squareCorners) {
            XCTAssertEqual(
                card.pixel(framebuffer: framebuffer, x: corner.0 + 4, y: corner.1 + 4),
                Self.pixel(square.backgroundColor ?? .black), "square at \(corner) in framebuffer \(framebuffer)",
                file: file, line: line)
        }
    }

    func testNoShadowFrame() async throws {
        XCTAssertNil(screen.compositor.shadow, "composed in the scanout buffers")
        XCTAssertEqual(screen.frameStatistics.framesComposed, screen.frameStatistics.framesPresented)
    }

    /// A small change after a big one: the buffer the small one goes out in last held
    /// a frame before the big one, and must take the big one's pixels from the buffer
    /// that holds it (only the small one is composed).
    func testSmallChangeAfterBigOneCatchesUp() async throws {
        window.backgroundColor = .blue
        try settle()
        squares[0].backgroundColor = .green
        try settle()
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 8 * 8, "only the square is composed")
        squares[1].backgroundColor = .blue
        try settle()
        window.backgroundColor = .white
        try settle()
        squares[2].backgroundColor = .green
        try settle()
    }

    /// Frames drawn while another is queued go to the third buffer: changes in pairs
    /// (one committed at once, one pending behind it) cycle all three, each catching
    /// up with the frames it missed.
    func testAlternatingBuffersEachShowTheLatestFrame() async throws {
        let colours: [Color] = [.green, .blue, .red, .white, .green]
        var used = Set<UInt32>()
        for step in 0..<12 {
            let before = card.commits.count
            if step % 3 == 2 {
                window.backgroundColor = colours[step % colours.count]
            } else {
                squares[step % 3].backgroundColor = colours[(step + 1) % colours.count]
            }
            display.flush()
            squares[(step + 1) % 3].backgroundColor = colours[(step + 2) % colours.count]
            try settle()
            for commit in card.commits[before...] where !commit.testOnly { used.insert(commit.framebufferID) }
        }
        XCTAssertEqual(used.count, 3, "all three buffers went out")
        XCTAssertNil(screen.compositor.shadow)
    }

    /// A refused commit keeps its frame drawn (pending) in its buffer: the retry
    /// commits it as it is, and the next frame, in another buffer, copies from it.
    func testFailedCommitIsRetriedAndCaughtUpWith() async throws {
        card.refusals["flip"] = .resourceBusy
        window.backgroundColor = .green
        let before = card.commits.count
        display.flush()
        XCTAssertEqual(card.commits.count, before, "the flip was refused")
        card.refusals = [:]
        try display.waitFor("the retried commit", timeout: 2) { card.commits.count > before }
        try settle()
        squares[1].backgroundColor = .blue
        try settle()
        squares[2].backgroundColor = .green
        try settle()
    }

    /// New buffers (a mode set again) hold nothing of the frame: the first frame in
    /// each is composed whole, though only a square changed.
    func testReallocatedBuffersAreComposedWhole() async throws {
        window.backgroundColor = .blue
        try settle()
        let before = Set(card.liveFramebuffers)
        let mode = try XCTUnwrap(screen.currentMode)
        try display.apply(mode, to: screen)
        squares[0].backgroundColor = .green
        try settle()
        squares[1].backgroundColor = .blue
        try settle()
        squares[2].backgroundColor = .white
        try settle()
        let after = card.commits.filter { !$0.testOnly }.suffix(3).map(\.framebufferID)
        XCTAssertTrue(after.allSatisfy { !before.contains($0) }, "the frames went to new buffers")
    }
}
