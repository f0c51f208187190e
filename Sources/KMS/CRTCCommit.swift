import CDRM

/// Everything one commit sets on one CRTC: the connector routed to it, the mode,
/// and the framebuffer on its primary plane.
struct CRTCCommitState {
    let connector: ConnectorState
    let crtc: CRTCState
    let primaryPlane: PlaneState
    let mode: DisplayMode
    let framebuffer: ScanoutBuffer
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
        let request = try AtomicRequest()
        try request.add(
            state.primaryPlane.id, state.primaryPlane.properties, "FB_ID", UInt64(state.framebuffer.framebufferID))
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT),
            userData: userData, context: "page flip on \(state.connector.name)")
    }

    func disable(_ state: CRTCCommitState) throws(DRMError) {
        let request = try AtomicRequest()
        try request.add(state.connector.id, state.connector.properties, "CRTC_ID", 0)
        try request.add(state.crtc.id, state.crtc.properties, "ACTIVE", 0)
        try request.add(state.crtc.id, state.crtc.properties, "MODE_ID", 0)
        try request.add(state.primaryPlane.id, state.primaryPlane.properties, "FB_ID", 0)
        try request.add(state.primaryPlane.id, state.primaryPlane.properties, "CRTC_ID", 0)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: 0,
            context: "turning off \(state.connector.name)")
        modeBlob = nil
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
        try drmCall("drmModeSetCrtc", context: "modeset \(state.mode) on \(state.connector.name)") {
            drmModeSetCrtc(fd, state.crtc.id, state.framebuffer.framebufferID, 0, 0, &connectorID, 1, &mode)
        }
        // SetCrtc sends no event; a flip to the same buffer tells us when it is on screen.
        try pageFlip(state, userData: userData)
    }

    func testModeset(_ state: CRTCCommitState) throws(DRMError) {}

    func pageFlip(_ state: CRTCCommitState, userData: UInt64) throws(DRMError) {
        let fd = device.fd
        try drmCall("drmModePageFlip", context: "page flip on \(state.connector.name)") {
            drmModePageFlip(
                fd, state.crtc.id, state.framebuffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        }
    }

    func disable(_ state: CRTCCommitState) throws(DRMError) {
        let fd = device.fd
        try drmCall("drmModeSetCrtc", context: "turning off \(state.connector.name)") {
            drmModeSetCrtc(fd, state.crtc.id, 0, 0, 0, nil, 0, nil)
        }
    }
}
