import DirectDisplayCore
import Foundation
import XCTest

/// AlertController: its own window at the alert level, key status and UIKit's
/// notifications, actions by tap, Return and Escape, text fields, release after dismiss.
final class AlertControllerTests: DirectDisplayTestCase {
    private let log = EventLog()

    /// A key app window (blue) and a status-bar window (green strip at the top) on a 400x300 screen.
    private func app() -> (Screen, Window, Window, ViewController) {
        let screen = connect(width: 400, height: 300)
        let window = Window(screen: screen)
        let root = ViewController()
        root.view.backgroundColor = .blue
        window.rootViewController = root
        window.makeKeyAndVisible()
        let bar = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 20))
        bar.windowLevel = .statusBar
        bar.backgroundColor = .green
        bar.isHidden = false
        display.runUntilIdle()
        return (screen, window, bar, root)
    }

    private func alert(_ actions: [(String, AlertAction.Style)]) -> AlertController {
        let alert = AlertController(title: "Boiler", message: "Pressure high", preferredStyle: .alert)
        for (title, style) in actions {
            alert.addAction(AlertAction(title: title, style: style) { [log] action in log.add("\(action.title!) ran") })
        }
        return alert
    }

    private func center(of view: View) -> CGPoint {
        view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    private func tap(_ point: CGPoint, on screen: Screen) {
        display.touchDown(1, at: point, on: screen)
        display.touchUp(1, at: point, on: screen)
        display.runUntilIdle()
    }

    /// The buttons of the alert's window, in reading order.
    private func buttons(of alert: AlertController) -> [Button] {
        func collect(_ view: View) -> [Button] {
            (view as? Button).map { [$0] } ?? view.subviews.flatMap(collect)
        }
        return collect(alert.view).sorted {
            center(of: $0).y != center(of: $1).y
                ? center(of: $0).y < center(of: $1).y : center(of: $0).x < center(of: $1).x
        }
    }

    func testAlertShowsInItsOwnWindowAboveStatusBarDimmedAndTakesKeyThenGivesItBack() async throws {
        let (screen, window, bar, root) = app()
        // The alert's window is made inside present: name windows as notifications come.
        var events: [String] = []
        let tokens = NotificationRecorder.windowNames.map { name, event in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let id = (note.object as AnyObject?).map { ObjectIdentifier($0) }
                MainActor.assumeIsolated {
                    // Only the alert's window is neither.
                    let label = id == ObjectIdentifier(window) ? "app" : id == ObjectIdentifier(bar) ? "bar" : "alert"
                    events.append("\(label) \(event)")
                }
            }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
        let alert = alert([("OK", .default)])
        root.present(alert, animated: false)
        let alertWindow = try XCTUnwrap(alert.view.window)
        XCTAssertEqual(events, ["alert visible", "app resignKey", "alert key"])
        events = []
        XCTAssertEqual(alertWindow.windowLevel, .alert)
        XCTAssertTrue(alertWindow.screen === screen)
        XCTAssertTrue(Application.shared.windows.last === alertWindow)
        XCTAssertTrue(root.presentedViewController === alert)
        display.runUntilIdle()
        let image = try display.capture(screen)
        assertPixel(image, 72, 150, .white)
        assertPixel(image, 10, 150, Color(red: 0, green: 0, blue: 0.6))
        assertPixel(image, 10, 10, Color(red: 0, green: 0.6, blue: 0))
        let card = try XCTUnwrap(alert.view.subviews.first)
        XCTAssertEqual(card.frame.width, 270)
        XCTAssertEqual(card.center.x, 200)

        alert.dismiss(animated: false)
        XCTAssertEqual(events, ["alert resignKey", "app key", "alert hidden"])
        XCTAssertTrue(window.isKeyWindow)
        XCTAssertNil(root.presentedViewController)
    }

    func testTappingAButtonDismissesThenRunsItsHandlerOnce() async {
        let (screen, _, _, root) = app()
        let alert = alert([("Cancel", .cancel), ("Vent", .destructive)])
        root.present(alert, animated: true)
        display.advanceTime(by: 0.5)
        let shown = buttons(of: alert)
        XCTAssertEqual(shown.map(\.currentTitle), ["Cancel", "Vent"], "two actions side by side, cancel left")
        XCTAssertEqual(shown[1].currentTitleColor, Color(red: 1, green: 0.231, blue: 0.188), "destructive is red")
        let vent = center(of: shown[1])
        display.touchDown(1, at: vent, on: screen)
        XCTAssertEqual(shown[1].currentTitleColor.alpha, 0.4, accuracy: 0.01, "a pressed title fades")
        display.touchUp(1, at: vent, on: screen)
        tap(vent, on: screen)
        tap(vent, on: screen)
        XCTAssertEqual(log.take(), [], "the handler waits for the dismissal")
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["Vent ran"])
        XCTAssertNil(root.presentedViewController)
    }

    func testReturnTriggersPreferredElseOnlyDefaultAndEscapeTheCancel() async {
        let (_, _, _, root) = app()
        let first = alert([("Cancel", .cancel), ("Save", .default), ("Discard", .destructive)])
        first.preferredAction = first.actions[2]
        root.present(first, animated: false)
        press(KeyCode.enter)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["Discard ran"])

        let second = alert([("Cancel", .cancel), ("Save", .default)])
        root.present(second, animated: false)
        press(KeyCode.enter)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["Save ran"])

        let third = alert([("Cancel", .cancel), ("A", .default), ("B", .default)])
        root.present(third, animated: false)
        press(KeyCode.enter)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), [], "two defaults and no preferred action: Return does nothing")
        press(1)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["Cancel ran"])
        XCTAssertNil(root.presentedViewController)
    }

    func testTextFieldsAreRealFieldsTheFirstOneEditingAndReturnFromItActs() async throws {
        let (_, _, _, root) = app()
        let alert = alert([("Cancel", .cancel), ("Rename", .default)])
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.isSecureTextEntry = true }
        let fields = try XCTUnwrap(alert.textFields)
        XCTAssertEqual(fields.count, 2)
        XCTAssertEqual(fields[0].placeholder, "Name")
        var typed: String?
        let rename = AlertAction(title: "Go", style: .default) { _ in typed = fields[0].text }
        alert.addAction(rename)
        alert.preferredAction = rename
        root.present(alert, animated: false)
        display.runUntilIdle()
        XCTAssertTrue(fields[0].isFirstResponder)
        typeKeys("pump")
        press(KeyCode.enter)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(typed, "pump")
        XCTAssertNil(AlertController(title: nil, message: nil, preferredStyle: .alert).textFields)
    }

    func testOnScreenKeyboardShowsAboveAnAlertTypedInto() async throws {
        let (_, _, _, root) = app()
        Application.shared.onScreenKeyboard = .always
        let alert = alert([("OK", .default)])
        alert.addTextField()
        root.present(alert, animated: false)
        display.advanceTime(by: 0.5)
        let keyboard = try XCTUnwrap(Application.shared.keyboardController.window)
        XCTAssertFalse(keyboard.isHidden)
        XCTAssertGreaterThan(keyboard.windowLevel, .alert)
        display.runUntilIdle()
        let card = try XCTUnwrap(alert.view.subviews.first)
        XCTAssertGreaterThan(card.frame.height, 0)
        XCTAssertLessThanOrEqual(card.frame.maxY, keyboard.frame.minY, "the alert moved up above the keyboard")
        XCTAssertEqual(card.frame.midY, (keyboard.frame.minY / 2).rounded(.down), accuracy: 1)
        alert.dismiss(animated: false)
        let field = TextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        root.view.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        display.advanceTime(by: 0.5)
        XCTAssertEqual(keyboard.windowLevel, .alert - 1, "below alerts while the app is typed into")
    }

    func testEscapeStillCancelsAfterReturnEndedATextFieldsEditing() async throws {
        let (_, _, _, root) = app()
        let alert = alert([("Cancel", .cancel), ("A", .default), ("B", .default)])
        alert.addTextField()
        root.present(alert, animated: false)
        let field = try XCTUnwrap(alert.textFields?.first)
        XCTAssertTrue(field.isFirstResponder)
        press(KeyCode.enter)
        XCTAssertFalse(field.isFirstResponder, "no action for Return: the field ends editing")
        press(1)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["Cancel ran"])
    }

    func testTapOutsideAnAlertWithoutActionsDoesNothing() async {
        let (screen, _, _, root) = app()
        let alert = AlertController(title: "Busy", message: nil, preferredStyle: .alert)
        root.present(alert, animated: false)
        tap(CGPoint(x: 10, y: 290), on: screen)
        press(1)
        press(KeyCode.enter)
        display.advanceTime(by: 0.5)
        XCTAssertTrue(root.presentedViewController === alert)
        alert.dismiss(animated: false)
        XCTAssertNil(root.presentedViewController)
    }

    func testActionSheetStacksButtonsFromTheBottomWithCancelApart() async {
        let (_, _, _, root) = app()
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.addAction(AlertAction(title: "One", style: .default))
        sheet.addAction(AlertAction(title: "Two", style: .default))
        root.present(sheet, animated: true)
        display.advanceTime(by: 0.5)
        let shown = buttons(of: sheet)
        XCTAssertEqual(shown.map(\.currentTitle), ["One", "Two", "Cancel"])
        let cancel = shown[2].convert(shown[2].bounds, to: nil)
        let two = shown[1].convert(shown[1].bounds, to: nil)
        XCTAssertEqual(cancel.maxY, 292, "8 points above the bottom")
        XCTAssertEqual(two.maxY, cancel.minY - 8, "the cancel button apart")
        XCTAssertTrue(shown[2].superview !== shown[1].superview)
    }

    func testBadInputIsRefusedWithALogLine() async {
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        let alert = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let cancel = AlertAction(title: "Cancel", style: .cancel)
        alert.addAction(cancel)
        alert.addAction(cancel)
        alert.addAction(AlertAction(title: "Another cancel", style: .cancel))
        alert.addTextField()
        alert.preferredAction = AlertAction(title: "Stranger", style: .default)
        XCTAssertEqual(alert.actions.count, 1)
        XCTAssertNil(alert.textFields)
        XCTAssertNil(alert.preferredAction)
        XCTAssertEqual(StderrLog.kept.withLock { $0 }?.count, 4)
    }

    func testAlertWindowAndControllerAreReleasedAfterDismiss() async {
        let (screen, _, _, root) = app()
        weak var weakWindow: Window?
        weak var weakAlert: AlertController?
        do {
            let alert = alert([("OK", .default)])
            weakAlert = alert
            root.present(alert, animated: true)
            display.advanceTime(by: 0.5)
            weakWindow = alert.view.window
            XCTAssertNotNil(weakWindow)
            tap(center(of: buttons(of: alert)[0]), on: screen)
            display.advanceTime(by: 0.5)
        }
        display.runUntilIdle()
        XCTAssertEqual(log.take(), ["OK ran"])
        XCTAssertNil(weakWindow)
        XCTAssertNil(weakAlert)
    }
}
