import DirectDisplayCore
import Foundation
import GLRendering
import KMS

/// Direct scanout: a GLView that covers a whole screen, opaque, with nothing over
/// it, draws straight into a GBM buffer that goes on the primary plane: nothing
/// is composed or copied. The output has one such buffer per buffer slot, so GL
/// draws only into a buffer that is neither on screen nor queued, and the output
/// holds each one until the flip that replaces it. Everything else (another
/// window on top, a composited cursor, a turned screen, GL on another card) is
/// composed as usual; the GLView then draws into its content again.
extension KMSDisplay {
    /// One slot's GBM buffer: GL draws into `target`, the card scans out `framebuffer`.
    struct DirectFrame {
        let target: GLFramebuffer
        let framebuffer: ImportedFramebuffer

        /// A new GBM buffer of `width`×`height` on `gbm` that GL draws into through
        /// `context` and `card` scans out.
        init(context: GLContext, gbm: GBMDevice, card: DRMDevice, width: Int, height: Int) throws {
            let buffer = try GBMBuffer(device: gbm, width: width, height: height)
            target = try GLFramebuffer(context: context, buffer: buffer)
            framebuffer = try ImportedFramebuffer(
                device: card, handle: buffer.gemHandle, width: width, height: height,
                bytesPerRow: buffer.bytesPerRow, format: buffer.format, owner: target)
        }
    }

    /// The GLView scanned out directly on `screen` in the latest frame, if any (for tests and tools).
    package func directScanoutView(on screen: Screen) -> GLView? {
        guard let entry = entry(for: screen), entry.output.committedDirectFrame else { return nil }
        return entry.direct.view
    }

    /// The direct frame on screen, read back through GL (for a capture where the
    /// card has no writeback connector); nil when GL cannot read it.
    func directFramePixels(_ entry: LitScreen) -> [UInt32]? {
        if let surfaceFrame = entry.lastSurfaceFrame { return surfaceFrame.buffer.copyPixels() }
        guard let frame = entry.lastDirectFrame else { return nil }
        var pixels = [UInt32](repeating: 0, count: frame.target.width * frame.target.height)
        let read = pixels.withUnsafeMutableBytes { bytes in
            (try? frame.target.readPixels(into: bytes.baseAddress!, bytesPerRow: frame.target.width * 4)) != nil
        }
        return read ? pixels : nil
    }

}

/// Direct scanout of one screen: a GBM buffer per slot that a full-screen GLView
/// draws into and the card scans out, and the GLView doing so.
@MainActor final class DirectScanoutPresenter {
    /// Per buffer slot, the GBM buffer the GLView draws into.
    private var frames = ScanoutSlots<KMSDisplay.DirectFrame>()
    /// The GLView scanned out directly in the latest frame drawn.
    private(set) weak var view: GLView?
    /// Making a buffer failed once: the screen composes GLViews from then on.
    private var failed = false

    nonisolated init() {}

    /// Presents a frame of the GLView that may be scanned out on `entry`'s screen.
    /// Returns false when there is none (or it failed): compose the frame instead.
    func present(_ entry: KMSDisplay.LitScreen, on display: KMSDisplay) -> Bool {
        guard !failed else { return false }
        let screen = entry.screen
        for window in display.host?.visibleWindows(on: screen) ?? [] { window.layoutIfNeeded() }
        guard let view = candidate(entry, on: display), let frame = frame(entry) else {
            leave()
            return false
        }
        // Just switched over: the view's buffers hold nothing of it yet.
        if self.view !== view {
            leave()
            view.setNeedsDisplay()
        }
        view.directTarget = frame.target
        view.drewDirectly = false
        display.host?.layoutAndDisplay(screen)
        view.directTarget = nil
        self.view = view
        entry.needsComposite = false
        screen.didComposite()
        // Nothing new to show, unless a direct frame whose commit failed waits for its retry.
        guard view.drewDirectly || entry.output.hasUncommittedFrame else { return true }
        // The buffer must be complete before the card reads it.
        frame.target.finish()
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlays.planesOff()
        screen.compositor.frameScannedOutDirectly()
        do {
            try entry.output.presentDirect(frame.framebuffer, version: entry.composedVersion)
            entry.lastDirectFrame = frame
            entry.lastSurfaceFrame = nil
            display.commitSucceeded(entry)
        } catch {
            display.commitFailed(entry, error)
        }
        display.watchFlip(entry)
        return true
    }

    /// Back to composition: the GLView draws into its content again.
    private func leave() {
        guard let view else { return }
        self.view = nil
        view.setNeedsDisplay()
    }

    /// The front-most visible view of the front window, when it is an opaque GLView
    /// covering the whole unturned screen with every view above it in the tree
    /// opaque as a whole and untransformed, none of them animating (composition shows
    /// what animations show), no composited cursor, and GL on this screen's card.
    private func candidate(_ entry: KMSDisplay.LitScreen, on display: KMSDisplay) -> GLView? {
        let screen = entry.screen
        guard display.configuration.usesDirectScanout, screen.orientation.panelRotation == .none,
            entry.compositedCursor == nil, !display.composesForMirror(screen),
            let window = display.host?.visibleWindows(on: screen).last, window.alpha == 1,
            !window.hasRunningAnimations
        else { return nil }
        guard window.transform.isIdentity else { return nil }
        var view: View = window
        while let front = view.subviews.last(where: { !$0.isHidden }) {
            guard front.alpha == 1, front.transform.isIdentity, !front.hasRunningAnimations else { return nil }
            view = front
        }
        guard let glView = view as? GLView, glView.isOpaque, !GLViewContext.holdsContent,
            CGRect(origin: glView.convertToScreen(glView.bounds.origin), size: glView.bounds.size) == screen.bounds,
            glView.bounds.width * screen.scale == CGFloat(entry.output.mode.width),
            glView.bounds.height * screen.scale == CGFloat(entry.output.mode.height)
        else { return nil }
        return glView
    }

    /// The GBM buffer of the slot drawn now, made on first use (or when the mode
    /// changed); nil when GL is not on this screen's card or the buffer fails.
    private func frame(_ entry: KMSDisplay.LitScreen) -> KMSDisplay.DirectFrame? {
        guard let context = GLViewContext.context, let gbm = context.display.gbmDevice,
            gbm.fd == entry.card.device.fd
        else { return nil }
        let width = entry.output.mode.width
        let height = entry.output.mode.height
        do {
            return try frames.frame(
                entry.output.drawSlot,
                fits: { $0.target.width == width && $0.target.height == height && $0.target.context === context },
                make: {
                    try KMSDisplay.DirectFrame(
                        context: context, gbm: gbm, card: entry.card.device, width: width, height: height)
                })
        } catch {
            StderrLog.info("\(entry.output.connector.name): no direct scanout, GLViews are composed: \(error)")
            failed = true
            return nil
        }
    }
}
