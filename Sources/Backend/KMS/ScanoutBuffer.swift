import CDRM
import Glibc
import SystemPackage

/// A CPU-mapped dumb buffer registered as a KMS framebuffer: the one owner of the
/// GEM handle, the mapping and the framebuffer id, each freed exactly once.
package final class ScanoutBuffer: ScanoutFramebuffer {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// The fourcc the framebuffer was registered with (XRGB8888 unless asked otherwise).
    package let format: UInt32
    package let framebufferID: UInt32
    package var isLeftOnScreen = false
    package let pixels: UnsafeMutableRawPointer
    let size: Int
    /// The GEM handle (for the legacy cursor ioctl).
    let handle: UInt32
    /// nil for a buffer in plain memory (tests of the flip logic on machines without a card).
    private let device: DRMDevice?

    /// Creates the buffer (drmModeCreateDumbBuffer), maps it (drmModeMapDumbBuffer, mmap)
    /// and adds a framebuffer (drmModeAddFB2). Partial work is undone on failure.
    /// XRGB8888: every KMS driver scans it out, and the compositor writes it.
    package static let defaultFormat: UInt32 = dd_format_xrgb8888()
    /// ARGB8888 with premultiplied alpha: the format cursor planes take.
    package static let cursorFormat: UInt32 = dd_format_argb8888()

    package init(device: DRMDevice, width: Int, height: Int, format: UInt32 = defaultFormat) throws(DRMError) {
        self.device = device
        self.width = width
        self.height = height
        self.format = format
        let fd = device.fd
        let what = "\(width)x\(height) buffer on \(device.path)"
        let (handle, pitch, size) = try createDumbBuffer(on: fd, width: width, height: height, context: what)
        var offset: UInt64 = 0
        do {
            try drmCall(.mapDumbBuffer, context: what) { drmModeMapDumbBuffer(fd, handle, &offset) }
        } catch {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        let mapping = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let mapping, mapping != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DRMError(call: "mmap", errno: Errno(rawValue: code), context: what)
        }
        let framebufferID: UInt32
        do {
            framebufferID = try addFramebuffer(
                fd: fd, width: width, height: height, format: format, handle: handle, pitch: pitch, context: what)
        } catch {
            munmap(mapping, Int(size))
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        self.handle = handle
        self.size = Int(size)
        self.bytesPerRow = Int(pitch)
        self.pixels = mapping
        self.framebufferID = framebufferID
        // Not cleared here: every frame is composed in full before it is scanned
        // out, and touching every page now would double a new screen's first frame.
    }

    /// A buffer in plain memory with a made-up framebuffer id, known to no kernel:
    /// for tests of the flip logic against a fake committer.
    init(inMemoryWidth width: Int, height: Int, format: UInt32 = defaultFormat, framebufferID: UInt32) {
        device = nil
        self.width = width
        self.height = height
        self.format = format
        self.framebufferID = framebufferID
        handle = 0
        bytesPerRow = width * 4
        size = bytesPerRow * height
        pixels = UnsafeMutableRawPointer.allocate(byteCount: max(size, 4), alignment: 16)
    }

    deinit {
        guard let device else {
            pixels.deallocate()
            return
        }
        if !isLeftOnScreen { _ = drmModeRmFB(device.fd, framebufferID) }
        munmap(pixels, size)
        _ = drmModeDestroyDumbBuffer(device.fd, handle)
    }

    /// Fills the whole buffer with one XRGB8888 value.
    package func fill(_ xrgb: UInt32) {
        for row in 0..<height {
            let line = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            line.update(repeating: xrgb, count: width)
        }
    }

    /// Copies the pixels out as rows of 32-bit values, `width * height`, row-major.
    package func copyPixels() -> [UInt32] {
        var result = [UInt32](repeating: 0, count: width * height)
        result.withUnsafeMutableBytes { target in
            for row in 0..<height {
                memcpy(target.baseAddress! + row * width * 4, pixels + row * bytesPerRow, width * 4)
            }
        }
        return result
    }
}

/// drmModeCreateDumbBuffer of a 32 bits per pixel `width`×`height` buffer: its GEM
/// handle (the caller destroys it), bytes per row and size.
func createDumbBuffer(on fd: Int32, width: Int, height: Int, context: String) throws(DRMError) -> (
    handle: UInt32, pitch: UInt32, size: UInt64
) {
    var handle: UInt32 = 0
    var pitch: UInt32 = 0
    var size: UInt64 = 0
    try drmCall(.createDumbBuffer, context: context) {
        drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size)
    }
    return (handle, pitch, size)
}
