import DirectDisplayCore
import Foundation
import KMS
import Scheduling
import Udev

/// Hotplug: device events lead to re-probes, re-probes are diffed against what
/// was known, and only the differences light or unlight screens.
extension KMSDisplay {
    func start(_ card: KMSCard) {
        lightConnectors(of: card, plugTime: nil)
        do {
            try card.startEvents(on: eventLoop) { [weak self, unowned card] events in self?.handle(events, on: card) }
        } catch {
            StderrLog.error("\(card.node.devnode): no flip events: \(error)")
        }
    }

    /// Device events (udev's, or a test's fake card's) that arrived at `arrival`.
    package func handle(_ events: [DRMHotplugEvent], arrivedAt arrival: Double) {
        guard !isSuspended else {
            heldDeviceEvents.append((events, arrival))
            return
        }
        for event in events {
            switch event {
            case .cardAdded(let node):
                addCard(node, plugTime: arrival)
            case .cardRemoved(let sysname):
                removeCard(sysname: sysname)
            case .cardChanged(let sysname, let connectorID):
                guard cards.contains(where: { $0.node.sysname == sysname }) else { continue }
                schedule(.cardChanged(card: sysname, connector: connectorID), at: arrival)
            }
        }
    }

    /// Hands an event to the pure schedule, carries out what it says now, and keeps
    /// the loop's timer at its next deadline.
    func schedule(_ event: ReprobeSchedule.Event, at time: Double) {
        let actions = reprobeSchedule.handle(event, at: time)
        armReprobeTimer()
        for action in actions {
            switch action {
            case .reprobe(let sysname, let scope, let plugTime):
                guard let card = cards.first(where: { $0.node.sysname == sysname }) else { continue }
                reprobe(card, scope: scope, plugTime: plugTime)
            case .reportGivenUp(let sysname, let id):
                StderrLog.info(
                    "\(connectorName(sysname, id)): connected but still reports no modes; given up until the next hotplug event"
                )
            case .reportWaiting(let sysname, let id):
                StderrLog.info(
                    "\(connectorName(sysname, id)): connected, but every CRTC it can use is busy; it lights when one frees"
                )
            }
        }
    }

    private func armReprobeTimer() {
        let deadline = reprobeSchedule.nextDeadline
        guard deadline != reprobeTimer?.deadline else { return }
        if let reprobeTimer { eventLoop.cancelTimer(reprobeTimer.id) }
        reprobeTimer = nil
        guard let deadline else { return }
        let id = eventLoop.schedule(at: deadline, name: "hotplug re-probe") { [weak self] in
            guard let self else { return }
            self.reprobeTimer = nil
            guard !self.isSuspended else { return }
            self.schedule(.timerFired, at: self.eventLoop.clock.now)
        }
        reprobeTimer = (id, deadline)
    }

    private func connectorName(_ sysname: String, _ id: UInt32) -> String {
        let card = cards.first { $0.node.sysname == sysname }
        return card?.probe.connectors.first { $0.id == id }?.name ?? "\(sysname) connector \(id)"
    }

    private func reprobe(_ card: KMSCard, scope: ReprobeScope, plugTime: Double?) {
        let started = monotonicSeconds()
        let old = card.probe
        switch scope {
        case .all:
            do {
                card.probe = try card.access.probe()
            } catch {
                StderrLog.error("re-probing \(card.node.devnode): \(error)")
                return
            }
        case .connectors(let ids):
            for id in ids { card.probe = card.access.reprobe(card.probe, connectorID: id) }
        }
        let changes = ConnectorChange.between(old: old.connectors, new: card.probe.connectors)
        for change in changes {
            switch change {
            case .disconnected(let id):
                if let entry = litEntry(card: card, connectorID: id) { unlight(entry) }
                schedule(.connectorDisconnected(card: card.node.sysname, connector: id), at: eventLoop.clock.now)
            case .monitorReplaced(let id):
                if let entry = litEntry(card: card, connectorID: id) { unlight(entry) }
            case .modesChanged(let id):
                if let entry = litEntry(card: card, connectorID: id),
                    let fresh = card.probe.connectors.first(where: { $0.id == id })
                {
                    updateModes(entry, to: fresh)
                }
            case .linkBroken(let id):
                if let entry = litEntry(card: card, connectorID: id) { relink(entry) }
            case .connected:
                break
            }
        }
        // New screens, and screens that were waiting for a CRTC that just freed.
        let probed = monotonicSeconds()
        lightConnectors(of: card, plugTime: plugTime)
        for entry in lit where entry.card === card && entry.firstFrame.reprobeStarted == nil {
            entry.firstFrame.reprobeStarted = started
            entry.firstFrame.probed = probed
        }
    }

