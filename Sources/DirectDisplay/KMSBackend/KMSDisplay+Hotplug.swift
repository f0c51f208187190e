import Foundation
import Glibc
import KMS
import Udev

/// Which connectors of a card a re-probe reads again.
enum ReprobeScope {
    case all
    case connectors(Set<UInt32>)

    func adding(_ connectorID: UInt32?) -> ReprobeScope {
        switch (self, connectorID) {
        case (.connectors(let ids), let id?): .connectors(ids.union([id]))
        default: .all
        }
    }
}

/// Hotplug: device events lead to re-probes, re-probes are diffed against what
/// was known, and only the differences light or unlight screens.
extension KMSDisplay {
    /// Events closer together than this are one burst, handled by one re-probe.
    static let burstWindow = 0.03
    /// Delays before re-probing a connector that is connected but reports no modes
    /// yet (its EDID read still in flight); after the last it is given up on.
    static let noModeRetryDelays = [0.1, 0.3, 0.9]

    func start(_ card: KMSCard) {
        lightConnectors(of: card, plugTime: nil)
        card.startEvents { [weak self, unowned card] events in self?.handle(events, on: card) }
    }

    func handle(_ events: [DRMHotplugEvent], arrivedAt arrival: Double) {
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
                pendingReprobes[sysname] = (pendingReprobes[sysname] ?? .connectors([])).adding(connectorID)
                scheduleReprobes(after: Self.burstWindow, plugTime: arrival)
            }
        }
    }

    /// Runs the pending re-probes after `delay`, unless they are already due sooner.
    func scheduleReprobes(after delay: Double, plugTime: Double?) {
        if let plugTime { pendingPlugTime = min(pendingPlugTime ?? plugTime, plugTime) }
        let due = monotonicSeconds() + delay
        if let deadline = reprobeDeadline, deadline <= due { return }
        reprobeDeadline = due
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated { self?.runDueReprobes() }
        }
    }

    /// Re-probes every card with pending events, once the burst window has passed.
    func runDueReprobes() {
        guard !isSuspended, let deadline = reprobeDeadline, monotonicSeconds() >= deadline - 0.001 else { return }
        reprobeDeadline = nil
        let due = pendingReprobes
        let plugTime = pendingPlugTime
        pendingReprobes = [:]
        pendingPlugTime = nil
        for (sysname, scope) in due {
            guard let card = cards.first(where: { $0.node.sysname == sysname }) else { continue }
            reprobe(card, scope: scope, plugTime: plugTime)
        }
    }

    private func reprobe(_ card: KMSCard, scope: ReprobeScope, plugTime: Double?) {
        let old = card.probe
        switch scope {
        case .all:
            do {
                card.probe = try CardProbe(device: card.device)
            } catch {
                StderrLog.error("re-probing \(card.node.devnode): \(error)")
                return
            }
        case .connectors(let ids):
            for id in ids { card.probe = card.probe.reprobing(connectorID: id, device: card.device) }
        }
        let changes = ConnectorChange.between(old: old.connectors, new: card.probe.connectors)
        for change in changes {
            switch change {
            case .disconnected(let id):
                if let entry = litEntry(card: card, connectorID: id) { unlight(entry) }
                modeRetries["\(card.node.sysname)/\(id)"] = nil
            case .monitorReplaced(let id):
                if let entry = litEntry(card: card, connectorID: id) { unlight(entry) }
            case .modesChanged(let id):
                if let entry = litEntry(card: card, connectorID: id),
                    let fresh = card.probe.connectors.first(where: { $0.id == id })
                {
                    updateModes(entry, to: fresh)
                }
            case .connected:
                break
            }
        }
        // New screens, and screens that were waiting for a CRTC that just freed.
        lightConnectors(of: card, plugTime: plugTime)
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

    func litEntry(card: KMSCard, connectorID: UInt32) -> LitScreen? {
        lit.first { $0.card === card && $0.connector.id == connectorID }
    }

    /// Lights every connected connector of `card` that is not lit yet, each on a free
    /// CRTC; one with no modes yet is re-probed later, one with no CRTC waits.
    func lightConnectors(of card: KMSCard, plugTime: Double?) {
        var taken = Set(lit.filter { $0.card === card }.map(\.output.crtc.id))
        for connector in card.probe.connectors where !connector.isWriteback && connector.status == .connected {
            guard litEntry(card: card, connectorID: connector.id) == nil else { continue }
            let key = "\(card.node.sysname)/\(connector.id)"
            guard let mode = connector.modes.preferred else {
                retryForModes(card: card, connector: connector, key: key, plugTime: plugTime)
                continue
            }
            modeRetries[key] = nil
            guard
                let assignment = CRTCAssignment.choose(
                    for: connector, in: card.probe, taken: taken, format: ScanoutBuffer.defaultFormat),
                let crtc = card.probe.crtc(id: assignment.crtcID),
                let plane = card.probe.planes.first(where: { $0.id == assignment.primaryPlaneID })
            else {
                if reportedWaiting.insert(key).inserted {
                    StderrLog.info(
                        "\(connector.name): connected, but every CRTC it can use is busy; it lights when one frees")
                }
                continue
            }
            reportedWaiting.remove(key)
            do {
                let output = try ScanoutOutput(
                    device: card.device, connector: connector, crtc: crtc, primaryPlane: plane, mode: mode)
                let screen = Screen(kmsConnector: connector, mode: mode)
                taken.insert(crtc.id)
                let entry = LitScreen(screen: screen, output: output, card: card, plugTime: plugTime)
                attachCursorPlane(
                    to: entry, taken: Set(lit.filter { $0.card === card }.compactMap(\.output.cursorPlaneID)))
                lit.append(entry)
                StderrLog.info("\(connector.name): \(mode) on crtc \(crtc.id), plane \(plane.id)")
                Application.shared.connect(screen)
                // Black until a window shows: the first frame goes out now.
                screen.setNeedsComposite()
                setNeedsComposite(screen)
            } catch {
                StderrLog.error("\(connector.name): \(error)")
            }
        }
    }

    private func retryForModes(card: KMSCard, connector: ConnectorState, key: String, plugTime: Double?) {
        let attempt = modeRetries[key, default: 0]
        guard attempt < Self.noModeRetryDelays.count else {
            if attempt == Self.noModeRetryDelays.count {
                StderrLog.info(
                    "\(connector.name): connected but still reports no modes; given up until the next hotplug event")
                modeRetries[key] = attempt + 1
            }
            return
        }
        modeRetries[key] = attempt + 1
        pendingReprobes[card.node.sysname] = (pendingReprobes[card.node.sysname] ?? .connectors([])).adding(
            connector.id)
        scheduleReprobes(after: Self.noModeRetryDelays[attempt], plugTime: plugTime)
    }

    /// The connector went away: its CRTC is turned off and freed, the buffers
    /// released, then the window rules run and didDisconnect is posted.
    func unlight(_ entry: LitScreen) {
        if entry.output.flipState == .queued || entry.output.flipState == .queuedWithPending {
            try? waitUntilIdle(entry, timeout: 0.5)
        }
        if let error = entry.output.turnOff() {
            StderrLog.info("\(entry.connector.name): turning off: \(error)")
        }
        lit.removeAll { $0 === entry }
        StderrLog.info("\(entry.connector.name): disconnected")
        Application.shared.disconnect(entry.screen)
    }

    private func addCard(_ node: DRMCardNode, plugTime: Double) {
        guard !cards.contains(where: { $0.node.sysname == node.sysname }) else { return }
        do {
            let card = try KMSCard(node: node)
            cards.append(card)
            StderrLog.info("\(node.devnode) (\(card.device.driverName)) appeared")
            card.startEvents { [weak self, unowned card] events in self?.handle(events, on: card) }
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
            Application.shared.disconnect(entry.screen)
        }
        cards.removeAll { $0 === card }
        pendingReprobes[sysname] = nil
        modeRetries = modeRetries.filter { !$0.key.hasPrefix("\(sysname)/") }
        reportedWaiting = reportedWaiting.filter { !$0.hasPrefix("\(sysname)/") }
    }

    // MARK: Waiting, for tests and tools

    /// Serves device, input and flip events on this thread until `condition` holds or
    /// `timeout` seconds pass (then throws). For tests and tools that plug displays
    /// and must know the result; apps let `Application.run()` serve the events.
    public func waitFor(_ what: String, timeout: Double, until condition: () -> Bool) throws {
        let deadline = monotonicSeconds() + timeout
        while !condition() {
            let now = monotonicSeconds()
            guard now < deadline else { throw KMSDisplayError.timedOut(what) }
            var wake = deadline
            if let due = reprobeDeadline { wake = min(wake, due) }
            // The main queue does not run while this blocks: key repeat is served here.
            if let due = input?.nextTimerDeadline { wake = min(wake, due) }
            var fds = [
                pollfd(fd: deviceMonitor?.fd ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: input?.fd ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            fds += cards.map { pollfd(fd: $0.device.fd, events: Int16(POLLIN), revents: 0) }
            let milliseconds = Int32(max(0, (wake - now) * 1000).rounded(.up))
            _ = poll(&fds, nfds_t(fds.count), milliseconds)
            if fds[0].revents != 0 { deviceMonitor?.drain() }
            if fds[1].revents != 0 { input?.dispatch() }
            input?.serviceTimers()
            for (card, fd) in zip(cards, fds.dropFirst(2)) where fd.revents != 0 {
                handle((try? card.device.readPendingFlipEvents()) ?? [], on: card)
            }
            runDueReprobes()
            presentDirtyScreens()
        }
    }

    /// From the device event that made `screen` to its first completed flip, in
    /// seconds; nil for screens found at start or not shown yet.
    public func plugToFirstFrame(of screen: Screen) -> Double? { entry(for: screen)?.plugToFirstFrame }
}
