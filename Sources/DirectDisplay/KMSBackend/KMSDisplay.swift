import Animation
import Compositing
import DeviceAccess
import Foundation
import GLCompositing
import KMS
import Scheduling
import Udev

/// The display that drives real screens through DRM/KMS: every connected
/// connector of every card becomes a Screen, lit in its preferred mode, and
/// the model's frames reach it by page flips paced by the card's flip events.
@MainActor
public final class KMSDisplay: Display {
    /// One screen being driven: its output and whether the model has changed it.
    final class LitScreen {
        let screen: Screen
        let output: ScanoutOutput
        let card: KMSCard
        /// The connector as last probed (its mode list may change while lit).
        var connector: ConnectorState
        /// CLOCK_MONOTONIC time of the device event that made this screen, for
        /// hotplug-to-first-frame figures; nil for screens found at start.
        var plugTime: Double?
        /// How long after `plugTime` the first frame completed its flip.
        var plugToFirstFrame: Double?
        var needsComposite = true
        /// Incremented for every composed frame; the output reports which one is on screen.
        var composedVersion = 0
        /// The version on screen at the last flip event, to tell new content from repeats.
        var lastSeenVersion = 0
        /// The arrow at this screen's scale (on the output's cursor plane, or composited).
        var cursorImage: CursorImage?
        /// Where a composited cursor's top-left corner sits in panel pixels; nil when not shown here.
        var compositedCursor: (x: Int, y: Int)?
        /// The composited cursor's rectangle as last drawn into each buffer slot.
        var cursorDrawn: [Int: PixelRect] = [:]
        /// A frame was composed since the last flip event (it waits as the pending frame).
        var composedForNextFlip = false
        /// The deadline of the queued flip (see `watchFlip`).
        var flipWatchdog: TimerID?
        /// Flips given up because their events never came.
        var lostFlips = 0
        /// Commits refused in a row (see KMSDisplay+CommitRetry), and the timer that retries the last.
        var failedCommits = 0
        /// Modesets done because the connector's link-status went BAD.
        var linkResets = 0
        var commitRetry: TimerID?
        /// The window scanned out from its own buffer on the overlay plane (see KMSDisplay+PlaneOffload).
        var overlayContent: OverlayWindowContent?
        /// Where the latest frame shows the overlay window, in panel pixels; nil: plane off.
        var overlayShownAt: (x: Int, y: Int)?
        /// The overlay rectangle the kernel last accepted in a TEST_ONLY commit.
        var testedOverlay: PixelRect?
        /// The window and rectangle the kernel refused on the overlay plane (not tried again there).
        var refusedOverlay: (window: ObjectIdentifier, rect: PixelRect)?
        /// When the next vblank comes, from the flip events (see KMSDisplay+Animation).
        var vblanks: VBlankPredictor
        /// The next animation frame when no flip is on its way to bring one.
        var animationTimer: TimerID?
        /// No new frame is composed while a wait for the screen to go idle runs
        /// (an animation would otherwise queue one at every flip).
        var framesHeld = false
        /// Per buffer slot, the GBM buffer a full-screen GLView draws into (KMSDisplay+DirectScanout).
        var directFrames: [DirectFrame?] = [nil, nil, nil]
        /// The GLView scanned out directly in the latest frame drawn.
        weak var directView: GLView?
        /// The direct frame committed last (what a capture without writeback reads back).
        var lastDirectFrame: DirectFrame?
        /// Making a direct-scanout buffer failed once: the screen composes GLViews from then on.
        var directScanoutFailed = false
        /// Per buffer slot, the GBM buffer GL composes the screen into (KMSDisplay+GLComposition).
        var composedFrames: [DirectFrame?] = [nil, nil, nil]
        /// What each of `composedFrames` missed since GL last drew it (buffer age).
        var composedHistory = BufferDamageHistory()
        /// The GL composer of this screen (made on the first GL frame).
        var glComposer: GLFrameComposer?
        /// GL composition failed once: the screen is composed by pixman from then on.
        var glCompositionFailed = false

        /// The buffers' contents are unknown (reallocated, or another master drew): each is drawn whole next.
        @MainActor func buffersInvalidated() {
            screen.compositor.invalidate()
            composedHistory.reset()
            cursorDrawn = [:]
            overlayContent = nil
            testedOverlay = nil
        }

        init(screen: Screen, output: ScanoutOutput, card: KMSCard, plugTime: Double?) {
            self.screen = screen
            self.output = output
            self.card = card
            self.plugTime = plugTime
            connector = output.connector
            vblanks = VBlankPredictor(refreshRate: output.mode.refreshRate)
        }
    }

