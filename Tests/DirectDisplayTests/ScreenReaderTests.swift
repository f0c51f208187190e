import DirectDisplayCore
import Foundation
import XCTest

/// Counts the touches that reach it (the reader must keep them from the app).
private final class TouchCounter: View {
    var began = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
}

/// Counts the touches cancelled on it.
private final class CancelLog: View {
    var cancelled = 0
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { cancelled += 1 }
}

/// An adjustable element: a value from 0 to 100 by tens.
private final class Dial: View {
    var level = 50
    override var isAccessibilityElement: Bool {
        get { true }
        set {}
    }
    override var accessibilityLabel: String? {
        get { "Volume" }
        set {}
    }
    override var accessibilityValue: String? {
        get { "\(level)%" }
        set {}
    }
    override var accessibilityTraits: AccessibilityTraits {
        get { .adjustable }
        set {}
    }
    override func accessibilityIncrement() { level = min(level + 10, 100) }
    override func accessibilityDecrement() { level = max(level - 10, 0) }
}

/// The built-in screen reader on a headless display, speaking into a recorder.
final class ScreenReaderTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var background: TouchCounter!
    private var title: Label!
    private var acknowledge: Button!
    private var silence: Button!
    private var speech: RecordingSpeechOutput!
    private var acknowledged = 0

    /// An 800×480 screen: a title, and two buttons side by side below it, on a view counting touches.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 800, height: 480)
        window = Window(screen: screen)
        background = TouchCounter(frame: window.bounds)
        window.addSubview(background)
        title = Label(frame: CGRect(x: 20, y: 20, width: 400, height: 40))
        title.text = "Boiler room 2"
        title.accessibilityTraits = .header
        acknowledge = Button(frame: CGRect(x: 20, y: 100, width: 200, height: 60))
        acknowledge.setTitle("Acknowledge", for: .normal)
        acknowledge.accessibilityHint = "Stops the alarm"
        acknowledge.addAction(Action { [weak self] _ in self?.acknowledged += 1 }, for: .touchUpInside)
        silence = Button(frame: CGRect(x: 300, y: 100, width: 200, height: 60))
        silence.setTitle("Silence", for: .normal)
        silence.isEnabled = false
        for view in [silence!, title!, acknowledge!] { window.addSubview(view) }
        window.makeKeyAndVisible()
        speech = RecordingSpeechOutput()
        Accessibility.speechOutput = speech
        Application.shared.isScreenReaderEnabled = true
        display.runUntilIdle()
    }

    private func center(of view: View) -> CGPoint {
        CGPoint(x: view.accessibilityFrame.midX, y: view.accessibilityFrame.midY)
    }

    private func tap(at point: CGPoint, finger: Int = 0) {
        display.touchDown(finger, at: point, on: screen)
        display.touchUp(finger, at: point, on: screen)
        display.runUntilIdle()
    }

    /// A tap, then the wait after which it counts as one tap (focusing what is under it).
    private func singleTap(at point: CGPoint) {
        tap(at: point)
        display.advanceTime(by: 0.4)
        display.runUntilIdle()
    }

    private func doubleTap(at point: CGPoint) {
        tap(at: point)
        display.advanceTime(by: 0.1)
        tap(at: point)
    }

    /// A quick one-finger swipe by `dx`, `dy` from the middle of the screen.
    private func swipe(dx: CGFloat, dy: CGFloat = 0) {
        let start = CGPoint(x: 400, y: 300)
        display.touchDown(0, at: start, on: screen)
        display.advanceTime(by: 0.05)
        display.touchMove(0, at: CGPoint(x: start.x + dx / 2, y: start.y + dy / 2), on: screen)
        display.advanceTime(by: 0.05)
        display.touchUp(0, at: CGPoint(x: start.x + dx, y: start.y + dy), on: screen)
        display.runUntilIdle()
        // Past the double-tap interval, so the next gesture starts afresh.
        display.advanceTime(by: 0.4)
        display.runUntilIdle()
    }

    func testTouchingExploresAndSpeaksLabelValueTraitsThenTheHintAfterAPause() async {
        display.touchDown(0, at: center(of: title), on: screen)
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertEqual(speech.spokenPhrases, ["Boiler room 2, heading"])
        display.touchMove(0, at: center(of: acknowledge), on: screen)
        display.runUntilIdle()
        display.touchMove(0, at: center(of: silence), on: screen)
        display.runUntilIdle()
        display.touchMove(0, at: center(of: acknowledge), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(
            speech.spokenPhrases,
            ["Boiler room 2, heading", "Acknowledge, button", "Silence, dimmed, button", "Acknowledge, button"])
        display.advanceTime(by: 1.1)
        display.runUntilIdle()
        XCTAssertEqual(speech.spokenPhrases.last, "Stops the alarm")
        display.touchUp(0, at: center(of: acknowledge), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(background.began, 0, "no touch reaches the app while the reader runs")
        XCTAssertEqual(acknowledged, 0, "exploring activates nothing")
        let outline = Accessibility.focusOutlineFrame
        XCTAssertEqual(outline, acknowledge.accessibilityFrame.insetBy(dx: -3, dy: -3))
    }

    func testSwipesWalkTheReadingOrder() async {
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: -100)
        XCTAssertEqual(
            speech.spokenPhrases,
            [
                "Boiler room 2, heading", "Acknowledge, button", "Silence, dimmed, button",
                "Acknowledge, button",
            ])
        XCTAssertEqual(background.began, 0)
    }

    func testDoubleTapActivatesTheFocusedButtonOnceNotTheViewUnderIt() async {
        singleTap(at: center(of: acknowledge))
        XCTAssertEqual(speech.spokenPhrases, ["Acknowledge, button"])
        doubleTap(at: CGPoint(x: 600, y: 400))
        XCTAssertEqual(acknowledged, 1)
        XCTAssertEqual(background.began, 0, "the view under the double-tap got nothing")
        XCTAssertEqual(speech.spokenPhrases, ["Acknowledge, button"], "the double-tap's first tap moved no focus")
    }

    func testAViewThatIsModalConfinesFocus() async {
        let alert = View(frame: CGRect(x: 200, y: 200, width: 400, height: 200))
        alert.accessibilityViewIsModal = true
        let message = Label(frame: CGRect(x: 20, y: 20, width: 300, height: 30))
        message.text = "Door open"
        let ok = Button(frame: CGRect(x: 20, y: 100, width: 100, height: 44))
        ok.setTitle("OK", for: .normal)
        alert.addSubview(ok)
        alert.addSubview(message)
        window.addSubview(alert)
        Accessibility.post(notification: .screenChanged, argument: nil)
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: -100)
        swipe(dx: -100)
        XCTAssertEqual(speech.spokenPhrases, ["Door open", "OK, button", "Door open"])
    }

    func testHiddenTransparentAndElementsHiddenViewsAreSkipped() async {
        acknowledge.isHidden = true
        silence.alpha = 0
        let panel = View(frame: CGRect(x: 20, y: 300, width: 400, height: 100))
        let inside = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        inside.text = "Secret"
        panel.addSubview(inside)
        panel.accessibilityElementsHidden = true
        let footer = Label(frame: CGRect(x: 20, y: 420, width: 400, height: 30))
        footer.text = "Footer"
        window.addSubview(panel)
        window.addSubview(footer)
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: 100)
        XCTAssertEqual(speech.spokenPhrases, ["Boiler room 2, heading", "Footer"])
    }

    func testGivenElementsReadInTheirOrderAndEmptyLabelsSpeakTraits() async {
        let unlabelled = Button(frame: CGRect(x: 600, y: 20, width: 44, height: 44))
        window.addSubview(unlabelled)
        window.accessibilityElements = [unlabelled, acknowledge!, title!]
        Accessibility.post(notification: .screenChanged, argument: nil)
        swipe(dx: 100)
        swipe(dx: 100)
        XCTAssertEqual(speech.spokenPhrases, ["button", "Acknowledge, button", "Boiler room 2, heading"])
    }

    func testSwipeUpAndDownAdjustAndSpeakTheValue() async {
        let dial = Dial(frame: CGRect(x: 20, y: 200, width: 200, height: 40))
        window.addSubview(dial)
        Accessibility.post(notification: .screenChanged, argument: dial)
        swipe(dx: 0, dy: -100)
        swipe(dx: 0, dy: -100)
        swipe(dx: 0, dy: 100)
        XCTAssertEqual(dial.level, 60)
        XCTAssertEqual(speech.spokenPhrases, ["Volume, 50%, adjustable", "60%", "70%", "60%"])
    }

    func testTwoFingerTapStopsSpeechAndAnnouncementsSpeak() async {
        Accessibility.post(notification: .announcement, argument: "Alarm cleared")
        XCTAssertEqual(speech.spokenPhrases, ["Alarm cleared"])
        let stops = speech.stopCount
        display.touchDown(0, at: CGPoint(x: 300, y: 300), on: screen)
        display.touchDown(1, at: CGPoint(x: 400, y: 300), on: screen)
        display.touchUp(0, at: CGPoint(x: 300, y: 300), on: screen)
        display.touchUp(1, at: CGPoint(x: 400, y: 300), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(speech.stopCount, stops + 1)
    }

    func testAFocusedViewRemovedGivesFocusToTheNearestElement() async {
        singleTap(at: center(of: silence))
        XCTAssertEqual(speech.spokenPhrases, ["Silence, dimmed, button"])
        silence.removeFromSuperview()
        display.runUntilIdle()
        // The title's centre is nearer the silence button's than the acknowledge button's.
        XCTAssertEqual(speech.spokenPhrases.last, "Boiler room 2, heading")
        XCTAssertEqual(Accessibility.focusOutlineFrame, title.accessibilityFrame.insetBy(dx: -3, dy: -3))
    }

    func testATouchTheAppHeldIsCancelledWhenTheReaderStarts() async {
        Application.shared.isScreenReaderEnabled = false
        let log = CancelLog(frame: CGRect(x: 600, y: 300, width: 100, height: 100))
        window.addSubview(log)
        display.touchDown(0, at: CGPoint(x: 650, y: 350), on: screen)
        display.runUntilIdle()
        Application.shared.isScreenReaderEnabled = true
        XCTAssertEqual(log.cancelled, 1)
        display.touchUp(0, at: CGPoint(x: 650, y: 350), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(log.cancelled, 1)
    }

    func testThreeFingersHeldForASecondToggleTheReaderWhenOptedIn() async {
        func holdThreeFingers(for seconds: TimeInterval, moving: Bool = false) {
            for finger in 0..<3 {
                display.touchDown(finger, at: CGPoint(x: 300 + CGFloat(finger) * 100, y: 300), on: screen)
            }
            display.runUntilIdle()
            if moving { display.touchMove(0, at: CGPoint(x: 300, y: 360), on: screen) }
            display.advanceTime(by: seconds)
            display.runUntilIdle()
            for finger in 0..<3 {
                display.touchUp(finger, at: CGPoint(x: 300 + CGFloat(finger) * 100, y: 300), on: screen)
            }
            display.runUntilIdle()
            display.advanceTime(by: 0.5)
            display.runUntilIdle()
        }
        holdThreeFingers(for: 1.1)
        XCTAssertTrue(Application.shared.isScreenReaderEnabled, "not opted in: nothing changes")
        Application.shared.togglesScreenReaderWithThreeFingerLongPress = true
        holdThreeFingers(for: 0.5)
        XCTAssertTrue(Application.shared.isScreenReaderEnabled, "too short")
        holdThreeFingers(for: 1.1, moving: true)
        XCTAssertTrue(Application.shared.isScreenReaderEnabled, "a finger moved")
        holdThreeFingers(for: 1.1)
        XCTAssertFalse(Application.shared.isScreenReaderEnabled)
        XCTAssertEqual(speech.spokenPhrases.last, "Screen reader off")
        let began = background.began
        holdThreeFingers(for: 1.1)
        XCTAssertTrue(Application.shared.isScreenReaderEnabled)
        XCTAssertEqual(speech.spokenPhrases.last, "Screen reader on")
        XCTAssertEqual(background.began, began + 1, "while off, the first finger reached the app (then was cancelled)")
    }

    func testAFieldIsSpokenWithItsPlaceholderTextAndKind() async {
        let field = TextField(frame: CGRect(x: 20, y: 200, width: 300, height: 40))
        field.placeholder = "Name"
        window.addSubview(field)
        singleTap(at: center(of: field))
        field.text = "Alice"
        Accessibility.post(notification: .layoutChanged, argument: field)
        XCTAssertEqual(speech.spokenPhrases, ["Name, text field", "Name, Alice, text field"])
    }

    func testADoubleTapAfterTheFocusedViewHidFocusesTheNearestAndActivatesNothing() async {
        singleTap(at: center(of: silence))
        silence.isHidden = true
        title.isHidden = true
        doubleTap(at: CGPoint(x: 600, y: 400))
        XCTAssertEqual(speech.spokenPhrases, ["Silence, dimmed, button", "Acknowledge, button"])
        XCTAssertEqual(acknowledged, 0, "the double-tap activated nothing the user had not heard")
        display.advanceTime(by: 0.5)
        doubleTap(at: CGPoint(x: 600, y: 400))
        XCTAssertEqual(acknowledged, 1)
    }

    func testADoubleTapFlipsASwitchAndSwipesAdjustASlider() async {
        let toggle = Switch(frame: CGRect(x: 20, y: 200, width: 51, height: 31))
        toggle.accessibilityLabel = "Heating"
        var flips = 0
        toggle.addAction(Action { _ in flips += 1 }, for: .valueChanged)
        let slider = Slider(frame: CGRect(x: 20, y: 260, width: 300, height: 30))
        slider.accessibilityLabel = "Volume"
        slider.value = 0.5
        var slides = 0
        slider.addAction(Action { _ in slides += 1 }, for: .valueChanged)
        window.addSubview(toggle)
        window.addSubview(slider)
        singleTap(at: center(of: toggle))
        doubleTap(at: CGPoint(x: 600, y: 400))
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(flips, 1)
        display.advanceTime(by: 0.5)
        swipe(dx: 100)
        swipe(dx: 0, dy: -100)
        XCTAssertEqual(slider.value, 0.6, accuracy: 1e-6)
        XCTAssertEqual(slides, 1)
        XCTAssertEqual(speech.spokenPhrases, ["Heating, off, button", "on", "Volume, 50%, adjustable", "60%"])
    }

    func testTheControlsReportTheirValues() async {
        let stepper = Stepper()
        stepper.value = 3
        stepper.accessibilityIncrement()
        XCTAssertEqual(stepper.accessibilityValue, "4")
        XCTAssertEqual(stepper.accessibilityTraits, .adjustable)
        let segments = SegmentedControl(frame: CGRect(x: 0, y: 0, width: 300, height: 32))
        for (index, title) in ["Day", "Week", "Month"].enumerated() {
            segments.insertSegment(withTitle: title, at: index, animated: false)
        }
        segments.selectedSegmentIndex = 0
        segments.setEnabled(false, forSegmentAt: 1)
        segments.accessibilityIncrement()
        XCTAssertEqual(segments.selectedSegmentIndex, 2, "the disabled segment is stepped over")
        // Each segment an element, as UIKit's: title, "n of 3", a button; selected or dimmed.
        XCTAssertFalse(segments.isAccessibilityElement)
        let elements = (segments.accessibilityElements ?? []).compactMap { $0 as? AccessibilityElement }
        XCTAssertEqual(elements.map(\.accessibilityLabel), ["Day", "Week", "Month"])
        XCTAssertEqual(elements.map(\.accessibilityValue), ["1 of 3", "2 of 3", "3 of 3"])
        XCTAssertEqual(elements.map(\.accessibilityTraits), [.button, [.button, .notEnabled], [.button, .selected]])
        XCTAssertEqual(elements[1].accessibilityFrameInContainerSpace, CGRect(x: 100, y: 0, width: 100, height: 32))
        var changes = 0
        segments.addAction(Action { _ in changes += 1 }, for: .valueChanged)
        XCTAssertFalse(elements[1].accessibilityActivate(), "a disabled segment cannot be chosen")
        XCTAssertTrue(elements[0].accessibilityActivate())
        XCTAssertEqual(segments.selectedSegmentIndex, 0)
        XCTAssertEqual(changes, 1)
        let pages = PageControl()
        pages.numberOfPages = 5
        pages.accessibilityIncrement()
        XCTAssertEqual(pages.accessibilityValue, "page 2 of 5")
        let progress = ProgressView()
        progress.progress = 0.4
        XCTAssertEqual(progress.accessibilityValue, "40%")
        XCTAssertEqual(progress.accessibilityTraits, .updatesFrequently)
        let spinner = ActivityIndicatorView()
        XCTAssertEqual(spinner.accessibilityLabel, "In progress")
        let toggle = Switch()
        toggle.isEnabled = false
        XCTAssertEqual(toggle.accessibilityTraits, [.button, .notEnabled])
        XCTAssertEqual(toggle.accessibilityValue, "off")
    }

    /// Each segment is found by touch and spoken on its own; a double-tap selects it.
    func testSegmentsAreExploredOneByOneAndADoubleTapSelectsOne() async {
        let segments = SegmentedControl(items: ["Slow", "Normal", "Fast"])
        segments.frame = CGRect(x: 20, y: 300, width: 300, height: 32)
        segments.selectedSegmentIndex = 1
        var changes = 0
        segments.addAction(Action { _ in changes += 1 }, for: .valueChanged)
        window.addSubview(segments)
        display.runUntilIdle()
        singleTap(at: CGPoint(x: 270, y: 316))
        singleTap(at: CGPoint(x: 170, y: 316))
        XCTAssertEqual(speech.spokenPhrases, ["Fast, 3 of 3, button", "Normal, 2 of 3, selected, button"])
        singleTap(at: CGPoint(x: 270, y: 316))
        doubleTap(at: CGPoint(x: 600, y: 400))
        XCTAssertEqual(segments.selectedSegmentIndex, 2)
        XCTAssertEqual(changes, 1)
    }

    func testAnAlertIsModalItsTitleIsSpokenAndFocusComesBackAfterIt() async {
        let root = ViewController()
        window.rootViewController = root
        display.runUntilIdle()
        let alert = AlertController(title: "Boiler", message: "Pressure high", preferredStyle: .alert)
        var oks = 0
        alert.addAction(AlertAction(title: "OK", style: .default) { _ in oks += 1 })
        root.present(alert, animated: false)
        display.runUntilIdle()
        swipe(dx: 100)
        swipe(dx: 100)
        swipe(dx: 100)
        doubleTap(at: CGPoint(x: 100, y: 400))
        // The handler runs once the alert's dismissal has slid out.
        display.advanceTime(by: 1)
        display.runUntilIdle()
        XCTAssertEqual(oks, 1)
        XCTAssertEqual(
            speech.spokenPhrases, ["Boiler", "Pressure high", "OK, button", "Boiler room 2, heading"],
            "the app's elements are out of reach while the alert shows")
        XCTAssertEqual(background.began, 0)
    }

    func testAPushSpeaksTheNewPageAndTheBackButtonGoesBack() async {
        for view in window.subviews { view.removeFromSuperview() }
        let rooms = ViewController()
        rooms.title = "Rooms"
        let navigation = NavigationController(rootViewController: rooms)
        window.rootViewController = navigation
        display.runUntilIdle()
        let kitchen = ViewController()
        kitchen.title = "Kitchen"
        kitchen.navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .add)
        navigation.pushViewController(kitchen, animated: false)
        display.runUntilIdle()
        swipe(dx: 100)
        swipe(dx: 100)
        // The push focused the page's first element, the back button (top left); then the title, the add item.
        XCTAssertEqual(speech.spokenPhrases, ["Rooms, button", "Kitchen, heading", "Add, button"])
        swipe(dx: -100)
        swipe(dx: -100)
        doubleTap(at: CGPoint(x: 400, y: 300))
        display.advanceTime(by: 1)
        display.runUntilIdle()
        XCTAssertEqual(navigation.viewControllers.count, 1, "the back button popped the page")
        XCTAssertEqual(speech.spokenPhrases.last, "Rooms, heading")
    }

    func testATallElementBeginsNoRowOfSmallOnes() async {
        let sidebar = Label(frame: CGRect(x: 700, y: 0, width: 100, height: 480))
        sidebar.text = "Sidebar"
        window.addSubview(sidebar)
        for _ in 0..<4 { swipe(dx: 100) }
        XCTAssertEqual(
            speech.spokenPhrases,
            ["Sidebar", "Boiler room 2, heading", "Acknowledge, button", "Silence, dimmed, button"])
    }

    func testTabAndEnterMoveAndActivateAndNeverReachTheApp() async {
        let tab: UInt32 = 15
        let enter: UInt32 = 28
        display.keyDown(tab)
        display.keyUp(tab)
        display.keyDown(tab)
        display.keyUp(tab)
        display.keyDown(enter)
        display.keyUp(enter)
        display.runUntilIdle()
        XCTAssertEqual(speech.spokenPhrases, ["Boiler room 2, heading", "Acknowledge, button"])
        XCTAssertEqual(acknowledged, 1)
    }

    func testOffTouchesReachTheAppAgainAndTheStatusIsPosted() async {
        nonisolated(unsafe) var posted = 0
        let token = NotificationCenter.default.addObserver(
            forName: Accessibility.voiceOverStatusDidChangeNotification, object: nil, queue: nil
        ) { _ in posted += 1 }
        defer { NotificationCenter.default.removeObserver(token) }
        Application.shared.isScreenReaderEnabled = false
        XCTAssertEqual(posted, 1, "posted once, at once")
        XCTAssertFalse(Accessibility.isVoiceOverRunning)
        tap(at: CGPoint(x: 600, y: 400))
        XCTAssertEqual(background.began, 1)
        XCTAssertNil(Accessibility.focusOutlineFrame)
    }

    func testTheOnScreenKeyboardsKeysSpeak() async {
        let field = TextField(frame: CGRect(x: 20, y: 200, width: 300, height: 40))
        window.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        var pending: [View] = Application.shared.windows.filter { !$0.isHidden && $0 !== window }
        var q: View?
        while let view = pending.popLast() {
            // Sentence capitalization shifts the first letter: "Q".
            if view.accessibilityLabel == "Q" { q = view }
            pending.append(contentsOf: view.subviews)
        }
        guard let q else { return XCTFail("no q key") }
        singleTap(at: center(of: q))
        XCTAssertEqual(speech.spokenPhrases.last, "Q, key")
    }

    /// 10,000 elements: a swipe answers well within a frame once the order is built
    /// (printed: the first swipe, which builds it, and the mean of the next 100).
    func testTenThousandElementsSwipeWithinAFrame() async {
        let grid = View(frame: window.bounds)
        for index in 0..<10_000 {
            let cell = View(
                frame: CGRect(x: CGFloat(index % 100) * 8, y: CGFloat(index / 100) * 4, width: 8, height: 4))
            cell.isAccessibilityElement = true
            cell.accessibilityLabel = "cell \(index)"
            grid.addSubview(cell)
        }
        window.addSubview(grid)
        display.runUntilIdle()
        let clock = ContinuousClock()
        let first = clock.measure { swipe(dx: 100) }
        let rest = clock.measure { for _ in 0..<100 { swipe(dx: 100) } }
        let rebuilt = clock.measure {
            Accessibility.post(notification: .layoutChanged, argument: nil)
            swipe(dx: 100)
        }
        print(
            "screen reader, 10,000 elements: first swipe \(first) (the order built), then \(rest / 100) per swipe;"
                + " a swipe after .layoutChanged \(rebuilt)")
        XCTAssertEqual(speech.spokenPhrases.count, 102)
    }
}
