/// Chooses the main screen: a connected internal panel (eDP, LVDS, DSI) if
/// any, else the first connected connector in connection order; the current
/// main screen stays main until it goes away.
package enum MainScreenRule {
    /// Connector-name prefixes of panels built into the device.
    package static let internalPrefixes = ["eDP", "LVDS", "DSI"]

    /// Whether a connector name (e.g. "eDP-1") is an internal panel.
    package static func isInternal(connectorName name: String) -> Bool {
        internalPrefixes.contains { name.hasPrefix($0) }
    }

    /// The index in `connected` (names in connection order) of the main screen,
    /// given the name of the current main screen, if any.
    package static func mainIndex(connected: [String], current: String?) -> Int? {
        if let current, let index = connected.firstIndex(of: current) { return index }
        if let index = connected.firstIndex(where: isInternal(connectorName:)) { return index }
        return connected.isEmpty ? nil : 0
    }
}
