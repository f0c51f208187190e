import CDRM
import Glibc
import SystemPackage

/// What one commit does to its CRTC.
package enum CRTCChange {
    /// Lights the CRTC with `mode` and `framebuffer` (a full modeset), with a flip event.
    case modeset
    /// Shows `framebuffer` from the next vblank, non-blocking, with a flip event.
    case pageFlip
    /// The first frame on a CRTC that another program (the console, a boot splash)
    /// lit in this very mode: the primary plane set whole to `framebuffer` as a page
    /// flip, without ALLOW_MODESET, so what it showed stays until this frame
    /// replaces it at a vblank (no blanking, no black frame).
    case takeOver
    /// Sets only the cursor and overlay planes named, at once, leaving the primary
    /// plane as it is (hiding them before the console comes back).
    case planes
    /// Turns the CRTC off and detaches the connector, the primary plane and the planes named.
    case off
    /// DPMS off: the CRTC's ACTIVE 0 with its mode, connector and planes kept (atomic),
    /// the connector's DPMS property off (legacy). Blocking, no flip event.
    case powerOff
    /// DPMS on again: the CRTC's ACTIVE 1 (atomic) or the connector's DPMS on (legacy),
    /// showing the planes as they were. Blocking, no flip event.
    case powerOn
    /// Hardware clone mode: the connector is driven by `cloneSource`'s CRTC, which
    /// goes on showing its frames (atomic: the connector's CRTC_ID moved and its own
    /// CRTC, primary plane and the planes named turned off, one commit; legacy:
    /// drmModeSetCrtc of the source's CRTC with both connectors). Blocking, no flip event.
    case joinClone
    /// The connector leaves `cloneSource`'s CRTC (atomic: its CRTC_ID 0; legacy: the
    /// source's CRTC set again with its own connector alone); its own CRTC stays off
    /// until its next modeset. Blocking, no flip event.
    case leaveClone
}

/// The CRTC a cloned connector shares: its own connector, the mode and the
/// framebuffer it shows now (legacy KMS sets them again with the connectors).
package struct CloneSource {
    package let connector: ConnectorState
    package let crtc: CRTCState
    package let mode: DisplayMode
    package let framebuffer: any ScanoutFramebuffer

    package init(connector: ConnectorState, crtc: CRTCState, mode: DisplayMode, framebuffer: any ScanoutFramebuffer) {
        self.connector = connector
        self.crtc = crtc
        self.mode = mode
        self.framebuffer = framebuffer
    }
}

/// Everything one commit sets on one CRTC: the connector routed to it, the mode,
/// the framebuffer on its primary plane, and the cursor and overlay planes.
package struct CRTCCommitState {
    package let connector: ConnectorState
    package let crtc: CRTCState
    package let primaryPlane: PlaneState
    package var change: CRTCChange
    package var mode: DisplayMode
    package var framebuffer: any ScanoutFramebuffer
    /// The cursor plane's state to set with this commit; nil leaves the plane as it is.
    package var cursor: CursorPlacement? = nil
    /// The overlay planes' states to set with this commit; planes not named are left as they are.
    package var overlays: [OverlayPlacement] = []
    /// What changed in `framebuffer` since it was last on screen, for the primary
    /// plane's FB_DAMAGE_CLIPS where it has one (page flips only); nil: all of it.
    package var damage: [DamageClip]? = nil
    /// The connector's link-status went BAD: a modeset sets it GOOD again (atomic
    /// modesets always name it; legacy drivers take it as a connector property first).
    package var resetsLink = false
    /// The CRTC this connector joins or leaves (`joinClone`, `leaveClone`).
    package var cloneSource: CloneSource? = nil
}

/// A window's own buffer on an overlay plane above the primary one, at (`x`, `y`)
/// CRTC pixels, or the plane off (`image` nil).
package struct OverlayPlacement {
    package let plane: PlaneState
    package let image: ScanoutBuffer?
    package var x: Int
    package var y: Int

    /// The plane turned off.
    static func off(_ plane: PlaneState) -> OverlayPlacement { OverlayPlacement(plane: plane, image: nil, x: 0, y: 0) }
}

