/// How one connector differs between two probes: what a re-probe reports upward.
package enum ConnectorChange: Sendable, Equatable {
    /// Now connected (and was not, or is new on the card).
    case connected(id: UInt32)
    /// No longer connected, or gone from the card.
    case disconnected(id: UInt32)
    /// Still connected, but a different monitor is on the port (its EDID changed):
    /// handled as a disconnect followed by a connect.
    case monitorReplaced(id: UInt32)
    /// Still connected to the same monitor, with a different mode list.
    case modesChanged(id: UInt32)
    /// Still connected, but the kernel marked the link BAD: the monitor shows
    /// nothing until the mode is set again (after `modesChanged`, when both apply).
    case linkBroken(id: UInt32)

    /// Compares connectors by id; writeback connectors are never screens and are skipped.
    /// Equal probes give no change, so a re-probe after a spurious uevent does nothing.
    package static func between(old: [ConnectorState], new: [ConnectorState]) -> [ConnectorChange] {
        let oldByID = Dictionary(old.filter { !$0.isWriteback }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var changes: [ConnectorChange] = []
        for connector in new where !connector.isWriteback {
            let was = oldByID[connector.id]
            let wasConnected = was?.status == .connected
            let isConnected = connector.status == .connected
            switch (wasConnected, isConnected) {
            case (false, true): changes.append(.connected(id: connector.id))
            case (true, false): changes.append(.disconnected(id: connector.id))
            case (true, true):
                if was?.edid != connector.edid {
                    changes.append(.monitorReplaced(id: connector.id))
                } else {
                    if was?.modes != connector.modes { changes.append(.modesChanged(id: connector.id)) }
                    // Reported while it stays BAD: each uevent is one more try at a modeset.
                    if connector.linkStatus == .bad { changes.append(.linkBroken(id: connector.id)) }
                }
            case (false, false): break
            }
        }
        let newIDs = Set(new.map(\.id))
        for connector in old
        where !connector.isWriteback && connector.status == .connected && !newIDs.contains(connector.id) {
            changes.append(.disconnected(id: connector.id))
        }
        return changes
    }
}
