import Animation
import Compositing
import DeviceAccess
import DirectDisplayCore
import Foundation
import GLCompositing
import GLRendering
import KMS
import Scheduling
import Udev

/// Frames: composing what changed, committing it, taking flip events, and waiting
/// for a frame to be on screen.
extension KMSDisplay {
    /// Composes and presents any pending changes now, then blocks on the card's fd
    /// until the frame holding every change made so far is on screen (with views
    /// animating: their last frame). For tests and tools that must know what is
    /// scanned out; apps let `Application.run()` serve. The default timeout is
    /// generous: a flip takes one refresh period, but a VM in software emulation on a
    /// loaded host can be starved for seconds, and a test should fail on a lost flip,
    /// not on a slow one.
    @discardableResult
    package func waitForPresentation(of screen: Screen, timeout: Double = 10) throws -> FlipEvent {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        presentDirtyScreens()
        try waitFor("page flip on \(screen.name) after \(timeout) s", timeout: timeout) {
            !entry.needsComposite && !entry.output.hasFlipQueued && !entry.output.hasUncommittedFrame
                && entry.commitRetry == nil
        }
        guard let event = entry.output.lastFlip else { throw KMSDisplayError.timedOut("first frame of \(screen.name)") }
        return event
    }

    /// Composes and presents any pending changes now, then blocks until the next
    /// flip of `screen` completes and returns its event. A change made after each
    /// return is drawn while the previous frame waits for its vblank, which is how
    /// an animation keeps up with the refresh rate.
    @discardableResult
    package func waitForNextFlip(of screen: Screen, timeout: Double = 5) throws -> FlipEvent {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        presentDirtyScreens()
        guard entry.output.hasFlipQueued else {
            throw KMSDisplayError.timedOut("\(screen.name) has no frame queued to wait for")
        }
        let previous = entry.output.lastFlip
        try waitFor("page flip on \(screen.name) after \(timeout) s", timeout: timeout) {
            entry.output.lastFlip != previous
        }
        return entry.output.lastFlip!
    }

    /// Composes and commits every pending change now, without waiting for it to
    /// reach the screen (a frame finished while another is queued waits as pending).
    package func flush() {
        presentDirtyScreens()
    }

    /// The content version last composed for `screen` (on screen or on its way):
    /// a change made now shows in frame `composedFrameNumber + 1` or later.
    package func composedFrameNumber(of screen: Screen) -> Int? { entry(for: screen)?.composedVersion }

    /// The bytes of `screen`'s scanout buffers allocated now (see `ScanoutOutput.scanoutBufferBytes`).
    package func scanoutBufferBytes(of screen: Screen) -> Int { entry(for: screen)?.output.scanoutBufferBytes ?? 0 }

    /// The bytes of `screen`'s overlay plane buffers allocated now (windows on planes, or idle ones not yet freed).
    package func overlayBufferBytes(of screen: Screen) -> Int { entry(for: screen)?.output.overlayBufferBytes ?? 0 }

    /// Whether a frame of `screen` is committed and waiting for its vblank (for tests
    /// of the pipeline: a flip event commits the frame drawn while it waited).
    package func hasFrameQueued(on screen: Screen) -> Bool { entry(for: screen)?.output.hasFlipQueued ?? false }

    /// The content version on screen: one more for every frame composed for `screen`.
    package func presentedFrameNumber(of screen: Screen) -> Int? { entry(for: screen)?.output.presentedVersion }

    /// Composes the screens that changed on the loop's next turn (after the
    /// current handler), so changes made together become one frame.
    func schedulePresent() {
        guard !presentScheduled else { return }
        presentScheduled = true
        eventLoop.post { [weak self] in
            self?.presentScheduled = false
            self?.presentDirtyScreens()
        }
    }

    /// Composes the screens that changed. At most one frame is composed per vblank:
    /// while a flip is queued, the first change is composed at once into the frame
    /// that goes out at that flip (so it is ready on time), and later ones wait for
    /// the flip event, so input read meanwhile all goes into one frame.
    func presentDirtyScreens() {
        guard !isSuspended else { return }
        updateHardwareClones()
        for entry in lit {
            applyPowerState(entry)
            guard entry.needsComposite, !entry.framesHeld, !entry.output.isPoweredOff,
                !(entry.output.hasFlipQueued && entry.composedForNextFlip)
            else { continue }
            present(entry)
        }
    }