/// Where a CRTC's cursor plane shows its image: top-left corner in CRTC pixels
/// (negative near the left and top edges), or hidden.
package struct CursorPlacement {
    package let plane: PlaneState
    package let image: ScanoutBuffer
    package var x: Int
    package var y: Int
    package var isVisible: Bool

    var hidden: CursorPlacement { CursorPlacement(plane: plane, image: image, x: x, y: y, isVisible: false) }
}

/// How a commit reaches the kernel. AtomicCommit and LegacyCommit implement it;
/// nothing above this interface knows which one runs.
package protocol CRTCCommitter: AnyObject {
    /// Makes `state` the CRTC's state, or with `testOnly` only asks whether the
    /// kernel would take it (throwing its refusal), changing nothing. Modesets and
    /// page flips ask for a flip event (tagged with the device's `eventUserData`).
    /// Legacy KMS cannot test: it takes every modeset and refuses other tests.
    func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError)
}

extension DRMDevice {
    /// The committer for this device: atomic where the driver offers it, else legacy.
    package func makeCommitter() -> any CRTCCommitter {
        supportsAtomic ? AtomicCommit(device: self) : LegacyCommit(device: self)
    }
}

/// Commits through the atomic API (drmModeAtomicCommit).
final class AtomicCommit: CRTCCommitter {
    private let device: DRMDevice
    /// The mode blob of the last modeset, reused while the mode stays the same.
    private var modeBlob: ModeBlob?

    init(device: DRMDevice) { self.device = device }

