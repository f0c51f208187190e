import Foundation
import WindowModel

extension Application {
    /// Adds a screen a back end found, chooses the main screen by the rules
    /// (an internal panel, else the first connected; the main stays main), and
    /// posts `Screen.didConnectNotification`.
    package func connect(_ screen: Screen) {
        guard !connectedScreens.contains(where: { $0 === screen }) else { return }
        connectedScreens.append(screen)
        screen.isConnected = true
        chooseMainScreen()
        idle.screenConnected(screen)
        NotificationCenter.default.post(name: Screen.didConnectNotification, object: screen)
        screen.setNeedsComposite()
    }

    /// Removes a screen: its windows are hidden (the key one resigns first)
    /// and moved to the main screen, if any; then `Screen.didDisconnectNotification` is posted.
    package func disconnect(_ screen: Screen) {
        guard connectedScreens.contains(where: { $0 === screen }) else { return }
        let onScreen = windows.filter { $0.screen === screen }
        // The key window goes last, so key status passes to a window that stays visible.
        for window in onScreen.sorted(by: { !$0.isKeyWindow && $1.isKeyWindow }) where !window.isHidden {
            apply(model.hide(ObjectIdentifier(window)))
        }
        connectedScreens.removeAll { $0 === screen }
        screen.isConnected = false
        screen.didComposite()
        chooseMainScreen()
        for window in onScreen where window.screen === screen { window.screen = mainScreen }
        NotificationCenter.default.post(name: Screen.didDisconnectNotification, object: screen)
    }

    private func chooseMainScreen() {
        let names = connectedScreens.map(\.name)
        let current = mainScreen.flatMap { main in connectedScreens.contains { $0 === main } ? main.name : nil }
        mainScreen = MainScreenRule.mainIndex(connected: names, current: current).map { connectedScreens[$0] }
    }

    /// A screen's bounds changed (a new mode or orientation): full-screen
    /// windows whose root view controller accepts the orientation take the
    /// new bounds, and their root view controllers get `viewWillTransition(to:with:)`.
    func screenBoundsDidChange(_ screen: Screen, from oldBounds: CGRect, orientation: InterfaceOrientation? = nil) {
        let newBounds = screen.bounds
        let coordinator = TransitionCoordinator()
        for window in windows where window.screen === screen {
            let controller = window.rootViewController
            if let orientation, let controller, !controller.supportedInterfaceOrientations.contains(orientation.mask) {
                continue
            }
            guard window.frame == oldBounds, newBounds.size != oldBounds.size || newBounds != window.frame else {
                continue
            }
            if newBounds.size != oldBounds.size {
                controller?.viewWillTransition(to: newBounds.size, with: coordinator)
            }
            window.frame = newBounds
        }
        coordinator.complete()
        for window in windows where window.screen === screen { window.setNeedsDisplayRecursively() }
        screen.setNeedsComposite()
    }
}
