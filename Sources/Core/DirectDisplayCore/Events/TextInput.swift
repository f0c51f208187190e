import Foundation

/// A place in a text input's text, as UIKit's `UITextPosition`: between two UTF-16
/// units. Positions come from the input (`beginningOfDocument`, `position(from:offset:)`)
/// and are compared with `compare(_:to:)` or measured with `offset(from:to:)`.
public final class TextPosition: Sendable, CustomStringConvertible {
    /// UTF-16 units from the start of the text.
    package let offset: Int

    package init(offset: Int) { self.offset = offset }

    public var description: String { "TextPosition(\(offset))" }
}

/// The text between two positions, as UIKit's `UITextRange`.
public final class TextRange: Sendable, CustomStringConvertible {
    /// The first position.
    public let start: TextPosition
    /// The position after the last character.
    public let end: TextPosition
    /// Whether the range holds no character (a caret).
    public var isEmpty: Bool { start.offset == end.offset }

    package init(start: Int, end: Int) {
        self.start = TextPosition(offset: start)
        self.end = TextPosition(offset: end)
    }

    package var nsRange: NSRange { NSRange(location: start.offset, length: end.offset - start.offset) }

    public var description: String { "TextRange(\(start.offset)..<\(end.offset))" }
}

/// A text input that can be asked about its text and selection by position, as
/// UIKit's `UITextInput` (its position and range part): `TextField` and `TextView`
/// adopt it. Offsets count UTF-16 units, as UIKit's do.
@MainActor public protocol TextInput: KeyInput {
    /// The selection, or the caret as an empty range; set to move it (clamped to the
    /// text and widened to whole grapheme clusters, as `selectedRange` is).
    var selectedTextRange: TextRange? { get set }
    /// The position before the first character.
    var beginningOfDocument: TextPosition { get }
    /// The position after the last character.
    var endOfDocument: TextPosition { get }
    /// The text between the range's ends; nil when they are outside the text.
    func text(in range: TextRange) -> String?
    /// Replaces the text in `range` as an edit by the user does (the delegate is
    /// asked, the change is an undo step and sends what typing sends).
    func replace(_ range: TextRange, withText text: String)
    /// The range between two positions, in either order; nil when one is outside the text.
    func textRange(from fromPosition: TextPosition, to toPosition: TextPosition) -> TextRange?
    /// The position `offset` UTF-16 units from `position`; nil outside the text.
    func position(from position: TextPosition, offset: Int) -> TextPosition?
    /// UTF-16 units from one position to another (negative when `to` comes first).
    func offset(from: TextPosition, to toPosition: TextPosition) -> Int
    /// Whether `position` comes before, at or after `other`.
    func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult
}

/// What `TextField` and `TextView` share in answering `TextInput` (each forwards to it:
/// the extension of `TextEditingState` in Events/TextInput.swift).
extension TextEditingState {
    package var selectedTextRange: TextRange {
        TextRange(start: selection.location, end: selection.location + selection.length)
    }

    package func setSelectedTextRange(_ range: TextRange?) {
        guard let range else { return }
        setSelectedRange(range.nsRange)
    }

    package var endOfDocument: TextPosition { TextPosition(offset: text.utf16.count) }

    private func contains(_ position: TextPosition) -> Bool { (0...text.utf16.count).contains(position.offset) }

    package func text(in range: TextRange) -> String? {
        guard contains(range.start), contains(range.end), range.start.offset <= range.end.offset else { return nil }
        return String(text[utf16Range(range.nsRange)])
    }

    package func replace(_ range: TextRange, withText string: String) {
        guard contains(range.start), contains(range.end), range.start.offset <= range.end.offset else { return }
        let start = clusterBoundary(atOrBefore: range.start.offset)
        let end = clusterBoundary(atOrAfter: range.end.offset)
        replaceCharacters(in: NSRange(location: start, length: end - start), with: string)
    }

    package func textRange(from first: TextPosition, to second: TextPosition) -> TextRange? {
        guard contains(first), contains(second) else { return nil }
        return TextRange(start: min(first.offset, second.offset), end: max(first.offset, second.offset))
    }

    package func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let (moved, overflow) = position.offset.addingReportingOverflow(offset)
        guard !overflow, (0...text.utf16.count).contains(moved) else { return nil }
        return TextPosition(offset: moved)
    }
}

extension TextPosition {
    package static func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult {
        position.offset < other.offset
            ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }
}
