import Compositing
import Foundation
import KMS
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
        var needsComposite = true
        /// Incremented for every composed frame; the output reports which one is on screen.
        var composedVersion = 0
        /// The version on screen at the last flip event, to tell new content from repeats.
        var lastSeenVersion = 0

        init(screen: Screen, output: ScanoutOutput, card: KMSCard) {
            self.screen = screen
            self.output = output
            self.card = card
        }
    }

    /// Called after each completed page flip with the screen, the flip event and
    /// whether the flip showed new content (the first frame or a changed one).
    public var framePresented: (@MainActor (Screen, FlipEvent, Bool) -> Void)?

    private var cards: [KMSCard] = []
    private var lit: [LitScreen] = []
    private var presentScheduled = false

    /// Finds the cards through udev, opens each as DRM master and lights every
    /// connected connector. Becomes `Application.shared.display`.
    /// - Throws: `KMSDisplayError.noDisplayDevice` when udev lists no card;
    ///   `.noUsableCard` when none could be opened (e.g. another DRM master holds them).
    public init() throws {
        let nodes = DRMCardEnumerator(udev: try UdevContext()).cards()
        guard !nodes.isEmpty else { throw KMSDisplayError.noDisplayDevice }
        var failures: [String] = []
        for node in nodes {
            do {
                cards.append(try KMSCard(node: node))
            } catch {
                failures.append("\(node.devnode): \(error)")
                KMSLog.info("skipping \(node.devnode): \(error)")
            }
        }
        guard !cards.isEmpty else { throw KMSDisplayError.noUsableCard(failures) }
        Application.shared.display = self
        for card in cards {
            lightConnectors(of: card)
            card.startEvents { [weak self, unowned card] events in self?.handle(events, on: card) }
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
        guard let front = output.frontBuffer else { throw KMSDisplayError.timedOut("\(screen.name) has shown no frame yet") }
        return CapturedImage(width: output.mode.width, height: output.mode.height, pixels: front.copyPixels())
    }

    public func apply(_ mode: Screen.Mode, to screen: Screen) throws {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        guard let kernelMode = entry.output.connector.modes.first(where: { Screen.Mode($0) == mode }) else {
            throw ScreenModeError.unavailable(mode: mode, screen: screen.name)
        }
        try waitUntilIdle(entry, timeout: 2)
        try entry.output.setMode(kernelMode)
        screen.updateCurrentMode(mode)
        entry.needsComposite = true
        schedulePresent()
    }

    // MARK: Frames

    /// Composes and presents any pending changes now, then blocks on the card's fd
    /// until the frame holding every change made so far is on screen. For tests and
    /// tools that must know what is scanned out; apps let `Application.run()` serve.
    @discardableResult
    public func waitForPresentation(of screen: Screen, timeout: Double = 2) throws -> FlipEvent {
        guard let entry = entry(for: screen) else { throw KMSDisplayError.unknownScreen(screen.name) }
        presentDirtyScreens()
        try waitUntilIdle(entry, timeout: timeout)
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
        guard entry.output.flipState != .idle && entry.output.flipState != .unlit else {
            throw KMSDisplayError.timedOut("\(screen.name) has no frame queued to wait for")
        }
        let previous = entry.output.lastFlip
        let deadline = Date().addingTimeInterval(timeout)
        while entry.output.lastFlip == previous {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw KMSDisplayError.timedOut("page flip on \(screen.name) after \(timeout) s") }
            handle(try entry.card.device.readFlipEvents(timeout: remaining), on: entry.card)
        }
        return entry.output.lastFlip!
    }

    /// Composes and commits every pending change now, without waiting for it to
    /// reach the screen (a frame finished while another is queued waits as pending).
    public func flush() {
        presentDirtyScreens()
    }

    /// The content version on screen: one more for every frame composed for `screen`.
    public func presentedFrameNumber(of screen: Screen) -> Int? { entry(for: screen)?.output.presentedVersion }

    /// Turns every output back to what it showed before (the console) and stops serving events.
    public func shutdown() {
        for entry in lit {
            if entry.output.flipState != .idle { _ = try? waitUntilIdle(entry, timeout: 0.5) }
            entry.output.shutdown()
        }
        for card in cards { card.stopEvents() }
    }

    private func schedulePresent() {
        guard !presentScheduled else { return }
        presentScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.presentScheduled = false
                self?.presentDirtyScreens()
            }
        }
    }

    private func presentDirtyScreens() {
        for entry in lit where entry.needsComposite {
            present(entry)
        }
    }

    /// Draws the model into a free buffer and commits it, at once or, while a
    /// frame is queued, at that frame's flip event.
    private func present(_ entry: LitScreen) {
        let buffer = entry.output.drawBuffer
        Application.shared.composite(
            entry.screen, into: buffer.pixels, width: buffer.width, height: buffer.height,
            bytesPerRow: buffer.bytesPerRow)
        entry.needsComposite = false
        entry.composedVersion += 1
        do {
            try entry.output.present(version: entry.composedVersion)
        } catch {
            KMSLog.error("\(entry.output.connector.name): \(error)")
        }
    }

    private func handle(_ events: [FlipEvent], on card: KMSCard) {
        for event in events {
            guard let entry = lit.first(where: { $0.card === card && $0.output.crtc.id == event.crtcID }) else { continue }
            do {
                guard try entry.output.handle(event) else { continue }
            } catch {
                KMSLog.error("\(entry.output.connector.name): \(error)")
                continue
            }
            let changed = entry.output.presentedVersion != entry.lastSeenVersion
            entry.lastSeenVersion = entry.output.presentedVersion
            framePresented?(entry.screen, event, changed)
        }
    }

    /// Blocks on the card's fd until `entry` has no flip queued.
    private func waitUntilIdle(_ entry: LitScreen, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while entry.output.flipState == .queued || entry.output.flipState == .queuedWithPending {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw KMSDisplayError.timedOut("page flip on \(entry.output.connector.name) after \(timeout) s")
            }
            handle(try entry.card.device.readFlipEvents(timeout: remaining), on: entry.card)
        }
    }

    private func entry(for screen: Screen) -> LitScreen? { lit.first { $0.screen === screen } }

    // MARK: Connectors

    private func lightConnectors(of card: KMSCard) {
        var taken = Set(lit.filter { $0.card === card }.map(\.output.crtc.id))
        for connector in card.probe.connectors where !connector.isWriteback && connector.status == .connected {
            guard let mode = connector.modes.preferred else {
                KMSLog.info("\(connector.name): connected but reports no modes yet")
                continue
            }
            guard
                let assignment = CRTCAssignment.choose(
                    for: connector, in: card.probe, taken: taken, format: ScanoutBuffer.defaultFormat),
                let crtc = card.probe.crtc(id: assignment.crtcID),
                let plane = card.probe.planes.first(where: { $0.id == assignment.primaryPlaneID })
            else {
                KMSLog.info("\(connector.name): no free CRTC with a primary plane; it stays dark until one frees")
                continue
            }
            do {
                let output = try ScanoutOutput(
                    device: card.device, connector: connector, crtc: crtc, primaryPlane: plane, mode: mode)
                let screen = Screen(kmsConnector: connector, mode: mode)
                taken.insert(crtc.id)
                lit.append(LitScreen(screen: screen, output: output, card: card))
                KMSLog.info("\(connector.name): \(mode) on crtc \(crtc.id), plane \(plane.id)")
                Application.shared.connect(screen)
            } catch {
                KMSLog.error("\(connector.name): \(error)")
            }
        }
    }
}
