import Compositing
import Foundation
import GLCompositing
import GLRendering
import KMS

/// GPU composition: with DIRECTDISPLAY_COMPOSITOR=gl a screen's frames are composed
/// by GLES into a GBM buffer per buffer slot, scanned out as direct frames are
/// (KMSDisplay+DirectScanout), each redrawn only where it missed frames (its age,
/// the same per-slot damage history the pixman path keeps). A frame GL does not
/// draw (a group, a turned screen, a composited cursor, a window on the overlay
/// plane, GL on another card) is composed by pixman; a GL failure turns GL off
/// for that screen for good, with one log line.
extension KMSDisplay {
    /// Which compositor DIRECTDISPLAY_COMPOSITOR asks for ("gl" or "pixman", the default).
    static let compositorIsGL = ProcessInfo.processInfo.environment["DIRECTDISPLAY_COMPOSITOR"] == "gl"

    /// Whether GL may compose `entry`'s next frame, as far as is known before it is flattened.
    func composesWithGL(_ entry: LitScreen) -> Bool {
        composesWithGLES && !entry.glCompositionFailed && entry.screen.orientation.panelRotation == .none
            && entry.compositedCursor == nil
    }

    /// Composes the frame just flattened with GL and commits it. Returns false when
    /// GL does not draw it (pixman composes it instead).
    func presentComposedWithGL(_ entry: LitScreen, damage: DamageRegion) -> Bool {
        let compositor = entry.screen.compositor
        guard GLFrameComposer.canCompose(compositor.operations), let (composer, frame) = glTarget(entry) else {
            return false
        }
        entry.composedHistory.addFrame(damage)
        // Nothing changed: what is on screen (GL's or pixman's) is the frame.
        guard !damage.isEmpty || entry.output.flipPhase == .unlit || entry.output.hasUncommittedFrame
        else { return true }
        let slot = entry.output.drawSlot
        let region =
            entry.composedHistory.take(slot: slot)
            ?? DamageRegion.full(width: frame.target.width, height: frame.target.height)
        let content = contentCompositionStarts(composer)
        do {
            try composer.compose(compositor.operations, into: frame.target, region: region)
            // The buffer must be complete before the card reads it.
            frame.target.finish()
        } catch {
            glFailed(entry, error)
            return false
        }
        compositor.frameComposedWithGL()
        contentComposed(by: composer, since: content, for: compositor)
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlayShownAt = nil
        entry.overlayContent = nil
        do {
            try entry.output.presentDirect(frame.framebuffer, version: entry.composedVersion)
            entry.lastDirectFrame = frame
            commitSucceeded(entry)
        } catch {
            // No frame waits for the retry (its scanout buffer could not be made): draw all of it again then.
            if !entry.output.hasUncommittedFrame { entry.buffersInvalidated() }
            commitFailed(entry, error)
        }
        watchFlip(entry)
        return true
    }

    /// The screen's composer and the GBM buffer of the slot drawn now, made on first
    /// use (or for a new mode or context); nil when GL is not on this screen's card
    /// or making them failed.
    private func glTarget(_ entry: LitScreen) -> (GLFrameComposer, DirectFrame)? {
        guard let context = GLViewContext.context, let gbm = context.display.gbmDevice,
            gbm.fd == entry.card.device.fd
        else {
            let reason = GLViewContext.failure.map { "\($0)" } ?? "OpenGL ES is not on \(entry.card.device.path)"
            glFailed(entry, reason)
            return nil
        }
        let slot = entry.output.drawSlot
        let width = entry.output.mode.width
        let height = entry.output.mode.height
        do {
            let composer: GLFrameComposer
            if let kept = entry.glComposer, kept.context === context {
                composer = kept
            } else {
                composer = try GLFrameComposer(context: context)
                entry.glComposer = composer
                entry.composedFrames = [nil, nil, nil]
            }
            if let kept = entry.composedFrames[slot], kept.target.width == width, kept.target.height == height,
                kept.target.context === context
            {
                return (composer, kept)
            }
            let made = try DirectFrame(
                context: context, gbm: gbm, card: entry.card.device, width: width, height: height)
            entry.composedFrames[slot] = made
            // A new buffer holds nothing: no slot's age may be trusted.
            entry.composedHistory.reset()
            return (composer, made)
        } catch {
            glFailed(entry, error)
            return nil
        }
    }

    private func glFailed(_ entry: LitScreen, _ error: Any) {
        StderrLog.info(
            "\(entry.output.connector.name): not composed with GL from now on, composing with pixman: \(error)")
        entry.glCompositionFailed = true
        entry.composedFrames = [nil, nil, nil]
        entry.glComposer = nil
    }
}
