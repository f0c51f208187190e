import Foundation

// Both forward to their shared editing state (the extension of `TextEditingState` in Events/TextInput.swift); a
// protocol extension cannot, since the state is not public.

/// A text field's positions and ranges, as UIKit's `UITextField` answers `UITextInput`.
extension TextField: TextInput {
    public var selectedTextRange: TextRange? {
        get { editor.selectedTextRange }
        set { editor.setSelectedTextRange(newValue) }
    }
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    public var endOfDocument: TextPosition { editor.endOfDocument }
    public func text(in range: TextRange) -> String? { editor.text(in: range) }
    public func replace(_ range: TextRange, withText text: String) { editor.replace(range, withText: text) }
    public func textRange(from fromPosition: TextPosition, to toPosition: TextPosition) -> TextRange? {
        editor.textRange(from: fromPosition, to: toPosition)
    }
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        editor.position(from: position, offset: offset)
    }
    public func offset(from: TextPosition, to toPosition: TextPosition) -> Int { toPosition.offset - from.offset }
    public func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult {
        TextPosition.compare(position, to: other)
    }
}

/// A text view's positions and ranges, as UIKit's `UITextView` answers `UITextInput`.
extension TextView: TextInput {
    public var selectedTextRange: TextRange? {
        get { editor.selectedTextRange }
        set { editor.setSelectedTextRange(newValue) }
    }
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    public var endOfDocument: TextPosition { editor.endOfDocument }
    public func text(in range: TextRange) -> String? { editor.text(in: range) }
    public func replace(_ range: TextRange, withText text: String) { editor.replace(range, withText: text) }
    public func textRange(from fromPosition: TextPosition, to toPosition: TextPosition) -> TextRange? {
        editor.textRange(from: fromPosition, to: toPosition)
    }
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        editor.position(from: position, offset: offset)
    }
    public func offset(from: TextPosition, to toPosition: TextPosition) -> Int { toPosition.offset - from.offset }
    public func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult {
        TextPosition.compare(position, to: other)
    }
}
