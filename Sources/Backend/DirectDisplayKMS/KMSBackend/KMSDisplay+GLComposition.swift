import Compositing
import DirectDisplayCore
import Foundation
import GLCompositing
import GLRendering
import KMS

/// GPU composition: where the screen's card chooses GL (KMSDisplay+CompositorChoice),
/// a screen's frames are composed by GLES into an EGL window surface on a
/// gbm_surface and its front buffer is scanned out as direct frames are
/// (KMSDisplay+DirectScanout), redrawn only where the buffer missed frames: EGL
/// says its age (EGL_EXT_buffer_age), the damage history says what those frames
/// changed. Without EGL_EXT_buffer_age, GL draws into a GBM buffer per buffer slot
/// and the per-slot history gives the age. A frame GL does not draw (a turned
/// screen, a composited cursor, windows on overlay planes, GL on another card) is
/// composed by pixman; a GL failure turns GL off for that screen for good, with one
/// log line.
extension KMSDisplay {
    /// Whether GL may compose `entry`'s next frame, as far as is known before it is flattened.
    func composesWithGL(_ entry: LitScreen) -> Bool {
        guard !entry.glCompositionFailed, entry.screen.orientation.panelRotation == .none,
            entry.compositedCursor == nil
        else { return false }
        return composesWithGLES ?? (compositorChoice(for: entry.card).kind == .gl)
    }

    /// The EGL buffer ages seen on `screen`'s GL surface, oldest first (for tests: the
    /// EGL_EXT_buffer_age path ran and what the driver said).
    func glBufferAges(on screen: Screen) -> [Int] { entry(for: screen)?.glBufferAges ?? [] }

    /// Composes the frame just flattened with GL and commits it. Returns false when
    /// GL does not draw it (pixman composes it instead).
    func presentComposedWithGL(_ entry: LitScreen, damage: DamageRegion) -> Bool {
        let compositor = entry.screen.compositor
        guard GLFrameComposer.canCompose(compositor.operations), let composer = glComposer(entry) else {
            return false
        }
        if composesIntoGLSurface, composer.context.display.extensions.contains("EGL_EXT_buffer_age") {
            return presentOnGLSurface(entry, composer: composer, damage: damage)
        }
        guard let frame = glSlotFrame(entry, context: composer.context) else { return false }
        entry.composedHistory.addFrame(damage)
        guard needsGLFrame(entry, damage: damage) else { return true }
        let slot = entry.output.drawSlot
        let region =
            entry.composedHistory.take(slot: slot)
            ?? DamageRegion.full(width: frame.target.width, height: frame.target.height)
        do {
            try composer.compose(compositor.operations, into: frame.target, region: region)
            // The buffer must be complete before the card reads it.
            frame.target.finish()
        } catch {
            glFailed(entry, error)
            return false
        }
        if commitComposedWithGL(entry, frame.framebuffer) { entry.lastDirectFrame = frame }
        return true
    }

    /// Whether GL must compose and commit a frame with `damage` (what changed since
    /// the frame on screen): not when nothing changed and what is on screen (GL's or
    /// pixman's) is the frame, unless windows are on overlay planes, which GL's
    /// frames turn off.
    func needsGLFrame(_ entry: LitScreen, damage: DamageRegion) -> Bool {
        !damage.isEmpty || entry.output.flipPhase == .unlit || entry.output.hasUncommittedFrame
            || !entry.overlaysShownAt.isEmpty
    }

    /// Commits a frame GL composed into `framebuffer` as a direct frame; returns
    /// whether the commit went through (queued, or pending behind the queued flip).
    func commitComposedWithGL(_ entry: LitScreen, _ framebuffer: any ScanoutFramebuffer) -> Bool {
        entry.screen.compositor.frameComposedWithGL()
        if let composer = entry.glComposer { contentComposed(by: composer, for: entry) }
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlaysShownAt = []
        entry.overlayContents = []
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

    /// The screen's composer, made on first use (or for a new context); nil when GL
    /// is not on this screen's card or making it failed.
    func glComposer(_ entry: LitScreen) -> GLFrameComposer? {
        guard let context = GLViewContext.context, let gbm = context.display.gbmDevice,
            gbm.fd == entry.card.device.fd
        else {
            let reason = GLViewContext.failure.map { "\($0)" } ?? "OpenGL ES is not on \(entry.card.device.path)"
            glFailed(entry, reason)
            return nil
        }
        if let kept = entry.glComposer, kept.context === context { return kept }
        do {
            let composer = try GLFrameComposer(context: context)
            entry.glComposer = composer
            entry.composedFrames.removeAll()
            entry.glSurface = nil
            return composer
        } catch {
            glFailed(entry, error)
            return nil
        }
    }

    /// The GBM buffer of the slot drawn now (without EGL_EXT_buffer_age), made on
    /// first use or for a new mode; nil when making it failed.
    private func glSlotFrame(_ entry: LitScreen, context: GLContext) -> DirectFrame? {
        guard let gbm = context.display.gbmDevice else { return nil }
        let slot = entry.output.drawSlot
        let width = entry.output.mode.width
        let height = entry.output.mode.height
        if let kept = entry.composedFrames[slot], kept.target.width == width, kept.target.height == height,
            kept.target.context === context
        {
            return kept
        }
        do {
            let made = try DirectFrame(
                context: context, gbm: gbm, card: entry.card.device, width: width, height: height)
            entry.composedFrames[slot] = made
            // A new buffer holds nothing: no slot's age may be trusted.
            entry.composedHistory.reset()
            return made
        } catch {
            glFailed(entry, error)
            return nil
        }
    }

    func glFailed(_ entry: LitScreen, _ error: Any) {
        StderrLog.info(
            "\(entry.output.connector.name): not composed with GL from now on, composing with pixman: \(error)")
        entry.glCompositionFailed = true
        entry.composedFrames.removeAll()
        entry.glSurface = nil
        entry.glComposer = nil
    }
}
