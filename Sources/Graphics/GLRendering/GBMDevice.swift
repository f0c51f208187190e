import CGBM
import Glibc

/// A GBM device on an open DRM card: the one owner of the gbm_device. The file
/// descriptor stays the caller's; `owner` (what closes it) is kept alive as long
/// as the device and its buffers are.
package final class GBMDevice {
    let handle: OpaquePointer
    /// The card's file descriptor and path.
    package let fd: Int32
    package let path: String
    private let owner: AnyObject

    package init(fd: Int32, path: String, owner: AnyObject) throws(GLError) {
        // Opened on first use, not linked (see CGBM's shim.h).
        try GLError.requireLibrary("libgbm.so.1", dd_gbm_library)
        guard let device = dd_gbm_create_device(fd) else { throw .gbm(call: "gbm_create_device(\(path))", code: errno) }
        handle = device
        self.fd = fd
        self.path = path
        self.owner = owner
    }

    deinit { dd_gbm_device_destroy(handle) }
}

/// A GBM buffer object the card can scan out and GL can render into
/// (XRGB8888, SCANOUT | RENDERING): the one owner of the gbm_bo.
package final class GBMBuffer {
    let handle: OpaquePointer
    package let device: GBMDevice
    package let width: Int
    package let height: Int
    /// DRM fourcc of the pixels (XRGB8888).
    package let format: UInt32
    /// The GEM handle on the device's card (for drmModeAddFB2).
    package let gemHandle: UInt32
    package let bytesPerRow: Int

    package init(device: GBMDevice, width: Int, height: Int) throws(GLError) {
        let format = dd_gbm_format_xrgb8888()
        let usage = UInt32(GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue)
        guard let bo = dd_gbm_bo_create(device.handle, UInt32(width), UInt32(height), format, usage) else {
            throw .gbm(call: "gbm_bo_create(\(width)x\(height))", code: errno)
        }
        handle = bo
        self.device = device
        self.width = width
        self.height = height
        self.format = format
        gemHandle = dd_gbm_bo_get_handle(bo).u32
        bytesPerRow = Int(dd_gbm_bo_get_stride(bo))
    }

    deinit { dd_gbm_bo_destroy(handle) }
}
