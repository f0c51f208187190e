import DirectDisplayCore
import Foundation
import InputModel
import XCTest

/// Records what a text field's delegate is asked on Return.
@MainActor private final class ReturnRecorder: TextFieldDelegate {
    var returns = 0
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        returns += 1
        return true
    }
}

/// Any responder that takes text: the keyboard serves `KeyInput`, not only text fields.
private final class TypingPad: View, KeyInput {
    var typed = ""
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !typed.isEmpty }
    func insertText(_ text: String) { typed += text }
    func deleteBackward() { if !typed.isEmpty { typed.removeLast() } }
}

/// The keyboard notifications seen: name, begin and end frames, duration.
@MainActor private final class KeyboardNotificationLog {
    var notes: [(String, CGRect, CGRect, Double)] = []
}

/// A view that logs the touches that reach it.
private final class TouchLog: View {
    var began = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
}

/// The on-screen keyboard, found by its keys' `accessibilityLabel`s and tapped
/// through the headless touchscreen, as a user would.
final class OnScreenKeyboardTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var field: TextField!
    private var background: TouchLog!

    /// An 800×480 screen with a key window (its view logging touches) and a field at the top.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 800, height: 480)
        window = Window(screen: screen)
        background = TouchLog(frame: window.bounds)
        window.addSubview(background)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(field)
        window.makeKeyAndVisible()
        display.runUntilIdle()
    }

    private var controller: OnScreenKeyboardController { Application.shared.keyboardController }

    /// Begins editing and lets the keyboard slide up.
    private func edit() {
        XCTAssertTrue(field.becomeFirstResponder())
        settle()
    }

    /// Runs posted work, then the 0.25 s slide and its completion.
    private func settle() {
        display.runUntilIdle()
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
    }

    /// The view labelled `label` in the keyboard's window.
    /// The view labelled `label` in the keyboard's window, if any.
    private func keyboardKey(_ label: String) -> View? {
        guard let window = controller.window else { return nil }
        var pending: [View] = [window]
        while let view = pending.popLast() {
            // A key's title is a Label, whose accessibilityLabel is its text: the key is the view itself.
            if view.accessibilityLabel == label, !view.isHidden, !(view is Label) { return view }
            pending.append(contentsOf: view.subviews)
        }
        return nil
    }

    private func key(_ label: String, file: StaticString = #filePath, line: UInt = #line) -> View? {
        guard let window = controller.window else {
            XCTFail("no keyboard window", file: file, line: line)
            return nil
        }
        var pending: [View] = [window]
        while let view = pending.popLast() {
            // A key's title is a Label, whose accessibilityLabel is its text: the key is the view itself.
            if view.accessibilityLabel == label, !view.isHidden, !(view is Label) { return view }
            pending.append(contentsOf: view.subviews)
        }
        XCTFail("no key labelled \(label)", file: file, line: line)
        return nil
    }

    private func center(of view: View) -> CGPoint {
        view.convertToScreen(CGPoint(x: view.bounds.midX, y: view.bounds.midY))
    }

    private func tap(_ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let key = key(label, file: file, line: line) else { return }
        let point = center(of: key)
        display.touchDown(0, at: point, on: screen)
        display.touchUp(0, at: point, on: screen)
        display.runUntilIdle()
    }

    private func tap(_ labels: [String]) { for label in labels { tap(label) } }

    // MARK: Showing

    func testAutomaticShowsWithoutKeyboardDeviceAndSlidesUpFromTheBottom() async {
        XCTAssertEqual(Application.shared.onScreenKeyboard, .automatic)
        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        let window = try! XCTUnwrap(controller.window)
        XCTAssertFalse(window.isHidden)
        XCTAssertFalse(window.isKeyWindow)
        XCTAssertTrue(window.windowLevel < .alert && window.windowLevel > .statusBar)
        let end = window.frame
        XCTAssertEqual(end.width, 800)
        XCTAssertEqual(end.maxY, 480)
        // Half way through the slide, the screen shows its top between the two places.
        display.advanceTime(by: 0.125)
        display.runUntilIdle()
        let shownTop = window.presentation.frame.minY
        XCTAssertGreaterThan(shownTop, end.minY)
        XCTAssertLessThan(shownTop, 480)
        display.advanceTime(by: 0.2)
        display.runUntilIdle()
        XCTAssertEqual(window.presentation.frame.minY, end.minY)
        XCTAssertTrue(Application.shared.keyWindow === self.window)
    }

    func testAutomaticDoesNotShowWithAKeyboardDevice() async {
        display.keyDown(42)  // the headless keyboard appears with its first key
        display.keyUp(42)
        edit()
        XCTAssertFalse(controller.isShown)
        XCTAssertTrue(controller.window?.isHidden ?? true)
        Application.shared.onScreenKeyboard = .always
        settle()
        XCTAssertTrue(controller.isShown)
        Application.shared.onScreenKeyboard = .never
        settle()
        XCTAssertFalse(controller.isShown)
        XCTAssertTrue(controller.window?.isHidden ?? true)
    }

    func testAutomaticHidesWhenAKeyboardDeviceAppears() async {
        edit()
        XCTAssertTrue(controller.isShown)
        display.keyDown(57)  // Space on the headless keyboard: the device appears, and types
        display.keyUp(57)
        settle()
        XCTAssertFalse(controller.isShown)
        XCTAssertTrue(controller.window?.isHidden ?? false)
        XCTAssertEqual(field.text, " ")
    }

    func testShowsOnTheFirstRespondersScreen() async throws {
        let second = connect("DP-1", width: 1024, height: 600)
        let window = Window(screen: second)
        let other = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(other)
        window.makeKeyAndVisible()
        XCTAssertTrue(other.becomeFirstResponder())
        settle()
        let keyboard = try XCTUnwrap(controller.window)
        XCTAssertTrue(keyboard.screen === second)
        XCTAssertEqual(keyboard.frame.width, 1024)
        XCTAssertEqual(keyboard.frame.maxY, 600)
        self.window.makeKey()
        XCTAssertTrue(field.becomeFirstResponder())
        settle()
        XCTAssertTrue(keyboard.screen === screen)
        XCTAssertEqual(
            keyboard.frame, CGRect(x: 0, y: 480 - keyboard.frame.height, width: 800, height: keyboard.frame.height))
    }

    func testKeepsToTheBottomEdgeWhenTheScreenTurns() async throws {
        edit()
        screen.orientation = .landscapeLeft
        settle()
        let keyboard = try XCTUnwrap(controller.window)
        XCTAssertEqual(screen.bounds.size, CGSize(width: 480, height: 800))
        XCTAssertEqual(keyboard.frame.width, 480)
        XCTAssertEqual(keyboard.frame.maxY, 800)
        XCTAssertEqual(controller.frame, keyboard.frame)
    }

    func testAnInputViewTallerThanTheScreenGetsTheScreen() async throws {
        field.inputView = View(frame: CGRect(x: 0, y: 0, width: 10, height: 5000))
        edit()
        XCTAssertEqual(controller.frame, CGRect(x: 0, y: 0, width: 800, height: 480))
    }

    func testEditingAgainWhileSlidingDownSlidesBackUpFromWhereItIs() async throws {
        edit()
        let keyboard = try XCTUnwrap(controller.window)
        let shown = keyboard.frame
        XCTAssertTrue(field.resignFirstResponder())
        display.runUntilIdle()
        display.advanceTime(by: 0.1)
        display.runUntilIdle()
        let halfway = keyboard.presentation.frame
        XCTAssertGreaterThan(halfway.minY, shown.minY)
        XCTAssertLessThan(halfway.minY, 480)
        let log = KeyboardNotificationLog()
        let token = NotificationCenter.default.addObserver(
            forName: Responder.keyboardWillShowNotification, object: nil, queue: nil
        ) { note in
            let begin = note.userInfo?[Responder.keyboardFrameBeginUserInfoKey] as? CGRect ?? .null
            let end = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect ?? .null
            MainActor.assumeIsolated { log.notes.append(("willShow", begin, end, 0)) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        XCTAssertEqual(log.notes.first?.1, halfway, "it starts from where it was shown")
        XCTAssertEqual(log.notes.first?.2, shown)
        settle()
        XCTAssertFalse(keyboard.isHidden, "the slide down's end did not hide it")
        XCTAssertEqual(keyboard.presentation.frame, shown)
        XCTAssertTrue(controller.isShown)
    }

    func testAPowerButtonIsNoKeyboardToTypeOn() async {
        // libinput gives power buttons the keyboard capability; udev does not call them keyboards.
        let button = InputDeviceInfo(
            id: InputDeviceID(rawValue: 900), name: "Power Button", sysname: "event0", capabilities: .keyboard,
            udevProperties: [:], sizeMillimetres: nil)
        display.input.route([.deviceAdded(button)])
        edit()
        XCTAssertTrue(controller.isShown)
        let keyboard = InputDeviceInfo(
            id: InputDeviceID(rawValue: 901), name: "USB Keyboard", sysname: "event1", capabilities: .keyboard,
            udevProperties: ["ID_INPUT_KEYBOARD": "1"], sizeMillimetres: nil)
        display.input.route([.deviceAdded(keyboard)])
        settle()
        XCTAssertFalse(controller.isShown)
        display.input.route([.deviceRemoved(keyboard)])
        settle()
        XCTAssertTrue(controller.isShown, "unplugged: it comes back")
    }

    func testServesAnyKeyInputAndComposesNothingWhileIdle() async {
        let pad = TypingPad(frame: CGRect(x: 400, y: 20, width: 100, height: 100))
        window.addSubview(pad)
        XCTAssertTrue(pad.becomeFirstResponder())
        settle()
        XCTAssertTrue(controller.isShown)
        tap(["H", "i", "space", "return"])
        XCTAssertEqual(pad.typed, "Hi \n", "shift on while it has no text, then off")
        let composed = screen.frameStatistics.framesComposed
        display.advanceTime(by: 3)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed, "an idle keyboard composes no frames")
    }

    func testTextViewGetsTheKeyboardAndReturnTypesANewLine() async {
        let notes = TextView(frame: CGRect(x: 400, y: 20, width: 300, height: 150))
        notes.returnKeyType = .send
        window.addSubview(notes)
        XCTAssertTrue(notes.becomeFirstResponder())
        settle()
        XCTAssertTrue(controller.isShown)
        let titles = key("return")?.subviews.compactMap { ($0 as? Label)?.text }
        XCTAssertEqual(titles, ["Send"])
        tap(["H", "i", "return", "Y"])
        XCTAssertEqual(notes.text, "Hi\nY", "a new line starts a sentence")
    }

    func testHidesWhenNoKeyInputIsFirstResponder() async {
        edit()
        XCTAssertTrue(controller.isShown)
        XCTAssertTrue(field.resignFirstResponder())
        settle()
        XCTAssertFalse(controller.isShown)
        XCTAssertTrue(controller.window?.isHidden ?? false)
    }

    func testFieldRemovedFromItsWindowWhileEditingHidesTheKeyboard() async {
        edit()
        field.removeFromSuperview()
        settle()
        XCTAssertFalse(controller.isShown)
        XCTAssertTrue(controller.window?.isHidden ?? false)
    }

    func testMovingBetweenFieldsKeepsTheKeyboardUpWithoutNotifications() async {
        let other = TextField(frame: CGRect(x: 20, y: 80, width: 300, height: 40))
        window.addSubview(other)
        edit()
        let recorder = NotificationRecorder([
            (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardWillShowNotification, "willShow"),
        ])
        XCTAssertTrue(other.becomeFirstResponder())
        settle()
        XCTAssertTrue(controller.isShown)
        XCTAssertEqual(recorder.events, [])
        tap("A")  // the new field is empty: a sentence starts
        XCTAssertEqual(other.text, "A")
    }

    // MARK: Typing

    func testTappedKeysTypeIntoTheFieldWithSentenceCapitalization() async {
        edit()
        XCTAssertNil(keyboardKey("h"), "shift is on at the start of a sentence")
        tap(["H", "i", "space", "t", "h", "e", "r", "e", "123", ".", "space", "ABC", "Y"])
        XCTAssertEqual(field.text, "Hi there. Y")
        tap(["delete", "delete", "delete"])
        XCTAssertEqual(field.text, "Hi there")
        tap(["delete"])
        XCTAssertEqual(field.text, "Hi ther")
    }

    func testShiftOnceAndCapsLock() async {
        field.autocapitalizationType = .none
        edit()
        tap(["shift", "A", "b"])
        XCTAssertEqual(field.text, "Ab")
        // Two quick taps lock it.
        tap(["shift", "shift", "C", "D"])
        XCTAssertEqual(field.text, "AbCD")
        tap(["shift", "e"])
        XCTAssertEqual(field.text, "AbCDe")
    }

    func testAutocapitalizationFollowsTheType() async {
        field.autocapitalizationType = .words
        edit()
        tap(["A", "b", "space", "C"])
        XCTAssertEqual(field.text, "Ab C")
        field.resignFirstResponder()
        field.text = ""
        field.autocapitalizationType = .allCharacters
        edit()
        tap(["A", "B"])
        XCTAssertEqual(field.text, "AB")
    }

    func testNumbersPageAndBack() async {
        field.autocapitalizationType = .none
        edit()
        tap(["123", "4", "2", "?", "ABC", "x"])
        XCTAssertEqual(field.text, "42?x")
    }

    func testNumberPadForNumberPadFields() async {
        field.keyboardType = .numberPad
        edit()
        XCTAssertNotNil(key("7"))
        var labels: Set<String> = []
        var pending: [View] = [try! XCTUnwrap(controller.window)]
        while let view = pending.popLast() {
            if let label = view.accessibilityLabel, !(view is Label) { labels.insert(label) }
            pending.append(contentsOf: view.subviews)
        }
        XCTAssertEqual(labels, Set((0...9).map(String.init) + ["delete"]))
        tap(["1", "0", "delete", "5"])
        XCTAssertEqual(field.text, "15")
    }

    func testReturnKeyCallsTextFieldShouldReturnAndIsTitledByReturnKeyType() async {
        let delegate = ReturnRecorder()
        field.delegate = delegate
        field.returnKeyType = .done
        edit()
        let titles = key("return")?.subviews.compactMap { ($0 as? Label)?.text }
        XCTAssertEqual(titles, ["Done"])
        tap("return")
        XCTAssertEqual(delegate.returns, 1)
        XCTAssertEqual(field.text, "")
    }

    func testBackspaceRepeatsWhileHeldOnTheDisplayClock() async {
        field.text = "abcdefghij"
        edit()
        let delete = try! XCTUnwrap(key("delete"))
        display.touchDown(0, at: center(of: delete), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "abcdefghi")
        display.advanceTime(by: 0.45)
        XCTAssertEqual(field.text, "abcdefghi")
        display.advanceTime(by: 0.1)  // 0.55 s: the first repeat
        XCTAssertEqual(field.text, "abcdefgh")
        display.advanceTime(by: 0.3)  // three more, 0.1 s apart
        XCTAssertEqual(field.text, "abcde")
        display.touchUp(0, at: center(of: delete), on: screen)
        display.advanceTime(by: 1)
        XCTAssertEqual(field.text, "abcde")
    }

    func testKeyTypedOnReleaseAndSlidingMovesTheHighlight() async {
        field.autocapitalizationType = .none
        edit()
        let q = try! XCTUnwrap(key("q") as? KeyboardKeyView)
        let w = try! XCTUnwrap(key("w") as? KeyboardKeyView)
        display.touchDown(0, at: center(of: q), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(q.isHighlighted)
        display.touchMove(0, at: center(of: w), on: screen)
        display.runUntilIdle()
        XCTAssertFalse(q.isHighlighted)
        XCTAssertTrue(w.isHighlighted)
        display.touchUp(0, at: center(of: w), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "w")
        XCTAssertFalse(w.isHighlighted)
    }

    func testASecondFingerTypesTheFirstFingersKey() async throws {
        field.autocapitalizationType = .none
        edit()
        let q = center(of: try XCTUnwrap(key("q")))
        let w = center(of: try XCTUnwrap(key("w")))
        display.touchDown(0, at: q, on: screen)
        display.runUntilIdle()
        display.touchDown(1, at: w, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "q", "the second finger typed the first one's key")
        display.touchUp(0, at: q, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "q", "the first finger's lift types nothing more")
        display.touchUp(1, at: w, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "qw")
    }

    func testAFingerOnAKeyStaysWhenTheKeyWindowChanges() async throws {
        field.autocapitalizationType = .none
        edit()
        let other = Window(screen: screen)
        let otherField = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        otherField.autocapitalizationType = .none
        other.addSubview(otherField)
        let q = center(of: try XCTUnwrap(key("q")))
        display.touchDown(0, at: q, on: screen)
        display.runUntilIdle()
        other.makeKeyAndVisible()
        XCTAssertTrue(otherField.becomeFirstResponder())
        display.runUntilIdle()
        display.touchUp(0, at: q, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(otherField.text, "q", "the key typed into the new key window's field")
        XCTAssertEqual(field.text, "")
    }

    func testLongPressOffersAccentsAndTypesTheOneReleasedOn() async {
        field.autocapitalizationType = .none
        edit()
        let e = try! XCTUnwrap(key("e"))
        let start = center(of: e)
        display.touchDown(0, at: start, on: screen)
        display.advanceTime(by: 0.6)
        display.runUntilIdle()
        let grave = try! XCTUnwrap(key("è"))
        XCTAssertNotNil(key("ê"))
        let target = CGPoint(x: center(of: grave).x, y: start.y)
        display.touchMove(0, at: target, on: screen)
        display.touchUp(0, at: target, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(field.text, "è")
        // A short tap still types the letter.
        tap("e")
        XCTAssertEqual(field.text, "èe")
    }

    func testLettersFollowTheXKBLayout() async throws {
        try display.input.setKeymap(KeymapNames(layout: "de"))
        field.autocapitalizationType = .none
        edit()
        XCTAssertNotNil(key("z"))
        XCTAssertNotNil(key("ü"))
        tap(["q", "w", "e", "r", "t", "z"])
        XCTAssertEqual(field.text, "qwertz")
        field.resignFirstResponder()
        field.keyboardType = .asciiCapable
        edit()
        XCTAssertNil(keyboardKey("ü"), "ASCII only")
        XCTAssertNotNil(keyboardKey("z"))
        field.resignFirstResponder()
        field.keyboardType = .default
        try display.input.setKeymap(KeymapNames(layout: "fr"))
        field.text = ""
        edit()
        tap(["a", "z", "e"])
        XCTAssertEqual(field.text, "aze")
        let a = try XCTUnwrap(key("a"))
        let q = try XCTUnwrap(key("q"))
        XCTAssertLessThan(center(of: a).y, center(of: q).y, "AZERTY: a on the top row, q below")
    }

    // MARK: Touches and frames

    func testTouchesOnTheKeyboardNeverReachTheAppButAboveItDo() async {
        edit()
        let top = try! XCTUnwrap(controller.window).frame.minY
        tap("space")
        XCTAssertEqual(background.began, 0)
        let point = CGPoint(x: 600, y: top + 2)
        display.touchDown(1, at: point, on: screen)
        display.touchUp(1, at: point, on: screen)
        display.runUntilIdle()
        XCTAssertEqual(background.began, 0, "the keyboard's own background swallows touches too")
        display.touchDown(1, at: CGPoint(x: 600, y: top - 10), on: screen)
        display.touchUp(1, at: CGPoint(x: 600, y: top - 10), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(background.began, 1)
    }

    func testTouchedKeyShowsItsHighlightInTheNextFrame() async throws {
        edit()
        let key = try XCTUnwrap(key("space"))
        let bottom = key.convertToScreen(CGPoint(x: key.bounds.midX, y: key.bounds.maxY - 3))
        assertPixel(try display.capture(screen), Int(bottom.x), Int(bottom.y), .white)
        display.touchDown(0, at: center(of: key), on: screen)
        display.runUntilIdle()
        assertPixel(try display.capture(screen), Int(bottom.x), Int(bottom.y), KeyboardKeyView.highlightColor)
        display.touchUp(0, at: center(of: key), on: screen)
        display.runUntilIdle()
        assertPixel(try display.capture(screen), Int(bottom.x), Int(bottom.y), .white)
    }

    func testNotificationsCarryTheFramesInScreenCoordinates() async {
        let log = KeyboardNotificationLog()
        let names: [(Notification.Name, String)] = [
            (Responder.keyboardWillChangeFrameNotification, "willChange"),
            (Responder.keyboardWillShowNotification, "willShow"),
            (Responder.keyboardDidChangeFrameNotification, "didChange"),
            (Responder.keyboardDidShowNotification, "didShow"),
            (Responder.keyboardWillHideNotification, "willHide"),
            (Responder.keyboardDidHideNotification, "didHide"),
        ]
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let info = note.userInfo ?? [:]
                let begin = info[Responder.keyboardFrameBeginUserInfoKey] as? CGRect ?? .null
                let end = info[Responder.keyboardFrameEndUserInfoKey] as? CGRect ?? .null
                let duration = info[Responder.keyboardAnimationDurationUserInfoKey] as? Double ?? -1
                MainActor.assumeIsolated { log.notes.append((label, begin, end, duration)) }
            }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        XCTAssertEqual(log.notes.map(\.0), ["willChange", "willShow"])
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertEqual(log.notes.map(\.0), ["willChange", "willShow", "didChange", "didShow"])
        let shown = try! XCTUnwrap(controller.window).frame
        XCTAssertEqual(shown.maxY, 480)
        XCTAssertGreaterThan(shown.height, 100)
        for note in log.notes {
            XCTAssertEqual(note.1, CGRect(x: 0, y: 480, width: 800, height: shown.height))
            XCTAssertEqual(note.2, shown)
            XCTAssertEqual(note.3, 0.25)
        }
        log.notes = []
        field.resignFirstResponder()
        settle()
        XCTAssertEqual(log.notes.map(\.0), ["willChange", "willHide", "didChange", "didHide"])
        XCTAssertEqual(log.notes.first?.1, shown)
        XCTAssertEqual(log.notes.first?.2, CGRect(x: 0, y: 480, width: 800, height: shown.height))
    }

    func testInputViewReplacesTheKeyboardAndTheAccessorySitsAboveIt() async {
        let input = View(frame: CGRect(x: 0, y: 0, width: 10, height: 120))
        let accessory = View(frame: CGRect(x: 0, y: 0, width: 10, height: 30))
        field.inputView = input
        field.inputAccessoryView = accessory
        display.keyDown(42)  // a keyboard device: the input view shows anyway
        display.keyUp(42)
        edit()
        XCTAssertTrue(controller.isShown)
        XCTAssertEqual(controller.frame, CGRect(x: 0, y: 330, width: 800, height: 150))
        XCTAssertEqual(accessory.convertToScreen(.zero), CGPoint(x: 0, y: 330))
        XCTAssertEqual(input.convertToScreen(.zero), CGPoint(x: 0, y: 360))
        XCTAssertEqual(input.frame.width, 800)
    }
}
