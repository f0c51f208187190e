import CDRM
import Glibc

/// Everything one commit sets on one CRTC: the connector routed to it, the mode,
/// and the framebuffer on its primary plane.
struct CRTCCommitState {
    let connector: ConnectorState
    let crtc: CRTCState
    let primaryPlane: PlaneState
    let mode: DisplayMode
    let framebuffer: any ScanoutFramebuffer
    /// The cursor plane's state to set with this commit; nil leaves the plane as it is.
    var cursor: CursorPlacement? = nil
    /// The overlay planes' states to set with this commit; planes not named are left as they are.
    var overlays: [OverlayPlacement] = []
    /// What changed in `framebuffer` since it was last on screen, for the primary
    /// plane's FB_DAMAGE_CLIPS where it has one; nil: all of it.
    var damage: [DamageClip]? = nil
    /// The connector's link-status went BAD: a modeset sets it GOOD again (atomic
    /// commits name it; legacy drivers take it as a connector property first).
    var resetsLink = false
}

/// A window's own buffer on an overlay plane above the primary one, at (`x`, `y`)
/// CRTC pixels, or the plane off (`image` nil).
struct OverlayPlacement {
    let plane: PlaneState
    let image: ScanoutBuffer?
    var x: Int
    var y: Int

    /// The plane turned off.
    static func off(_ plane: PlaneState) -> OverlayPlacement { OverlayPlacement(plane: plane, image: nil, x: 0, y: 0) }
}

/// Where a CRTC's cursor plane shows its image: top-left corner in CRTC pixels
/// (negative near the left and top edges), or hidden.
struct CursorPlacement {
    let plane: PlaneState
    let image: ScanoutBuffer
    var x: Int
    var y: Int
    var isVisible: Bool

    var hidden: CursorPlacement { CursorPlacement(plane: plane, image: image, x: x, y: y, isVisible: false) }
}

/// How a commit reaches the kernel. AtomicCommit and LegacyCommit implement it;
/// nothing above this interface knows which one runs.
protocol CRTCCommitter: AnyObject {
    /// Lights the CRTC with `state` (a full modeset). Asks for a flip event.
    func modeset(_ state: CRTCCommitState, userData: UInt64) throws(DRMError)
    /// Checks a modeset without applying it. Legacy KMS cannot test, so it says yes.
    func testModeset(_ state: CRTCCommitState) throws(DRMError)
    /// Queues `state.framebuffer` for the next vblank, non-blocking, with a flip event.
    func pageFlip(_ state: CRTCCommitState, userData: UInt64) throws(DRMError)
    /// Turns the CRTC off and detaches the connector and plane.
    func disable(_ state: CRTCCommitState) throws(DRMError)
    /// Takes the cursor plane off the CRTC at once (before the console comes back).
    func hideCursor(_ state: CRTCCommitState) throws(DRMError)
    /// Checks a page flip (with its overlay) without applying it; throws when the
    /// kernel would refuse it. Legacy KMS has no overlays here: it always refuses.
    func testPageFlip(_ state: CRTCCommitState) throws(DRMError)
    /// Takes the overlay planes off the CRTC at once (before the console comes back).
    func hideOverlays(_ state: CRTCCommitState) throws(DRMError)
}

/// Commits through the atomic API (drmModeAtomicCommit).
final class AtomicCommit: CRTCCommitter {
    private let device: DRMDevice
    private var modeBlob: ModeBlob?

    init(device: DRMDevice) { self.device = device }