    /// A lit connector's mode list changed: the screen follows; if its mode is gone
    /// it moves to the new preferred mode.
    private func updateModes(_ entry: LitScreen, to connector: ConnectorState) {
        entry.connector = connector
        entry.screen.updateModes(
            Screen.modes(of: connector), preferred: connector.modes.preferred.map(Screen.Mode.init))
        guard !connector.modes.contains(entry.output.mode), let preferred = connector.modes.preferred else { return }
        do {
            try apply(Screen.Mode(preferred), to: entry.screen)
        } catch {
            StderrLog.error("\(connector.name): its mode went away and \(preferred) failed: \(error)")
        }
    }

    /// The kernel marked the link to the monitor BAD (it shows nothing now): the same
    /// mode is set again, asking for the link to be retrained, with a whole frame.
    private func relink(_ entry: LitScreen) {
        StderrLog.info("\(entry.connector.name): link to the monitor broken (link-status BAD); setting its mode again")
        entry.linkResets += 1
        entry.output.relink()
        entry.needsComposite = true
        entry.buffersInvalidated()
        schedulePresent()
    }

    func litEntry(card: KMSCard, connectorID: UInt32) -> LitScreen? {
        lit.first { $0.card === card && $0.connector.id == connectorID }
    }

    /// Lights every connected connector of `card` that is not lit yet, each on a free
    /// CRTC; one with no modes yet is re-probed later, one with no CRTC waits.
    func lightConnectors(of card: KMSCard, plugTime: Double?) {
        var taken = Set(lit.filter { $0.card === card }.map(\.output.crtc.id))
        let sysname = card.node.sysname
        let now = eventLoop.clock.now
        for connector in card.probe.connectors where !connector.isWriteback && connector.status == .connected {
            guard litEntry(card: card, connectorID: connector.id) == nil else { continue }
            guard let mode = connector.modes.preferred else {
                schedule(.connectorHasNoModes(card: sysname, connector: connector.id, plugTime: plugTime), at: now)
                continue
            }
            guard
                let assignment = CRTCAssignment.choose(
                    for: connector, in: card.probe, taken: taken, format: ScanoutBuffer.defaultFormat),
                let crtc = card.probe.crtc(id: assignment.crtcID),
                let plane = card.probe.planes.first(where: { $0.id == assignment.primaryPlaneID })
            else {
                schedule(.noFreeCRTC(card: sysname, connector: connector.id), at: now)
                continue
            }
            schedule(.connectorLit(card: sysname, connector: connector.id), at: now)
            do {
                let output = try card.makeOutput(
                    connector: connector, crtc: crtc, primaryPlane: plane, mode: mode)
                let outputMade = monotonicSeconds()
                let screen = Screen(kmsConnector: connector, mode: mode)
                taken.insert(crtc.id)
                let entry = LitScreen(screen: screen, output: output, card: card, plugTime: plugTime)
                findBacklight(for: entry)
                entry.firstFrame.outputMade = outputMade
                // The cursor plane waits for the first frame (see `firstFrameFlipped`).
                attachOverlayPlanes(
                    to: entry, taken: Set(lit.filter { $0.card === card }.flatMap(\.output.overlayPlaneIDs)))
                lit.append(entry)
                StderrLog.info("\(connector.name): \(mode) on crtc \(crtc.id), plane \(plane.id)")
                host?.connect(screen)
                entry.firstFrame.lit = monotonicSeconds()
                // Black until a window shows: the first frame goes out now.
                screen.setNeedsComposite()
                setNeedsComposite(screen)
            } catch {
                StderrLog.error("\(connector.name): \(error)")
            }
        }
    }

