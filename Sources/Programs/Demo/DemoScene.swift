import DirectDisplay
import Foundation

/// The demo's windows: on the main screen a full-screen normal window (root view
/// and a subview), a status-bar-level strip and an alert-level panel, the key one
/// marked with a white bar along its bottom edge that moves as the key window changes, and in the normal
/// window a spinning OpenGL ES triangle (`SpinningTriangleView`); on every other
/// screen a white placeholder window shown without becoming key.
///
/// The normal window also holds a title label, an image that two fingers pinch, and a button
/// that animates a small panel window in and out (`DemoControls`); over the subview, a list
/// of 1,000 rows to flick, tap and swipe (`DemoList`).
///
/// Input: touches, pens and mouse drags paint in the normal window (touchscreens without
/// a WL_OUTPUT udev property are bound to the main screen); typed text shows in a
/// `TextField` in the key window; the alert window holds a notes `TextView`. Each
/// finished stroke, each key that changes the text and each input device that comes
/// or goes is logged to stdout.
@MainActor
package final class DemoScene {
    static let rootColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
    static let subviewColor = Color(red: 1, green: 0.55, blue: 0, alpha: 1)

    private let input: SeatInput?
    private let typed = TypedText()
    private var levelWindows: [Window] = []
    private var externalWindows: [ObjectIdentifier: Window] = [:]
    private var keyMarks: [ObjectIdentifier: View] = [:]
    private var textLines: [ObjectIdentifier: TextField] = [:]
    private var timer: DispatchSourceTimer?
    /// The title, image and panel button of the main screen's normal window.
    private var controls: DemoControls?
    /// The list over the subview on the main screen.
    package private(set) var list: DemoList?
    /// The image two fingers pinch, on the main screen.
    package var pinchableImage: ImageView? { controls?.icon }
    private var observers: [NSObjectProtocol] = []
    private var stopped = false

    /// The demo being shown (`DemoCommand` keeps it here).
    package static var running: DemoScene?

    /// `input` is the seat the display reads (nil: no libinput, the demo only shows windows).
    /// Whether the main screen shows the spinning OpenGL ES triangle (benchmarks
    /// compare the demo with and without GL).
    package static var showsGLView = true

    package init(input: SeatInput?) { self.input = input }

    package func start() {
        observeKeyWindow()
        if let main = Screen.main { buildMainScreen(main) }
        for screen in Screen.screens where screen !== Screen.main { showPlaceholder(on: screen) }
        observeScreens()
        cycleKeyWindowEverySecond()
        watchInputDevices()
    }

    package func stop() {
        stopped = true
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
        if let root = normal.rootViewController?.view {
            root.insertSubview(subview, at: 0)
            // OpenGL ES: a small square right of the subview, between the status bar and the alert.
            let side = (bounds.height * 0.2).rounded()
            if Self.showsGLView {
                let triangle = SpinningTriangleView(
                    frame: CGRect(
                        x: (bounds.width * 0.6).rounded(), y: (bounds.height * 0.08).rounded(), width: side,
                        height: side))
                root.insertSubview(triangle, at: 1)
            }
            // Over the subview, under the key bar and the text line (which let touches through).
            root.insertSubview(PaintView(frame: root.bounds), at: Self.showsGLView ? 2 : 1)
            controls = DemoControls(in: root, screenBounds: bounds)
            list = DemoList(over: subview, in: root)
        }
        addTextLine(
            to: normal,
            frame: CGRect(x: bounds.width * 0.1, y: bounds.height * 0.8, width: bounds.width * 0.8, height: 40))

        let statusBar = makeWindow(
            frame: CGRect(x: 0, y: 0, width: bounds.width, height: max(24, bounds.height * 0.06)),
            color: Color(red: 0.15, green: 0.65, blue: 0.3, alpha: 1), level: .statusBar)
        // Between the top edge and the key bar along the bottom.
        addTextLine(
            to: statusBar,
            frame: CGRect(x: 12, y: 2, width: statusBar.bounds.width - 24, height: statusBar.bounds.height - 12))
        let alert = makeWindow(
            frame: CGRect(
                x: bounds.width * 0.55, y: bounds.height * 0.3, width: bounds.width * 0.35, height: bounds.height * 0.4),
            color: Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 1), level: .alert)
        addTextLine(to: alert, frame: CGRect(x: 12, y: 12, width: alert.bounds.width - 24, height: 36))
        addNotes(
            to: alert, frame: CGRect(x: 12, y: 56, width: alert.bounds.width - 24, height: alert.bounds.height - 72))
        levelWindows = [normal, statusBar, alert]
        statusBar.isHidden = false
        alert.isHidden = false
        normal.makeKeyAndVisible()
        bindTouchscreens(to: screen)
    }

    /// A text field as the window's first responder, shown while the window is key.
    private func addTextLine(to window: Window, frame: CGRect) {
        let line = typed.makeField(frame: frame)
        line.isHidden = true
        // Touches fall through to the paint area below; the field is already first responder.
        line.isUserInteractionEnabled = false
        window.rootViewController?.view.addSubview(line)
        line.becomeFirstResponder()
        textLines[ObjectIdentifier(window)] = line
    }

    /// A notes panel: a `TextView` to tap and write in (it becomes the window's first
    /// responder, so keys typed while its window is key go there), scrolled by a drag.
    private func addNotes(to window: Window, frame: CGRect) {
        let notes = TextView(frame: frame)
        notes.font = .systemFont(ofSize: 16)
        notes.backgroundColor = Color(white: 1, alpha: 1)
        notes.text = """
            Notes: tap here to write. This is a TextView: it wraps words, scrolls, \
            and edits as UIKit's does (Ctrl+Z undoes, Ctrl+Left and Right move by words).
            """
        window.rootViewController?.view.addSubview(notes)
    }

    /// One touchscreen drives the paint area even with several screens connected.
    private func bindTouchscreens(to screen: Screen) {
        guard let input else { return }
        input.bindTouchscreens(to: screen)
        DemoLog.write("demo: touchscreens without WL_OUTPUT drive \(screen.name)")
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
        mark.isUserInteractionEnabled = false
        controller.view.addSubview(mark)
        keyMarks[ObjectIdentifier(window)] = mark
        return window
    }

    /// The key window shows its white bar and its text line (UIKit's notifications drive it).
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
        guard let window else { return }
        keyMarks[ObjectIdentifier(window)]?.isHidden = !key
        textLines[ObjectIdentifier(window)]?.isHidden = !key
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

    /// Logs the input devices once they are open (after the first frame), then each one
    /// that comes or goes.
    private func watchInputDevices() {
        guard let input else {
            DemoLog.write("demo: no input (libinput unavailable)")
            return
        }
        input.whenDevicesOpened { [weak self, weak input] in
            guard let self, let input, !self.stopped else { return }
            let names = input.deviceNames
            DemoLog.write("demo: input devices: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
            // Those listed are not logged again as added.
            for (name, verb) in [
                (SeatInput.deviceDidConnectNotification, "added"),
                (SeatInput.deviceDidDisconnectNotification, "removed"),
            ] {
                self.observers.append(
                    NotificationCenter.default.addObserver(forName: name, object: input, queue: nil) { note in
                        let device = note.userInfo?[SeatInput.deviceNameKey] as? String ?? "?"
                        DemoLog.write("demo: input device \(verb): \(device)")
                    })
            }
        }
    }
}

/// The demo's stdout lines, written unbuffered so a pipe (a test, a log) sees each as it happens.
enum DemoLog {
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
