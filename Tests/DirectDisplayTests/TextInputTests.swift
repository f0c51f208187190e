import DirectDisplayCore
import Foundation
import XCTest

/// Refuses every change; counts what it was asked.
@MainActor private final class RefusingDelegate: TextFieldDelegate {
    var asked = 0
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        asked += 1
        return false
    }
}

/// Positions and ranges (UIKit's `UITextInput` part) on text fields and text views:
/// UTF-16 offsets, clamped selections, nil outside the text, edits as the user's.
final class TextInputTests: DirectDisplayTestCase {
    private var window: Window!

    override func setUp() async throws {
        try await super.setUp()
        window = showWindow(on: connect(width: 400, height: 300))
    }

    private func inputs() -> [TextInput] {
        let field = TextField(frame: CGRect(x: 10, y: 10, width: 300, height: 40))
        let textView = TextView(frame: CGRect(x: 10, y: 60, width: 300, height: 200))
        window.addSubview(field)
        window.addSubview(textView)
        field.text = "a😀b"
        textView.text = "a😀b"
        return [field, textView]
    }

    func testPositionsCountUTF16UnitsAndAreNilOutsideTheText() async {
        for input in inputs() {
            let start = input.beginningOfDocument
            let end = input.endOfDocument
            XCTAssertEqual(input.offset(from: start, to: end), 4, "\(type(of: input)): the emoji is two units")
            XCTAssertEqual(input.offset(from: end, to: start), -4)
            XCTAssertNil(input.position(from: end, offset: 1))
            XCTAssertNil(input.position(from: start, offset: -1))
            XCTAssertNil(input.position(from: start, offset: .max), "no overflow trap")
            let afterEmoji = input.position(from: start, offset: 3)!
            XCTAssertEqual(input.compare(afterEmoji, to: end), .orderedAscending)
            XCTAssertEqual(input.compare(end, to: afterEmoji), .orderedDescending)
            XCTAssertEqual(input.compare(input.position(from: end, offset: -1)!, to: afterEmoji), .orderedSame)
            let range = input.textRange(from: afterEmoji, to: start)!
            XCTAssertEqual(input.text(in: range), "a😀", "the range runs from the earlier position")
            XCTAssertFalse(range.isEmpty)
        }
    }

    func testSelectedTextRangeIsTheSelectionAndSettingItClampsToClusters() async {
        for input in inputs() {
            XCTAssertEqual(input.offset(from: input.beginningOfDocument, to: input.selectedTextRange!.start), 4)
            XCTAssertTrue(input.selectedTextRange!.isEmpty, "\(type(of: input)): the caret at the end")
            let start = input.beginningOfDocument
            // From inside the emoji (offset 2) to the end: widened to the emoji's start.
            let mutable = input
            mutable.selectedTextRange = input.textRange(
                from: input.position(from: start, offset: 2)!, to: input.endOfDocument)
            let selected = input.selectedTextRange!
            XCTAssertEqual(input.offset(from: start, to: selected.start), 1)
            XCTAssertEqual(input.text(in: selected), "😀b")
            mutable.selectedTextRange = nil
            XCTAssertEqual(input.text(in: input.selectedTextRange!), "😀b", "nil leaves the selection")
        }
    }

    func testReplaceIsAnEditAsTheUsersAndAsksTheDelegate() async {
        let field = inputs()[0] as! TextField
        var changes = 0
        field.addAction(Action { _ in changes += 1 }, for: .editingChanged)
        let start = field.beginningOfDocument
        field.replace(field.textRange(from: start, to: field.position(from: start, offset: 1)!)!, withText: "xy")
        XCTAssertEqual(field.text, "xy😀b")
        XCTAssertEqual(changes, 1)
        let delegate = RefusingDelegate()
        field.delegate = delegate
        field.replace(field.textRange(from: start, to: field.endOfDocument)!, withText: "")
        XCTAssertEqual(field.text, "xy😀b", "the delegate refused")
        XCTAssertEqual(delegate.asked, 1)
        XCTAssertEqual(changes, 1)
    }

    func testPositionsFromALongerTextAreRefusedNotTrapped() async {
        for input in inputs() {
            let far = input.endOfDocument
            let stale = input.textRange(from: input.beginningOfDocument, to: far)!
            (input as? TextField)?.text = "a"
            (input as? TextView)?.text = "a"
            XCTAssertNil(input.textRange(from: input.beginningOfDocument, to: far), "\(type(of: input))")
            XCTAssertNil(input.position(from: far, offset: 0))
            XCTAssertNil(input.text(in: stale))
            input.replace(stale, withText: "z")
            XCTAssertEqual(
                input.text(in: input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)!), "a")
        }
    }
}