    func modeset(_ state: CRTCCommitState, userData: UInt64) throws(DRMError) {
        let blob = try blob(for: state.mode)
        let request = try modesetRequest(state, blob: blob)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_PAGE_FLIP_EVENT),
            userData: userData, context: "modeset \(state.mode) on \(state.connector.name)")
    }

    func testModeset(_ state: CRTCCommitState) throws(DRMError) {
        let blob = try ModeBlob(device: device, mode: state.mode)
        let request = try modesetRequest(state, blob: blob)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_ATOMIC_TEST_ONLY),
            userData: 0, context: "testing mode \(state.mode) on \(state.connector.name)")
    }

    func pageFlip(_ state: CRTCCommitState, userData: UInt64) throws(DRMError) {
        let (request, clips) = try pageFlipRequest(state)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT),
            userData: userData, context: "page flip on \(state.connector.name)")
        withExtendedLifetime(clips) {}
    }

    func testPageFlip(_ state: CRTCCommitState) throws(DRMError) {
        let (request, clips) = try pageFlipRequest(state)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY), userData: 0,
            context: "testing a flip with an overlay on \(state.connector.name)")
        withExtendedLifetime(clips) {}
    }

    private func pageFlipRequest(_ state: CRTCCommitState) throws(DRMError) -> (AtomicRequest, DamageClipsBlob?) {
        let request = try AtomicRequest()
        let primary = state.primaryPlane
        try request.add(primary.id, primary.properties, "FB_ID", UInt64(state.framebuffer.framebufferID))
        var clips: DamageClipsBlob?
        if let damage = state.damage, !damage.isEmpty, primary.properties.id("FB_DAMAGE_CLIPS") != nil {
            let blob = try DamageClipsBlob(device: device, clips: damage)
            try request.add(primary.id, primary.properties, "FB_DAMAGE_CLIPS", UInt64(blob.id))
            clips = blob
        }
        if let cursor = state.cursor { try add(cursor, crtcID: state.crtc.id, to: request) }
        for overlay in state.overlays { try add(overlay, crtcID: state.crtc.id, to: request) }
        return (request, clips)
    }

    /// The overlay plane's properties: its buffer at its place, unscaled, or off.
    private func add(_ overlay: OverlayPlacement, crtcID: UInt32, to request: AtomicRequest) throws(DRMError) {
        try add(overlay.plane, showing: overlay.image, x: overlay.x, y: overlay.y, crtcID: crtcID, to: request)
    }

    func disable(_ state: CRTCCommitState) throws(DRMError) {
        let request = try AtomicRequest()
        try request.add(state.connector.id, state.connector.properties, "CRTC_ID", 0)
        try request.add(state.crtc.id, state.crtc.properties, "ACTIVE", 0)
        try request.add(state.crtc.id, state.crtc.properties, "MODE_ID", 0)
        try request.add(state.primaryPlane.id, state.primaryPlane.properties, "FB_ID", 0)
        try request.add(state.primaryPlane.id, state.primaryPlane.properties, "CRTC_ID", 0)
        if let cursor = state.cursor { try add(cursor.hidden, crtcID: 0, to: request) }
        for overlay in state.overlays { try add(.off(overlay.plane), crtcID: 0, to: request) }
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: 0,
            context: "turning off \(state.connector.name)")
        modeBlob = nil
    }

    func hideOverlays(_ state: CRTCCommitState) throws(DRMError) {
        guard !state.overlays.isEmpty else { return }
        let request = try AtomicRequest()
        for overlay in state.overlays { try add(.off(overlay.plane), crtcID: 0, to: request) }
        try request.commit(
            device: device, flags: 0, userData: 0, context: "turning the overlays off on \(state.connector.name)")
    }

    func hideCursor(_ state: CRTCCommitState) throws(DRMError) {
        guard let cursor = state.cursor else { return }
        let request = try AtomicRequest()
        try add(cursor.hidden, crtcID: 0, to: request)
        try request.commit(
            device: device, flags: 0, userData: 0, context: "hiding the cursor on \(state.connector.name)")
    }

    /// The cursor plane's properties: on the CRTC at its place, or detached.
    private func add(_ cursor: CursorPlacement, crtcID: UInt32, to request: AtomicRequest) throws(DRMError) {
        try add(
            cursor.plane, showing: cursor.isVisible ? cursor.image : nil, x: cursor.x, y: cursor.y, crtcID: crtcID,
            to: request)
    }

    /// A plane showing `image` unscaled with its top-left at (`x`, `y`) CRTC pixels,
    /// or detached (FB_ID and CRTC_ID 0) when `image` is nil.
    private func add(
        _ plane: PlaneState, showing image: ScanoutBuffer?, x: Int, y: Int, crtcID: UInt32, to request: AtomicRequest
    ) throws(DRMError) {
        guard let image else {
            try request.add(plane.id, plane.properties, "FB_ID", 0)
            try request.add(plane.id, plane.properties, "CRTC_ID", 0)
            return
        }
        let width = UInt64(image.width)
        let height = UInt64(image.height)
        try request.add(plane.id, plane.properties, "FB_ID", UInt64(image.framebufferID))
        try request.add(plane.id, plane.properties, "CRTC_ID", UInt64(crtcID))
        try request.add(plane.id, plane.properties, "SRC_X", 0)
        try request.add(plane.id, plane.properties, "SRC_Y", 0)
        try request.add(plane.id, plane.properties, "SRC_W", width << 16)
        try request.add(plane.id, plane.properties, "SRC_H", height << 16)
        // CRTC_X and CRTC_Y are signed: a cursor or window may hang over the left and top edges.
        try request.add(plane.id, plane.properties, "CRTC_X", UInt64(bitPattern: Int64(x)))
        try request.add(plane.id, plane.properties, "CRTC_Y", UInt64(bitPattern: Int64(y)))
        try request.add(plane.id, plane.properties, "CRTC_W", width)
        try request.add(plane.id, plane.properties, "CRTC_H", height)
    }

    private func blob(for mode: DisplayMode) throws(DRMError) -> ModeBlob {
        if let modeBlob, modeBlob.mode == mode { return modeBlob }
        let blob = try ModeBlob(device: device, mode: mode)
        modeBlob = blob
        return blob
    }

    private func modesetRequest(_ state: CRTCCommitState, blob: ModeBlob) throws(DRMError) -> AtomicRequest {
        let request = try AtomicRequest()
        let plane = state.primaryPlane
        let width = UInt64(state.mode.width)
        let height = UInt64(state.mode.height)
        try request.add(state.connector.id, state.connector.properties, "CRTC_ID", UInt64(state.crtc.id))
        try request.add(state.crtc.id, state.crtc.properties, "MODE_ID", UInt64(blob.id))
        try request.add(state.crtc.id, state.crtc.properties, "ACTIVE", 1)
        try request.add(plane.id, plane.properties, "FB_ID", UInt64(state.framebuffer.framebufferID))
        try request.add(plane.id, plane.properties, "CRTC_ID", UInt64(state.crtc.id))
        // SRC_* are 16.16 fixed point; CRTC_* are whole pixels.
        try request.add(plane.id, plane.properties, "SRC_X", 0)
        try request.add(plane.id, plane.properties, "SRC_Y", 0)
        try request.add(plane.id, plane.properties, "SRC_W", width << 16)
        try request.add(plane.id, plane.properties, "SRC_H", height << 16)
        try request.add(plane.id, plane.properties, "CRTC_X", 0)
        try request.add(plane.id, plane.properties, "CRTC_Y", 0)
        try request.add(plane.id, plane.properties, "CRTC_W", width)
        try request.add(plane.id, plane.properties, "CRTC_H", height)
        if let cursor = state.cursor { try add(cursor, crtcID: state.crtc.id, to: request) }
        for overlay in state.overlays { try add(overlay, crtcID: state.crtc.id, to: request) }
        // As wlroots does on every modeset: a link the kernel marked BAD is only
        // retrained by a modeset that asks for GOOD (the kernel never takes BAD from us).
        if state.connector.properties.has("link-status") {
            try request.add(
                state.connector.id, state.connector.properties, "link-status", UInt64(DRM_MODE_LINK_STATUS_GOOD))
        }
        return request
    }
}

