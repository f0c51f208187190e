import CDRM
import Glibc

/// What a commit puts on a plane: a KMS framebuffer id, kept registered while
/// the object lives.
package protocol ScanoutFramebuffer: AnyObject {
    var framebufferID: UInt32 { get }
    /// Left on screen when the process ends (`ScanoutOutput.leaveLastFrame()`): the
    /// framebuffer is not removed when this object goes (drmModeRmFB would take it
    /// off the plane); the kernel removes it when the card's last descriptor closes.
    var isLeftOnScreen: Bool { get set }
}

/// A KMS framebuffer over a single-plane buffer that someone else allocated on
/// the card (a GBM buffer object GL renders into, for direct scanout): the one
/// owner of the framebuffer id (drmModeAddFB2, drmModeRmFB once). `owner` (the
/// buffer) lives as long as this does, so the memory outlasts every scanout.
package final class ImportedFramebuffer: ScanoutFramebuffer {
    package let framebufferID: UInt32
    package let width: Int
    package let height: Int
    package var isLeftOnScreen = false
    /// nil for a test's framebuffer that no kernel knows.
    private let device: DRMDevice?
    private let owner: AnyObject

    /// Registers `handle` (a GEM handle on `device`'s card) of `width`×`height`
    /// pixels in `format` (a DRM fourcc), `bytesPerRow` apart, linear.
    package init(
        device: DRMDevice, handle: UInt32, width: Int, height: Int, bytesPerRow: Int, format: UInt32, owner: AnyObject
    ) throws(DRMError) {
        framebufferID = try addFramebuffer(
            fd: device.fd, width: width, height: height, format: format, handle: handle, pitch: UInt32(bytesPerRow),
            context: "imported \(width)x\(height) buffer on \(device.path)")
        self.device = device
        self.width = width
        self.height = height
        self.owner = owner
    }

    /// A made-up framebuffer id known to no kernel: for tests of the flip logic against a fake committer.
    init(inMemoryWidth width: Int, height: Int, framebufferID: UInt32, owner: AnyObject) {
        device = nil
        self.framebufferID = framebufferID
        self.width = width
        self.height = height
        self.owner = owner
    }

    deinit {
        if let device, !isLeftOnScreen { _ = drmModeRmFB(device.fd, framebufferID) }
    }
}

/// drmModeAddFB2 for a single-plane buffer; returns the framebuffer id.
func addFramebuffer(
    fd: Int32, width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32, context: String
) throws(DRMError) -> UInt32 {
    var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
    var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
    var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    var framebufferID: UInt32 = 0
    try drmCall(.addFramebuffer2, context: context) {
        withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), format,
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &framebufferID, 0)
                }
            }
        }
    }
    return framebufferID
}
