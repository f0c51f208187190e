import Compositing
import DirectDisplayCore
import Foundation
import KMS
import Scheduling

/// Frames composed by pixman into the output's dumb buffers (the output owns them,
/// one per slot): each buffer gets what it missed since it was last drawn, and the
/// composited cursor over it. Where the buffers are cached memory
/// (`composesInScanoutMemory`) the frame is composed straight into the buffer that
/// goes out; elsewhere (write-combined memory, slow to read) into the screen's shadow
/// frame, and copied.
@MainActor final class DumbBufferPresenter {
    /// The composited cursor's rectangle as last drawn into each slot's buffer.
    var cursorDrawn = ScanoutSlots<PixelRect>()

    nonisolated init() {}

    /// Copies into the buffer drawn now what it missed (`damage`: what the frame
    /// changed), draws the cursor, and commits it with `overlays` on their planes.
    func present(
        _ entry: KMSDisplay.LitScreen, on display: KMSDisplay, damage: DamageRegion,
        overlays: [(window: Window, x: Int, y: Int, damage: DamageRegion)]
    ) {
        let slot = entry.output.drawSlot
        let cursor = display.compositedCursorDamage(entry, slot: slot)
        let overlaysAt = overlays.map { (x: $0.x, y: $0.y) }
        let overlayChanged =
            !overlaysAt.elementsEqual(entry.overlays.shownAt) { $0.x == $1.x && $0.y == $1.y }
            || overlays.contains { !$0.damage.isEmpty }
        guard
            !damage.isEmpty || !cursor.isEmpty || overlayChanged || entry.output.flipPhase == .unlit
                || entry.output.hasUncommittedFrame
        else { return }
        let buffer: ScanoutBuffer
        do {
            buffer = try entry.output.drawBuffer()
        } catch {
            // What was composed never reached a buffer: every buffer is drawn whole at the retry.
            entry.buffersInvalidated()
            display.commitFailed(entry, error)
            return
        }
        // GL's buffers miss this frame: each is drawn whole when GL composes again.
        entry.gl.history.reset()
        let compositor = entry.screen.compositor
        let written =
            compositor.shadow == nil
            ? compositor.draw(
                into: buffer, slot: slot, extra: cursor, overlaid: DamageRegion([display.compositedCursorRect(entry)]))
            : compositor.update(slot: slot, pixels: buffer.pixels, bytesPerRow: buffer.bytesPerRow, extra: cursor)
        display.drawCompositedCursor(entry, into: buffer, slot: slot)
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlays.shownAt = overlaysAt
        compositor.frameUsedOverlays(windows: overlays.count)
        // After a direct frame (a GLView's own buffer) the plane shows another buffer: all of it is new.
        let clips =
            entry.output.committedDirectFrame
            ? nil : written.rects.map { DamageClip(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        if entry.firstFrame.composed == nil { entry.firstFrame.composed = monotonicSeconds() }
        do {
            try entry.output.present(version: entry.composedVersion, overlaysAt: overlaysAt, damage: clips)
            display.commitSucceeded(entry)
        } catch {
            display.commitFailed(entry, error)
        }
        display.watchFlip(entry)
    }
}

/// Scanout buffers are frames the compositor draws into in place.
extension ScanoutBuffer: FrameTarget {}

extension KMSDisplay {
    /// Whether `entry`'s frames are composed straight into its scanout buffers, with no
    /// shadow frame: where the card's dumb buffers are cached memory
    /// (`scanoutMemoryIsCached`, else `ExportedDumbBuffer.isCachedMemory`) and its screens
    /// compose with pixman only (GL's fallback to pixman redraws a shadow).
    func composesInScanoutMemory(_ entry: LitScreen) -> Bool {
        guard scanoutMemoryIsCached ?? ExportedDumbBuffer.isCachedMemory(driver: entry.card.device.driverName),
            composesWithGLES != true
        else { return false }
        return composesWithGLES == false || compositorChoice(for: entry.card).kind == .pixman
    }
}