/// Commits through the legacy API (drmModeSetCrtc, drmModePageFlip) for drivers without atomic.
final class LegacyCommit: CRTCCommitter {
    private let device: DRMDevice

    init(device: DRMDevice) { self.device = device }

    func modeset(_ state: CRTCCommitState, userData: UInt64) throws(DRMError) {
        var connectorID = state.connector.id
        var mode = state.mode.info
        let fd = device.fd
        if state.resetsLink, let property = state.connector.properties.id("link-status") {
            try drmCall("drmModeConnectorSetProperty", context: "link-status GOOD on \(state.connector.name)") {
                drmModeConnectorSetProperty(fd, connectorID, property, UInt64(DRM_MODE_LINK_STATUS_GOOD))
            }
        }
        try drmCall("drmModeSetCrtc", context: "modeset \(state.mode) on \(state.connector.name)") {
            drmModeSetCrtc(fd, state.crtc.id, state.framebuffer.framebufferID, 0, 0, &connectorID, 1, &mode)
        }
        // SetCrtc sends no event; a flip to the same buffer tells us when it is on screen.
        try pageFlip(state, userData: userData)
    }

    func testModeset(_ state: CRTCCommitState) throws(DRMError) {}

    func testPageFlip(_ state: CRTCCommitState) throws(DRMError) {
        throw DRMError(call: "testPageFlip", code: EOPNOTSUPP, context: "legacy KMS: no overlay planes used")
    }

    func hideOverlays(_ state: CRTCCommitState) throws(DRMError) {}

    func pageFlip(_ state: CRTCCommitState, userData: UInt64) throws(DRMError) {
        let fd = device.fd
        try drmCall("drmModePageFlip", context: "page flip on \(state.connector.name)") {
            drmModePageFlip(
                fd, state.crtc.id, state.framebuffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        }
        if let cursor = state.cursor { try place(cursor, on: state) }
    }

    func hideCursor(_ state: CRTCCommitState) throws(DRMError) {
        guard let cursor = state.cursor else { return }
        try place(cursor.hidden, on: state)
    }

    /// drmModeSetCursor and drmModeMoveCursor: legacy cursors move at once, without a flip.
    private func place(_ cursor: CursorPlacement, on state: CRTCCommitState) throws(DRMError) {
        let fd = device.fd
        let crtc = state.crtc.id
        let handle = cursor.isVisible ? cursor.image.handle : 0
        try drmCall("drmModeSetCursor", context: "cursor on \(state.connector.name)") {
            drmModeSetCursor(fd, crtc, handle, UInt32(cursor.image.width), UInt32(cursor.image.height))
        }
        guard cursor.isVisible else { return }
        try drmCall("drmModeMoveCursor", context: "cursor on \(state.connector.name)") {
            drmModeMoveCursor(fd, crtc, Int32(cursor.x), Int32(cursor.y))
        }
    }

    func disable(_ state: CRTCCommitState) throws(DRMError) {
        let fd = device.fd
        try drmCall("drmModeSetCrtc", context: "turning off \(state.connector.name)") {
            drmModeSetCrtc(fd, state.crtc.id, 0, 0, 0, nil, 0, nil)
        }
    }
}