    /// The connector went away: its CRTC is turned off and freed, the buffers
    /// released, then the window rules run and didDisconnect is posted.
    func unlight(_ entry: LitScreen) {
        // A CRTC cannot be turned off with another screen's connector on it.
        endClones(involving: entry)
        if entry.output.hasFlipQueued {
            do {
                try waitUntilIdle(entry, timeout: 0.5)
            } catch {
                StderrLog.info("\(entry.connector.name): last flip before turning it off: \(error)")
            }
        }
        releaseWriteback(from: entry)
        if let error = entry.output.turnOff() {
            StderrLog.info("\(entry.connector.name): turning off: \(error)")
        } else {
            keepSpareBuffers(entry.output.releaseBuffers(), on: entry.card)
        }
        lit.removeAll { $0 === entry }
        StderrLog.info("\(entry.connector.name): disconnected")
        host?.disconnect(entry.screen)
    }

    /// Keeps an unplugged connector's buffers on its card for `spareBufferLifetime`
    /// seconds (each unplug starts the time again), then frees them.
    private func keepSpareBuffers(_ buffers: [ScanoutBuffer], on card: KMSCard) {
        guard !buffers.isEmpty, spareBufferLifetime > 0 else { return }
        card.spareBuffers.keep(buffers)
        if let expiry = card.spareBuffersExpiry { eventLoop.cancelTimer(expiry) }
        card.spareBuffersExpiry = eventLoop.schedule(after: spareBufferLifetime, name: "spare scanout buffers") {
            [weak card] in
            card?.spareBuffers.removeAll()
            card?.spareBuffersExpiry = nil
        }
    }

    private func addCard(_ node: DRMCardNode, plugTime: Double) {
        guard !cards.contains(where: { $0.node.sysname == node.sysname }) else { return }
        do {
            let card = try KMSCard(
                node: node, opener: opener, allowsAtomic: configuration.usesAtomicModesetting, access: cardAccess)
            cards.append(card)
            forgetCompositorChoices()
            StderrLog.info("\(node.devnode) (\(card.device.driverName)) appeared")
            try card.startEvents(on: eventLoop) { [weak self, unowned card] events in self?.handle(events, on: card) }
            lightConnectors(of: card, plugTime: plugTime)
        } catch {
            StderrLog.info("skipping \(node.devnode): \(error)")
        }
    }

    /// The card is gone: its device can no longer be driven, so its screens are
    /// disconnected without any commit and the card is closed.
    private func removeCard(sysname: String) {
        guard let card = cards.first(where: { $0.node.sysname == sysname }) else { return }
        card.stopEvents()
        for entry in lit where entry.card === card {
            lit.removeAll { $0 === entry }
            StderrLog.info("\(entry.connector.name): card \(sysname) removed")
            host?.disconnect(entry.screen)
        }
        cards.removeAll { $0 === card }
        forgetCompositorChoices()
        // GL on that card holds its descriptor (EGL's copy): end it; GLViews move to the next context.
        if glViewDevice === card.device || GLViewContext.lives(onCardWithFD: card.device.fd) {
            GLViewContext.end()
            glViewDevice = (host?.mainScreen.flatMap { entry(for: $0) } ?? lit.first)?.card.device
        }
        schedule(.cardRemoved(card: sysname), at: eventLoop.clock.now)
    }

    // MARK: Waiting, for tests and tools

    /// Serves the display's event loop on this thread (device, input and flip events,
    /// timers, frames) until `condition` holds or `timeout` seconds pass (then throws).
    /// For tests and tools that plug displays and must know the result; apps let
    /// `Application.run()` serve the same loop from the main queue.
    package func waitFor(_ what: String, timeout: Double, until condition: () -> Bool) throws {
        do {
            try eventLoop.run(until: condition, timeout: timeout, what: what)
        } catch {
            throw KMSDisplayError.timedOut(what)
        }
    }

    /// From the device event that made `screen` to its first completed flip, in
    /// seconds; nil for screens found at start or not shown yet.
    package func plugToFirstFrame(of screen: Screen) -> Double? { entry(for: screen)?.plugToFirstFrame }

    /// The steps from `screen`'s device event to its first completed flip.
    package func firstFrameTimeline(of screen: Screen) -> FirstFrameTimeline? { entry(for: screen)?.firstFrame }
}
