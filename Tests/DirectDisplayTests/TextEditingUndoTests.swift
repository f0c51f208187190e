import DirectDisplayCore
import Foundation
import XCTest

/// Records the changes a text field asks its delegate about; refuses them when told to.
@MainActor private final class ChangeDelegate: TextFieldDelegate {
    var allowsChanges = true
    var asked: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        asked.append("\(range.location),\(range.length) \(string)")
        return allowsChanges
    }
}

/// Undo and redo in a text field through its window's undo manager: Ctrl+Z,
/// Ctrl+Shift+Z and Ctrl+Y; one step per run of typing, paste and cut their own.
final class TextEditingUndoTests: DirectDisplayTestCase {
    private var window: Window!
    private var field: TextField!
    private var changes = 0

    override func setUp() async throws {
        try await super.setUp()
        let screen = connect(width: 400, height: 200)
        window = showWindow(on: screen)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(field)
        changes = 0
        field.addAction(Action { [unowned self] _ in changes += 1 }, for: .editingChanged)
        Pasteboard.general.string = nil
        display.runUntilIdle()
        XCTAssertTrue(field.becomeFirstResponder())
    }

    private func undo() { press(KeyCode.letters["z"]!, with: KeyCode.leftControl) }
    private func redo() { press(KeyCode.letters["z"]!, with: KeyCode.leftControl, KeyCode.leftShift) }

    func testARunOfTypingIsOneStepUndoneAndRedoneWithItsSelection() async {
        typeKeys("hi a")
        XCTAssertEqual(changes, 4)
        undo()
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 0))
        XCTAssertEqual(changes, 5, "an undo sends .editingChanged")
        XCTAssertEqual(window.undoManager?.redoActionName, "Typing")
        redo()
        XCTAssertEqual(field.text, "hi a")
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        XCTAssertEqual(changes, 6)
        undo()
        XCTAssertEqual(field.text, "")
        press(KeyCode.letters["y"]!, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "hi a", "Ctrl+Y redoes too")
    }

    func testATextViewUndoesAndRedoesThroughItsWindowsUndoManager() async {
        let textView = TextView(frame: CGRect(x: 0, y: 80, width: 300, height: 100))
        window.addSubview(textView)
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("hi")
        press(KeyCode.left)
        typeKeys("a")
        XCTAssertEqual(textView.text, "hai")
        undo()
        XCTAssertEqual(textView.text, "hi")
        XCTAssertEqual(textView.selectedRange, NSRange(location: 1, length: 0))
        undo()
        XCTAssertEqual(textView.text, "")
        redo()
        XCTAssertEqual(textView.text, "hi")
    }

    func testACaretMoveEndsTheRun() async {
        typeKeys("ab")
        press(KeyCode.left)
        typeKeys("c")
        XCTAssertEqual(field.text, "acb")
        undo()
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 0))
        undo()
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(window.undoManager!.canUndo)
    }

    func testADeleteAfterTypingIsItsOwnStepAndARunOfDeletesIsOne() async {
        typeKeys("abcd")
        press(KeyCode.backspace)
        press(KeyCode.backspace)
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(window.undoManager?.undoActionName, "Delete")
        undo()
        XCTAssertEqual(field.text, "abcd")
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        undo()
        XCTAssertEqual(field.text, "")
        redo()
        redo()
        XCTAssertEqual(field.text, "ab")
    }

    func testForwardDeletesInARunAreOneStep() async {
        typeKeys("abcd")
        press(KeyCode.left)
        press(KeyCode.left)
        press(KeyCode.left)
        press(KeyCode.delete)
        press(KeyCode.delete)
        XCTAssertEqual(field.text, "ad")
        undo()
        XCTAssertEqual(field.text, "abcd")
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 0))
    }

    func testPasteAndCutAreStepsOfTheirOwnAndUndoRestoresTheSelection() async {
        Pasteboard.general.string = "xy"
        typeKeys("ab")
        press(KeyCode.letters["v"]!, with: KeyCode.leftControl)
        typeKeys("c")
        XCTAssertEqual(field.text, "abxyc")
        undo()
        XCTAssertEqual(field.text, "abxy")
        XCTAssertEqual(window.undoManager?.undoActionName, "Paste")
        undo()
        XCTAssertEqual(field.text, "ab")

        press(KeyCode.left, with: KeyCode.leftShift)
        press(KeyCode.letters["x"]!, with: KeyCode.leftControl)
        XCTAssertEqual(field.text, "a")
        XCTAssertEqual(Pasteboard.general.string, "b")
        undo()
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 1), "the cut text is selected again")
    }

    func testUndoAsksTheDelegateWhichMayRefuseIt() async {
        let delegate = ChangeDelegate()
        field.delegate = delegate
        typeKeys("hi")
        delegate.asked = []
        delegate.allowsChanges = false
        undo()
        XCTAssertEqual(delegate.asked, ["0,2 "])
        XCTAssertEqual(field.text, "hi", "refused: the text stays")
        XCTAssertEqual(changes, 2)
        XCTAssertFalse(window.undoManager!.canRedo)
    }

    /// Ending editing drops the field's steps: Ctrl+Z in the next field undoes only its own.
    func testEndingEditingForgetsTheFieldsSteps() async {
        typeKeys("ab")
        let other = TextField(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
        window.addSubview(other)
        XCTAssertTrue(other.becomeFirstResponder())
        XCTAssertFalse(window.undoManager!.canUndo)
        typeKeys("c")
        undo()
        XCTAssertEqual(other.text, "")
        undo()
        XCTAssertEqual(field.text, "ab", "the first field's typing stays")
        XCTAssertTrue(field.becomeFirstResponder())
        typeKeys("d")
        undo()
        XCTAssertEqual(field.text, "ab")
    }

    func testTextSetInCodeForgetsTheFieldsSteps() async {
        typeKeys("ab")
        field.text = "xyz"
        undo()
        XCTAssertEqual(field.text, "xyz")
        XCTAssertEqual(changes, 2)
    }

    func testAnotherRegistrationBetweenKeysEndsTheRun() async {
        typeKeys("ab")
        window.undoManager?.registerUndo(withTarget: window) { _ in }
        typeKeys("c")
        undo()
        XCTAssertEqual(field.text, "ab")
    }
}