    /// Called after each completed page flip with the screen, the flip event and
    /// whether the flip showed new content (the first frame or a changed one).
    public var framePresented: (@MainActor (Screen, FlipEvent, Bool) -> Void)?

    var cards: [KMSCard] = []
    var lit: [LitScreen] = []
    private var presentScheduled = false
    /// The one loop serving the cards' flip events, udev, libinput and timers.
    public let eventLoop: EventLoop
    /// Opens the cards and input devices (a session manager, or open(2)) and owns the VT.
    let session: ConsoleSession
    var opener: any DeviceOpener { session.opener }
    /// drm device events, served on the event loop.
    var deviceMonitor: DeviceEventSource?
    /// When to re-probe which card (burst coalescing, no-mode retries, CRTC waits).
    var reprobeSchedule = ReprobeSchedule()
    /// The loop timer set for `reprobeSchedule.nextDeadline`.
    var reprobeTimer: (id: TimerID, deadline: Double)?
    /// The seat's touchscreens, keyboards and mice (libinput). When libinput could
    /// not start (the reason is logged) it has no devices; the screens run regardless.
    public let input: SeatInput
    private let inputSource: (any InputEventSource)
    /// Whether cursor planes may be used (else the cursor is always composited).
    let usesCursorPlanes: Bool
    /// Paused for a session switch (see `suspend()`): no commits, device events held.
    public internal(set) var isSuspended = false
    /// Device events that arrived while suspended, with their arrival times.
    var heldDeviceEvents: [([DRMHotplugEvent], Double)] = []

    /// Finds the cards through udev, opens each as DRM master, lights every
    /// connected connector and follows hotplug from then on (udev, main queue).
    /// Becomes `Application.shared.display`. A card with no connected screen is
    /// kept: its screens appear when a display is plugged in.
    /// Input comes from libinput's `seat` (XDG_SEAT, else seat0). With
    /// `cursorPlanes` false the mouse cursor is always composited into the frame
    /// (for drivers whose cursor planes misbehave). Cards and input devices are
    /// opened through a seat manager (libseat: seatd, logind, or its embedded seatd
    /// as root), else directly; the VT is put into graphics mode with its keyboard
    /// off until `shutdown()`. A given `opener` is used instead, and the VT is left
    /// alone; it may pause and resume the display when its session becomes
    /// inactive or active (a virtual-console switch).
    /// - Throws: `KMSDisplayError.noDisplayDevice` when udev lists no card;
    ///   `.noUsableCard` when none could be opened (e.g. another DRM master holds them).
    public init(
        seat: String = ProcessInfo.processInfo.environment["XDG_SEAT"] ?? "seat0", cursorPlanes: Bool = true,
        opener: (any DeviceOpener)? = nil
    ) throws {
        usesCursorPlanes = cursorPlanes
        let loop = EventLoop()
        eventLoop = loop
        let udev = try UdevContext()
        let nodes = DRMCardEnumerator(udev: udev).cards()
        guard !nodes.isEmpty else { throw KMSDisplayError.noDisplayDevice }
        if opener == nil {
            // A second app must fail before it takes the seat and the VT: that would
            // pull the console from under the app that drives the cards.
            // A master that is going away (the seat server of an app killed a moment
            // ago exits after it) gets a second to let go.
            var held: [CardFailure] = []
            let deadline = monotonicSeconds() + 1
            repeat {
                if !held.isEmpty { usleep(50_000) }
                held = nodes.compactMap { node in
                    DRMDevice.masterHeldElsewhere(path: node.devnode).map {
                        CardFailure(devnode: node.devnode, error: $0)
                    }
                }
            } while held.count == nodes.count && monotonicSeconds() < deadline
            if held.count == nodes.count { throw KMSDisplayError.noUsableCard(held) }
        }
        let session = opener.map { ConsoleSession(opener: $0) } ?? ConsoleSession()
        self.session = session
        let opener = session.opener
        var failures: [CardFailure] = []
        for node in nodes {
            do {
                cards.append(try KMSCard(node: node, opener: opener))
            } catch {
                failures.append(CardFailure(devnode: node.devnode, error: error))
                StderrLog.info("skipping \(node.devnode): \(error)")
            }
        }
        guard !cards.isEmpty else {
            session.end()
            throw KMSDisplayError.noUsableCard(failures)
        }
        let source: any InputEventSource
        do {
            source = try LibinputEventSource(seat: seat, opener: opener, loop: loop)
        } catch {
            StderrLog.error("no input devices: \(error)")
            source = NoInputSource()
        }
        inputSource = source
        input = SeatInput(source: source, loop: loop)
        (source as? LibinputEventSource)?.deliver = { [unowned input] events in input.route(events) }
        Application.shared.display = self
        do {
            deviceMonitor = try DeviceEventSource(udev: udev, loop: loop) { [weak self] events, arrival in
                self?.handle(events, arrivedAt: arrival)
            }
        } catch {
            StderrLog.error("no hotplug: \(error)")
        }
        for card in cards { start(card) }
        // GLViews draw on the main screen's card: there they can be scanned out.
        GLViewContext.card = (Screen.main.flatMap { entry(for: $0) } ?? lit.first)?.card.device ?? cards.first?.device
        input.pointer.cursorMoved = { [weak self] location in self?.showCursor(location) }
        (source as? LibinputEventSource)?.dispatch()
        showCursor(input.pointerLocation)
        opener.sessionActivityChanged = { [weak self] active in self?.sessionActivityChanged(active) }
        session.attach(to: loop)
        if session.canSwitchConsoles {
            input.switchVirtualConsole = { [weak session] number in session?.switchConsole(to: number) }
        }
    }

