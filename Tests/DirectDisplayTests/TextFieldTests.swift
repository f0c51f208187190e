import DirectDisplayCore
import Foundation
import XCTest

/// Records what a text field asks and tells its delegate; refuses changes when told to.
@MainActor private final class RecordingDelegate: TextFieldDelegate {
    var log: [String] = []
    var allowsChanges = true
    var allowsEnd = true
    var returns = true
    var ranges: [NSRange] = []

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        log.append("shouldBegin")
        return true
    }
    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        ranges.append(range)
        log.append("change \(range.location),\(range.length) \(string)")
        return allowsChanges
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        log.append("shouldReturn")
        return returns
    }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        log.append("shouldEnd")
        return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
}

/// A plain view that takes typed text: `KeyInput` on any responder.
private final class TypingPad: View, KeyInput {
    var typed = ""
    var presses: [UInt32] = []
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !typed.isEmpty }
    func insertText(_ text: String) { typed += text }
    func deleteBackward() { if !typed.isEmpty { typed.removeLast() } }
    var endedPresses: [UInt32] = []
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        self.presses += presses.compactMap { $0.key?.keyCode }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        endedPresses += presses.compactMap { $0.key?.keyCode }
    }
}

/// A view that takes no text and records the presses that end on it.
private final class PressRecordingView: View {
    var ended: [UInt32] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        ended += presses.compactMap { $0.key?.keyCode }
    }
}

