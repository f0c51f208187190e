import CDRM
import Glibc
import SystemPackage
import XCTest

@testable import KMS

/// Records every commit instead of making it; fails the next commit of a kind when told to.
private final class FakeCommitter: CRTCCommitter {
    var log: [String] = []
    /// Commit kind ("modeset", "flip", "test", ...) → errno its next call fails with.
    var failNext: [String: Errno] = [:]

    func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
        let kind =
            switch (state.change, testOnly) {
            case (.modeset, false): "modeset"
            case (.modeset, true): "test"
            case (.pageFlip, false): "flip"
            case (.pageFlip, true): "test-flip"
            case (.takeOver, _): testOnly ? "test-take-over" : "take-over"
            case (.planes, _): testOnly ? "test-planes" : "planes"
            case (.off, _): testOnly ? "test-disable" : "disable"
            case (.powerOff, _): "power-off"
            case (.powerOn, _): "power-on"
            case (.joinClone, _): testOnly ? "test-join-clone" : "join-clone"
            case (.leaveClone, _): "leave-clone"
            }
        var line = "\(kind) fb\(state.framebuffer.framebufferID)"
        if let cursor = state.cursor { line += cursor.isVisible ? " cursor@\(cursor.x),\(cursor.y)" : " cursor-off" }
        if state.resetsLink { line += " link-good" }
        for overlay in state.overlays {
            line +=
                overlay.image == nil ? " p\(overlay.plane.id)-off" : " p\(overlay.plane.id)@\(overlay.x),\(overlay.y)"
        }
        if let code = failNext.removeValue(forKey: kind) {
            log.append(
                line + " refused \(code == .resourceBusy ? "EBUSY" : code == .invalidArgument ? "EINVAL" : "\(code)")")
            throw DRMError(call: "fake \(kind)", errno: code)
        }
        log.append(line)
    }
}

/// The output's flip logic on the host: which buffer each commit carries, when a
/// buffer may be freed, and what survives a refused commit, a lost flip or a
/// mode change, against a fake committer with buffers in plain memory.
final class ScanoutOutputTests: XCTestCase {
    private enum Step {
        case present(Int)
        case flip
        case flipOfAnotherCRTC
        case refuseNext(String, Errno)
        case cursor(Int, Int)
        case setMode(Int, Int)
        case abandonFlip
        case relink
        case power(Bool)
    }

    private static let crtcID: UInt32 = 31

