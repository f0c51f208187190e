import Animation
import Backlight
import Compositing
import DeviceAccess
import DirectDisplayCore
import Foundation
import GLCompositing
import KMS
import Scheduling
import Session
import Udev

/// The display that drives real screens through DRM/KMS: every connected
/// connector of every card becomes a Screen, lit in its preferred mode, and
/// the model's frames reach it by page flips paced by the card's flip events.
@MainActor
public final class KMSDisplay: Display, DisplayBackend {
    /// Called after each completed page flip with the screen, the flip event and
    /// whether the flip showed new content (the first frame or a changed one).
    package var framePresented: (@MainActor (Screen, FlipEvent, Bool) -> Void)?

    var cards: [KMSCard] = []
    var lit: [LitScreen] = []
    var presentScheduled = false
    /// The one loop serving the cards' flip events, udev, libinput and timers.
    package let eventLoop: EventLoop
    /// Opens the cards and input devices (a session manager, or open(2)) and owns the VT.
    let session: ConsoleSession
    var opener: any DeviceOpener { session.opener }
    /// How each card opened (at start or when one appears) is reached: libdrm, or a test's wrapper.
    let cardAccess: (DRMDevice) -> any CardAccess
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
    /// Opens the input devices when the first frame was sent but has not flipped a second later.
    private var inputFallbackTimer: TimerID?
    /// Set while GLViews' content waits for a screen's first frame (see `firstFrameShown`).
    private var heldContentTimer: TimerID?
    /// Whether cursor planes may be used (else the cursor is always composited).
    let usesCursorPlanes: Bool
    /// How long a window on an overlay plane may stand still (not moved, not
    /// resized) before it goes back into the frame, in seconds on the loop's clock
    /// (tests set their own).
    package var overlayStillDelay = 1.0
    /// The settings the display was made with. Direct scanout follows a change at the
    /// next frame, overlay planes when a screen lights up; the rest is used at start.
    public var configuration: DisplayConfiguration
    /// Paused for a session switch (see `suspend()`): no commits, device events held.
    public internal(set) var isSuspended = false
    /// Device events that arrived while suspended, with their arrival times.
    var heldDeviceEvents: [([DRMHotplugEvent], Double)] = []
    /// The application this display serves (`attach(to:)`): it is told of screens
    /// and asked for frames.
    private(set) weak var host: (any DisplayHost)?
    /// The card GLViews' context is made on: the main screen's when lit, so a
    /// full-screen GLView can be scanned out (not kept open by this reference).
    weak var glViewDevice: DRMDevice?
    /// Views' content in dumb buffers GL imports, while GL composes.
    var glContentMemory: GLContentMemory?
    /// Sets the panels' backlights: logind in a session, else sysfs (made when first needed;
    /// tests give their own).
    package var backlightWriter: (any BacklightWriter)?
    /// Where sysfs is (tests: a tree in a temporary folder): the backlights are found under it.
    package var sysfsRoot = "/sys"
    /// Card descriptors a previous run left in systemd's store (name, descriptor),
    /// open until this run's frames replace theirs (KMSDisplay+LastFrame).
    var inheritedCards: [(name: String, fd: Int32)] = []
    /// How long an unplugged connector's scanout buffers stay on its card for a
    /// replug in the same mode (0: freed at once).
    package var spareBufferLifetime: Double = 5

