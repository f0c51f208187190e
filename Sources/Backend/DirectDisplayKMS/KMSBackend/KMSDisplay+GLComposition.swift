import Compositing
import DirectDisplayCore
import Foundation
import GLCompositing
import GLRendering
import KMS

/// GPU composition: where the screen's card chooses GL (KMSDisplay+CompositorChoice),
/// a screen's frames are composed by GLES into an EGL window surface on a
/// gbm_surface (GLSurfacePresenter) and its front buffer is scanned out as direct
/// frames are (KMSDisplay+DirectScanout), redrawn only where the buffer missed
/// frames: EGL says its age (EGL_EXT_buffer_age), the damage history says what those
/// frames changed. Without EGL_EXT_buffer_age, GL draws into a GBM buffer per buffer
/// slot (GLSlotPresenter) and the per-slot history gives the age. A frame GL does
/// not draw (a turned screen, a composited cursor, windows on overlay planes, GL on
/// another card) is composed by pixman; a GL failure turns GL off for that screen
/// for good, with one log line.
extension KMSDisplay {
    /// Whether GL may compose `entry`'s next frame, as far as is known before it is flattened.
    func composesWithGL(_ entry: LitScreen) -> Bool {
        // Mirroring copies the source's shadow frame (pixman's) into the target's: both stay with pixman.
        guard !entry.gl.failed, entry.screen.orientation.panelRotation == .none, entry.compositedCursor == nil,
            !composesForMirror(entry.screen)
        else { return false }
        return composesWithGLES ?? (compositorChoice(for: entry.card).kind == .gl)
    }

    /// The EGL buffer ages seen on `screen`'s GL surface, oldest first (for tests: the
    /// EGL_EXT_buffer_age path ran and what the driver said).
    func glBufferAges(on screen: Screen) -> [Int] { entry(for: screen)?.gl.surface.bufferAges ?? [] }

    /// Composes the frame just flattened with GL and commits it. Returns false when
    /// GL does not draw it (pixman composes it instead).
    func presentComposedWithGL(_ entry: LitScreen, damage: DamageRegion) -> Bool {
        let gl = entry.gl
        guard GLFrameComposer.canCompose(entry.screen.compositor.operations), let composer = gl.composer(entry)
        else { return false }
        if composesIntoGLSurface, composer.context.display.extensions.contains("EGL_EXT_buffer_age") {
            return gl.surface.present(entry, on: self, composer: composer, damage: damage)
        }
        return gl.slots.present(entry, on: self, composer: composer, damage: damage)
    }

    /// Whether GL must compose and commit a frame with `damage` (what changed since
    /// the frame on screen): not when nothing changed and what is on screen (GL's or
    /// pixman's) is the frame, unless windows are on overlay planes, which GL's
    /// frames turn off.
    func needsGLFrame(_ entry: LitScreen, damage: DamageRegion) -> Bool {
        !damage.isEmpty || entry.output.flipPhase == .unlit || entry.output.hasUncommittedFrame
            || !entry.overlays.shownAt.isEmpty
    }

    /// Commits a frame GL composed into `framebuffer` as a direct frame; returns
    /// whether the commit went through (queued, or pending behind the queued flip).
    func commitComposedWithGL(_ entry: LitScreen, _ framebuffer: any ScanoutFramebuffer) -> Bool {
        entry.screen.compositor.frameComposedWithGL()
        if let composer = entry.gl.currentComposer { contentComposed(by: composer, for: entry) }
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlays.planesOff()
        defer { watchFlip(entry) }
        do {
            try entry.output.presentDirect(framebuffer, version: entry.composedVersion)
            commitSucceeded(entry)
            return true
        } catch {
            // No frame waits for the retry (its scanout buffer could not be made): draw all of it again then.
            if !entry.output.hasUncommittedFrame { entry.buffersInvalidated() }
            commitFailed(entry, error)
            return false
        }
    }
}

