import DirectDisplay
import Foundation

/// The demo's windows: on the main screen a full-screen normal window (root view
/// and a subview), a status-bar-level strip and an alert-level panel, the key one
/// marked with a white bar along its bottom edge that moves as the key window changes; on every other
/// screen a white placeholder window shown without becoming key.
@MainActor
final class DemoScene {
    static let rootColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
    static let subviewColor = Color(red: 1, green: 0.55, blue: 0, alpha: 1)

    private var levelWindows: [Window] = []
    private var externalWindows: [ObjectIdentifier: Window] = [:]
    private var keyMarks: [ObjectIdentifier: View] = [:]
    private var timer: DispatchSourceTimer?
    private var observers: [NSObjectProtocol] = []

    func start() {
        observeKeyWindow()
        if let main = Screen.main { buildMainScreen(main) }
        for screen in Screen.screens where screen !== Screen.main { showPlaceholder(on: screen) }
        observeScreens()
        cycleKeyWindowEverySecond()
    }

    func stop() {
        timer?.cancel()
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    private func buildMainScreen(_ screen: Screen) {
        let bounds = screen.bounds
        let normal = makeWindow(frame: bounds, color: Self.rootColor, level: .normal)
        let subview = View(
            frame: CGRect(
                x: bounds.width * 0.1, y: bounds.height * 0.25, width: bounds.width * 0.35, height: bounds.height * 0.5)
        )
        subview.backgroundColor = Self.subviewColor
        normal.rootViewController?.view.addSubview(subview)

        let statusBar = makeWindow(
            frame: CGRect(x: 0, y: 0, width: bounds.width, height: max(24, bounds.height * 0.06)),
            color: Color(red: 0.15, green: 0.65, blue: 0.3, alpha: 1), level: .statusBar)
        let alert = makeWindow(
            frame: CGRect(
                x: bounds.width * 0.55, y: bounds.height * 0.3, width: bounds.width * 0.35, height: bounds.height * 0.4),
            color: Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 1), level: .alert)
        levelWindows = [normal, statusBar, alert]
        statusBar.isHidden = false
        alert.isHidden = false
        normal.makeKeyAndVisible()
    }

    private func makeWindow(frame: CGRect, color: Color, level: Window.Level) -> Window {
        let window = Window(frame: frame)
        window.windowLevel = level
        let controller = ViewController()
        window.rootViewController = controller
        controller.view.backgroundColor = color
        // A white bar along the bottom edge: never under the status bar.
        let mark = View(frame: CGRect(x: 0, y: frame.height - 8, width: frame.width, height: 8))
        mark.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        mark.isHidden = true
        controller.view.addSubview(mark)
        keyMarks[ObjectIdentifier(window)] = mark
        return window
    }

    /// The key window shows its white bar (UIKit's notifications drive it).
    private func observeKeyWindow() {
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(forName: Window.didBecomeKeyNotification, object: nil, queue: nil) { [weak self] note in
                let window = note.object as? Window
                MainActor.assumeIsolated { self?.mark(window, key: true) }
            })
        observers.append(
            center.addObserver(forName: Window.didResignKeyNotification, object: nil, queue: nil) { [weak self] note in
                let window = note.object as? Window
                MainActor.assumeIsolated { self?.mark(window, key: false) }
            })
    }

    private func mark(_ window: Window?, key: Bool) {
        guard let window, let mark = keyMarks[ObjectIdentifier(window)] else { return }
        mark.isHidden = !key
    }

    /// The external-display pattern: a window per new screen, shown without making it key.
    private func observeScreens() {
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(forName: Screen.didConnectNotification, object: nil, queue: nil) { [weak self] note in
                let screen = note.object as? Screen
                MainActor.assumeIsolated {
                    guard let self, let screen else { return }
                    if self.levelWindows.isEmpty, screen === Screen.main {
                        self.buildMainScreen(screen)
                    } else {
                        self.showPlaceholder(on: screen)
                    }
                }
            })
        observers.append(
            center.addObserver(forName: Screen.didDisconnectNotification, object: nil, queue: nil) { [weak self] note in
                let screen = note.object as? Screen
                MainActor.assumeIsolated {
                    guard let self, let screen else { return }
                    self.externalWindows[ObjectIdentifier(screen)] = nil
                }
            })
    }

    private func showPlaceholder(on screen: Screen) {
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        window.isHidden = false
        externalWindows[ObjectIdentifier(screen)] = window
    }

    private func cycleKeyWindowEverySecond() {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        var next = 1
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.levelWindows.isEmpty else { return }
                self.levelWindows[next % self.levelWindows.count].makeKey()
                next += 1
            }
        }
        timer.resume()
        self.timer = timer
    }
}
