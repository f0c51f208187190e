import Compositing
import DirectDisplayCore
import GLCompositing
import GLRendering
import KMS

/// Views' drawn content in dumb buffers of GL's card, exported as dmabufs, while GL
/// composes: GLFrameComposer imports each once and samples it in place, so a redraw
/// reaches the screen with no upload. The memory owns the buffer and the texture
/// made from it; both go when the view's surface does (the view went, or its
/// content changed size), each freed once by its owner's deinit.
final class DumbBufferContentMemory: DMABufSurfaceMemory {
    let buffer: ExportedDumbBuffer
    var importedTexture: GLImportedTexture?

    init(buffer: ExportedDumbBuffer) { self.buffer = buffer }

    var pixels: UnsafeMutableRawPointer { buffer.pixels }
    var bytesPerRow: Int { buffer.bytesPerRow }
    var dmabufFD: Int32 { buffer.fd }
    var format: UInt32 { buffer.format }
}

/// The KMS display's allocator of views' content: dumb buffers on the card GL lives
/// on while this display composes with GL (on some screen), importing has not
/// failed and the card's dumb buffers are cached memory (vkms, virtio_gpu); cairo's own memory otherwise (pixman reads it faster than write-combined
/// memory). A buffer that cannot be made is logged once and not asked for again.
@MainActor final class GLContentMemory: ContentMemoryAllocator {
    private weak var display: KMSDisplay?
    /// Set when a dumb buffer could not be made or GL could not import one.
    private(set) var failure: String?

    init(display: KMSDisplay) { self.display = display }

    /// GL's card, while content there is wanted: GL composes some screen (not asking
    /// about passing reasons for a frame through pixman, such as a composited cursor,
    /// which would move content back and forth).
    private var card: DRMDevice? {
        guard failure == nil, let display, display.importsGLContents,
            display.lit.contains(where: {
                !$0.gl.failed
                    && (display.composesWithGLES ?? (display.compositorChoice(for: $0.card).kind == .gl))
            }), let context = GLViewContext.context,
            let card = display.glViewDevice, context.display.gbmDevice?.fd == card.fd
        else { return nil }
        guard ExportedDumbBuffer.isCachedMemory(driver: card.driverName) else {
            failed(
                "\(card.driverName)'s dumb buffers are write-combined memory, too slow for cairo to draw into "
                    + "(cached memory shared through udmabuf is not done yet)")
            return nil
        }
        return card
    }

    func memory(width: Int, height: Int) -> (any SurfaceMemory)? {
        guard let card else { return nil }
        do {
            return DumbBufferContentMemory(buffer: try ExportedDumbBuffer(device: card, width: width, height: height))
        } catch {
            failed("\(error)")
            return nil
        }
    }

    func keeps(_ memory: (any SurfaceMemory)?) -> Bool {
        (memory is DumbBufferContentMemory) == (card != nil)
    }

    /// Stops handing out buffers, with one log line.
    func failed(_ reason: String) {
        guard failure == nil else { return }
        failure = reason
        StderrLog.info("views' content is uploaded to GL from now on, not imported as dmabufs: \(reason)")
    }
}

extension KMSDisplay {
    /// After GL composed a frame of `entry`: what it imported and uploaded, one log
    /// line the first time an import failed (content is uploaded from then on), and,
    /// when it sampled imported memory, a wait until GL has read it (glFinish), so
    /// views may draw into it again: a window surface's swap does not wait, and a GPU
    /// may still be reading.
    func contentComposed(by composer: GLFrameComposer, for entry: LitScreen) {
        let frame = composer.lastFrameContent
        entry.screen.compositor.contentReachedGL(
            imported: frame.surfacesImported, uploaded: frame.surfacesUploaded, bytesUploaded: frame.bytesUploaded)
        if let failure = composer.importFailure {
            glContentMemory?.failed("\(failure)")
        }
        guard frame.surfacesImported > 0 else { return }
        // Only a context that cannot be made current fails here; the next frame's
        // composition then fails too and turns GL off for the screen.
        try? composer.waitForReads()
    }
}