    /// The screens this display drives, in card then connector order.
    public var screens: [Screen] { lit.map(\.screen) }

    // MARK: Display

    public func setNeedsComposite(_ screen: Screen) {
        guard let entry = entry(for: screen) else { return }
        entry.needsComposite = true
        schedulePresent()
    }

    /// Reads back what `screen` scans out: through the card's writeback connector when it
    /// has one (what the CRTC really composes), else a copy of the front buffer.
    public func capture(_ screen: Screen) throws -> CapturedImage {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        try waitUntilIdle(entry, timeout: 2)
        let output = entry.output
        if let writeback = entry.card.writeback {
            let pixels = try writeback.capture(output)
            return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: pixels)
        }
        if output.committedDirectFrame, let pixels = directFramePixels(entry) {
            return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: pixels)
        }
        guard let front = output.frontBuffer else {
            throw KMSDisplayError.timedOut("\(screen.name) has shown no frame yet")
        }
        return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: front.copyPixels())
    }

    /// Takes the writeback connector off `entry`'s CRTC before that CRTC is turned off or restored.
    func releaseWriteback(from entry: LitScreen) {
        do {
            try entry.card.writeback?.detach(from: entry.output)
        } catch {
            StderrLog.error("\(entry.connector.name): \(error)")
        }
    }

    public func apply(_ mode: Screen.Mode, to screen: Screen) throws {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        guard let kernelMode = entry.connector.modes.first(where: { Screen.Mode($0) == mode }) else {
            throw ScreenModeError.unavailable(mode: mode, screen: screen.name)
        }
        try waitUntilIdle(entry, timeout: 2)
        try entry.output.setMode(kernelMode)
        entry.vblanks = VBlankPredictor(refreshRate: entry.output.mode.refreshRate)
        // New buffers: each is drawn whole once.
        entry.buffersInvalidated()
        screen.updateCurrentMode(mode)
        entry.needsComposite = true
        schedulePresent()
    }

    // MARK: Frames

    /// Composes and presents any pending changes now, then blocks on the card's fd
    /// until the frame holding every change made so far is on screen (with views
    /// animating: their last frame). For tests and tools that must know what is
    /// scanned out; apps let `Application.run()` serve.
    @discardableResult
    public func waitForPresentation(of screen: Screen, timeout: Double = 2) throws -> FlipEvent {
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
    public func waitForNextFlip(of screen: Screen, timeout: Double = 1) throws -> FlipEvent {
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
    public func flush() {
        presentDirtyScreens()
    }

    /// The content version last composed for `screen` (on screen or on its way):
    /// a change made now shows in frame `composedFrameNumber + 1` or later.
    public func composedFrameNumber(of screen: Screen) -> Int? { entry(for: screen)?.composedVersion }

    /// The content version on screen: one more for every frame composed for `screen`.
    public func presentedFrameNumber(of screen: Screen) -> Int? { entry(for: screen)?.output.presentedVersion }

    /// Turns every output back to what it showed before (the console) and stops serving events.
    public func shutdown() {
        for entry in lit {
            if entry.output.hasFlipQueued {
                do {
                    try waitUntilIdle(entry, timeout: 0.5)
                } catch {
                    StderrLog.info("\(entry.connector.name): last flip before shutdown: \(error)")
                }
            }
            releaseWriteback(from: entry)
            for failure in entry.output.shutdown() {
                StderrLog.error("\(entry.connector.name): restoring the console: \(failure)")
            }
        }
        for card in cards { card.stopEvents() }
        // EGL holds its own copy of the card's descriptor until its display ends.
        GLViewContext.end()
        deviceMonitor = nil
        input.close()
        if let reprobeTimer { eventLoop.cancelTimer(reprobeTimer.id) }
        reprobeTimer = nil
        // The devices close (through the opener) before the seat does, then the VT gets its modes back.
        lit = []
        cards = []
        session.end()
    }

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
        for entry in lit
        where entry.needsComposite && !entry.framesHeld && !(entry.output.hasFlipQueued && entry.composedForNextFlip) {
            present(entry)
        }
    }

    /// Composes what changed into the screen's shadow frame, copies into a free
    /// buffer what that buffer missed, and commits it: at once when nothing is
    /// queued (a modeset the first time), else at that frame's flip event. A frame
    /// in which nothing changed is not committed (an idle screen costs nothing).
    private func present(_ entry: LitScreen) {
        stepAnimations(entry)
        defer { continueAnimation(entry) }
        if !entry.directScanoutFailed, presentDirect(entry) { return }
        let compositor = entry.screen.compositor
        Application.shared.layoutAndDisplay(entry.screen)
        let overlay = prepareOverlay(entry)
        let withGL = overlay == nil && composesWithGL(entry)
        let damage = compositor.compose(entry.screen, excluding: overlay?.window, drawsShadow: !withGL)
        entry.needsComposite = false
        if withGL {
            if presentComposedWithGL(entry, damage: damage) { return }
            compositor.redrawStaleShadow(rotation: entry.screen.orientation.panelRotation)
        }
        let slot = entry.output.drawSlot
        let cursor = compositedCursorDamage(entry, slot: slot)
        let overlayAt = overlay.map { (x: $0.x, y: $0.y) }
        let overlayChanged =
            overlayAt?.x != entry.overlayShownAt?.x || overlayAt?.y != entry.overlayShownAt?.y
            || overlay?.damage.isEmpty == false
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
            commitFailed(entry, error)
            return
        }
        // GL's buffers miss this frame: each is drawn whole when GL composes again.
        entry.composedHistory.reset()
        let written = compositor.update(
            slot: slot, pixels: buffer.pixels, bytesPerRow: buffer.bytesPerRow, extra: cursor)
        drawCompositedCursor(entry, into: buffer, slot: slot)
        entry.composedVersion += 1
        entry.composedForNextFlip = entry.output.hasFlipQueued
        entry.overlayShownAt = overlayAt
        if overlay != nil { compositor.frameUsedOverlay() }
        // After a direct frame (a GLView's own buffer) the plane shows another buffer: all of it is new.
        let clips =
            entry.output.committedDirectFrame
            ? nil : written.rects.map { DamageClip(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        do {
            try entry.output.present(version: entry.composedVersion, overlayAt: overlayAt, damage: clips)
            commitSucceeded(entry)
        } catch {
            commitFailed(entry, error)
        }
        watchFlip(entry)
    }

    /// Whether screens are composed with GLES where it can (DIRECTDISPLAY_COMPOSITOR=gl;
    /// see KMSDisplay+GLComposition); tests may turn it on.
    package var composesWithGLES = KMSDisplay.compositorIsGL
    /// Test hook: flip events read while this is set are thrown away, as a driver that loses them would.
    package var dropsFlipEvents = false
    /// Test hook: TEST_ONLY commits of a window on the overlay plane fail with this, as a kernel refusing them would.
    package var refusesOverlayTests: DRMError?

    func handle(_ events: [FlipEvent], on card: KMSCard) {
        guard !dropsFlipEvents else { return }
        for event in events {
            guard let entry = lit.first(where: { $0.card === card && $0.output.crtc.id == event.crtcID }) else {
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
            if entry.plugToFirstFrame == nil, let plugTime = entry.plugTime {
                entry.plugToFirstFrame = monotonicSeconds() - plugTime
            }
            let changed = entry.output.presentedVersion != entry.lastSeenVersion
            entry.lastSeenVersion = entry.output.presentedVersion
            if changed { entry.screen.compositor.framePresented() }
            framePresented?(entry.screen, event, changed)
            if entry.needsComposite && !isSuspended && !entry.framesHeld { present(entry) }
        }
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
            handle(try entry.card.device.readFlipEvents(timeout: remaining), on: entry.card)
        }
    }

    func entry(for screen: Screen) -> LitScreen? { lit.first { $0.screen === screen } }
}