    /// Finds the cards through udev and opens each as DRM master; once given to
    /// the application (`Application.shared.display`, or `run(on:)`), lights every
    /// connected connector and follows hotplug from then on (udev, main queue).
    /// A card with no connected screen is
    /// kept: its screens appear when a display is plugged in.
    /// Input comes from libinput's `seat` (XDG_SEAT, else seat0). With
    /// `cursorPlanes` false the mouse cursor is always composited into the frame
    /// (for drivers whose cursor planes misbehave). Cards and input devices are
    /// opened through a seat manager (libseat: seatd, logind, or its embedded seatd
    /// as root), else directly; the VT is put into graphics mode with its keyboard
    /// off until `shutdown()`. A given `opener` is used instead, and the VT is left
    /// alone; it may pause and resume the display when its session becomes
    /// inactive or active (a virtual-console switch). `configuration` defaults to
    /// what the `DIRECTDISPLAY_*` environment variables say.
    /// - Throws: `KMSDisplayError.noDisplayDevice` when udev lists no card;
    ///   `.noUsableCard` when none could be opened (e.g. another DRM master holds them).
    public convenience init(
        seat: String = ProcessInfo.processInfo.environment["XDG_SEAT"] ?? "seat0", cursorPlanes: Bool = true,
        opener: (any DeviceOpener)? = nil, configuration: DisplayConfiguration = .environment
    ) throws {
        try self.init(
            seat: seat, cursorPlanes: cursorPlanes, opener: opener, configuration: configuration,
            cardAccess: LibdrmCardAccess.init)
    }

