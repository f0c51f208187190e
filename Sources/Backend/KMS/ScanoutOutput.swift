import CDRM
import Glibc
import Scheduling
import SystemPackage

/// One lit connector: its CRTC, primary plane, mode and three scanout buffers,
/// presented with vblank-paced page flips.
///
/// Frames follow the pending/queued/current scheme (`FlipState`): a frame is drawn
/// into a free buffer (pending), committed (queued) and becomes current when its
/// flip event arrives. A frame finished while another is queued waits as pending
/// and is committed from the flip event, so drawing overlaps the wait for the
/// vblank. A buffer is freed only when no state holds it any more: the one on
/// screen lives until a later flip replaces it, across a mode change too.
package final class ScanoutOutput {
    /// Where the output's flips stand, without the frames (see `FlipState`).
    package enum FlipPhase: Equatable, Sendable {
        /// Nothing on screen yet: the next commit is a modeset.
        case unlit
        /// The current buffer is on screen and nothing is committed.
        case idle
        /// A buffer is committed and waits for its vblank.
        case queued
        /// As `queued`, and a newer frame waits to be committed at that flip.
        case queuedWithPending
    }

    package let device: DRMDevice
    package let connector: ConnectorState
    package let crtc: CRTCState
    package let primaryPlane: PlaneState
    package private(set) var mode: DisplayMode
    /// The last flip event of this output (its vblank sequence and time).
    package private(set) var lastFlip: FlipEvent?
    /// The content version of the frame on screen (see `present(version:)`).
    package private(set) var presentedVersion = 0
    /// Powered off (DPMS off, `setPower(on:)`): nothing is committed, frames wait as pending.
    package private(set) var isPoweredOff = false
    /// The power-off reached the kernel (the CRTC was lit): waking commits ACTIVE 1.
    private var powerOffCommitted = false
    /// The output whose CRTC drives this connector too (hardware clone mode, see
    /// `joinClone(of:)`); nil while it has its own.
    package private(set) weak var cloneSource: ScanoutOutput?

    private var state: FlipState = .unlit(pending: nil)
    /// Three buffers of the current mode, allocated on first use: a new screen's
    /// first frame needs one. After a mode change the old mode's buffer on screen is
    /// held by `state` alone, until the new mode's first flip.
    private var buffers: ScanoutSlots<ScanoutBuffer>
    private var needsModeset = true
    /// The CRTC was lit in this output's mode by the program before (the console, a
    /// boot splash): the first frame replaces what it shows without a modeset.
    private var takesOver = false
    /// The connector's link went BAD: the next modeset asks for GOOD.
    private var needsLinkReset = false
    /// The cursor plane, its image and place, once `attachCursor` gave it one.
    private var cursor: CursorPlacement?
    /// The cursor moved since the last commit: the next commit carries it.
    private var cursorChanged = false
    /// The overlay planes windows may go on, lowest first.
    private var overlayPlanes: [PlaneState] = []
    /// Per overlay plane, per slot: the window buffer drawn for that slot's frames.
    private var overlayBuffers: [ScanoutSlots<ScanoutBuffer>] = []
    /// How many overlay planes (the first ones) the frame last committed has on.
    private var overlaysCommitted = 0
    /// When each slot's buffer, and each overlay plane's buffer of each slot, was
    /// last allocated or put in a frame (see `releaseIdleBuffers`).
    private var bufferUse = ScanoutSlots<BufferUse>()
    private var overlayBufferUse: [ScanoutSlots<BufferUse>] = []
    /// Frames drawn into this output's buffers so far (each enqueued one, a redrawn
    /// pending frame again): the clock of `bufferUse`.
    private var framesDrawn = 0
    /// The time `bufferUse` records (tests give their own).
    package var clock: () -> Double = monotonicSeconds
    private let committer: any CRTCCommitter
    private let makeBuffer: (Int, Int, UInt32) throws(DRMError) -> ScanoutBuffer
    /// What the CRTC showed before (see `forgetSavedCRTC()`).
    private var saved: SavedCRTC

    /// Allocates the first buffer for `mode`. Nothing is committed until `present(version:)`.
    package convenience init(
        device: DRMDevice, connector: ConnectorState, crtc: CRTCState, primaryPlane: PlaneState, mode: DisplayMode
    ) throws(DRMError) {
        try self.init(
            device: device, connector: connector, crtc: crtc, primaryPlane: primaryPlane, mode: mode,
            committer: device.makeCommitter()
        ) { (width, height, format) throws(DRMError) in
            try ScanoutBuffer(device: device, width: width, height: height, format: format)
        }
    }

    /// With the committer and buffer allocation given (a card's, a fake card's, or a
    /// committer that refuses what a test says).
    /// `litBefore` says whether the CRTC already shows the connector in `mode`
    /// (nil: the kernel's CRTC state is read to tell).
    package init(
        device: DRMDevice, connector: ConnectorState, crtc: CRTCState, primaryPlane: PlaneState, mode: DisplayMode,
        committer: any CRTCCommitter, litBefore: Bool? = nil,
        makeBuffer: @escaping (Int, Int, UInt32) throws(DRMError) -> ScanoutBuffer
    ) throws(DRMError) {
        self.device = device
        self.connector = connector
        self.crtc = crtc
        self.primaryPlane = primaryPlane
        self.mode = mode
        self.committer = committer
        self.makeBuffer = makeBuffer
        saved = SavedCRTC(device: device, crtcID: crtc.id, connectorID: connector.id)
        takesOver = litBefore ?? saved.shows(mode, connectorCRTC: connector.currentCRTC)
        buffers = ScanoutSlots(first: try makeBuffer(mode.width, mode.height, ScanoutBuffer.defaultFormat))
        bufferUse[0] = BufferUse(frame: 0, time: clock())
    }

    /// The bytes of the output's scanout buffers allocated now (its own, the overlay
    /// planes' and the cursor's): mapped into the process, yet not counted in its
    /// resident set by every driver (vkms maps them page by page, outside VmRSS).
    package var scanoutBufferBytes: Int { Self.bytes(of: buffers) + overlayBufferBytes + cursorBufferBytes }

    /// The bytes of the overlay planes' buffers allocated now (part of `scanoutBufferBytes`).
    package var overlayBufferBytes: Int { overlayBuffers.reduce(0) { $0 + Self.bytes(of: $1) } }

    /// The bytes of the cursor plane's buffer (0 without one).
    package var cursorBufferBytes: Int { cursor.map { $0.image.bytesPerRow * $0.image.height } ?? 0 }

    /// The bytes of the buffers allocated in `slots`.
    private static func bytes(of slots: ScanoutSlots<ScanoutBuffer>) -> Int {
        slots.indices.reduce(0) { total, slot in total + (slots[slot].map { $0.bytesPerRow * $0.height } ?? 0) }
    }

    /// A committed frame waits for its flip event (with or without one pending behind it).
    package var hasFlipQueued: Bool { state.queued != nil }

    /// A frame is drawn but its commit failed: the next `present` retries it (even
    /// with nothing new drawn).
    package var hasUncommittedFrame: Bool { state.pending != nil && state.queued == nil }

    package var flipPhase: FlipPhase {
        switch state {
        case .unlit: .unlit
        case .idle: .idle
        case .queued(_, _, let pending): pending == nil ? .queued : .queuedWithPending
        }
    }

    /// The buffer to draw the next frame into: the pending frame's (not committed
    /// yet, so it may be redrawn) or one that is neither on screen nor queued,
    /// allocated now if its slot is still empty.
    package func drawBuffer() throws(DRMError) -> ScanoutBuffer {
        try buffer(drawIndex)
    }

    /// Which of the output's buffers (0, 1 or 2) `drawBuffer()` returns: the key of
    /// its age, for copying only what it missed.
    package var drawSlot: Int { drawIndex }

    /// The buffer on screen now, once the first frame completed; nil while a
    /// direct frame (`presentDirect`) is on screen.
    package var frontBuffer: ScanoutBuffer? { state.current.flatMap { $0.direct == nil ? $0.buffer : nil } }

    /// Commits what was drawn into `drawBuffer`, tagged with a content `version`:
    /// at once when nothing is queued (a modeset the first time), else at the
    /// queued frame's flip event. `overlaysAt` puts what was drawn into
    /// `overlayDrawBuffer` of each of the first overlay planes at those CRTC
    /// positions (the other planes are off in this frame); `damage` says what changed in the buffer
    /// since it was last on screen (FB_DAMAGE_CLIPS; nil: everything).
    /// - Throws: the commit's error; the frame is kept as pending, and the next
    ///   `present` (after drawing into the same buffer again) retries it.
    package func present(version: Int, overlaysAt: [(x: Int, y: Int)] = [], damage: [DamageClip]? = nil)
        throws(DRMError)
    {
        let slot = drawIndex
        let overlays = try placedOverlays(overlaysAt, slot: slot)
        var damage = damage
        if let redrawn = state.pending {
            // Drawn again before it went out: its clips still count.
            damage = redrawn.damage.flatMap { earlier in damage.map { earlier + $0 } }
        }
        try enqueue(
            ScanoutFrame(buffer: try buffer(slot), slot: slot, version: version, overlays: overlays, damage: damage))
    }

    // MARK: Direct scanout (a frame from a buffer that is not the output's own)

    /// Commits `framebuffer` whole on the primary plane as the next frame (the
    /// overlay off), as `present` does the draw buffer: the caller drew it for slot
    /// `drawSlot` and draws into it again only when that slot comes back. The frame
    /// holds it (and the slot's own buffer), so it lives until the flip that replaces it.
    package func presentDirect(_ framebuffer: any ScanoutFramebuffer, version: Int) throws(DRMError) {
        let slot = drawIndex
        var frame = ScanoutFrame(buffer: try buffer(slot), slot: slot, version: version, overlays: [], damage: nil)
        frame.direct = framebuffer
        try enqueue(frame)
    }

    /// Whether the frame last committed (queued, else on screen) is a direct one.
    package var committedDirectFrame: Bool { (state.queued ?? state.current)?.direct != nil }

    // MARK: Overlay plane (a window scanned out from its own buffer)

    /// The overlay planes this output may show windows on, lowest first (see `attachOverlays`).
    package var overlayPlaneIDs: [UInt32] { overlayPlanes.map(\.id) }

    /// The next commit is a full modeset (first frame, after a VT switch or a lost flip).
    package var requiresModeset: Bool { needsModeset && !takesOver }

    /// The first frame replaces, without a modeset, what the program before showed
    /// in this mode (see `CRTCChange.takeOver`); false once it went out.
    package var takesOverLitCRTC: Bool { needsModeset && takesOver }

    /// How many overlay planes the frame last committed has on.
    package var overlaysShown: Int { overlaysCommitted }

    /// Gives the output overlay planes for windows' own buffers, lowest first.
    package func attachOverlays(planes: [PlaneState]) {
        overlayPlanes = planes
        overlayBuffers = planes.map { _ in ScanoutSlots() }
        overlayBufferUse = planes.map { _ in ScanoutSlots() }
    }

    /// The ARGB8888 (premultiplied) buffer of `width`×`height` to draw the window
    /// of overlay plane `plane` (an index into `overlayPlaneIDs`) into for the
    /// frame drawn now; it goes on screen with that frame.
    package func overlayDrawBuffer(plane: Int, width: Int, height: Int) throws(DRMError) -> ScanoutBuffer {
        // A frame on screen or queued that shows the old one holds it until it is replaced.
        let slot = drawIndex
        return try overlayBuffers[plane].frame(
            slot, fits: { $0.width == width && $0.height == height },
            make: { () throws(DRMError) in
                let made = try makeBuffer(width, height, ScanoutBuffer.cursorFormat)
                overlayBufferUse[plane][slot] = BufferUse(frame: framesDrawn, time: clock())
                return made
            })
    }

    /// Asks the kernel (TEST_ONLY) whether the frame drawn now may show the overlay
    /// buffers of its slot at `places` (the first planes; the others off). Throws
    /// its answer when not; a frame that needs a modeset is never offloaded.
    package func testOverlays(_ places: [(x: Int, y: Int)]) throws(DRMError) {
        let index = drawIndex
        guard !needsModeset else {
            throw DRMError(
                call: "testOverlays", errno: .resourceTemporarilyUnavailable,
                context: "\(connector.name) needs a first frame or a modeset first")
        }
        var state = commitState(.pageFlip, buffer: try buffer(index))
        state.overlays = overlayPlacements(try placedOverlays(places, slot: index))
        try committer.commit(state, testOnly: true)
    }

    /// The overlay buffers of `slot` at `places`, from the first plane up.
    private func placedOverlays(_ places: [(x: Int, y: Int)], slot: Int) throws(DRMError) -> [(
        buffer: ScanoutBuffer, x: Int, y: Int
    )] {
        guard places.count <= overlayPlanes.count else {
            throw DRMError(
                call: "overlays", errno: .noSuchFileOrDirectory, context: "\(connector.name) has too few overlay planes"
            )
        }
        var placed: [(buffer: ScanoutBuffer, x: Int, y: Int)] = []
        for (plane, place) in places.enumerated() {
            guard let image = overlayBuffers[plane][slot] else {
                throw DRMError(
                    call: "overlays", errno: .noSuchFileOrDirectory, context: "\(connector.name) has no overlay buffer")
            }
            placed.append((image, place.x, place.y))
        }
        return placed
    }

    /// The planes' states for a frame showing `overlays`: those on, then the ones
    /// the last commit had on (all of them for a modeset) turned off.
    private func overlayPlacements(_ overlays: [(buffer: ScanoutBuffer, x: Int, y: Int)]) -> [OverlayPlacement] {
        let lit = needsModeset ? overlayPlanes.count : overlaysCommitted
        var placements = zip(overlayPlanes, overlays).map { plane, overlay in
            OverlayPlacement(plane: plane, image: overlay.buffer, x: overlay.x, y: overlay.y)
        }
        if lit > overlays.count { placements += overlayPlanes[overlays.count..<lit].map(OverlayPlacement.off) }
        return placements
    }

    // MARK: Cursor plane

    /// The output's cursor plane (see `attachCursor`); nil without one.
    package var cursorPlaneID: UInt32? { cursor?.plane.id }

    /// Where the cursor plane shows its image now: top-left in CRTC pixels, nil while hidden.
    package var cursorPosition: (x: Int, y: Int)? {
        guard let cursor, cursor.isVisible else { return nil }
        return (cursor.x, cursor.y)
    }

    /// Gives the output its cursor plane with an ARGB8888 image of `width`×`height`,
    /// hidden; the caller draws the image into the returned buffer.
    package func attachCursor(plane: PlaneState, width: Int, height: Int) throws(DRMError) -> ScanoutBuffer {
        let image = try makeBuffer(width, height, ScanoutBuffer.cursorFormat)
        cursor = CursorPlacement(plane: plane, image: image, x: 0, y: 0, isVisible: false)
        cursorChanged = true
        return image
    }

    /// Moves the cursor image's top-left corner to (`x`, `y`) CRTC pixels, or hides
    /// it. Goes out with the next frame; with none queued or pending, as a commit of
    /// its own (the frame on screen again) at the next vblank.
    package func moveCursor(x: Int, y: Int, visible: Bool) throws(DRMError) {
        guard var placement = cursor else { return }
        if placement.isVisible == visible && (!visible || (placement.x == x && placement.y == y)) { return }
        placement.x = x
        placement.y = y
        placement.isVisible = visible
        cursor = placement
        cursorChanged = true
        try commitCursorAlone()
    }

    // MARK: Hardware clone mode

    /// Drives this output's connector from `source`'s CRTC, which shows its frames on
    /// both with no copy: one commit (tested first where the kernel can test) moves
    /// the connector and turns this output's own CRTC and planes off. The caller chose
    /// a source whose CRTC can (`HardwareClone.mode`). From then on nothing is
    /// committed here until `leaveClone()`; this output is unlit, its buffers kept.
    /// - Throws: the kernel's refusal, or `source` not showing a settled frame; then
    ///   nothing changed.
    package func joinClone(of source: ScanoutOutput) throws(DRMError) {
        guard cloneSource == nil, source !== self, source.cloneSource == nil else {
            throw DRMError(
                call: "joinClone", errno: .invalidArgument,
                context: "\(connector.name) cannot share \(source.connector.name)'s CRTC")
        }
        guard !hasFlipQueued, !source.hasFlipQueued, !source.needsModeset, !source.isPoweredOff,
            let current = source.state.current
        else {
            throw DRMError(
                call: "joinClone", errno: .resourceTemporarilyUnavailable,
                context: "\(source.connector.name) shows no settled frame to share")
        }
        var join = commitState(.joinClone, buffer: try buffer(0))
        join.cursor = cursor?.hidden
        join.overlays = overlayPlanes.map(OverlayPlacement.off)
        join.cloneSource = CloneSource(
            connector: source.connector, crtc: source.crtc, mode: source.mode,
            framebuffer: current.direct ?? current.buffer)
        try committer.commit(join, testOnly: true)
        try committer.commit(join, testOnly: false)
        cloneSource = source
        state = .unlit(pending: nil)
        needsModeset = true
        takesOver = false
        overlaysCommitted = 0
        cursorChanged = true
        isPoweredOff = false
        powerOffCommitted = false
    }

    /// Takes the connector off the CRTC it shares (see `joinClone(of:)`); its own CRTC
    /// lights with this output's next frame (a modeset). Whatever the kernel answers
    /// the output no longer counts as cloned: that modeset routes the connector back
    /// to its own CRTC anyway.
    /// - Throws: the kernel's refusal, for the log.
    package func leaveClone() throws(DRMError) {
        guard let source = cloneSource else { return }
        cloneSource = nil
        let own = try buffer(0)
        let shown = source.state.current.map { $0.direct ?? $0.buffer } ?? own
        var leave = commitState(.leaveClone, buffer: own)
        leave.cloneSource = CloneSource(
            connector: source.connector, crtc: source.crtc, mode: source.mode, framebuffer: shown)
        try committer.commit(leave, testOnly: false)
    }

    // MARK: Power (DPMS)

    /// Whether the kernel says the output is lit now, read back from it: the CRTC's
    /// ACTIVE (atomic), else the connector's DPMS property (legacy). For tests and tools.
    package var isLitInKernel: Bool? {
        if device.supportsAtomic {
            return ProbedProperties(fd: device.fd, objectID: crtc.id, objectType: UInt32(DRM_MODE_OBJECT_CRTC))
                .value("ACTIVE").map { $0 != 0 }
        }
        return ProbedProperties(fd: device.fd, objectID: connector.id, objectType: UInt32(DRM_MODE_OBJECT_CONNECTOR))
            .value("DPMS").map { $0 == UInt64(DRM_MODE_DPMS_ON) }
    }

    /// Powers the CRTC off (DPMS off: ACTIVE 0, its mode, planes and buffers kept) or
    /// on again, showing the frame it had at once; a frame that waited as pending
    /// while off is then committed. An output with nothing lit (or due a modeset)
    /// commits nothing: its next frame's modeset lights it. Must not be called while
    /// a flip is queued.
    /// - Throws: the kernel's refusal; the power state is then unchanged.
    package func setPower(on: Bool) throws(DRMError) {
        guard on == isPoweredOff else { return }
        guard !hasFlipQueued else {
            throw DRMError(call: "setPower", errno: .resourceBusy, context: "\(connector.name) has a flip queued")
        }
        if on {
            let offInKernel = powerOffCommitted && !needsModeset
            powerOffCommitted = false
            isPoweredOff = false
            if offInKernel, let current = state.current {
                do {
                    try committer.commit(
                        commitState(.powerOn, buffer: current.direct ?? current.buffer), testOnly: false)
                } catch {
                    // On either way: the next frame's modeset lights the CRTC (ACTIVE 1 with its mode).
                    needsModeset = true
                    throw error
                }
            }
            if state.pending != nil { try commitPending() } else { try commitCursorAlone() }
        } else {
            if !needsModeset, let current = state.current {
                try committer.commit(commitState(.powerOff, buffer: current.direct ?? current.buffer), testOnly: false)
                powerOffCommitted = true
            }
            isPoweredOff = true
        }
    }

    /// Takes a flip event; returns true when it was this output's and completed its
    /// queued frame. A pending frame is committed right away.
    /// - Throws: that commit's error; the pending frame is kept for a retry.
    @discardableResult
    package func handle(_ event: FlipEvent) throws(DRMError) -> Bool {
        guard event.crtcID == crtc.id, case .queued(_, let flipped, let pending) = state else { return false }
        // The frame that was on screen is released here, by the flip that replaced it.
        state = .idle(current: flipped, pending: pending)
        presentedVersion = flipped.version
        lastFlip = event
        if pending != nil {
            try commitPending()
        } else {
            try commitCursorAlone()
        }
        return true
    }

    /// Checks `newMode` with a TEST_ONLY commit, then makes the buffers for it; the
    /// next present modesets. A refused mode changes nothing. The frame on screen
    /// stays there (its buffer held) until the new mode's first flip replaces it.
    /// Must not be called while a flip is queued.
    package func setMode(_ newMode: DisplayMode) throws(DRMError) {
        guard !hasFlipQueued else {
            throw DRMError(call: "setMode", errno: .resourceBusy, context: "\(connector.name) has a flip queued")
        }
        let first = try makeBuffer(newMode.width, newMode.height, ScanoutBuffer.defaultFormat)
        let previous = mode
        mode = newMode
        do {
            try committer.commit(commitState(.modeset, buffer: first), testOnly: true)
        } catch {
            mode = previous
            throw error
        }
        buffers = ScanoutSlots(first: first)
        bufferUse = ScanoutSlots()
        bufferUse[0] = BufferUse(frame: framesDrawn, time: clock())
        // A pending frame of the old size can never be shown now.
        state = FlipState.settled(current: state.current)
        needsModeset = true
        takesOver = false
    }

    /// Turns the output off and puts back what the CRTC showed before (the console).
    /// Failures are returned for the log; the output is unlit either way.
    @discardableResult
    package func shutdown() -> [DRMError] {
        var failures: [DRMError] = []
        // A legacy restore sets only the primary plane: the cursor and a window on
        // the overlay would stay on the console.
        if let first = buffers[0], cursor != nil || overlaysCommitted > 0 {
            var hiding = commitState(.planes, buffer: first)
            hiding.cursor = cursor?.hidden
            hiding.overlays = overlayPlanes[..<overlaysCommitted].map(OverlayPlacement.off)
            do { try committer.commit(hiding, testOnly: false) } catch { failures.append(error) }
            overlaysCommitted = 0
        }
        var restored = false
        do { restored = try saved.restore(device: device) } catch { failures.append(error) }
        if !restored, let first = buffers[0] {
            do { try committer.commit(commitState(.off, buffer: first), testOnly: false) } catch {
                failures.append(error)
            }
        }
        state = .unlit(pending: nil)
        needsModeset = true
        isPoweredOff = false
        powerOffCommitted = false
        return failures
    }

    /// Leaves the frame on screen for after the process ends: its framebuffers (the
    /// primary plane's, the overlays' and a visible cursor's) are not removed with
    /// their objects, and nothing is committed. They stay scanned out while a
    /// descriptor of the card stays open elsewhere (systemd's file-descriptor store).
    package func leaveLastFrame() {
        guard let current = state.current else { return }
        (current.direct ?? current.buffer).isLeftOnScreen = true
        for overlay in current.overlays { overlay.buffer.isLeftOnScreen = true }
        if let cursor, cursor.isVisible { cursor.image.isLeftOnScreen = true }
    }

    /// What the CRTC showed before this output lit it is gone (the framebuffer of a
    /// previous instance, whose card descriptor was closed): on shutdown the CRTC is
    /// turned off, and the console comes back at the card's last close.
    package func forgetSavedCRTC() {
        saved = SavedCRTC(crtcID: crtc.id, connectorID: connector.id)
    }

    /// Gives up the queued flip (and the frame pending behind it): its event will not
    /// come. The buffer that was on screen stays the front buffer; the next commit
    /// is a full modeset, which puts the screen in a known state whatever happened
    /// to the lost one. Returns false when nothing was queued.
    @discardableResult
    package func abandonQueuedFlip() -> Bool {
        guard case .queued(let current, _, _) = state else { return false }
        state = FlipState.settled(current: current)
        needsModeset = true
        cursorChanged = true
        return true
    }

    /// After another DRM master drove the card (a VT switch), the CRTC's state is
    /// unknown: the next commit is a full modeset again.
    package func requireModeset() {
        needsModeset = true
        takesOver = false
    }

    /// The connector's link-status went BAD (see `ConnectorState.linkStatus`): the
    /// next commit sets the same mode again and asks for the link to be retrained.
    package func relink() {
        needsModeset = true
        takesOver = false
        needsLinkReset = true
    }

    /// Turns the CRTC off without restoring anything: the connector went away,
    /// or its CRTC is wanted elsewhere. Errors are returned for the log only.
    @discardableResult
    package func turnOff() -> DRMError? {
        defer {
            state = .unlit(pending: nil)
            needsModeset = true
            isPoweredOff = false
            powerOffCommitted = false
            takesOver = false
        }
        do {
            var off = commitState(.off, buffer: try buffer(0))
            off.cursor = cursor?.hidden
            off.overlays = overlayPlanes.map(OverlayPlacement.off)
            try committer.commit(off, testOnly: false)
            overlaysCommitted = 0
            cursorChanged = true
            return nil
        } catch {
            return error
        }
    }

    /// Hands over the buffers of the current mode after `turnOff()` succeeded (nothing
    /// scans them out now), for another output of the same size to reuse; the
    /// output has none after this. Empty while a frame still holds one.
    package func releaseBuffers() -> [ScanoutBuffer] {
        guard case .unlit(.none) = state else { return [] }
        let released = buffers.indices.compactMap { buffers[$0] }
        buffers.removeAll()
        return released
    }

    /// The pending frame's slot, else the first whose buffer no frame holds, else
    /// the first empty one (a buffer is allocated only when every one is busy).
    private var drawIndex: Int {
        if let pending = state.pending { return pending.slot }
        let free = buffers.indices.first { index in buffers[index].map { !state.uses($0) } ?? false }
        return free ?? buffers.indices.first { buffers[$0] == nil }!
    }

    private func buffer(_ index: Int) throws(DRMError) -> ScanoutBuffer {
        try buffers.frame(index) { () throws(DRMError) in
            let made = try makeBuffer(mode.width, mode.height, ScanoutBuffer.defaultFormat)
            bufferUse[index] = BufferUse(frame: framesDrawn, time: clock())
            return made
        }
    }

    // MARK: Idle buffers

    /// A slot's buffer unused for this many frames and `idleBufferDelay` seconds is
    /// freed: more frames than any damage history keeps (`BufferDamageHistory`'s
    /// depth, 4), so the buffer made again for that slot is drawn whole, as a
    /// buffer never drawn is.
    package static let idleBufferFrames = 8
    package static let idleBufferDelay = 1.0

    /// Frees the buffers no frame holds that went unused for `idleBufferFrames`
    /// frames and `idleBufferDelay` seconds: the third buffer a burst of frames
    /// needed (a frame drawn while another was queued), the overlay planes' buffers
    /// of a window that left its plane or of a slot the frames no longer use. Two
    /// buffers stay while frames alternate between them. Returns the bytes freed.
    @discardableResult
    package func releaseIdleBuffers() -> Int {
        let now = clock()
        func isIdle(_ use: BufferUse?) -> Bool {
            guard let use else { return false }
            return framesDrawn - use.frame >= Self.idleBufferFrames && now - use.time >= Self.idleBufferDelay
        }
        let frames = [state.current, state.queued, state.pending].compactMap { $0 }
        var freed = 0
        for slot in buffers.indices {
            guard let buffer = buffers[slot], !state.uses(buffer), isIdle(bufferUse[slot]) else { continue }
            buffers[slot] = nil
            bufferUse[slot] = nil
            freed += buffer.bytesPerRow * buffer.height
        }
        for plane in overlayBuffers.indices {
            for slot in overlayBuffers[plane].indices {
                guard let buffer = overlayBuffers[plane][slot], isIdle(overlayBufferUse[plane][slot]),
                    !frames.contains(where: { frame in frame.overlays.contains { $0.buffer === buffer } })
                else { continue }
                overlayBuffers[plane][slot] = nil
                overlayBufferUse[plane][slot] = nil
                freed += buffer.bytesPerRow * buffer.height
            }
        }
        return freed
    }

    /// Makes `frame` the pending one and commits it at once when nothing is queued
    /// (else the queued frame's flip event does).
    private func enqueue(_ frame: ScanoutFrame) throws(DRMError) {
        framesDrawn += 1
        let use = BufferUse(frame: framesDrawn, time: clock())
        bufferUse[frame.slot] = use
        for plane in frame.overlays.indices where plane < overlayBufferUse.count {
            overlayBufferUse[plane][frame.slot] = use
        }
        state = state.with(pending: frame)
        if state.queued == nil, !isPoweredOff { try commitPending() }
    }

    /// Commits the pending frame; on success it is queued. On failure it stays
    /// pending (drawn, not shown) and the error is thrown.
    private func commitPending() throws(DRMError) {
        guard let frame = state.pending else { return }
        try commit(frame)
        state = .queued(current: state.current, queued: frame, pending: nil)
    }

    /// A cursor move with no frame to carry it: the frame on screen is committed
    /// again. Not while a modeset is due: that needs a frame of the new mode.
    private func commitCursorAlone() throws(DRMError) {
        guard cursorChanged, !needsModeset, !isPoweredOff, case .idle(let current, nil) = state else { return }
        try commit(current)
        state = .queued(current: current, queued: current, pending: nil)
    }

    private func commit(_ frame: ScanoutFrame) throws(DRMError) {
        let change: CRTCChange = needsModeset ? (takesOver ? .takeOver : .modeset) : .pageFlip
        var commit = commitState(change, buffer: frame.direct ?? frame.buffer)
        if cursorChanged || needsModeset { commit.cursor = cursor }
        commit.overlays = overlayPlacements(frame.overlays)
        commit.damage = change == .pageFlip ? frame.damage : nil
        commit.resetsLink = needsModeset && needsLinkReset
        do {
            try committer.commit(commit, testOnly: false)
        } catch  where change == .takeOver {
            // The kernel wants a modeset after all (another plane setup, a format it
            // cannot flip to): the same frame goes out as one, still never a black one.
            takesOver = false
            try self.commit(frame)
            return
        }
        needsModeset = false
        takesOver = false
        needsLinkReset = false
        cursorChanged = false
        overlaysCommitted = frame.overlays.count
    }

    private func commitState(_ change: CRTCChange, buffer: any ScanoutFramebuffer) -> CRTCCommitState {
        CRTCCommitState(
            connector: connector, crtc: crtc, primaryPlane: primaryPlane, change: change, mode: mode,
            framebuffer: buffer)
    }
}

/// When a buffer was last allocated or put in a frame: the output's frame count and the time.
struct BufferUse {
    var frame: Int
    var time: Double
}
