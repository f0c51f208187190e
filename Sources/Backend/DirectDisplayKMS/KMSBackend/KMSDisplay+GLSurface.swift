import Compositing
import DirectDisplayCore
import GLCompositing
import GLRendering
import KMS

/// GL composition into an EGL window surface on a gbm_surface (EGL_EXT_buffer_age):
/// each frame redraws what its back buffer missed, is swapped, and its front buffer
/// is locked and scanned out until the flip that replaces it.
extension KMSDisplay {
    /// A screen's window surface and a KMS framebuffer per buffer object of it,
    /// added once on the buffer's first lock and kept as long as the surface.
    final class GLCompositionSurface {
        let window: GLWindowSurface
        private var framebuffers: [UInt: ImportedFramebuffer] = [:]

        init(window: GLWindowSurface) { self.window = window }

        /// The locked front buffer as a frame for the primary plane (it holds the lock).
        func frame(for buffer: GBMSurfaceBuffer, card: DRMDevice) throws(DRMError) -> GLSurfaceFrame {
            if let kept = framebuffers[buffer.identity] { return GLSurfaceFrame(buffer: buffer, framebuffer: kept) }
            let made = try ImportedFramebuffer(
                device: card, handle: buffer.gemHandle, width: window.width, height: window.height,
                bytesPerRow: buffer.bytesPerRow, format: window.format, owner: window.device)
            framebuffers[buffer.identity] = made
            return GLSurfaceFrame(buffer: buffer, framebuffer: made)
        }
    }

    /// A locked front buffer on the primary plane: the output's frame holds it until
    /// the flip that replaces it, then dropping it releases the buffer to the surface.
    final class GLSurfaceFrame: ScanoutFramebuffer {
        let buffer: GBMSurfaceBuffer
        let framebuffer: ImportedFramebuffer
        var framebufferID: UInt32 { framebuffer.framebufferID }
        var isLeftOnScreen: Bool {
            get { framebuffer.isLeftOnScreen }
            set { framebuffer.isLeftOnScreen = newValue }
        }

        init(buffer: GBMSurfaceBuffer, framebuffer: ImportedFramebuffer) {
            self.buffer = buffer
            self.framebuffer = framebuffer
        }
    }

}

/// GL composition into an EGL window surface on a gbm_surface: each frame redraws
/// what its back buffer missed (EGL_EXT_buffer_age), is swapped, and its front
/// buffer is locked and scanned out until the flip that replaces it.
@MainActor final class GLSurfacePresenter {
    /// The window surface, made on the first frame (again for a new mode or context).
    private var surface: KMSDisplay.GLCompositionSurface?
    /// Damage composed but not drawn into `surface` yet (its buffers were all locked).
    private var undrawnDamage = DamageRegion()
    /// The EGL buffer ages seen, latest last (for tests).
    private(set) var bufferAges: [Int] = []

    nonisolated init() {}

    /// Composes into the screen's window surface and commits the front buffer. A
    /// frame with nothing new commits nothing; while every buffer is locked the frame
    /// waits for the next flip to release one. Returns false when GL failed (pixman
    /// composes the frame).
    func present(
        _ entry: KMSDisplay.LitScreen, on display: KMSDisplay, composer: GLFrameComposer, damage: DamageRegion
    ) -> Bool {
        undrawnDamage.formUnion(damage)
        guard display.needsGLFrame(entry, damage: undrawnDamage) else { return true }
        guard let surface = surface(entry, context: composer.context) else { return false }
        guard surface.window.hasFreeBuffers else {
            guard entry.output.hasFlipQueued else {
                entry.gl.fail(entry, "every buffer of the GL surface is locked and no flip will release one")
                return false
            }
            // The flip event composes the screen again, into the buffer it releases.
            entry.needsComposite = true
            return true
        }
        let frame: KMSDisplay.GLSurfaceFrame
        do {
            let age = try surface.window.bufferAge()
            bufferAges.append(age)
            if bufferAges.count > 64 { bufferAges.removeFirst() }
            let region =
                entry.gl.history.damage(age: age, adding: undrawnDamage)
                ?? DamageRegion.full(width: surface.window.width, height: surface.window.height)
            try composer.compose(entry.screen.compositor.operations, into: surface.window, region: region)
            let locked = try surface.window.swapAndLockFrontBuffer()
            entry.gl.history.addFrame(undrawnDamage)
            undrawnDamage = DamageRegion()
            frame = try surface.frame(for: locked, card: entry.card.device)
        } catch {
            entry.gl.fail(entry, error)
            return false
        }
        entry.lastDirectFrame = nil
        if display.commitComposedWithGL(entry, frame) { entry.lastSurfaceFrame = frame }
        return true
    }

    /// The screen's window surface, made on first use or for a new mode or context
    /// (the old one lives on while its buffers are on screen); nil when making it failed.
    private func surface(_ entry: KMSDisplay.LitScreen, context: GLContext) -> KMSDisplay.GLCompositionSurface? {
        let width = entry.output.mode.width
        let height = entry.output.mode.height
        if let kept = surface, kept.window.width == width, kept.window.height == height,
            kept.window.context === context
        {
            return kept
        }
        do {
            let made = KMSDisplay.GLCompositionSurface(
                window: try GLWindowSurface(context: context, width: width, height: height))
            surface = made
            // A new surface holds nothing: every buffer is drawn whole.
            entry.gl.history.reset()
            return made
        } catch {
            entry.gl.fail(entry, error)
            return nil
        }
    }

    /// Lets the surface go (frames on screen hold their buffers until replaced).
    func release() { surface = nil }
}
