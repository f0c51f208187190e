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
