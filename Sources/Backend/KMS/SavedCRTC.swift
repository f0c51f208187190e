import CDRM

/// The CRTC state found before we took a screen (usually the text console's
/// framebuffer), put back on exit so the console returns.
struct SavedCRTC {
    let crtcID: UInt32
    let connectorID: UInt32
    let framebufferID: UInt32
    let x: UInt32, y: UInt32
    let mode: drmModeModeInfo?

    /// drmModeGetCrtc
    init(device: DRMDevice, crtcID: UInt32, connectorID: UInt32) {
        self.crtcID = crtcID
        self.connectorID = connectorID
        if let crtc = drmLookup(.getCrtc, { drmModeGetCrtc(device.fd, crtcID) }) {
            framebufferID = crtc.pointee.buffer_id
            x = crtc.pointee.x
            y = crtc.pointee.y
            mode = crtc.pointee.mode_valid != 0 ? crtc.pointee.mode : nil
            drmModeFreeCrtc(crtc)
        } else {
            framebufferID = 0
            x = 0
            y = 0
            mode = nil
        }
    }

    /// A CRTC with nothing to restore (it is turned off instead).
    init(crtcID: UInt32, connectorID: UInt32) {
        self.crtcID = crtcID
        self.connectorID = connectorID
        framebufferID = 0
        x = 0
        y = 0
        mode = nil
    }

    /// Whether the CRTC was lit, driving `connectorID` (`currentCRTC`: the connector's
    /// encoder's CRTC as probed), in `mode`: then the first frame may simply replace
    /// what it showed, without a modeset.
    func shows(_ mode: DisplayMode, connectorCRTC currentCRTC: UInt32) -> Bool {
        guard framebufferID != 0, let saved = self.mode, currentCRTC == crtcID else { return false }
        return DisplayMode(saved).hasSameTiming(as: mode)
    }

    /// Puts the saved framebuffer back (drmModeSetCrtc). Returns false when there was
    /// nothing to restore (the CRTC was off), in which case the caller turns it off.
    func restore(device: DRMDevice) throws(DRMError) -> Bool {
        guard framebufferID != 0, var mode else { return false }
        var connector = connectorID
        let fd = device.fd
        try drmCall(.setCrtc, context: "restoring CRTC \(crtcID) (the console's framebuffer \(framebufferID))") {
            drmModeSetCrtc(fd, crtcID, framebufferID, x, y, &connector, 1, &mode)
        }
        return true
    }
}

extension DRMDevice {
    /// What CRTC `crtcID` scans out now, as the kernel says: the framebuffer on its
    /// primary plane (0: off) and its MODE_ID blob (nil without atomic), which a
    /// modeset replaces and a page flip keeps. For tests of what a start changes.
    package func scanout(crtcID: UInt32) -> (framebufferID: UInt32, modeBlobID: UInt64?) {
        let fd = self.fd
        var framebufferID: UInt32 = 0
        if let crtc = drmLookup(.getCrtc, { drmModeGetCrtc(fd, crtcID) }) {
            framebufferID = crtc.pointee.buffer_id
            drmModeFreeCrtc(crtc)
        }
        let properties = ProbedProperties(fd: fd, objectID: crtcID, objectType: DRM_MODE_OBJECT_CRTC)
        return (framebufferID, properties.value("MODE_ID"))
    }
}
