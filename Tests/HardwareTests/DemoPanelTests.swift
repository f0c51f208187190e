import Demo
import Foundation
import XCTest

@testable import DirectDisplayCore

/// The demo's panel on a headless 1024x768 screen (no VM: the controls' and the
/// alert's own VM tests drive them through uinput): its button slides the panel in,
/// the first page pushes the settings, their switch and stepper answer taps, the
/// back button pops, and "Alert" presents an alert in a window of its own above the
/// status bar, typed into through the on-screen keyboard and dismissed by OK.
@MainActor final class DemoPanelTests: XCTestCase {
    private var display: HeadlessDisplay!
    private var screen: Screen!
    private var demo: DemoScene!

    override func setUp() async throws {
        Application.shared.reset()
        display = HeadlessDisplay()
        Application.shared.display = display
        screen = display.connectScreen(name: "Virtual-1", width: 1024, height: 768)
        DemoScene.showsGLView = false
        demo = DemoScene(input: nil)
        demo.start()
        display.runUntilIdle()
    }

    override func tearDown() async throws {
        demo.stop()
        DemoScene.showsGLView = true
        Application.shared.reset()
    }

    private func tap(_ point: CGPoint) {
        display.touchDown(1, at: point, on: screen)
        display.advanceTime(by: 0.05)
        display.touchUp(1, at: point, on: screen)
        // Transitions (the panel's 0.4 s, a push's 0.35 s, an alert's 0.3 s) run out.
        display.advanceTime(by: 0.6)
        display.runUntilIdle()
    }

    /// The view's centre in screen points.
    private func centre(of view: View) -> CGPoint {
        view.convertToScreen(CGPoint(x: view.bounds.midX, y: view.bounds.midY))
    }

    private func views<T: View>(_ type: T.Type, in window: Window?) -> [T] {
        var found: [T] = []
        func walk(_ view: View) {
            if let match = view as? T, !view.isHidden { found.append(match) }
            for subview in view.subviews { walk(subview) }
        }
        if let window { walk(window) }
        return found
    }

    private var navigation: NavigationController? {
        Application.shared.windows.lazy.compactMap { $0.rootViewController as? NavigationController }.first
    }

    func testThePanelPushesSettingsAndPresentsAnAlert() async throws {
        let showPanel = try XCTUnwrap(
            views(Button.self, in: Application.shared.windows.first { $0.windowLevel == .normal })
                .first { $0.title(for: .normal) == "Show panel" })
        tap(centre(of: showPanel))
        let navigation = try XCTUnwrap(navigation, "the panel holds a navigation controller")
        let panel = try XCTUnwrap(navigation.view.window)
        XCTAssertFalse(panel.isHidden)
        XCTAssertEqual(panel.alpha, 1)
        XCTAssertEqual(navigation.topViewController?.title, "Panel")

        // Settings: pushed, its switch and stepper answer taps.
        let buttons = views(Button.self, in: panel)
        let settings = try XCTUnwrap(buttons.first { $0.title(for: .normal) == "Settings" })
        tap(centre(of: settings))
        XCTAssertEqual(navigation.topViewController?.title, "Settings")
        let toggle = try XCTUnwrap(views(Switch.self, in: panel).first)
        XCTAssertTrue(toggle.isOn)
        tap(centre(of: toggle))
        XCTAssertFalse(toggle.isOn, "a tap flips the switch")
        let stepper = try XCTUnwrap(views(Stepper.self, in: panel).first)
        let plus = centre(of: stepper).applying(CGAffineTransform(translationX: stepper.bounds.width / 4, y: 0))
        tap(plus)
        XCTAssertEqual(stepper.value, 4, "the + half steps up")
        let frame = try display.capture(screen)
        let onSwitch = frame.pixel(x: Int(centre(of: toggle).x) - 12, y: Int(centre(of: toggle).y))
        XCTAssertGreaterThan(onSwitch.red, 0.5, "the switch, off, is no longer on its green track: \(onSwitch)")

        // Back to the first page by the bar's back button.
        tap(CGPoint(x: panel.frame.minX + 30, y: panel.frame.minY + 22))
        XCTAssertEqual(navigation.topViewController?.title, "Panel")

        // The alert: its own window above the status bar, key, with the text field typed into.
        let alertButton = try XCTUnwrap(views(Button.self, in: panel).first { $0.title(for: .normal) == "Alert" })
        tap(centre(of: alertButton))
        let alert = try XCTUnwrap(navigation.presentedViewController as? AlertController)
        let alertWindow = try XCTUnwrap(alert.view.window)
        XCTAssertEqual(alertWindow.windowLevel, .alert)
        XCTAssertTrue(alertWindow.isKeyWindow)
        // A column through the card's left margin, above the keyboard: the demo's panel
        // there is light grey, dimmed under the alert; only the card is white.
        let image = try display.capture(screen)
        let white = (200..<530).filter { y in
            let pixel = image.pixel(x: 512 - 125, y: y)
            return pixel.red > 0.99 && pixel.green > 0.99 && pixel.blue > 0.99
        }
        XCTAssertGreaterThan(white.count, 80, "the alert's white card shows above the demo's windows")
        let field = try XCTUnwrap(alert.textFields?.first)
        XCTAssertTrue(field.isFirstResponder)
        field.insertText("Ada")
        let ok = try XCTUnwrap(views(Button.self, in: alertWindow).first { $0.title(for: .normal) == "OK" })
        tap(centre(of: ok))
        XCTAssertNil(navigation.presentedViewController, "OK dismisses the alert")
        XCTAssertNil(alert.view.window)
    }