    func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
        guard let (request, flags, blobs) = try makeRequest(for: state, testOnly: testOnly) else { return }
        try request.commit(
            device: device, flags: flags, userData: testOnly ? 0 : device.eventUserData,
            context: Self.describe(state, testOnly: testOnly))
        withExtendedLifetime(blobs) {}
        if state.change == .off && !testOnly { modeBlob = nil }
    }

    /// The request `commit` sends for `state`, its flags, and the blobs it names
    /// (which must live until it is committed); nil when there is nothing to commit.
    /// Nothing reaches the kernel but blobs.
    func makeRequest(for state: CRTCCommitState, testOnly: Bool) throws(DRMError) -> (
        AtomicRequest, UInt32, [AnyObject]
    )? {
        let request = try AtomicRequest()
        var flags: Int32
        // Blobs the request names must live until it is committed.
        var blobs: [AnyObject] = []
        switch state.change {
        case .modeset:
            // A tested mode is not kept: the modeset that follows may never come.
            let blob = testOnly ? try ModeBlob(device: device, mode: state.mode) : try blob(for: state.mode)
            blobs.append(blob)
            try addModeset(state, blob: blob, to: request)
            flags = DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_PAGE_FLIP_EVENT
        case .pageFlip:
            if let clips = try addPageFlip(state, to: request) { blobs.append(clips) }
            flags = DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT
        case .takeOver:
            // Position and size too: the program before may have shown a buffer of another size.
            try add(
                state.primaryPlane, showing: state.framebuffer.framebufferID, x: 0, y: 0, width: state.mode.width,
                height: state.mode.height, crtcID: state.crtc.id, to: request)
            try addPlanes(state, to: request)
            flags = DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT
        case .planes:
            guard state.cursor != nil || !state.overlays.isEmpty else { return nil }
            try addPlanes(state, to: request)
            flags = 0
        case .off:
            try request.set(\.crtcID, of: state.connector, to: 0)
            try addCRTCTurnedOff(state, to: request)
            flags = DRM_MODE_ATOMIC_ALLOW_MODESET
        case .powerOff, .powerOn:
            // The kernel counts ACTIVE as a modeset, though the mode and planes stay.
            try request.set(\.active, of: state.crtc, to: state.change == .powerOn ? 1 : 0)
            flags = DRM_MODE_ATOMIC_ALLOW_MODESET
        case .joinClone:
            let source = try Self.cloneSource(of: state)
            // The kernel pulls the source's CRTC into the commit (its connectors change);
            // it keeps its mode and planes.
            try request.set(\.crtcID, of: state.connector, to: UInt64(source.crtc.id))
            try addCRTCTurnedOff(state, to: request)
            flags = DRM_MODE_ATOMIC_ALLOW_MODESET
        case .leaveClone:
            try request.set(\.crtcID, of: state.connector, to: 0)
            flags = DRM_MODE_ATOMIC_ALLOW_MODESET
        }
        if testOnly {
            // TEST_ONLY commits send no event and must not ask for one.
            flags = flags & ~(DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK) | DRM_MODE_ATOMIC_TEST_ONLY
        }
        return (request, UInt32(flags), blobs)
    }

    /// What a commit was doing, for its error (built only when it fails).
    private static func describe(_ state: CRTCCommitState, testOnly: Bool) -> String {
        let name = state.connector.name
        return switch (state.change, testOnly) {
        case (.modeset, false): "modeset \(state.mode) on \(name)"
        case (.modeset, true): "testing mode \(state.mode) on \(name)"
        case (.pageFlip, false): "page flip on \(name)"
        case (.pageFlip, true): "testing a flip with an overlay on \(name)"
        case (.takeOver, _): "first frame on \(name), lit before in this mode"
        case (.planes, _): "setting the cursor and overlay planes of \(name)"
        case (.off, _): "turning off \(name)"
        case (.powerOff, _): "powering off \(name) (ACTIVE 0)"
        case (.powerOn, _): "powering on \(name) (ACTIVE 1)"
        case (.joinClone, let test):
            "\(test ? "testing " : "")driving \(name) from \(state.cloneSource?.connector.name ?? "?")'s CRTC"
        case (.leaveClone, _): "taking \(name) off \(state.cloneSource?.connector.name ?? "?")'s CRTC"
        }
    }

    static func cloneSource(of state: CRTCCommitState) throws(DRMError) -> CloneSource {
        guard let source = state.cloneSource else {
            throw DRMError(
                call: "commit", errno: .invalidArgument, context: "\(state.connector.name): no CRTC to share named")
        }
        return source
    }

    /// The primary plane's new framebuffer (with its damage where the plane takes
    /// FB_DAMAGE_CLIPS), and the cursor and overlays named. Returns the clips' blob.
    private func addPageFlip(_ state: CRTCCommitState, to request: AtomicRequest) throws(DRMError) -> DamageClipsBlob? {
        let primary = state.primaryPlane
        try request.set(\.framebufferID, of: primary, to: UInt64(state.framebuffer.framebufferID))
        var clips: DamageClipsBlob?
        if let damage = state.damage, !damage.isEmpty, primary.properties.damageClips != nil {
            let blob = try DamageClipsBlob(device: device, clips: damage)
            try request.set(\.damageClips, of: primary, to: UInt64(blob.id))
            clips = blob
        }
        try addPlanes(state, to: request)
        return clips
    }

    /// The cursor and overlay planes named in `state`, on its CRTC or off.
    /// The CRTC off with its mode gone and every plane taken off it (planes left on
    /// a CRTC turned off would make the kernel refuse the commit).
    private func addCRTCTurnedOff(_ state: CRTCCommitState, to request: AtomicRequest) throws(DRMError) {
        try request.set(\.active, of: state.crtc, to: 0)
        try request.set(\.modeID, of: state.crtc, to: 0)
        try request.set(\.framebufferID, of: state.primaryPlane, to: 0)
        try request.set(\.crtcID, of: state.primaryPlane, to: 0)
        if let cursor = state.cursor { try add(cursor.hidden, crtcID: 0, to: request) }
        for overlay in state.overlays { try add(.off(overlay.plane), crtcID: 0, to: request) }
    }

    private func addPlanes(_ state: CRTCCommitState, to request: AtomicRequest) throws(DRMError) {
        if let cursor = state.cursor { try add(cursor, crtcID: state.crtc.id, to: request) }
        for overlay in state.overlays { try add(overlay, crtcID: state.crtc.id, to: request) }
    }

    private func add(_ overlay: OverlayPlacement, crtcID: UInt32, to request: AtomicRequest) throws(DRMError) {
        try add(
            overlay.plane, showing: overlay.image?.framebufferID, x: overlay.x, y: overlay.y,
            width: overlay.image?.width ?? 0, height: overlay.image?.height ?? 0, crtcID: crtcID, to: request)
    }

    private func add(_ cursor: CursorPlacement, crtcID: UInt32, to request: AtomicRequest) throws(DRMError) {
        try add(
            cursor.plane, showing: cursor.isVisible ? cursor.image.framebufferID : nil, x: cursor.x, y: cursor.y,
            width: cursor.image.width, height: cursor.image.height, crtcID: crtcID, to: request)
    }

    /// A plane showing framebuffer `framebufferID` unscaled, `width`×`height` with
    /// its top-left at (`x`, `y`) CRTC pixels, or detached (FB_ID and CRTC_ID 0) when nil.
    private func add(
        _ plane: PlaneState, showing framebufferID: UInt32?, x: Int, y: Int, width: Int, height: Int,
        crtcID: UInt32, to request: AtomicRequest
    ) throws(DRMError) {
        guard let framebufferID else {
            try request.set(\.framebufferID, of: plane, to: 0)
            try request.set(\.crtcID, of: plane, to: 0)
            return
        }
        let width = UInt64(width)
        let height = UInt64(height)
        try request.set(\.framebufferID, of: plane, to: UInt64(framebufferID))
        try request.set(\.crtcID, of: plane, to: UInt64(crtcID))
        // SRC_* are 16.16 fixed point; CRTC_* are whole pixels.
        try request.set(\.sourceX, of: plane, to: 0)
        try request.set(\.sourceY, of: plane, to: 0)
        try request.set(\.sourceWidth, of: plane, to: width << 16)
        try request.set(\.sourceHeight, of: plane, to: height << 16)
        // CRTC_X and CRTC_Y are signed: a cursor or window may hang over the left and top edges.
        try request.set(\.crtcX, of: plane, to: UInt64(bitPattern: Int64(x)))
        try request.set(\.crtcY, of: plane, to: UInt64(bitPattern: Int64(y)))
        try request.set(\.crtcWidth, of: plane, to: width)
        try request.set(\.crtcHeight, of: plane, to: height)
    }

    private func blob(for mode: DisplayMode) throws(DRMError) -> ModeBlob {
        if let modeBlob, modeBlob.mode == mode { return modeBlob }
        let blob = try ModeBlob(device: device, mode: mode)
        modeBlob = blob
        return blob
    }

    private func addModeset(_ state: CRTCCommitState, blob: ModeBlob, to request: AtomicRequest) throws(DRMError) {
        try request.set(\.crtcID, of: state.connector, to: UInt64(state.crtc.id))
        try request.set(\.modeID, of: state.crtc, to: UInt64(blob.id))
        try request.set(\.active, of: state.crtc, to: 1)
        // The primary plane shows the framebuffer's mode-sized top-left, whole screen.
        try add(
            state.primaryPlane, showing: state.framebuffer.framebufferID, x: 0, y: 0, width: state.mode.width,
            height: state.mode.height, crtcID: state.crtc.id, to: request)
        try addPlanes(state, to: request)
        // As wlroots does on every modeset: a link the kernel marked BAD is only
        // retrained by a modeset that asks for GOOD (the kernel never takes BAD from us).
        if state.connector.properties.linkStatus != nil {
            try request.set(\.linkStatus, of: state.connector, to: UInt64(DRM_MODE_LINK_STATUS_GOOD))
        }
    }
}

