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
        applyEnvironmentMirror()
    }

    /// Removes a screen: its windows are hidden (the key one resigns first)
    /// and moved to the main screen, if any; then `Screen.didDisconnectNotification` is posted.
    package func disconnect(_ screen: Screen) {
        guard connectedScreens.contains(where: { $0 === screen }) else { return }
        // Mirroring from or onto a screen that goes ends first (with its notification).
        for target in screen.mirrorTargets { target.stopMirroring() }
        screen.stopMirroring()
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

    /// `DIRECTDISPLAY_MIRROR=SOURCE:TARGET` (connector names): once both are
    /// connected, TARGET mirrors SOURCE, for apps that never call `Screen.mirror(_:)`.
    private func applyEnvironmentMirror() {
        guard let value = ProcessInfo.processInfo.environment["DIRECTDISPLAY_MIRROR"], !value.isEmpty else { return }
        let names = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
            if !reportedMirrorSetting {
                reportedMirrorSetting = true
                StderrLog.info("DIRECTDISPLAY_MIRROR=\(value) ignored: expected SOURCE:TARGET, two connector names")
            }
            return
        }
        guard let source = connectedScreens.first(where: { $0.name == names[0] }),
            let target = connectedScreens.first(where: { $0.name == names[1] }), target.mirroredScreen !== source
        else { return }
        do {
            try target.mirror(source)
        } catch {
            StderrLog.info("DIRECTDISPLAY_MIRROR=\(value): \(error)")
        }
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
        // The on-screen keyboard keeps to the bottom edge and the width.
        keyboardController.setNeedsUpdate()
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
                // Controllers presented over the root (their views in this window or an alert's) change size too.
                var next = controller
                while let each = next {
                    each.viewWillTransition(to: newBounds.size, with: coordinator)
                    next = each.presentedStorage
                }
            }
            window.frame = newBounds
        }
        coordinator.complete()
        for window in windows where window.screen === screen { window.setNeedsDisplayRecursively() }
        screen.setNeedsComposite()
    }
}
