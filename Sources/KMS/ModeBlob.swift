import CDRM

/// A mode uploaded as a property blob for the CRTC's MODE_ID: the one owner of the blob id.
final class ModeBlob {
    let id: UInt32
    let mode: DisplayMode
    private let device: DRMDevice

    /// drmModeCreatePropertyBlob
    init(device: DRMDevice, mode: DisplayMode) throws(DRMError) {
        self.device = device
        self.mode = mode
        var info = mode.info
        var id: UInt32 = 0
        try drmCall("drmModeCreatePropertyBlob", context: "mode \(mode) on \(device.path)") {
            drmModeCreatePropertyBlob(device.fd, &info, MemoryLayout<drmModeModeInfo>.size, &id)
        }
        self.id = id
    }

    /// drmModeDestroyPropertyBlob
    deinit { _ = drmModeDestroyPropertyBlob(device.fd, id) }
}