/// Commits through the legacy API (drmModeSetCrtc, drmModePageFlip, legacy cursor)
/// for drivers without atomic: no overlay planes, no damage clips, no tests.
final class LegacyCommit: CRTCCommitter {
    private let device: DRMDevice

    init(device: DRMDevice) { self.device = device }

    func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
        if testOnly {
            // Nothing to ask: a mode is taken on trust, anything else (overlays) is refused.
            guard state.change == .modeset || state.change == .joinClone else {
                throw DRMError(
                    call: "testPageFlip", errno: .notSupported, context: "legacy KMS: no overlay planes used")
            }
            return
        }
        let fd = device.fd
        let name = state.connector.name
        switch state.change {
        case .modeset:
            var connectorID = state.connector.id
            var mode = state.mode.info
            if state.resetsLink, let property = state.connector.properties.linkStatus {
                try drmCall(.connectorSetProperty, context: "link-status GOOD on \(name)") {
                    drmModeConnectorSetProperty(fd, connectorID, property, UInt64(DRM_MODE_LINK_STATUS_GOOD))
                }
            }
            try drmCall(.setCrtc, context: "modeset \(state.mode) on \(name)") {
                drmModeSetCrtc(fd, state.crtc.id, state.framebuffer.framebufferID, 0, 0, &connectorID, 1, &mode)
            }
            // SetCrtc sends no event; a flip to the same buffer tells us when it is on screen.
            try pageFlip(state)
        case .pageFlip, .takeOver:
            try pageFlip(state)
        case .planes:
            if let cursor = state.cursor { try place(cursor, on: state) }
        case .off:
            try drmCall(.setCrtc, context: "turning off \(name)") {
                drmModeSetCrtc(fd, state.crtc.id, 0, 0, 0, nil, 0, nil)
            }
        case .powerOff, .powerOn:
            let level = state.change == .powerOn ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF
            let what = "DPMS \(state.change == .powerOn ? "on" : "off") on \(name)"
            guard let property = state.connector.properties.dpms else {
                throw DRMError(
                    .connectorSetProperty, errno: .noSuchFileOrDirectory, context: "\(what): no DPMS property")
            }
            let connectorID = state.connector.id
            try drmCall(.connectorSetProperty, context: what) {
                drmModeConnectorSetProperty(fd, connectorID, property, UInt64(level))
            }
        case .joinClone, .leaveClone:
            // The source's CRTC set again with the connectors it drives: the kernel takes
            // the connector from (or gives it back to) the CRTC it had, turning off a CRTC
            // left without one.
            let source = try AtomicCommit.cloneSource(of: state)
            var connectors =
                state.change == .joinClone ? [source.connector.id, state.connector.id] : [source.connector.id]
            var mode = source.mode.info
            let what =
                state.change == .joinClone
                ? "driving \(name) from \(source.connector.name)'s CRTC"
                : "taking \(name) off \(source.connector.name)'s CRTC"
            try drmCall(.setCrtc, context: what) {
                drmModeSetCrtc(
                    fd, source.crtc.id, source.framebuffer.framebufferID, 0, 0, &connectors, Int32(connectors.count),
                    &mode)
            }
        }
    }

    /// drmModePageFlip with an event, then the cursor (legacy cursors move at once).
    private func pageFlip(_ state: CRTCCommitState) throws(DRMError) {
        let fd = device.fd
        let userData = device.eventUserData
        try drmCall(.pageFlip, context: "page flip on \(state.connector.name)") {
            drmModePageFlip(
                fd, state.crtc.id, state.framebuffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        }
        if let cursor = state.cursor { try place(cursor, on: state) }
    }

    /// drmModeSetCursor and drmModeMoveCursor: legacy cursors move at once, without a flip.
    private func place(_ cursor: CursorPlacement, on state: CRTCCommitState) throws(DRMError) {
        let fd = device.fd
        let crtc = state.crtc.id
        let handle = cursor.isVisible ? cursor.image.handle : 0
        try drmCall(.setCursor, context: "cursor on \(state.connector.name)") {
            drmModeSetCursor(fd, crtc, handle, UInt32(cursor.image.width), UInt32(cursor.image.height))
        }
        guard cursor.isVisible else { return }
        try drmCall(.moveCursor, context: "cursor on \(state.connector.name)") {
            drmModeMoveCursor(fd, crtc, Int32(cursor.x), Int32(cursor.y))
        }
    }
}
