import CDRM
import Glibc

/// One lit connector: its CRTC, primary plane, mode and three scanout buffers,
/// presented with vblank-paced page flips.
///
/// Buffer slots follow the pending/queued/current scheme: a frame is drawn into a
/// free buffer (pending), committed (queued) and becomes current when its flip
/// event arrives. A frame finished while another is queued waits as pending and is
/// committed from the flip event, so drawing overlaps the wait for the vblank.
public final class ScanoutOutput {
    /// Where the output's flips stand.
    public enum FlipState: Equatable, Sendable {
        /// Nothing on screen yet: the next commit is a modeset.
        case unlit
        /// The current buffer is on screen and nothing is committed.
        case idle
        /// A buffer is committed and waits for its vblank.
        case queued
        /// As `queued`, and a newer frame waits to be committed at that flip.
        case queuedWithPending
    }

    public let device: DRMDevice
    public let connector: ConnectorState
    public let crtc: CRTCState
    public let primaryPlane: PlaneState
    public private(set) var mode: DisplayMode
    /// The last flip event of this output (its vblank sequence and time).
    public private(set) var lastFlip: FlipEvent?
    /// The content version of the frame on screen (see `present(version:)`).
    public private(set) var presentedVersion = 0

    /// Three slots, allocated on first use: a new screen's first frame needs one.
    private var buffers: [ScanoutBuffer?]
    private var versions: [Int]
    private var current: Int?
    private var queued: Int?
    private var pending: Int?
    private var needsModeset = true
    /// The cursor plane, its image and place, once `attachCursor` gave it one.
    private var cursor: CursorPlacement?
    /// The cursor moved since the last commit: the next commit carries it.
    private var cursorChanged = false
    private var overlayPlane: PlaneState?
    /// Per slot: the window buffer drawn for that slot's frame, and where that frame shows it.
    private var overlayBuffers: [ScanoutBuffer?] = [nil, nil, nil]
    private var slotOverlays: [(x: Int, y: Int)?] = [nil, nil, nil]
    private var slotDamage: [[DamageClip]?] = [nil, nil, nil]
    private var overlayCommitted = false
    private let committer: any CRTCCommitter
    private let saved: SavedCRTC

