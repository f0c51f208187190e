import DirectDisplayCore
import Foundation
import XCTest

/// Word motion and word deletion with Ctrl, double-tap word selection, caret
/// dragging, and Backspace repeating while held.
final class TextEditingWordTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var field: TextField!

    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 200)
        window = showWindow(on: screen)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        field.text = "hello big world"
        window.addSubview(field)
        display.runUntilIdle()
    }

    /// The screen point in the middle of the text before the UTF-16 offset `offset` and after it.
    private func point(between offset: Int, and next: Int) -> CGPoint {
        let start = field.caretRect(atOffset: offset)
        let end = field.caretRect(atOffset: next)
        return field.convert(CGPoint(x: (start.minX + end.minX) / 2, y: start.midY), to: nil)
    }

    /// The screen point just after the caret place before the UTF-16 offset `offset`.
    private func point(at offset: Int) -> CGPoint {
        let caret = field.caretRect(atOffset: offset)
        return field.convert(CGPoint(x: caret.minX + 1, y: caret.midY), to: nil)
    }

    func testControlArrowsMoveByWordsAndShiftExtends() async {
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertEqual(field.selectedRange, NSRange(location: 15, length: 0))
        press(KeyCode.left, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange, NSRange(location: 10, length: 0), "to the start of world")
        press(KeyCode.left, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange, NSRange(location: 6, length: 0), "to the start of big")
        press(KeyCode.right, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange, NSRange(location: 9, length: 0), "to the end of big")
        press(KeyCode.right, with: KeyCode.leftControl, KeyCode.leftShift)
        XCTAssertEqual(field.selectedRange, NSRange(location: 9, length: 6), "Shift extends to the end of world")
        press(KeyCode.left, with: KeyCode.leftControl, KeyCode.leftShift)
        XCTAssertEqual(field.selectedRange, NSRange(location: 9, length: 1), "the moving end goes back a word")
        press(KeyCode.left, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange, NSRange(location: 6, length: 0))
        for _ in 0..<3 { press(KeyCode.left, with: KeyCode.leftControl) }
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 0), "stops at the start")
        for _ in 0..<4 { press(KeyCode.right, with: KeyCode.leftControl) }
        XCTAssertEqual(field.selectedRange, NSRange(location: 15, length: 0), "stops at the end")
    }

    func testControlBackspaceDeletesWordsBackAsOneUndoStep() async {
        XCTAssertTrue(field.becomeFirstResponder())
        press(KeyCode.backspace, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "hello big ")
        press(KeyCode.backspace, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "hello ")
        field.selectedRange = NSRange(location: 0, length: 0)
        field.text = "one two"
        field.selectedRange = NSRange(location: 0, length: 0)
        press(KeyCode.delete, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, " two", "Ctrl+Delete deletes the word after")
        press(KeyCode.z, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "one two")
    }

    func testWordsAcrossNonLatinTextAndPunctuation() async {
        field.text = "שלום, עולם! 😀 done"
        XCTAssertTrue(field.becomeFirstResponder())
        let length = field.text!.utf16.count
        press(KeyCode.left, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange.location, length - 4)
        field.selectedRange = NSRange(location: 0, length: 0)
        press(KeyCode.right, with: KeyCode.leftControl)
        XCTAssertEqual(field.selectedRange.location, 4, "the end of the first Hebrew word")
    }

    func testDoubleTapSelectsTheWordUnderTheTouch() async {
        let inBig = point(between: 7, and: 8)
        display.touchDown(1, at: inBig, on: screen)
        display.touchUp(1, at: inBig, on: screen)
        XCTAssertTrue(field.isEditing)
        XCTAssertEqual(field.selectedRange, NSRange(location: 7, length: 0), "one tap: the caret")
        display.touchDown(1, at: inBig, on: screen)
        let jitter = CGPoint(x: inBig.x + 2, y: inBig.y + 1)
        display.touchMove(1, at: jitter, on: screen)
        display.touchUp(1, at: jitter, on: screen)
        XCTAssertEqual(
            field.selectedRange, NSRange(location: 6, length: 3), "a double tap (a finger's jitter too): the word")
    }

    func testADragMovesTheCaret() async {
        XCTAssertTrue(field.becomeFirstResponder())
        display.touchDown(1, at: point(at: 2), on: screen)
        display.touchMove(1, at: point(at: 12), on: screen)
        XCTAssertEqual(field.selectedRange, NSRange(location: 12, length: 0))
        let end = point(at: 4)
        display.touchMove(1, at: end, on: screen)
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        display.touchUp(1, at: end, on: screen)
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
    }

    func testATextViewMovesByWordsThroughTheSharedEditing() async {
        let textView = TextView(frame: CGRect(x: 0, y: 80, width: 300, height: 100))
        textView.text = "hello big world"
        window.addSubview(textView)
        XCTAssertTrue(textView.becomeFirstResponder())
        press(KeyCode.left, with: KeyCode.leftControl)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 10, length: 0))
        press(KeyCode.backspace, with: KeyCode.leftControl)
        XCTAssertEqual(textView.text, "hello world")
    }

    func testAHeldBackspaceRepeatsThroughTheKeyRouter() async {
        XCTAssertTrue(field.becomeFirstResponder())
        display.keyDown(KeyCode.backspace)
        XCTAssertEqual(field.text, "hello big worl")
        display.advanceTime(by: 0.2)
        XCTAssertEqual(field.text, "hello big worl", "no repeat before the delay")
        display.advanceTime(by: 1)
        let left = field.text!.count
        XCTAssertLessThan(left, 10, "the held key repeats deleteBackward")
        display.keyUp(KeyCode.backspace)
        display.advanceTime(by: 1)
        XCTAssertEqual(field.text!.count, left, "no repeat after the release")
        press(KeyCode.z, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "hello big world", "the held run is one undo step")
    }
}