    private static func mode(_ width: Int, _ height: Int) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.clock = 65_000
        info.htotal = 1344
        info.vtotal = 806
        return DisplayMode(info)
    }

    private final class Rig {
        let committer = FakeCommitter()
        let output: ScanoutOutput
        var errors: [String] = []

        struct WeakBuffer { weak var buffer: ScanoutBuffer? }

        init(litBefore: Bool = false) throws {
            let connector = ConnectorState(
                id: 40, name: "HDMI-A-1", type: UInt32(DRM_MODE_CONNECTOR_HDMIA), status: .connected,
                modes: [mode(64, 48), mode(32, 24)], widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: 1,
                currentCRTC: 0, properties: ConnectorProperties(), linkStatus: .good, edid: nil)
            let crtc = CRTCState(
                id: ScanoutOutputTests.crtcID, index: 0, framebufferID: 0, mode: nil, properties: CRTCProperties())
            let plane = PlaneState(
                id: 50, kind: .primary, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
            var nextID: UInt32 = 0
            let registry = Registry()
            output = try ScanoutOutput(
                device: DRMDevice(unopenedPath: "/dev/dri/fake"), connector: connector, crtc: crtc,
                primaryPlane: plane, mode: mode(64, 48), committer: committer, litBefore: litBefore
            ) { width, height, format in
                nextID += 1
                let buffer = ScanoutBuffer(inMemoryWidth: width, height: height, format: format, framebufferID: nextID)
                registry.buffers[nextID] = WeakBuffer(buffer: buffer)
                return buffer
            }
            self.registry = registry
        }

        /// Every buffer made, by framebuffer id, held weakly: nil once freed.
        final class Registry { var buffers: [UInt32: WeakBuffer] = [:] }
        let registry: Registry

        func isAlive(_ id: UInt32) -> Bool { registry.buffers[id]?.buffer != nil }

        func run(_ step: Step) {
            do {
                switch step {
                case .present(let version):
                    _ = try output.drawBuffer()
                    try output.present(version: version)
                case .flip:
                    try output.handle(FlipEvent(crtcID: ScanoutOutputTests.crtcID, sequence: 1, timestamp: 0))
                case .flipOfAnotherCRTC:
                    if try output.handle(FlipEvent(crtcID: 99, sequence: 1, timestamp: 0)) {
                        errors.append("took another CRTC's flip")
                    }
                case .refuseNext(let kind, let code):
                    committer.failNext[kind] = code
                case .cursor(let x, let y):
                    try output.moveCursor(x: x, y: y, visible: true)
                case .setMode(let width, let height):
                    try output.setMode(ScanoutOutputTests.mode(width, height))
                case .abandonFlip:
                    output.abandonQueuedFlip()
                case .relink:
                    output.relink()
                case .power(let on):
                    try output.setPower(on: on)
                }
            } catch {
                errors.append("\(error.call) errno \(error.errno.rawValue)")
            }
        }
    }

    func testCommitSequences() throws {
        let cases: [(name: String, steps: [Step], log: [String], phase: ScanoutOutput.FlipPhase, presented: Int)] = [
            ("first frame is a modeset", [.present(1), .flip], ["modeset fb1"], .idle, 1),
            (
                "second frame flips to another buffer", [.present(1), .flip, .present(2), .flip],
                ["modeset fb1", "flip fb2"], .idle, 2
            ),
            (
                "a frame drawn while one is queued waits for its flip",
                [.present(1), .present(2), .present(3)], ["modeset fb1"], .queuedWithPending, 0
            ),
            (
                "the waiting frame goes out at the flip, only the newest",
                [.present(1), .flip, .present(2), .present(3), .flip, .flip],
                ["modeset fb1", "flip fb2", "flip fb3"], .idle, 3
            ),
            (
                "flips that complete before the next frame need two buffers",
                [.present(1), .flip, .present(2), .flip, .present(3), .flip], ["modeset fb1", "flip fb2", "flip fb1"],
                .idle, 3
            ),
            (
                "a frame waiting behind a queued one takes the third",
                [.present(1), .flip, .present(2), .present(3), .flip, .present(4), .flip, .flip],
                ["modeset fb1", "flip fb2", "flip fb3", "flip fb1"], .idle, 4
            ),
            (
                "a flip event of another CRTC changes nothing", [.present(1), .flipOfAnotherCRTC],
                ["modeset fb1"], .queued, 0
            ),
            (
                "a refused modeset keeps its frame and the retry carries it",
                [.refuseNext("modeset", .resourceBusy), .present(1), .present(2), .flip],
                ["modeset fb1 refused EBUSY", "modeset fb1"], .idle, 2
            ),
            (
                "a refused flip keeps its frame in the same buffer",
                [.present(1), .flip, .refuseNext("flip", .invalidArgument), .present(2), .present(3), .flip],
                ["modeset fb1", "flip fb2 refused EINVAL", "flip fb2"], .idle, 3
            ),
            (
                "a frame refused at the flip event stays pending; the screen keeps the flipped one",
                [.present(1), .flip, .present(2), .refuseNext("flip", .resourceBusy), .present(3), .flip],
                ["modeset fb1", "flip fb2", "flip fb3 refused EBUSY"], .idle, 2
            ),
            (
                "a lost flip is given up and the next frame modesets",
                [.present(1), .flip, .present(2), .abandonFlip, .present(3), .flip],
                ["modeset fb1", "flip fb2", "modeset fb2"], .idle, 3
            ),
            (
                "a broken link sets the mode again and asks for GOOD once",
                [.present(1), .flip, .relink, .present(2), .flip, .present(3), .flip],
                ["modeset fb1", "modeset fb2 link-good", "flip fb1"], .idle, 3
            ),
            (
                "powered off, the kept frame stays on the CRTC and new frames wait; on shows it, then the new one",
                [.present(1), .flip, .power(false), .present(2), .present(3), .power(true), .flip],
                ["modeset fb1", "power-off fb1", "power-on fb1", "flip fb2"], .idle, 3
            ),
            (
                "an output with nothing lit powers off without a commit; its first frame modesets on waking",
                [.power(false), .present(1), .power(true), .flip], ["modeset fb1"], .idle, 1
            ),
            (
                "a refused power-off leaves the output on and working",
                [.present(1), .flip, .refuseNext("power-off", .invalidArgument), .power(false), .present(2), .flip],
                ["modeset fb1", "power-off fb1 refused EINVAL", "flip fb2"], .idle, 2
            ),
            (
                "a refused power-on leaves the output on: the next frame modesets",
                [
                    .present(1), .flip, .power(false), .refuseNext("power-on", .invalidArgument), .power(true),
                    .present(2), .flip,
                ],
                ["modeset fb1", "power-off fb1", "power-on fb1 refused EINVAL", "modeset fb2"], .idle, 2
            ),
            (
                "power is not switched under a queued flip", [.present(1), .power(false), .flip],
                ["modeset fb1"], .idle, 1
            ),
        ]
        for (name, steps, log, phase, presented) in cases {
            let rig = try Rig()
            for step in steps { rig.run(step) }
            XCTAssertEqual(rig.committer.log, log, name)
            XCTAssertEqual(rig.output.flipPhase, phase, name)
            XCTAssertEqual(rig.output.presentedVersion, presented, name)
        }
    }

    /// Windows on the first overlay planes, the rest off: a modeset turns every
    /// plane off, a frame with fewer windows turns off the planes it no longer
    /// uses in the same commit, and planes already off are not named again.
    /// A CRTC lit before in the output's mode: the first frame is a take-over flip, the
    /// rest as usual; one the kernel refuses goes out as a modeset at once, with the same frame.
    func testACRTCLitBeforeIsTakenOverByTheFirstFrameWithoutAModeset() throws {
        let cases: [(name: String, steps: [Step], log: [String])] = [
            ("first frame takes over", [.present(1), .flip, .present(2), .flip], ["take-over fb1", "flip fb2"]),
            (
                "a refused take-over becomes the modeset",
                [.refuseNext("take-over", .invalidArgument), .present(1), .flip],
                ["take-over fb1 refused EINVAL", "modeset fb1"]
            ),
            (
                "a lost flip is a modeset again", [.present(1), .abandonFlip, .present(2)],
                ["take-over fb1", "modeset fb1"]
            ),
            ("so is a new mode", [.setMode(32, 24), .present(1)], ["test fb2", "modeset fb2"]),
        ]
        for (name, steps, log) in cases {
            let rig = try Rig(litBefore: true)
            XCTAssertTrue(rig.output.takesOverLitCRTC, name)
            XCTAssertFalse(rig.output.requiresModeset, name)
            for step in steps { rig.run(step) }
            XCTAssertEqual(rig.committer.log, log, name)
            XCTAssertEqual(rig.errors, [], name)
            XCTAssertFalse(rig.output.takesOverLitCRTC, name)
        }
    }

    func testOverlayPlanesGoOnAndOffWithTheirFrames() throws {
        let rig = try Rig()
        rig.output.attachOverlays(
            planes: [60, 61, 62].map {
                PlaneState(
                    id: $0, kind: .overlay, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
            })
        func present(_ places: [(x: Int, y: Int)]) throws {
            _ = try rig.output.drawBuffer()
            for plane in places.indices { _ = try rig.output.overlayDrawBuffer(plane: plane, width: 8, height: 8) }
            if !places.isEmpty { try rig.output.testOverlays(places) }
            try rig.output.present(version: 1, overlaysAt: places)
            try rig.output.handle(FlipEvent(crtcID: ScanoutOutputTests.crtcID, sequence: 1, timestamp: 0))
        }
        try present([])
        try present([(1, 2), (3, 4)])
        try present([(5, 6)])
        try present([])
        try present([])
        XCTAssertThrowsError(try rig.output.testOverlays([(0, 0), (0, 0), (0, 0), (0, 0)]), "more windows than planes")
        let overlays = rig.committer.log.map { $0.split(separator: " ").dropFirst(2).joined(separator: " ") }
        XCTAssertEqual(
            overlays,
            [
                "p60-off p61-off p62-off", "p60@1,2 p61@3,4", "p60@1,2 p61@3,4", "p60@5,6 p61-off", "p60@5,6 p61-off",
                "p60-off", "",
            ])
        XCTAssertEqual(rig.output.overlaysShown, 0)
    }

    func testIdleBuffersAreFreedAndTwoStayWhileFramesAlternate() throws {
        let rig = try Rig()
        var now = 100.0
        rig.output.clock = { now }
        rig.output.attachOverlays(planes: [
            PlaneState(id: 60, kind: .overlay, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
        ])
        func frame(_ version: Int, overlay: Bool, flips: Bool = true) throws {
            _ = try rig.output.drawBuffer()
            if overlay { _ = try rig.output.overlayDrawBuffer(plane: 0, width: 8, height: 8) }
            try rig.output.present(version: version, overlaysAt: overlay ? [(1, 2)] : [])
            if flips { try rig.output.handle(FlipEvent(crtcID: ScanoutOutputTests.crtcID, sequence: 1, timestamp: 0)) }
        }
        // A burst: a frame drawn while one is queued takes a third buffer; a window on the overlay plane.
        try frame(1, overlay: true)
        try frame(2, overlay: true, flips: false)
        try frame(3, overlay: true)
        try rig.output.handle(FlipEvent(crtcID: ScanoutOutputTests.crtcID, sequence: 1, timestamp: 0))
        let primary = 64 * 48 * 4
        let window = 8 * 8 * 4
        XCTAssertEqual(rig.output.scanoutBufferBytes, 3 * primary + 3 * window)
        // Soon after, nothing is idle yet.
        XCTAssertEqual(rig.output.releaseIdleBuffers(), 0)
        // Then frames without the window, each flipped before the next: two buffers alternate.
        for version in 4...(4 + ScanoutOutput.idleBufferFrames) {
            now += 1
            try frame(version, overlay: false)
        }
        XCTAssertEqual(rig.output.releaseIdleBuffers(), primary + 3 * window, "the third buffer and the window's")
        XCTAssertEqual(rig.output.scanoutBufferBytes, 2 * primary)
        // Made in order: primary 1, window 2, primary 3, window 4, primary 5, window 6.
        XCTAssertTrue(rig.isAlive(1) && rig.isAlive(3), "the two buffers in use stay")
        XCTAssertFalse([2, 4, 5, 6].contains(where: rig.isAlive), "the idle ones are freed")
        XCTAssertEqual(rig.output.releaseIdleBuffers(), 0, "freed once")
        // The next burst makes a third buffer again.
        try frame(20, overlay: false, flips: false)
        try frame(21, overlay: false)
        XCTAssertEqual(rig.output.scanoutBufferBytes, 3 * primary)
        XCTAssertEqual(rig.errors, [])
    }

    func testCursorOnlyCommits() throws {
        let cases: [(name: String, steps: [Step], log: [String])] = [
            (
                "no frame yet: the cursor waits for the first modeset", [.cursor(5, 5), .present(1)],
                ["modeset fb1 cursor@5,5"]
            ),
            (
                "idle: the frame on screen again, with the cursor", [.present(1), .flip, .cursor(5, 6)],
                ["modeset fb1 cursor-off", "flip fb1 cursor@5,6"]
            ),
            (
                "queued: moves gather and go out at the flip",
                [.present(1), .flip, .present(2), .cursor(1, 1), .cursor(2, 2), .flip],
                ["modeset fb1 cursor-off", "flip fb3", "flip fb3 cursor@2,2"]
            ),
            (
                "a frame waiting at the flip carries the cursor",
                [.present(1), .flip, .present(2), .present(3), .cursor(7, 7), .flip],
                ["modeset fb1 cursor-off", "flip fb3", "flip fb4 cursor@7,7"]
            ),
            (
                "the same place twice is one commit", [.present(1), .flip, .cursor(3, 3), .flip, .cursor(3, 3)],
                [
                    "modeset fb1 cursor-off", "flip fb1 cursor@3,3",
                ]
            ),
            (
                "not while a modeset is due (a mode change): the next frame carries it",
                [.present(1), .flip, .setMode(32, 24), .cursor(4, 4), .present(2)],
                ["modeset fb1 cursor-off", "test fb3", "modeset fb3 cursor@4,4"]
            ),
        ]
        for (name, steps, log) in cases {
            let rig = try Rig()
            let plane = PlaneState(
                id: 51, kind: .cursor, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
            _ = try rig.output.attachCursor(plane: plane, width: 8, height: 8)
            for step in steps { rig.run(step) }
            // The cursor image is framebuffer 2; scanout buffers are 1, 3, 4.
            XCTAssertEqual(rig.committer.log, log, name)
            XCTAssertEqual(rig.errors, [], name)
        }
    }

    func testModeChangeKeepsTheScreenUntilTheNewModesFirstFlip() throws {
        let rig = try Rig()
        rig.run(.present(1))
        rig.run(.flip)
        XCTAssertTrue(rig.isAlive(1))
        rig.run(.setMode(32, 24))
        XCTAssertEqual(rig.errors, [])
        // drmModeRmFB of the buffer on screen would turn the plane off: it must live on.
        XCTAssertTrue(rig.isAlive(1), "the buffer on screen was freed by the mode change")
        XCTAssertEqual(rig.output.frontBuffer?.framebufferID, 1)
        rig.run(.present(2))
        XCTAssertTrue(rig.isAlive(1), "freed before the new mode's flip completed")
        rig.run(.flip)
        XCTAssertFalse(rig.isAlive(1), "the old mode's buffer outlived the flip that replaced it")
        XCTAssertEqual(rig.committer.log, ["modeset fb1", "test fb2", "modeset fb2"])
        XCTAssertEqual(rig.output.frontBuffer?.width, 32)
    }

    func testRefusedModeIsRolledBack() throws {
        let rig = try Rig()
        rig.run(.present(1))
        rig.run(.flip)
        rig.run(.refuseNext("test", .invalidArgument))
        rig.run(.setMode(32, 24))
        XCTAssertEqual(rig.errors, ["fake test errno \(EINVAL)"])
        XCTAssertEqual(rig.output.mode.width, 64)
        XCTAssertFalse(rig.isAlive(2), "the refused mode's buffer was kept")
        rig.run(.present(2))
        rig.run(.flip)
        // Still the old mode: a page flip, no modeset, into an old-mode buffer.
        XCTAssertEqual(rig.committer.log, ["modeset fb1", "test fb2 refused EINVAL", "flip fb3"])
        XCTAssertEqual(rig.output.frontBuffer?.width, 64)
    }

    func testBuffersOnScreenOrQueuedAreNeverDrawnInto() throws {
        let rig = try Rig()
        for version in 1...30 {
            let draw = try rig.output.drawBuffer()
            XCTAssertFalse(draw === rig.output.frontBuffer, "frame \(version) drawn into the buffer on screen")
            rig.run(.present(version))
            if version % 3 != 0 { rig.run(.flip) }
        }
        XCTAssertEqual(rig.errors, [])
    }

    func testSetModeWhileAFlipIsQueuedIsRefused() throws {
        let rig = try Rig()
        rig.run(.present(1))
        rig.run(.setMode(32, 24))
        XCTAssertEqual(rig.errors, ["setMode errno \(EBUSY)"])
        XCTAssertEqual(rig.output.mode.width, 64)
    }

    /// A direct frame (a GLView's GBM buffer) goes out like any frame, keeps its slot
    /// busy, and its framebuffer is freed only by the flip that replaces it on screen.
    func testADirectFrameIsHeldUntilTheFlipThatReplacesIt() throws {
        let rig = try Rig()
        rig.run(.present(1))
        rig.run(.flip)
        weak var released: ImportedFramebuffer?
        do {
            let direct = ImportedFramebuffer(inMemoryWidth: 64, height: 48, framebufferID: 100, owner: NSObject())
            released = direct
            XCTAssertEqual(rig.output.drawSlot, 1)
            try rig.output.presentDirect(direct, version: 2)
        }
        XCTAssertTrue(rig.output.committedDirectFrame)
        XCTAssertEqual(rig.output.frontBuffer?.framebufferID, 1, "fb1 stays on screen until the flip")
        rig.run(.flip)
        XCTAssertNil(rig.output.frontBuffer, "a direct frame is on screen: no buffer of ours to copy")
        XCTAssertNotEqual(rig.output.drawSlot, 1, "the direct frame's slot is busy while it is on screen")
        rig.run(.present(3))
        XCTAssertNotNil(released, "queued over it, but still on screen")
        XCTAssertFalse(rig.output.committedDirectFrame)
        rig.run(.flip)
        XCTAssertNil(released, "freed by the flip that replaced it")
        // The direct frame held slot 1's own buffer (fb2, never shown); slot 0 was free again.
        XCTAssertEqual(rig.committer.log, ["modeset fb1", "flip fb100", "flip fb1"])
        XCTAssertEqual(rig.errors, [])
    }

    /// Shutting down hides the cursor and the overlays in one commit of those planes
    /// only (the console's restore sets only the primary plane), then restores.
    func testShutdownHidesTheCursorAndOverlaysInOneCommit() throws {
        let rig = try Rig()
        let cursor = PlaneState(
            id: 51, kind: .cursor, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
        _ = try rig.output.attachCursor(plane: cursor, width: 8, height: 8)
        rig.output.attachOverlays(planes: [
            PlaneState(id: 60, kind: .overlay, possibleCRTCs: 1, crtcID: 0, formats: [], properties: PlaneProperties())
        ])
        rig.run(.cursor(3, 4))
        _ = try rig.output.drawBuffer()
        _ = try rig.output.overlayDrawBuffer(plane: 0, width: 8, height: 8)
        try rig.output.present(version: 1, overlaysAt: [(1, 2)])
        rig.run(.flip)
        XCTAssertEqual(rig.output.shutdown().map(\.call), [])
        XCTAssertEqual(
            rig.committer.log, ["modeset fb1 cursor@3,4 p60@1,2", "planes fb1 cursor-off p60-off", "disable fb1"])
        XCTAssertEqual(rig.output.overlaysShown, 0)
        XCTAssertEqual(rig.output.flipPhase, .unlit)
    }
}
