/// Which connectors of a card a re-probe reads again.
package enum ReprobeScope: Sendable, Hashable {
    /// The whole card: one event did not name a connector, so any of them may have changed.
    case all
    /// Only these connectors: reading one connector is much cheaper than probing the card.
    case connectors(Set<UInt32>)

    /// The scope that also covers an event naming `connectorID`; an event naming
    /// none widens it to `.all`.
    package func adding(_ connectorID: UInt32?) -> ReprobeScope {
        switch (self, connectorID) {
        case (.connectors(let ids), let id?): .connectors(ids.union([id]))
        default: .all
        }
    }
}

/// When hotplug re-probes run, as a pure value: events and the caller's timer go in
/// with the time they happened, re-probes and log lines come out. It reads no clock,
/// starts no timer and does no I/O, so every timing rule is checked by tables of
/// (time, event) → actions; the caller owns the timer (`nextDeadline`), the cards
/// and the probing.
///
/// The rules:
/// - drm `change` events come in bursts (one per connector, or several per plug).
///   The first event of a card that was not re-probed within `burstWindow` is
///   re-probed at once: a plug is usually one event, and waiting out a window for
///   it cost two refresh periods of every hotplug. Events within `burstWindow` of
///   that re-probe are handled by one more re-probe per card at the window's end,
///   scoped to the connectors they named.
/// - A connector that is connected but reports no modes yet (its EDID read still in
///   flight) is re-probed after each of `noModeRetryDelays`, then given up on (one
///   log line) until it lights or disconnects.
/// - A connector waiting for a free CRTC is reported once, not at every re-probe.
///
/// Suspension is not modelled: the caller holds events while suspended and hands
/// them in on resume, then sends `.flush`.
package struct ReprobeSchedule: Sendable, Equatable {
    /// Events within this of a card's last re-probe wait for one re-probe at its end.
    package static let burstWindow = 0.03
    /// Delays before re-probing a connector that is connected but reports no modes
    /// yet; after the last it is given up on.
    package static let noModeRetryDelays = [0.1, 0.3, 0.9]
    /// A timer firing this much before the deadline counts as on time: timers may fire
    /// a hair early, and a re-probe skipped for that would wait for no further timer.
    package static let timerTolerance = 0.001

    /// What the caller saw. Every event concerns a card the caller drives; the caller
    /// drops events for cards it does not know.
    package enum Event: Sendable, Equatable {
        /// A drm `change` uevent for `card`, naming one connector or none (then the
        /// whole card is re-probed). Its time is when it arrived, which is also the
        /// plug time handed out with the re-probe.
        case cardChanged(card: String, connector: UInt32?)
        /// A re-probe (or the first probe of a card) found the connector connected but
        /// without modes. `plugTime` is the plug time that probe was run for, kept by
        /// the retries so the screen's hotplug-to-first-frame counts from the plug.
        case connectorHasNoModes(card: String, connector: UInt32, plugTime: Double?)
        /// The connector has modes but every CRTC it can use is taken; it lights when
        /// one frees. Having modes ends its no-mode retries.
        case noFreeCRTC(card: String, connector: UInt32)
        /// A CRTC was chosen for the connector (sent even if the modeset then fails):
        /// its no-mode retries and its waiting report are over.
        case connectorLit(card: String, connector: UInt32)
        /// A re-probe found the connector disconnected (or gone): a later plug starts
        /// its retries and waiting report afresh.
        case connectorDisconnected(card: String, connector: UInt32)
        /// The card is gone: its pending re-probe, retries and waiting reports are dropped.
        case cardRemoved(card: String)
        /// The caller's timer for `nextDeadline` fired (or the caller polls): the due
        /// re-probes come out.
        case timerFired
        /// Every pending re-probe now, whatever its deadline: on resume after a session
        /// switch the held events have already waited out their burst.
        case flush
    }

    /// What the caller must do.
    package enum Action: Sendable, Equatable {
        /// Re-probe `scope` of `card`, then light what it found; `plugTime` is the
        /// earliest arrival of the events that led here (nil for a retry after the
        /// cards were first probed at start).
        case reprobe(card: String, scope: ReprobeScope, plugTime: Double?)
        /// Log that the connector still reports no modes after the last retry.
        case reportGivenUp(card: String, connector: UInt32)
        /// Log that the connector is connected but waits for a free CRTC.
        case reportWaiting(card: String, connector: UInt32)
    }

    /// One connector of one card.
    private struct ConnectorKey: Hashable, Sendable {
        var card: String
        var connector: UInt32
    }

    /// When the caller's timer must fire next; nil when nothing is pending.
    package private(set) var nextDeadline: Double?
    /// Cards to re-probe at `nextDeadline`, and which of their connectors.
    private var pending: [String: ReprobeScope] = [:]
    /// The earliest plug time of the pending re-probes (one for all of them: they
    /// run together, for the same burst).
    private var pendingPlugTime: Double?
    /// Re-probes scheduled for a connector without modes; one past the last delay
    /// once given up (so "given up" is reported once).
    private var modeRetries: [ConnectorKey: Int] = [:]
    /// Connectors already reported as waiting for a CRTC.
    private var reportedWaiting: Set<ConnectorKey> = []
    /// When each card was last re-probed: events within `burstWindow` of it wait.
    private var lastReprobe: [String: Double] = [:]

    package init() {}

    /// Takes in `event`, which happened at `time` (seconds on the caller's monotonic
    /// clock), and returns what to do now, re-probes sorted by card.
    package mutating func handle(_ event: Event, at time: Double) -> [Action] {
        switch event {
        case .cardChanged(let card, let connector):
            // A card quiet for a burst window is re-probed now, with whatever else is pending.
            let quietSince = lastReprobe[card].map { $0 + Self.burstWindow } ?? -.infinity
            schedule(card: card, connector: connector, at: max(quietSince, time), plugTime: time)
            guard time >= quietSince - Self.timerTolerance else { return [] }
            return takePending(at: time)
        case .connectorHasNoModes(let card, let connector, let plugTime):
            let key = ConnectorKey(card: card, connector: connector)
            let attempt = modeRetries[key, default: 0]
            guard attempt < Self.noModeRetryDelays.count else {
                guard attempt == Self.noModeRetryDelays.count else { return [] }
                modeRetries[key] = attempt + 1
                return [.reportGivenUp(card: card, connector: connector)]
            }
            modeRetries[key] = attempt + 1
            schedule(card: card, connector: connector, at: time + Self.noModeRetryDelays[attempt], plugTime: plugTime)
            return []
        case .noFreeCRTC(let card, let connector):
            let key = ConnectorKey(card: card, connector: connector)
            modeRetries[key] = nil
            return reportedWaiting.insert(key).inserted ? [.reportWaiting(card: card, connector: connector)] : []
        case .connectorLit(let card, let connector), .connectorDisconnected(let card, let connector):
            let key = ConnectorKey(card: card, connector: connector)
            modeRetries[key] = nil
            reportedWaiting.remove(key)
            return []
        case .cardRemoved(let card):
            modeRetries = modeRetries.filter { $0.key.card != card }
            reportedWaiting = reportedWaiting.filter { $0.card != card }
            lastReprobe[card] = nil
            pending[card] = nil
            if pending.isEmpty { clearPending() }
            return []
        case .timerFired:
            guard let deadline = nextDeadline, time >= deadline - Self.timerTolerance else { return [] }
            return takePending(at: time)
        case .flush:
            return takePending(at: time)
        }
    }

    /// Adds `connector` (nil: the whole card) to `card`'s pending re-probe, due at
    /// `due` unless the pending ones are already due sooner: a burst is not pushed
    /// back by its later events, but a sooner need is served sooner.
    private mutating func schedule(card: String, connector: UInt32?, at due: Double, plugTime: Double?) {
        pending[card] = (pending[card] ?? .connectors([])).adding(connector)
        if let plugTime { pendingPlugTime = min(pendingPlugTime ?? plugTime, plugTime) }
        nextDeadline = min(nextDeadline ?? due, due)
    }

    /// The pending re-probes as actions, sorted by card, run at `time`; nothing is pending after.
    private mutating func takePending(at time: Double) -> [Action] {
        let actions = pending.sorted { $0.key < $1.key }.map { card, scope in
            Action.reprobe(card: card, scope: scope, plugTime: pendingPlugTime)
        }
        for card in pending.keys { lastReprobe[card] = time }
        clearPending()
        return actions
    }

    private mutating func clearPending() {
        pending = [:]
        pendingPlugTime = nil
        nextDeadline = nil
    }
}
