// Hostile-value cases: a text field given a megabyte at once, NUL, bidi controls and
// joiners, a delegate that refuses everything, and ranges far outside its text.
import DirectDisplay
import Foundation

/// Refuses every change and every end of editing.
@MainActor private final class RefusingDelegate: TextFieldDelegate {
    var asked = 0
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        asked += 1
        return false
    }
}

extension HostileCase {
    static let textFieldCases: [HostileCase] = [
        HostileCase(name: "text-field-insert-1mb") {
            let stage = HostileStage()
            let field = TextField(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            stage.window.addSubview(field)
            stage.window.makeKey()
            guard field.becomeFirstResponder() else { return "the field did not become first responder" }
            let megabyte = String(repeating: "x", count: 1 << 20)
            let start = ContinuousClock.now
            field.insertText(megabyte)
            let frame = try stage.frame()
            let inserted = ContinuousClock.now - start
            field.insertText("y")
            field.deleteBackward()
            field.deleteBackward()
            _ = try stage.frame()
            let typed = ContinuousClock.now - start - inserted
            print("1 MB inserted and drawn: \(inserted); then a key typed and two deleted, drawn: \(typed)")
            guard field.text?.utf16.count == (1 << 20) - 1 else { return "the text is \(field.text?.count ?? 0) long" }
            guard field.selectedRange == NSRange(location: (1 << 20) - 1, length: 0) else {
                return "the caret is at \(field.selectedRange)"
            }
            return frame.hasInk(in: 0..<320, rows: 0..<40) ? nil : "nothing drawn"
        },
        HostileCase(name: "text-field-nul-bidi-joiners") {
            let stage = HostileStage()
            let field = TextField(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            stage.window.addSubview(field)
            stage.window.makeKey()
            _ = field.becomeFirstResponder()
            let odd =
                "a\u{0}b\u{202E}cd\u{202C}\u{2066}\u{5D0}\u{5D1}\u{2069}\u{200D}\u{200D}e\u{FEFF}\u{1F468}\u{200D}"
            field.insertText(odd)
            guard field.text == odd else { return "the text became \(field.text.debugDescription)" }
            // Every caret position, every selection from 0, drawn; then deleted a cluster at a time.
            for location in 0...odd.utf16.count + 2 {
                field.selectedRange = NSRange(location: location, length: 0)
                field.selectedRange = NSRange(location: 0, length: location)
                _ = try stage.frame()
            }
            field.selectedRange = NSRange(location: Int.max, length: Int.max)
            field.selectedRange = NSRange(location: Int.min + 1, length: Int.max)
            var deletions = 0
            field.selectedRange = NSRange(location: odd.utf16.count, length: 0)
            while field.hasText, deletions < 100 {
                field.deleteBackward()
                deletions += 1
                _ = try stage.frame()
            }
            guard !field.hasText else { return "text left after 100 deletions: \(field.text.debugDescription)" }
            return deletions == odd.count ? nil : "\(deletions) deletions for \(odd.count) characters"
        },
        HostileCase(name: "text-field-delegate-refuses-everything") {
            let stage = HostileStage()
            let field = TextField(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            let delegate = RefusingDelegate()
            field.delegate = delegate
            field.text = "kept"
            stage.window.addSubview(field)
            stage.window.makeKey()
            _ = field.becomeFirstResponder()
            for code: UInt32 in [30, 14, 111, 57, 28] {  // a, Backspace, Delete, space, Return
                stage.display.keyDown(code)
                stage.display.keyUp(code)
            }
            field.insertText(String(repeating: "z", count: 100_000))
            field.deleteBackward()
            _ = try stage.frame()
            guard field.text == "kept" else { return "the text became \(field.text ?? "nil")" }
            return delegate.asked == 5 ? nil : "the delegate was asked \(delegate.asked) times, not 5"
        },
    ]
}
