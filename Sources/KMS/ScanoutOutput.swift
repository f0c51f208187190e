import CDRM
import Glibc

/// One lit connector: its CRTC, primary plane, mode and two scanout buffers,
/// presented with vblank-paced page flips.
///
/// Buffer slots follow the pending/queued/current scheme: the back buffer is drawn
/// (pending), committed (queued) and becomes current when its flip event arrives.
/// With two buffers nothing may be drawn while a flip is queued.
public final class ScanoutOutput {
    /// Where the output's flips stand.
    public enum FlipState: Equatable, Sendable {
        /// Nothing committed yet: the next present is a modeset.
        case unlit
        /// The current buffer is on screen; the back buffer is free to draw.
        case idle
        /// The back buffer is committed and waits for its vblank.
        case queued
    }

    public let device: DRMDevice
    public let connector: ConnectorState
    public let crtc: CRTCState
    public let primaryPlane: PlaneState
    public private(set) var mode: DisplayMode
    public private(set) var flipState: FlipState = .unlit
    /// The last flip event of this output (its vblank sequence and time).
    public private(set) var lastFlip: FlipEvent?

    private var buffers: [ScanoutBuffer]
    private var currentIndex = 1
    private let committer: any CRTCCommitter
    private let saved: SavedCRTC

    /// Allocates two buffers of `mode`'s size. Nothing is committed until `present()`.
    public init(
        device: DRMDevice, connector: ConnectorState, crtc: CRTCState, primaryPlane: PlaneState, mode: DisplayMode
    ) throws(DRMError) {
        self.device = device
        self.connector = connector
        self.crtc = crtc
        self.primaryPlane = primaryPlane
        self.mode = mode
        committer = device.supportsAtomic ? AtomicCommit(device: device) : LegacyCommit(device: device)
        saved = SavedCRTC(device: device, crtcID: crtc.id, connectorID: connector.id)
        buffers = try Self.makeBuffers(device: device, mode: mode)
    }

    /// The buffer to draw the next frame into, or nil while a flip is queued.
    public var backBuffer: ScanoutBuffer? {
        flipState == .queued ? nil : buffers[1 - currentIndex]
    }

    /// The buffer on screen now (after the first present completed).
    public var frontBuffer: ScanoutBuffer { buffers[currentIndex] }

    /// Commits the back buffer: a modeset the first time, then a non-blocking page flip.
    /// The flip completes when `handle(_:)` receives its event.
    public func present() throws(DRMError) {
        guard flipState != .queued else {
            throw DRMError(call: "present", code: EBUSY, context: "\(connector.name) already has a flip queued")
        }
        let state = commitState(buffer: buffers[1 - currentIndex])
        if flipState == .unlit {
            try committer.modeset(state, userData: device.eventUserData)
        } else {
            try committer.pageFlip(state, userData: device.eventUserData)
        }
        flipState = .queued
    }

    /// Takes a flip event; returns true when it was this output's and completed its flip.
    @discardableResult
    public func handle(_ event: FlipEvent) -> Bool {
        guard event.crtcID == crtc.id, flipState == .queued else { return false }
        currentIndex = 1 - currentIndex
        flipState = .idle
        lastFlip = event
        return true
    }

    /// Checks `newMode` with a TEST_ONLY commit, then reallocates the buffers and
    /// modesets on the next present. Must not be called while a flip is queued.
    public func setMode(_ newMode: DisplayMode) throws(DRMError) {
        guard flipState != .queued else {
            throw DRMError(call: "setMode", code: EBUSY, context: "\(connector.name) has a flip queued")
        }
        let newBuffers = try Self.makeBuffers(device: device, mode: newMode)
        let previous = mode
        mode = newMode
        do {
            try committer.testModeset(commitState(buffer: newBuffers[0]))
        } catch {
            mode = previous
            throw error
        }
        buffers = newBuffers
        currentIndex = 1
        flipState = .unlit
    }

    /// Turns the output off and puts back what the CRTC showed before (the console).
    public func shutdown() {
        if !saved.restore(device: device) {
            try? committer.disable(commitState(buffer: frontBuffer))
        }
        flipState = .unlit
    }

    private func commitState(buffer: ScanoutBuffer) -> CRTCCommitState {
        CRTCCommitState(connector: connector, crtc: crtc, primaryPlane: primaryPlane, mode: mode, framebuffer: buffer)
    }

    private static func makeBuffers(device: DRMDevice, mode: DisplayMode) throws(DRMError) -> [ScanoutBuffer] {
        [
            try ScanoutBuffer(device: device, width: mode.width, height: mode.height),
            try ScanoutBuffer(device: device, width: mode.width, height: mode.height),
        ]
    }
}