    /// As the public init, each opened card reached through `cardAccess` (tests: a
    /// wrapper that refuses what a driver might, DirectDisplayTesting's `FaultyCard`).
    package init(
        seat: String = ProcessInfo.processInfo.environment["XDG_SEAT"] ?? "seat0", cursorPlanes: Bool = true,
        opener: (any DeviceOpener)? = nil, configuration: DisplayConfiguration = .environment,
        cardAccess: @escaping (DRMDevice) -> any CardAccess
    ) throws {
        StartTrace.mark("KMSDisplay.init")
        // Before the display's threads and buffers: a 2 MB page for each (see ProcessMemory).
        ProcessMemory.keepsTransparentHugePagesOut()
        self.cardAccess = cardAccess
        usesCursorPlanes = cursorPlanes
        self.configuration = configuration
        // Held until this run's first frames replace what a previous run left on screen.
        inheritedCards = DescriptorStore.inherited(prefix: Self.storeNamePrefix)
        let loop = EventLoop()
        eventLoop = loop
        let udev = try UdevContext()
        let nodes = DRMCardEnumerator(udev: udev).cards()
        StartTrace.mark("udev: \(nodes.count) cards listed")
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
        let session =
            opener.map { ConsoleSession(opener: $0) }
            ?? ConsoleSession(usesSeatManager: configuration.session == .libseat)
        self.session = session
        StartTrace.mark("seat opened")
        let opener = session.opener
        var failures: [CardFailure] = []
        for node in nodes {
            do {
                cards.append(
                    try KMSCard(
                        node: node, opener: opener, allowsAtomic: configuration.usesAtomicModesetting,
                        access: cardAccess))
            } catch {
                failures.append(CardFailure(devnode: node.devnode, error: error))
                StderrLog.info("skipping \(node.devnode): \(error)")
            }
            StartTrace.mark("\(node.devnode) opened and probed")
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
        StartTrace.mark("libinput context made")
        input = SeatInput(source: source, loop: loop, opensDevicesLater: true)
        (source as? LibinputEventSource)?.deliver = { [unowned input] events in input.route(events) }
        do {
            deviceMonitor = try DeviceEventSource(udev: udev, loop: loop) { [weak self] events, arrival in
                self?.handle(events, arrivedAt: arrival)
            }
        } catch {
            StderrLog.error("no hotplug: \(error)")
        }
        StartTrace.mark("udev monitor made")
    }

    /// A display on `cards` alone (tests: fake cards), served on `eventLoop`: no udev,
    /// no seat, no VT and no input devices.
    package init(cards: [KMSCard], eventLoop: EventLoop, configuration: DisplayConfiguration) {
        cardAccess = LibdrmCardAccess.init
        usesCursorPlanes = true
        self.configuration = configuration
        self.eventLoop = eventLoop
        session = ConsoleSession(opener: DirectDeviceOpener())
        self.cards = cards
        let source = NoInputSource()
        inputSource = source
        input = SeatInput(source: source, loop: eventLoop, opensDevicesLater: true)
    }

    /// Lights the cards' screens, connecting each to `host`, and starts serving
    /// cursor, input and the session. Once: later calls do nothing.
    package func attach(to host: any DisplayHost) {
        guard self.host == nil else { return }
        self.host = host
        for card in cards { start(card) }
        StartTrace.mark("connectors lit (outputs made, screens connected)")
        GLViewContext.usesOpenGL = configuration.usesOpenGL
        // GLViews draw on the main screen's card: there they can be scanned out.
        glViewDevice = (host.mainScreen.flatMap { entry(for: $0) } ?? lit.first)?.card.device ?? cards.first?.device
        // While GL composes, views draw into buffers it imports (GLContentMemory).
        glContentMemory = GLContentMemory(display: self)
        input.pointer.cursorMoved = { [weak self] location in self?.showCursor(location) }
        // Input devices (and, for the launch's display, GLViews' content) wait for the first
        // frame (see `firstFrameFlipped`); at once with no screen.
        if lit.isEmpty {
            releaseInheritedCards()
            firstFrameShown()
        } else if GLViewContext.holdsContentUntilFirstFrame {
            GLViewContext.holdsContent = true
        }
        showCursor(input.pointer.cursorLocation)
        session.opener.sessionActivityChanged = { [weak self] active in self?.sessionActivityChanged(active) }
        do { try session.attach(to: eventLoop) } catch { StderrLog.error("no session switches: \(error)") }
        if session.canSwitchConsoles {
            input.switchVirtualConsole = { [weak session] number in session?.switchConsole(to: number) }
        }
    }

    /// A first frame is on screen: the input devices open now. The GLViews' content
    /// (their draw callbacks' first run: shader compiles on the main thread) waits until
    /// every screen lit at launch shows its first frame, so that no screen's first frame
    /// waits for GL (and none shows GL content before its first plain frame); should one
    /// never flip, it comes `heldContentDelay` after the first.
    func firstFrameShown() {
        startInput()
        guard GLViewContext.holdsContent else { return }
        if everyScreenShowsItsFirstFrame {
            releaseHeldGLContent()
        } else if heldContentTimer == nil {
            heldContentTimer = eventLoop.schedule(after: Self.heldContentDelay, name: "GLViews after the first frames")
            {
                [weak self] in
                self?.heldContentTimer = nil
                self?.releaseHeldGLContent()
            }
        }
    }

    /// Whether every lit screen's first frame has flipped.
    var everyScreenShowsItsFirstFrame: Bool { lit.allSatisfy { $0.firstFrame.flipped != nil } }

    /// How long after the first screen's first frame GLViews draw even though another
    /// screen's first frame has not flipped (a fault: a lost flip is modeset again after
    /// a second; generous, since a loaded machine can take seconds between two screens'
    /// first frames).
    package static var heldContentDelay = 5.0

    /// GLViews draw from now on. Their context is made on another thread: a stop
    /// meanwhile does not wait for EGL. With no GLView on screen none is made (a GLView
    /// shown later makes it as it draws).
    private func releaseHeldGLContent() {
        eventLoop.cancelTimer(&heldContentTimer)
        if GLViewContext.holdsContent && GLViewContext.hasHeldViews { GLViewContext.startMakingInBackground() }
        GLViewContext.holdsContent = false
    }

    /// Opens the seat's input devices: libinput's quirks, the devices found through
    /// udev, a keymap for each keyboard. Seconds on a slow board (9 s of a 25 s start
    /// in the VM under strace), so it waits for the first frame.
    func startInput() {
        guard !input.hasOpenedDevices else { return }
        defer { StartTrace.mark("input devices opened") }
        eventLoop.cancelTimer(&inputFallbackTimer)
        (inputSource as? LibinputEventSource)?.startSeat()
        input.devicesOpened()
    }

    /// How long after the first frame's commit (or refusal) the input devices open
    /// even though no first frame has flipped.
    package static let inputFallbackDelay = 1.0

    /// A first frame was committed or refused: should no screen's first frame flip (its
    /// event lost, a card that never sends one, commits refused), the devices open
    /// anyway a second later; a touch kiosk must not lose its input to a display fault.
    func armInputFallback() {
        guard !input.hasOpenedDevices, inputFallbackTimer == nil else { return }
        let delay = Self.inputFallbackDelay
        inputFallbackTimer = eventLoop.schedule(after: delay, name: "input devices without a first frame") {
            [weak self] in
            guard let self else { return }
            self.inputFallbackTimer = nil
            guard !self.input.hasOpenedDevices else { return }
            StderrLog.info(
                "no first frame on screen \(delay) s after its commit: opening the input devices "
                    + "and drawing GLViews anyway")
            self.startInput()
            self.releaseHeldGLContent()
        }
    }

    package var glViewCard: GLViewCard? {
        glViewDevice.map { GLViewCard(fd: $0.fd, path: $0.path, owner: $0) }
    }

    package var contentMemory: (any ContentMemoryAllocator)? { glContentMemory }

    /// The screens this display drives, in card then connector order.
    public var screens: [Screen] { lit.map(\.screen) }

    // MARK: Display

    package func setNeedsComposite(_ screen: Screen) {
        guard let entry = entry(for: screen) else { return }
        entry.needsComposite = true
        schedulePresent()
    }

    /// Reads back what `screen` scans out: through the card's writeback connector when it
    /// has one (what the CRTC really composes), else a copy of the front buffer.
    public func capture(_ screen: Screen) throws -> CapturedImage {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        // A writeback capture is a commit: none between the seat's disable and enable.
        guard !isSuspended else { throw KMSDisplayError.suspended("capture of \(screen.name)") }
        // A screen in hardware clone mode shows its source's CRTC (in the same mode).
        let scanned = lit.first { $0.output === entry.output.cloneSource } ?? entry
        try waitUntilIdle(scanned, timeout: 2)
        let output = scanned.output
        // A powered-off CRTC composes nothing to write back: its kept frame is read instead.
        if let writeback = entry.card.writeback, !output.isPoweredOff {
            let pixels = try writeback.capture(output)
            return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: pixels)
        }
        if output.committedDirectFrame, let pixels = directFramePixels(scanned) {
            return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: pixels)
        }
        guard let front = output.frontBuffer else {
            throw KMSDisplayError.timedOut("\(screen.name) has shown no frame yet")
        }
        return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: front.copyPixels())
    }

    /// Turns every output back to what it showed before (the console) and stops serving events.
    package func shutdown() {
        let leaving = restoreScreens()
        finishShutdown(leaving: leaving)
    }

    /// `Application.exit` calls this, then `_exit`, while a GLView's context is still
    /// being made on another thread (`GLViewContext.mayBeMakingOnAThread`): Mesa's
    /// driver being loaded there holds the dynamic loader's TLS lock (0.5-2 s in the
    /// VM), and a thread started meanwhile waits for it in `pthread_create` (the input
    /// devices' release thread, libdispatch's workers): the stop took 1.2-2.2 s. So
    /// only what the kernel does not do at the process's end is done: the CRTCs get the
    /// console back and the seat closes (its manager puts the VT back to text mode and
    /// closes the devices on its side). Descriptors, buffers and DRM master go with the
    /// process.
    package func shutdownBeforeExit() {
        let leaving = restoreScreens()
        session.end(keepingGraphicsMode: !leaving.isEmpty)
        StartTrace.mark("shutdown: seat closed, console modes back (the rest left to the exit)")
    }

    /// The first part of `shutdown()`: each CRTC restored (or its last frame left); the
    /// cards whose frames stay on screen.
    private func restoreScreens() -> [KMSCard] {
        StartTrace.mark("shutdown: started")
        releaseInheritedCards()
        let leaving = keepCardsForLastFrame()
        // Each CRTC gets back what it showed with its own connector (a frame left on
        // screen stays as it is, on both).
        for entry in lit where !leaving.contains(where: { $0 === entry.card }) { endClone(entry) }
        for entry in lit {
            if entry.output.hasFlipQueued {
                do {
                    try waitUntilIdle(entry, timeout: 0.5)
                } catch {
                    StderrLog.info("\(entry.connector.name): last flip before shutdown: \(error)")
                }
            }
            StartTrace.mark("shutdown: \(entry.connector.name): its last flip done")
            releaseWriteback(from: entry)
            guard !leaving.contains(where: { $0 === entry.card }) else { continue }
            for failure in entry.output.shutdown() {
                StderrLog.error("\(entry.connector.name): restoring the console: \(failure)")
            }
            StartTrace.mark("shutdown: \(entry.connector.name): restored")
        }
        for card in leaving { leaveLastFrames(of: card) }
        return leaving
    }

    /// The rest of `shutdown()`: GL, input, outputs and cards freed, the seat closed.
    private func finishShutdown(leaving: [KMSCard]) {
        for card in cards { card.stopEvents() }
        // EGL holds its own copy of the card's descriptor until its display ends.
        GLViewContext.end()
        GLViewContext.holdsContent = false
        eventLoop.cancelTimer(&heldContentTimer)
        glViewDevice = nil
        glContentMemory = nil
        deviceMonitor = nil
        StartTrace.mark("shutdown: GL ended, card events stopped")
        // The kernel's release of each input device (two RCU grace periods, about 40 ms
        // in the VM) runs on a background thread (SeatSession.beginEnding) while the
        // outputs are freed and the seat closes.
        session.beginEnding()
        input.close()
        StartTrace.mark("shutdown: input devices closed")
        eventLoop.cancelTimer(&inputFallbackTimer)
        if let reprobeTimer { eventLoop.cancelTimer(reprobeTimer.id) }
        reprobeTimer = nil
        // The devices close (through the opener) before the seat does, then the VT gets its modes back.
        lit = []
        cards = []
        StartTrace.mark("shutdown: outputs and cards freed")
        session.end(keepingGraphicsMode: !leaving.isEmpty)
        StartTrace.mark("shutdown: seat closed, console modes back")
    }

    /// Takes the writeback connector off `entry`'s CRTC before that CRTC is turned off or restored.
    func releaseWriteback(from entry: LitScreen) {
        do {
            try entry.card.writeback?.detach(from: entry.output)
        } catch {
            StderrLog.error("\(entry.connector.name): \(error)")
        }
    }

    package func apply(_ mode: Screen.Mode, to screen: Screen) throws {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        guard let kernelMode = entry.connector.modes.first(where: { Screen.Mode($0) == mode }) else {
            throw ScreenModeError.unavailable(mode: mode, screen: screen.name)
        }
        guard !isSuspended else { throw KMSDisplayError.suspended("mode change of \(screen.name)") }
        // A shared CRTC drives one mode: the clone ends (and starts again if the new mode allows).
        endClones(involving: entry)
        try waitUntilIdle(entry, timeout: 2)
        try entry.output.setMode(kernelMode)
        entry.vblanks = VBlankPredictor(refreshRate: entry.output.mode.refreshRate)
        // New buffers: each is drawn whole once.
        entry.buffersInvalidated()
        screen.updateCurrentMode(mode)
        entry.needsComposite = true
        schedulePresent()
    }

    /// Whether screens are composed with GLES where it can, whatever each card's
    /// choice (KMSDisplay+CompositorChoice); nil: each card's choice. Tests and
    /// benchmarks set it.
    package var composesWithGLES: Bool?
    /// Whether the cards' dumb buffers are taken as cached memory, where pixman composes
    /// straight into them with no shadow frame (KMSDisplay+DumbBuffers); nil: by the
    /// driver (`ExportedDumbBuffer.isCachedMemory`). Tests and benchmarks set it.
    package var scanoutMemoryIsCached: Bool?
    /// GL composes into an EGL window surface where EGL_EXT_buffer_age is offered;
    /// tests turn it off to run the fallback (a GBM buffer per slot).
    package var composesIntoGLSurface = true
    /// Whether views' content is put in dmabufs GL imports while GL composes (else
    /// cairo's memory, uploaded); benchmarks compare.
    package var importsGLContents = true
    func entry(for screen: Screen) -> LitScreen? { lit.first { $0.screen === screen } }
}
