/// Which screen a touch device drives, as the input issue orders the rules:
///
/// 1. the udev property WL_OUTPUT naming a connector (weston's and wlroots'
///    convention), when it is set;
/// 2. otherwise a binding made through the API;
/// 3. otherwise, when exactly one screen is connected, that screen;
/// 4. otherwise none: the device's events are dropped.
///
/// A rule that names a screen which is not connected stops the search: the
/// device is meant for that screen, and delivering its touches to another one
/// would put them in the wrong window. They flow again once it connects.
package enum TouchScreenRule {
    /// Why a device drives a screen, or does not.
    package enum Choice: Sendable, Hashable {
        /// Named by the device's WL_OUTPUT udev property.
        case outputProperty(String)
        /// Named by an API binding.
        case binding(String)
        /// The one connected screen.
        case onlyScreen(String)
        /// WL_OUTPUT names a connector that is not connected.
        case waitingForOutput(String)
        /// The API binding names a connector that is not connected.
        case waitingForBinding(String)
        /// Several screens and nothing says which.
        case ambiguous(screenCount: Int)
        case noScreen

        /// The connector name of the screen the device drives, if any.
        package var screen: String? {
            switch self {
            case .outputProperty(let name), .binding(let name), .onlyScreen(let name): name
            case .waitingForOutput, .waitingForBinding, .ambiguous, .noScreen: nil
            }
        }
    }

    /// - Parameters:
    ///   - outputProperty: the device's WL_OUTPUT value; nil or empty when unset.
    ///   - binding: the connector the API bound the device to, if any.
    ///   - connectedScreens: connector names of the connected screens (e.g. "HDMI-A-1").
    package static func screen(outputProperty: String?, binding: String?, connectedScreens: [String]) -> Choice {
        if let output = outputProperty, !output.isEmpty {
            return connectedScreens.contains(output) ? .outputProperty(output) : .waitingForOutput(output)
        }
        if let binding {
            return connectedScreens.contains(binding) ? .binding(binding) : .waitingForBinding(binding)
        }
        switch connectedScreens.count {
        case 0: return .noScreen
        case 1: return .onlyScreen(connectedScreens[0])
        default: return .ambiguous(screenCount: connectedScreens.count)
        }
    }
}