    /// Allocates the buffers for `mode`. Nothing is committed until `present(version:)`.
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
        buffers = [try ScanoutBuffer(device: device, width: mode.width, height: mode.height), nil, nil]
        versions = Array(repeating: 0, count: buffers.count)
    }

    /// A committed frame waits for its flip event (with or without one pending behind it).
    public var hasFlipQueued: Bool { queued != nil }

    public var flipState: FlipState {
        if queued == nil { return current == nil ? .unlit : .idle }
        return pending == nil ? .queued : .queuedWithPending
    }

    /// The buffer to draw the next frame into: the pending frame's (not committed
    /// yet, so it may be redrawn) or one that is neither on screen nor queued,
    /// allocated now if its slot is still empty.
    public func drawBuffer() throws(DRMError) -> ScanoutBuffer {
        try buffer(drawIndex)
    }

    /// Which of the output's buffers (0, 1 or 2) `drawBuffer()` returns: the key of
    /// its age, for copying only what it missed.
    public var drawSlot: Int { drawIndex }

    /// The buffer on screen now, once the first frame completed; nil while a
    /// direct frame (`presentDirect`) is on screen.
    public var frontBuffer: ScanoutBuffer? { current.flatMap { slotDirect[$0] == nil ? buffers[$0] : nil } }

    /// Commits what was drawn into `drawBuffer`, tagged with a content `version`:
    /// at once when nothing is queued (a modeset the first time), else at the
    /// queued frame's flip event. `overlayAt` puts what was drawn into
    /// `overlayDrawBuffer` on the overlay plane at that CRTC position (nil: the
    /// plane is off in this frame); `damage` says what changed in the buffer
    /// since it was last on screen (FB_DAMAGE_CLIPS; nil: everything).
    public func present(version: Int, overlayAt: (x: Int, y: Int)? = nil, damage: [DamageClip]? = nil)
        throws(DRMError)
    {
        let index = drawIndex
        versions[index] = version
        slotOverlays[index] = overlayAt
        slotDamage[index] = damage
        slotDirect[index] = nil
        try commitOrWait(index)
    }

    // MARK: Direct scanout (a frame from a buffer that is not the output's own)

    /// Per slot: the framebuffer that slot's frame shows instead of the slot's own
    /// buffer (a GLView's GBM buffer). Held until the slot is drawn again, which is
    /// never before the flip that replaces it: the buffer outlives its scanout.
    private var slotDirect: [ImportedFramebuffer?] = [nil, nil, nil]

    /// Commits `framebuffer` whole on the primary plane as the next frame (the
    /// overlay off), like `present` does the draw buffer; the caller drew it for
    /// slot `drawSlot` and must not draw into it again until that slot comes back.
    public func presentDirect(_ framebuffer: ImportedFramebuffer, version: Int) throws(DRMError) {
        let index = drawIndex
        versions[index] = version
        slotOverlays[index] = nil
        slotDamage[index] = nil
        slotDirect[index] = framebuffer
        try commitOrWait(index)
    }

    /// Whether the frame last committed is a direct one.
    public var committedDirectFrame: Bool { (queued ?? current).map { slotDirect[$0] != nil } ?? false }

    // MARK: Overlay plane (a window scanned out from its own buffer)

    /// The overlay plane this output may show a window on (see `attachOverlay`).
    public var overlayPlaneID: UInt32? { overlayPlane?.id }

    /// The next commit is a full modeset (first frame, after a VT switch or a lost flip).
    public var requiresModeset: Bool { needsModeset }

    /// Whether the frame last committed has the overlay plane on.
    public var showsOverlay: Bool { overlayCommitted }

    /// Gives the output an overlay plane for a window's own buffer.
    public func attachOverlay(plane: PlaneState) { overlayPlane = plane }

    /// The ARGB8888 (premultiplied) buffer of `width`×`height` to draw the overlay
    /// window into for the frame drawn now; it goes on screen with that frame.
    public func overlayDrawBuffer(width: Int, height: Int) throws(DRMError) -> ScanoutBuffer {
        let index = drawIndex
        if let existing = overlayBuffers[index], existing.width == width, existing.height == height {
            return existing
        }
        // This slot's frame is neither on screen nor queued: its old buffer is free.
        let made = try ScanoutBuffer(device: device, width: width, height: height, format: ScanoutBuffer.cursorFormat)
        overlayBuffers[index] = made
        return made
    }

    /// Asks the kernel (TEST_ONLY) whether the frame drawn now may show the overlay
    /// buffer of its slot at (`x`, `y`). Throws its answer when not; a frame that
    /// needs a modeset is never offloaded.
    public func testOverlay(x: Int, y: Int) throws(DRMError) {
        let index = drawIndex
        guard let plane = overlayPlane, let image = overlayBuffers[index] else {
            throw DRMError(call: "testOverlay", code: ENOENT, context: "\(connector.name) has no overlay buffer")
        }
        guard !needsModeset else {
            throw DRMError(call: "testOverlay", code: EAGAIN, context: "\(connector.name) needs a modeset first")
        }
        var state = commitState(buffer: try buffer(index))
        state.overlay = OverlayPlacement(plane: plane, image: image, x: x, y: y)
        try committer.testPageFlip(state)
    }

    // MARK: Cursor plane

    /// The output's cursor plane (see `attachCursor`); nil without one.
    public var cursorPlaneID: UInt32? { cursor?.plane.id }

    /// Where the cursor plane shows its image now: top-left in CRTC pixels, nil while hidden.
    public var cursorPosition: (x: Int, y: Int)? {
        guard let cursor, cursor.isVisible else { return nil }
        return (cursor.x, cursor.y)
    }

    /// Gives the output its cursor plane with an ARGB8888 image of `width`×`height`,
    /// hidden; the caller draws the image into the returned buffer.
    public func attachCursor(plane: PlaneState, width: Int, height: Int) throws(DRMError) -> ScanoutBuffer {
        let image = try ScanoutBuffer(device: device, width: width, height: height, format: ScanoutBuffer.cursorFormat)
        cursor = CursorPlacement(plane: plane, image: image, x: 0, y: 0, isVisible: false)
        cursorChanged = true
        return image
    }

    /// Moves the cursor image's top-left corner to (`x`, `y`) CRTC pixels, or hides
    /// it. Goes out with the next frame; with none queued, as a commit of its own
    /// (the same buffer again) at the next vblank.
    public func moveCursor(x: Int, y: Int, visible: Bool) throws(DRMError) {
        guard var placement = cursor else { return }
        if placement.isVisible == visible && (!visible || (placement.x == x && placement.y == y)) { return }
        placement.x = x
        placement.y = y
        placement.isVisible = visible
        cursor = placement
        cursorChanged = true
        if queued == nil, let current { try commit(current) }
    }

    /// Takes a flip event; returns true when it was this output's and completed its
    /// queued frame. A pending frame is committed right away.
    @discardableResult
    public func handle(_ event: FlipEvent) throws(DRMError) -> Bool {
        guard event.crtcID == crtc.id, let flipped = queued else { return false }
        current = flipped
        queued = nil
        presentedVersion = versions[flipped]
        lastFlip = event
        if let next = pending {
            pending = nil
            try commit(next)
        } else if cursorChanged {
            try commit(flipped)
        }
        return true
    }

    /// Checks `newMode` with a TEST_ONLY commit, then reallocates the buffers; the
    /// next present modesets. Must not be called while a flip is queued.
    public func setMode(_ newMode: DisplayMode) throws(DRMError) {
        guard queued == nil else {
            throw DRMError(call: "setMode", code: EBUSY, context: "\(connector.name) has a flip queued")
        }
        let first = try ScanoutBuffer(device: device, width: newMode.width, height: newMode.height)
        let previous = mode
        mode = newMode
        do {
            try committer.testModeset(commitState(buffer: first))
        } catch {
            mode = previous
            throw error
        }
        buffers = [first, nil, nil]
        slotDirect = [nil, nil, nil]
        slotOverlays = [nil, nil, nil]
        slotDamage = [nil, nil, nil]
        current = nil
        pending = nil
        needsModeset = true
    }

    /// Turns the output off and puts back what the CRTC showed before (the console).
    public func shutdown() {
        // A legacy restore sets only the primary plane: the cursor and a window on
        // the overlay would stay on the console.
        if let first = buffers[0], cursor != nil {
            var state = commitState(buffer: first)
            state.cursor = cursor
            try? committer.hideCursor(state)
        }
        if let first = buffers[0], let plane = overlayPlane, overlayCommitted {
            var state = commitState(buffer: first)
            state.overlay = .off(plane)
            try? committer.hideOverlay(state)
            overlayCommitted = false
        }
        if !saved.restore(device: device) {
            if let first = buffers[0] { try? committer.disable(commitState(buffer: first)) }
        }
        current = nil
        queued = nil
        pending = nil
        needsModeset = true
    }

    /// Gives up the queued flip (and the frame pending behind it): its event will not
    /// come. The buffer that was on screen stays the front buffer; the next commit
    /// is a full modeset, which puts the screen in a known state whatever happened
    /// to the lost one. Returns false when nothing was queued.
    @discardableResult
    public func abandonQueuedFlip() -> Bool {
        guard queued != nil else { return false }
        queued = nil
        pending = nil
        needsModeset = true
        cursorChanged = true
        return true
    }

    /// After another DRM master drove the card (a VT switch), the CRTC's state is
    /// unknown: the next commit is a full modeset again.
    public func requireModeset() {
        needsModeset = true
    }

    /// Turns the CRTC off without restoring anything: the connector went away,
    /// or its CRTC is wanted elsewhere. Errors are returned for the log only.
    @discardableResult
    public func turnOff() -> DRMError? {
        defer {
            current = nil
            queued = nil
            pending = nil
            needsModeset = true
        }
        do {
            var state = commitState(buffer: try buffer(0))
            state.cursor = cursor
            state.overlay = overlayPlane.map(OverlayPlacement.off)
            try committer.disable(state)
            overlayCommitted = false
            cursorChanged = true
            return nil
        } catch {
            return error
        }
    }

    private var drawIndex: Int {
        if let pending { return pending }
        return buffers.indices.first { $0 != current && $0 != queued }!
    }

    private func buffer(_ index: Int) throws(DRMError) -> ScanoutBuffer {
        if let existing = buffers[index] { return existing }
        let made = try ScanoutBuffer(device: device, width: mode.width, height: mode.height)
        buffers[index] = made
        return made
    }

    /// Commits slot `index` now, or makes it the pending frame while another is queued.
    private func commitOrWait(_ index: Int) throws(DRMError) {
        if queued != nil {
            pending = index
            return
        }
        try commit(index)
    }

    private func commit(_ index: Int) throws(DRMError) {
        let framebuffer: any ScanoutFramebuffer
        if let direct = slotDirect[index] { framebuffer = direct } else { framebuffer = try buffer(index) }
        var state = commitState(buffer: framebuffer)
        if cursorChanged || needsModeset { state.cursor = cursor }
        let overlayOn: Bool
        if let plane = overlayPlane {
            if let place = slotOverlays[index], let image = overlayBuffers[index] {
                state.overlay = OverlayPlacement(plane: plane, image: image, x: place.x, y: place.y)
                overlayOn = true
            } else {
                if overlayCommitted || needsModeset {
                    state.overlay = .off(plane)
                }
                overlayOn = false
            }
        } else {
            overlayOn = false
        }
        state.damage = slotDamage[index]
        if needsModeset {
            try committer.modeset(state, userData: device.eventUserData)
            needsModeset = false
        } else {
            try committer.pageFlip(state, userData: device.eventUserData)
        }
        cursorChanged = false
        overlayCommitted = overlayOn
        queued = index
    }

    private func commitState(buffer: any ScanoutFramebuffer) -> CRTCCommitState {
        CRTCCommitState(connector: connector, crtc: crtc, primaryPlane: primaryPlane, mode: mode, framebuffer: buffer)
    }
}