    /// The demo explored with the screen reader, as a blind user would: a finger moved
    /// over the title and the button speaks them, a double-tap anywhere presses the
    /// focused button (the panel slides in), and swipes walk the panel's page, where a
    /// double-tap on "Settings" pushes the settings and their first element is spoken.
    func testTheScreenReaderExploresTheDemoAndOpensThePanel() async throws {
        let speech = RecordingSpeechOutput()
        Accessibility.speechOutput = speech
        Application.shared.isScreenReaderEnabled = true
        display.runUntilIdle()
        let normal = Application.shared.windows.first { $0.windowLevel == .normal }
        let title = try XCTUnwrap(views(Label.self, in: normal).first { $0.text == "DirectDisplay" })
        let showPanel = try XCTUnwrap(views(Button.self, in: normal).first { $0.title(for: .normal) == "Show panel" })

        display.touchDown(1, at: centre(of: title), on: screen)
        display.advanceTime(by: 0.3)
        display.touchMove(1, at: centre(of: showPanel), on: screen)
        display.advanceTime(by: 0.05)
        display.touchUp(1, at: centre(of: showPanel), on: screen)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(Array(speech.spokenPhrases.prefix(2)), ["DirectDisplay", "Show panel, button"])

        // A double-tap far from the button presses it.
        let elsewhere = CGPoint(x: 900, y: 120)
        for _ in 0..<2 {
            display.touchDown(1, at: elsewhere, on: screen)
            display.touchUp(1, at: elsewhere, on: screen)
            display.advanceTime(by: 0.1)
        }
        display.advanceTime(by: 0.6)
        display.runUntilIdle()
        let navigation = try XCTUnwrap(navigation)
        XCTAssertEqual(navigation.view.window?.alpha, 1, "the panel slid in")
        XCTAssertEqual(showPanel.title(for: .normal), "Hide panel")

        // Into the panel: touch its page's Settings button, then double-tap.
        let settings = try XCTUnwrap(
            views(Button.self, in: navigation.view.window).first { $0.title(for: .normal) == "Settings" })
        display.touchDown(1, at: centre(of: settings), on: screen)
        display.advanceTime(by: 0.3)
        display.touchUp(1, at: centre(of: settings), on: screen)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(speech.spokenPhrases.last, "Settings, button")
        for _ in 0..<2 {
            display.touchDown(1, at: elsewhere, on: screen)
            display.touchUp(1, at: elsewhere, on: screen)
            display.advanceTime(by: 0.1)
        }
        display.advanceTime(by: 0.6)
        display.runUntilIdle()
        XCTAssertEqual(navigation.topViewController?.title, "Settings")
        XCTAssertEqual(
            speech.spokenPhrases, ["DirectDisplay", "Show panel, button", "Settings, button", "Panel, button"],
            "the pushed page's first element is spoken, not the screen's")
    }
}
