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
        try drmCall(.createPropertyBlob, context: "mode \(mode) on \(device.path)") {
            drmModeCreatePropertyBlob(device.fd, &info, MemoryLayout<drmModeModeInfo>.size, &id)
        }
        self.id = id
    }

    /// drmModeDestroyPropertyBlob
    deinit { _ = drmModeDestroyPropertyBlob(device.fd, id) }
}

/// A rectangle of a frame that changed since the buffer's last frame, in
/// framebuffer pixels (x2, y2 exclusive), as FB_DAMAGE_CLIPS takes it.
package struct DamageClip: Equatable, Sendable {
    package var x1: Int32, y1: Int32, x2: Int32, y2: Int32

    package init(x: Int, y: Int, width: Int, height: Int) {
        x1 = Int32(x)
        y1 = Int32(y)
        x2 = Int32(x + width)
        y2 = Int32(y + height)
    }
}

/// The damage of one commit as an array of drm_mode_rect in a property blob, for
/// a plane's FB_DAMAGE_CLIPS: drivers that upload or compress the framebuffer
/// (virtual GPUs, USB displays, panel self-refresh) then touch only those rects.
/// The commit holds its own reference: this owner frees the id right after.
final class DamageClipsBlob {
    let id: UInt32
    private let device: DRMDevice

    init(device: DRMDevice, clips: [DamageClip]) throws(DRMError) {
        self.device = device
        var rects = clips.map { drm_mode_rect(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }
        var id: UInt32 = 0
        let size = MemoryLayout<drm_mode_rect>.stride * rects.count
        try drmCall(.createPropertyBlob, context: "damage clips on \(device.path)") {
            drmModeCreatePropertyBlob(device.fd, &rects, size, &id)
        }
        self.id = id
    }

    deinit { _ = drmModeDestroyPropertyBlob(device.fd, id) }
}
