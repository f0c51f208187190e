import CDRM
import Glibc
import SystemPackage

/// A dumb buffer exported as a dmabuf (drmPrimeHandleToFD) and mapped through that
/// dmabuf for CPU drawing: memory that GL on the same card imports without a copy
/// (EGL_EXT_image_dma_buf_import). The one owner of the dmabuf descriptor and the
/// mapping, freed once in deinit. The GEM handle is closed as soon as the dmabuf
/// exists (the dmabuf keeps the buffer), and the mapping is the dmabuf's, not the
/// card's: a buffer that outlives the display does not keep the card's descriptor
/// (and its DRM master) open.
///
/// Dumb buffers are write-combined on i915 and amdgpu (slow for cairo, which reads
/// what it blends onto): cached memory shared as a dmabuf (a memfd through
/// /dev/udmabuf) would suit those better, and is left to do. It cannot work where
/// this is tested: Debian's 6.1 kernel has no udmabuf (CONFIG_UDMABUF unset), and
/// kms_swrast (Mesa on VKMS) maps what it imports with DRM_IOCTL_MODE_MAP_DUMB, which
/// the kernel refuses for a buffer from another driver (drm_gem_dumb_map_offset).
/// A card's own dumb buffer, given back to it, is no foreign buffer: it works on
/// every card with dumb buffers.
package final class ExportedDumbBuffer {
    /// Whether `driver`'s dumb buffers are cached memory that cairo may draw into:
    /// vkms and virtio_gpu back them with shmem pages. Any other driver is taken to
    /// map them write-combined (i915, amdgpu, radeon, nouveau do), where every read
    /// of cairo's blending would be an uncached read.
    package static func isCachedMemory(driver: String) -> Bool {
        ["vkms", "virtio_gpu"].contains(driver)
    }

    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// ARGB8888 (premultiplied, as cairo draws it).
    package let format: UInt32 = dd_format_argb8888()
    /// The dmabuf's file descriptor (valid while this object lives).
    package let fd: Int32
    package let pixels: UnsafeMutableRawPointer
    private let size: Int

    /// Creates the buffer (drmModeCreateDumbBuffer), exports it (drmPrimeHandleToFD,
    /// read-write) and maps the dmabuf (mmap). A new dumb buffer is zeroed by the kernel.
    package init(device: DRMDevice, width: Int, height: Int) throws(DRMError) {
        let card = device.fd
        let what = "\(width)x\(height) content buffer on \(device.path)"
        let (handle, pitch, size) = try createDumbBuffer(on: card, width: width, height: height, context: what)
        // The dmabuf holds the buffer from here on; the handle is not needed again.
        defer { _ = drmModeDestroyDumbBuffer(card, handle) }
        var exported: Int32 = -1
        try drmCall(.primeHandleToFD, context: what) {
            drmPrimeHandleToFD(card, handle, UInt32(O_CLOEXEC | O_RDWR), &exported)
        }
        let mapping = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, exported, 0)
        guard let mapping, mapping != MAP_FAILED else {
            let code = errno
            close(exported)
            throw DRMError(call: "mmap", errno: Errno(rawValue: code), context: what + " (its dmabuf)")
        }
        self.width = width
        self.height = height
        bytesPerRow = Int(pitch)
        self.size = Int(size)
        fd = exported
        pixels = mapping
    }

    deinit {
        munmap(pixels, size)
        close(fd)
    }
}