final class TextFieldTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var field: TextField!
    private var events: [String] = []

    /// A 300×40 field at (20, 20) in a key window filling a 400×200 screen, logging its editing events.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 200)
        window = showWindow(on: screen)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(field)
        events = []
        let names: [(Control.Event, String)] = [
            (.editingDidBegin, "begin"), (.editingChanged, "changed"), (.editingDidEnd, "end"),
            (.editingDidEndOnExit, "exit"),
        ]
        for (event, name) in names {
            field.addAction(Action { [unowned self] _ in events.append(name) }, for: event)
        }
        display.runUntilIdle()
    }

    // MARK: KeyInput

    func testKeyInputResponderReceivesTypedTextAndKeysWithoutTextAsPresses() async {
        let pad = TypingPad(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(pad)
        XCTAssertTrue(pad.becomeFirstResponder())
        typeKeys("hi")
        press(KeyCode.letters["a"]!, with: KeyCode.leftShift)
        XCTAssertEqual(pad.typed, "hiA")
        press(KeyCode.backspace)
        XCTAssertEqual(pad.typed, "hi")
        press(KeyCode.f1)
        press(KeyCode.left)
        press(KeyCode.enter)
        XCTAssertEqual(pad.typed, "hi", "keys without text insert nothing")
        XCTAssertEqual(pad.presses, [KeyCode.leftShift, KeyCode.f1, KeyCode.left, KeyCode.enter])
        XCTAssertEqual(
            pad.endedPresses, [KeyCode.leftShift, KeyCode.f1, KeyCode.left, KeyCode.enter],
            "a key taken as text does not end as a press either")
        press(KeyCode.letters["a"]!, with: KeyCode.leftControl)
        XCTAssertEqual(pad.typed, "hi", "Ctrl+A is a command, not text")
    }

    func testAKeyTakenAsTextDoesNotEndOnTheNextFirstResponder() async {
        let pad = TypingPad(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let plain = PressRecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(pad)
        window.addSubview(plain)
        XCTAssertTrue(pad.becomeFirstResponder())
        display.keyDown(KeyCode.letters["a"]!)
        XCTAssertTrue(plain.becomeFirstResponder())
        display.keyUp(KeyCode.letters["a"]!)
        press(KeyCode.f1)
        XCTAssertEqual(pad.typed, "a")
        XCTAssertEqual(plain.ended, [KeyCode.f1], "the release of the key typed into the pad is dropped")
    }

    // MARK: Typing and deleting

    func testTypingWithTheUSLayoutEditsTheFieldAndSendsEditingChanged() async {
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(field.isEditing)
        typeKeys("hi a")
        XCTAssertEqual(field.text, "hi a")
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        press(KeyCode.backspace)
        XCTAssertEqual(field.text, "hi ")
        XCTAssertEqual(events, ["begin", "changed", "changed", "changed", "changed", "changed"])
        press(KeyCode.f1)
        XCTAssertEqual(field.text, "hi ")
        XCTAssertEqual(events.count, 6, "F1 changes nothing")
    }

    /// The de layout's dead keys through the machine's Compose table (libx11-data):
    /// dead_acute then e types one "é", dead_circumflex then space the accent itself.
    func testDeadKeysComposeIntoTheFieldWithTheGermanLayout() async throws {
        try display.input.setKeymap(KeymapNames(layout: "de"))
        let deadAcute: UInt32 = 13
        let deadCircumflex: UInt32 = 41
        let keyE: UInt32 = 18
        XCTAssertTrue(field.becomeFirstResponder())
        press(deadAcute)
        XCTAssertEqual(field.text, "", "a dead key types nothing until its sequence completes")
        XCTAssertEqual(events, ["begin"])
        press(keyE)
        XCTAssertEqual(field.text, "é")
        press(deadCircumflex)
        press(KeyCode.letters[" "]!)
        XCTAssertEqual(field.text, "é^")
        XCTAssertEqual(events, ["begin", "changed", "changed"])
    }

    func testKeysTypeNothingIntoAFieldThatIsNotEditing() async {
        typeKeys("ab")
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(events, [])
    }

    func testBackspaceAndArrowsMoveByGraphemeCluster() async {
        XCTAssertTrue(field.becomeFirstResponder())
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        field.insertText("e\u{301}")
        field.insertText(family)
        field.insertText("x")
        XCTAssertEqual(field.selectedRange.location, 2 + 8 + 1)
        press(KeyCode.left)
        XCTAssertEqual(field.selectedRange.location, 10)
        press(KeyCode.left)
        XCTAssertEqual(field.selectedRange.location, 2, "the family emoji is one step of 8 UTF-16 units")
        press(KeyCode.left)
        XCTAssertEqual(field.selectedRange.location, 0, "e + combining acute is one step")
        press(KeyCode.right)
        XCTAssertEqual(field.selectedRange.location, 2)
        press(KeyCode.end)
        press(KeyCode.left)
        press(KeyCode.backspace)
        XCTAssertEqual(field.text, "e\u{301}x", "Backspace deleted the whole family")
        press(KeyCode.backspace)
        XCTAssertEqual(field.text, "x", "and then e with its accent")
        press(KeyCode.backspace)
        XCTAssertEqual(field.text, "x", "nothing before the caret")
    }

    func testCombiningAccentTypedAfterALetterJoinsItsCluster() async {
        XCTAssertTrue(field.becomeFirstResponder())
        field.insertText("e")
        field.insertText("\u{301}")
        XCTAssertEqual(field.text, "e\u{301}")
        XCTAssertEqual(field.selectedRange, NSRange(location: 2, length: 0))
        field.deleteBackward()
        XCTAssertEqual(field.text, "")
    }

    func testDelegateSeesUTF16RangesWithEmojiAndMayRefuseChanges() {
        let delegate = RecordingDelegate()
        field.delegate = delegate
        field.text = "a\u{1F600}b"
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0), "text set: caret at the end (UTF-16)")
        press(KeyCode.left)
        press(KeyCode.backspace)
        XCTAssertEqual(delegate.ranges.last, NSRange(location: 1, length: 2), "the emoji is two UTF-16 units")
        XCTAssertEqual(field.text, "ab")
        delegate.allowsChanges = false
        typeKeys("c")
        press(KeyCode.backspace)
        field.insertText("zzz")
        XCTAssertEqual(field.text, "ab", "a refusing delegate keeps the text")
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 0))
        XCTAssertEqual(events, ["begin", "changed"], "refused changes send no editingChanged")
        XCTAssertEqual(
            delegate.log,
            ["shouldBegin", "didBegin", "change 1,2 ", "change 1,0 c", "change 0,1 ", "change 1,0 zzz"])
    }

    // MARK: Selection and the pasteboard

    func testShiftExtendsTheSelectionAndCtrlASelectsAll() async {
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("abc")
        display.keyDown(KeyCode.leftShift)
        press(KeyCode.left)
        press(KeyCode.left)
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 2))
        press(KeyCode.right)
        XCTAssertEqual(field.selectedRange, NSRange(location: 2, length: 1), "the anchor stays at the end")
        press(KeyCode.home)
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 3))
        display.keyUp(KeyCode.leftShift)
        press(KeyCode.right)
        XCTAssertEqual(field.selectedRange, NSRange(location: 3, length: 0), "Right collapses to the end")
        press(KeyCode.letters["a"]!, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 3))
        typeKeys("x")
        XCTAssertEqual(field.text, "x", "typing replaces the selection")
    }

    func testCopyCutAndPasteGoThroughTheGeneralPasteboard() async {
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("abc")
        XCTAssertFalse(Pasteboard.general.hasStrings)
        display.keyDown(KeyCode.leftShift)
        press(KeyCode.left)
        press(KeyCode.left)
        display.keyUp(KeyCode.leftShift)
        press(KeyCode.letters["x"]!, with: KeyCode.leftControl)
        XCTAssertEqual(Pasteboard.general.string, "bc")
        XCTAssertEqual(field.text, "a")
        press(KeyCode.letters["v"]!, with: KeyCode.leftControl)
        press(KeyCode.letters["v"]!, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "abcbc")
        press(KeyCode.letters["a"]!, with: KeyCode.leftControl)
        press(KeyCode.letters["c"]!, with: KeyCode.leftControl)
        XCTAssertEqual(Pasteboard.general.string, "abcbc")
    }

    func testSecureEntryShowsBulletsAndCopiesNothingOut() async throws {
        field.isSecureTextEntry = true
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("abc")
        XCTAssertEqual(field.text, "abc")
        press(KeyCode.letters["a"]!, with: KeyCode.leftControl)
        press(KeyCode.letters["c"]!, with: KeyCode.leftControl)
        press(KeyCode.letters["x"]!, with: KeyCode.leftControl)
        XCTAssertNil(Pasteboard.general.string)
        XCTAssertEqual(field.text, "abc")
    }

    // MARK: Return and ending

    func testReturnAsksTheDelegateAndEndsOnExit() async {
        let delegate = RecordingDelegate()
        field.delegate = delegate
        XCTAssertTrue(field.becomeFirstResponder())
        delegate.returns = false
        press(KeyCode.enter)
        XCTAssertEqual(events, ["begin"])
        XCTAssertTrue(field.isEditing)
        delegate.returns = true
        press(KeyCode.enter)
        XCTAssertEqual(events, ["begin", "exit", "end"], "an action for exit resigns the field")
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(
            delegate.log, ["shouldBegin", "didBegin", "shouldReturn", "shouldReturn", "shouldEnd", "didEnd"])
    }

    func testDelegateMayKeepTheFieldEditing() async {
        let delegate = RecordingDelegate()
        field.delegate = delegate
        XCTAssertTrue(field.becomeFirstResponder())
        delegate.allowsEnd = false
        XCTAssertFalse(field.resignFirstResponder())
        XCTAssertTrue(field.isEditing)
        XCTAssertTrue(field.isFirstResponder)
        delegate.allowsEnd = true
        XCTAssertTrue(field.resignFirstResponder())
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(events, ["begin", "end"])
    }

    func testEndEditingAsksTheDelegateUnlessForced() async {
        let delegate = RecordingDelegate()
        delegate.allowsEnd = false
        field.delegate = delegate
        let sibling = View(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        window.addSubview(sibling)
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(sibling.endEditing(true), "no first responder inside the sibling")
        XCTAssertTrue(field.isEditing, "a view outside the subtree ends nothing")
        XCTAssertFalse(window.endEditing(false), "the delegate keeps the field")
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertTrue(window.endEditing(true))
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertFalse(field.isEditing)
        XCTAssertFalse(field.isCaretBlinking)
        XCTAssertEqual(delegate.log.filter { $0 == "shouldEnd" }.count, 1, "forced: not asked")
        XCTAssertEqual(events, ["begin", "end"])
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertFalse(field.resignFirstResponder(), "the delegate is asked again afterwards")
    }

    func testAFieldRemovedFromItsWindowWhileEditingEndsEditing() async {
        let delegate = RecordingDelegate()
        delegate.allowsEnd = false
        field.delegate = delegate
        XCTAssertTrue(field.becomeFirstResponder())
        field.removeFromSuperview()
        XCTAssertFalse(field.isEditing)
        XCTAssertFalse(field.isCaretBlinking)
        XCTAssertEqual(events, ["begin", "end"])
        typeKeys("a")
        XCTAssertEqual(field.text, "", "keys no longer reach it")
        display.advanceTime(by: 2)
        display.runUntilIdle()
    }

    func testTextSetWhileEditingPutsTheCaretAtTheEnd() async {
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("abc")
        press(KeyCode.home)
        field.text = "hello"
        XCTAssertEqual(field.selectedRange, NSRange(location: 5, length: 0))
        XCTAssertEqual(events.filter { $0 == "changed" }.count, 3, "setting text sends no editingChanged")
        field.text = nil
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(field.hasText)
    }

    func testSelectedRangeIsClampedAndWidenedToClusters() async {
        field.text = "a\u{1F600}b"
        field.selectedRange = NSRange(location: 2, length: 0)
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 0), "inside the emoji: before it")
        field.selectedRange = NSRange(location: 2, length: 1)
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 2))
        field.selectedRange = NSRange(location: 99, length: 5)
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        field.selectedRange = NSRange(location: -3, length: -2)
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 0))
    }

    // MARK: Touches and the caret

    func testTapFocusesAndPutsTheCaretWhereItLanded() async {
        field.text = "abcdefgh"
        let afterD = field.caretRect(atOffset: 4)
        let afterE = field.caretRect(atOffset: 5)
        XCTAssertGreaterThan(afterE.minX, afterD.minX)
        // A tap just right of the boundary after "d": the caret goes there.
        let x = 20 + afterD.minX + 1
        display.touchDown(1, at: CGPoint(x: x, y: 40), on: screen)
        display.touchUp(1, at: CGPoint(x: x, y: 40), on: screen)
        display.runUntilIdle()
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertEqual(events, ["begin"])
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        display.touchDown(2, at: CGPoint(x: 310, y: 40), on: screen)
        display.touchUp(2, at: CGPoint(x: 310, y: 40), on: screen)
        XCTAssertEqual(field.selectedRange, NSRange(location: 8, length: 0), "past the text: the end")
        XCTAssertEqual(events, ["begin"], "a second tap does not begin again")
    }

    func testLongTextScrollsToTheCaretAndTapsFindTheirPlace() async {
        field.text = String(repeating: "ab", count: 10_000)
        XCTAssertTrue(field.becomeFirstResponder())
        let end = field.caretRect(atOffset: 20_000)
        XCTAssertTrue((250...300).contains(end.minX), "the caret at the end is at the right edge: \(end)")
        display.touchDown(1, at: CGPoint(x: 20 + 200, y: 40), on: screen)
        display.touchUp(1, at: CGPoint(x: 20 + 200, y: 40), on: screen)
        let tapped = field.selectedRange.location
        XCTAssertTrue((19_960..<20_000).contains(tapped), "a tap near the end finds the end's characters: \(tapped)")
        XCTAssertEqual(field.caretRect(atOffset: tapped).minX, 200, accuracy: 10)
        press(KeyCode.home)
        XCTAssertEqual(field.caretRect(atOffset: 0).minX, 0, accuracy: 1, "Home scrolls back to the start")
        display.touchDown(2, at: CGPoint(x: 20 + 100, y: 40), on: screen)
        display.touchUp(2, at: CGPoint(x: 20 + 100, y: 40), on: screen)
        XCTAssertTrue((5..<30).contains(field.selectedRange.location), "\(field.selectedRange)")
        field.isSecureTextEntry = true
        press(KeyCode.end)
        XCTAssertTrue((250...300).contains(field.caretRect(atOffset: 20_000).minX))
    }

    func testCaretBlinksOnTheDisplayClockOnlyWhileEditing() async throws {
        field.text = ""
        display.runUntilIdle()
        let composedBefore = screen.frameStatistics.framesComposed
        display.advanceTime(by: 3)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedBefore, "idle: no frames")
        XCTAssertFalse(field.isCaretBlinking)

        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        let caret = field.caretRect(atOffset: 0)
        let caretX = Int(20 + caret.midX.rounded(.down))
        let caretY = Int(20 + caret.midY)
        let shown = try display.capture(screen)
        XCTAssertNotEqual(shown.pixel(x: caretX, y: caretY), .white, "the caret is drawn")
        display.advanceTime(by: TextField.caretBlinkInterval)
        display.runUntilIdle()
        assertPixel(try display.capture(screen), caretX, caretY, .white)
        display.advanceTime(by: TextField.caretBlinkInterval)
        display.runUntilIdle()
        XCTAssertNotEqual(try display.capture(screen).pixel(x: caretX, y: caretY), .white, "and back")
        XCTAssertTrue(field.isCaretBlinking)

        XCTAssertTrue(field.resignFirstResponder())
        XCTAssertFalse(field.isCaretBlinking)
        display.runUntilIdle()
        assertPixel(try display.capture(screen), caretX, caretY, .white)
        // The on-screen keyboard (shown: the seat has no keyboard device) slides away first.
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        let composedAfter = screen.frameStatistics.framesComposed
        display.advanceTime(by: 3)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedAfter, "resigned: no more frames")
    }

    func testBorderStylesAndPlaceholderDraw() async throws {
        field.placeholder = "Name"
        field.borderStyle = .line
        display.runUntilIdle()
        let image = try display.capture(screen)
        XCTAssertNotEqual(image.pixel(x: 20, y: 40), .white, "the line border's left edge")
        XCTAssertNotEqual(image.pixel(x: 319, y: 40), .white, "and its right edge")
        let placeholderInk = (22..<80).contains { x in (28..<52).contains { y in image.pixel(x: x, y: y) != .white } }
        XCTAssertTrue(placeholderInk, "the placeholder is drawn")
        field.borderStyle = .roundedRect
        display.runUntilIdle()
        XCTAssertNotEqual(try display.capture(screen).pixel(x: 20, y: 40), .white)
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("abc hi")
        display.keyDown(KeyCode.leftShift)
        press(KeyCode.left)
        press(KeyCode.left)
        display.keyUp(KeyCode.leftShift)
        display.runUntilIdle()
        keepForInspection(try display.capture(screen), "text-field")
    }
}