    /// Presents what changed on `entry`'s screen, the one place that picks how its
    /// pixels get there, per frame: a full-screen GLView's own buffer
    /// (DirectScanoutPresenter), else the scene composed, its front-most windows on
    /// overlay planes (OverlayPlanePresenter), the rest by GL (GLSurfacePresenter or
    /// GLSlotPresenter) or pixman (DumbBufferPresenter); a path that cannot draw the
    /// frame hands it to the next. Committed at once when nothing is queued (a
    /// modeset the first time), else at that frame's flip event; a frame in which
    /// nothing changed is not committed (an idle screen costs nothing).
    func present(_ entry: LitScreen) {
        guard entry.output.cloneSource == nil else {
            // Its connector shows the source's CRTC (hardware clone mode): nothing to compose.
            entry.needsComposite = false
            entry.screen.didComposite()
            return
        }
        // A legacy modeset (drmModeSetCrtc) names the source's own connector alone: it
        // would take its clones' connectors off the CRTC. They get their own first.
        if entry.output.requiresModeset, !entry.card.device.supportsAtomic {
            for other in lit where other.output.cloneSource === entry.output { endClone(other) }
        }
        // GL work (a GLView's direct frame, GL composition) leaves no context current
        // on this thread: the next frame may run on another (see GLCurrentBinding).
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        let isFirst = entry.firstFrame.composeStarted == nil
        if isFirst {
            entry.firstFrame.composeStarted = monotonicSeconds()
            StartTrace.mark("\(entry.connector.name): first frame started")
        }
        stepAnimations(entry)
        defer { continueAnimation(entry) }
        if entry.direct.present(entry, on: self) { return }
        let compositor = entry.screen.compositor
        host?.layoutAndDisplay(entry.screen)
        if isFirst { StartTrace.mark("\(entry.connector.name): first frame laid out and displayed (views drawn)") }
        let overlays = entry.overlays.prepare(entry, on: self)
        let withGL = overlays.isEmpty && composesWithGL(entry)
        compositor.composesInPlace = !withGL && composesInScanoutMemory(entry)
        let damage = compositor.compose(entry.screen, excluding: overlays.map(\.window), drawsShadow: !withGL)
        if isFirst { StartTrace.mark("\(entry.connector.name): first frame composed") }
        entry.needsComposite = false
        if withGL {
            if presentComposedWithGL(entry, damage: damage) { return }
            compositor.redrawStaleShadow(rotation: entry.screen.orientation.panelRotation)
        }
        entry.dumbBuffers.present(entry, on: self, damage: damage, overlays: overlays)
    }

    func handle(_ events: [FlipEvent], on card: KMSCard) {
        for event in events {
            guard let entry = lit.first(where: { $0.card === card && $0.output.crtc.id == event.crtcID }) else {
                continue
            }
            // Switched away: the flip is done, but the frame pending behind it is not
            // committed (the seat manager has master); resume modesets and redraws.
            guard !isSuspended else {
                entry.output.abandonQueuedFlip()
                continue
            }
            do {
                guard try entry.output.handle(event) else { continue }
                commitSucceeded(entry)
            } catch {
                // The flip completed; the frame pending behind it could not be committed.
                commitFailed(entry, error)
            }
            entry.composedForNextFlip = false
            entry.vblanks.record(time: event.timestamp, sequence: event.sequence)
            watchFlip(entry)
            // A third buffer a burst needed, a window's buffers after it left its plane.
            entry.output.releaseIdleBuffers()
            if entry.firstFrame.flipped == nil { firstFrameFlipped(entry) }
            let changed = entry.output.presentedVersion != entry.lastSeenVersion
            entry.lastSeenVersion = entry.output.presentedVersion
            if changed { entry.screen.compositor.framePresented() }
            framePresented?(entry.screen, event, changed)
            applyPowerState(entry)
            if entry.needsComposite && !isSuspended && !entry.framesHeld && !entry.output.isPoweredOff {
                present(entry)
            }
        }
    }

    /// The screen's first frame is on screen: what it did not need comes now. The
    /// input devices (at the first screen's), and the cursor plane's buffer and the arrow drawn into it cost a new screen about a
    /// refresh period (under emulation; at start also cairo's first use) before its
    /// first frame, where a touch kiosk never shows a cursor at all.
    private func firstFrameFlipped(_ entry: LitScreen) {
        entry.firstFrame.flipped = monotonicSeconds()
        StartTrace.mark("\(entry.connector.name): first frame flipped (on screen)")
        if everyScreenShowsItsFirstFrame { releaseInheritedCards() }
        firstFrameShown()
        chooseCursorPlane(for: entry, taken: cursorPlanesChosen(on: entry.card))
        showCursor(input.pointer.cursorLocation)
    }

    /// Blocks on the card's fd alone (nothing else is served: this runs inside other
    /// operations) until `entry` has no flip queued. New frames wait until the loop's
    /// next turn (the caller then has the idle screen to itself).
    func waitUntilIdle(_ entry: LitScreen, timeout: Double) throws {
        entry.framesHeld = true
        defer {
            entry.framesHeld = false
            if entry.needsComposite { schedulePresent() }
        }
        let deadline = monotonicSeconds() + finiteTimeout(timeout)
        while entry.output.hasFlipQueued {
            let remaining = deadline - monotonicSeconds()
            guard remaining > 0 else {
                throw KMSDisplayError.timedOut("page flip on \(entry.output.connector.name) after \(timeout) s")
            }
            handle(try entry.card.access.readFlipEvents(timeout: remaining), on: entry.card)
        }
    }
}