/// GL composition of one screen: the composer both GL paths draw with, what GL's
/// buffers missed, and the two presenters (window surface, per-slot buffers).
@MainActor final class GLComposition {
    /// The composer, made on the first GL frame (again for a new context).
    private(set) var currentComposer: GLFrameComposer?
    /// GL composition failed once: the screen is composed by pixman from then on.
    private(set) var failed = false
    /// What each of GL's buffers missed since GL last drew it (per slot), or the
    /// damage of the frames swapped on the window surface (EGL gives the age).
    var history = BufferDamageHistory()
    /// Frames composed into an EGL window surface (EGL_EXT_buffer_age).
    let surface = GLSurfacePresenter()
    /// Frames composed into a GBM buffer per slot (no EGL_EXT_buffer_age, or tests).
    let slots = GLSlotPresenter()

    nonisolated init() {}

    /// The screen's composer, made on first use (or for a new context); nil when GL
    /// is not on this screen's card or making it failed.
    func composer(_ entry: KMSDisplay.LitScreen) -> GLFrameComposer? {
        guard let context = GLViewContext.context, let gbm = context.display.gbmDevice,
            gbm.fd == entry.card.device.fd
        else {
            let reason = GLViewContext.failure.map { "\($0)" } ?? "OpenGL ES is not on \(entry.card.device.path)"
            fail(entry, reason)
            return nil
        }
        if let kept = currentComposer, kept.context === context { return kept }
        do {
            let composer = try GLFrameComposer(context: context)
            currentComposer = composer
            slots.release()
            surface.release()
            return composer
        } catch {
            fail(entry, error)
            return nil
        }
    }

    /// GL is off for this screen from now on, with one log line; its buffers go.
    func fail(_ entry: KMSDisplay.LitScreen, _ error: Any) {
        StderrLog.info(
            "\(entry.output.connector.name): not composed with GL from now on, composing with pixman: \(error)")
        failed = true
        slots.release()
        surface.release()
        currentComposer = nil
    }
}

/// GL composition into a GBM buffer per buffer slot, each redrawn where the
/// per-slot history says it missed frames.
@MainActor final class GLSlotPresenter {
    private var frames = ScanoutSlots<KMSDisplay.DirectFrame>()

    nonisolated init() {}

    /// Composes the frame into the drawn slot's buffer and commits it. Returns false
    /// when GL failed (pixman composes the frame).
    func present(
        _ entry: KMSDisplay.LitScreen, on display: KMSDisplay, composer: GLFrameComposer, damage: DamageRegion
    ) -> Bool {
        guard let frame = frame(entry, context: composer.context) else { return false }
        entry.gl.history.addFrame(damage)
        guard display.needsGLFrame(entry, damage: damage) else { return true }
        let region =
            entry.gl.history.take(slot: entry.output.drawSlot)
            ?? DamageRegion.full(width: frame.target.width, height: frame.target.height)
        do {
            try composer.compose(entry.screen.compositor.operations, into: frame.target, region: region)
            // The buffer must be complete before the card reads it.
            frame.target.finish()
        } catch {
            entry.gl.fail(entry, error)
            return false
        }
        if display.commitComposedWithGL(entry, frame.framebuffer) { entry.lastDirectFrame = frame }
        return true
    }

    /// The GBM buffer of the slot drawn now, made on first use or for a new mode or
    /// context; nil when making it failed.
    private func frame(_ entry: KMSDisplay.LitScreen, context: GLContext) -> KMSDisplay.DirectFrame? {
        guard let gbm = context.display.gbmDevice else { return nil }
        let width = entry.output.mode.width
        let height = entry.output.mode.height
        do {
            return try frames.frame(
                entry.output.drawSlot,
                fits: { $0.target.width == width && $0.target.height == height && $0.target.context === context },
                make: {
                    let made = try KMSDisplay.DirectFrame(
                        context: context, gbm: gbm, card: entry.card.device, width: width, height: height)
                    // A new buffer holds nothing: no slot's age may be trusted.
                    entry.gl.history.reset()
                    return made
                })
        } catch {
            entry.gl.fail(entry, error)
            return nil
        }
    }

    /// Lets the buffers go (frames on screen hold theirs until replaced).
    func release() { frames.removeAll() }
}
