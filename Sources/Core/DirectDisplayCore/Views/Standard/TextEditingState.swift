import Foundation

/// evdev key codes of the keys text editing handles (linux/input-event-codes.h).
package enum EditingKeyCode {
    package static let enter: UInt32 = 28
    package static let keypadEnter: UInt32 = 96
    package static let home: UInt32 = 102
    package static let up: UInt32 = 103
    package static let pageUp: UInt32 = 104
    package static let left: UInt32 = 105
    package static let right: UInt32 = 106
    package static let end: UInt32 = 107
    package static let down: UInt32 = 108
    package static let pageDown: UInt32 = 109
    package static let delete: UInt32 = 111
}

/// The text being edited and its selection, and the edits keys make to them:
/// the one editing logic of `TextField` and `TextView`. The selection counts
/// UTF-16 units (as UIKit's `NSRange`s) and always lies on grapheme-cluster
/// boundaries (Swift's `Character`). Every edit the user makes goes through
/// `replaceCharacters(in:with:)`, which asks `shouldChange` first.
@MainActor package final class TextEditingState {
    /// The text.
    package private(set) var text = ""
    /// The selection in UTF-16 units of `text`, always on grapheme-cluster boundaries.
    package private(set) var selection = NSRange(location: 0, length: 0)
    /// Where a Shift-extended selection started: the end that stays.
    package private(set) var selectionAnchor: Int?

    /// Asked before each edit the user makes (the owner's delegate); false refuses it.
    package var shouldChange: (_ range: NSRange, _ replacement: String) -> Bool = { _, _ in true }
    /// Told after an edit the user made, with the range replaced (UTF-16, in the
    /// text before the edit) and the UTF-16 length of what replaced it; the caret
    /// is already after the new text.
    package var didChange: (_ replacedRange: NSRange, _ replacementLength: Int) -> Void = { _, _ in }
    /// Told when the selection moved without an edit.
    package var selectionDidChange: () -> Void = {}
    /// Whether the text may be copied out (false for secure entry).
    package var allowsCopying = true

    package init() {}

    // MARK: Setting

    /// Sets the text as code does: asks nobody, tells nobody, the caret goes to the end.
    package func setText(_ newText: String) {
        text = newText
        selection = NSRange(location: text.utf16.count, length: 0)
        selectionAnchor = nil
    }

    /// Sets the selection as `selectedRange` does: clamped to the text and widened
    /// to whole clusters (a caret inside a cluster goes before it).
    package func setSelectedRange(_ range: NSRange) {
        let length = text.utf16.count
        let location = min(max(range.location, 0), length)
        let start = clusterBoundary(atOrBefore: location)
        let count = min(max(range.length, 0), length - location)
        let end = count == 0 ? start : clusterBoundary(atOrAfter: location + count)
        setSelection(NSRange(location: start, length: end - start), anchor: nil)
    }

    /// Sets the selection (on cluster boundaries already) and the anchor; tells
    /// `selectionDidChange` when the selection moved.
    package func setSelection(_ range: NSRange, anchor: Int?) {
        selectionAnchor = anchor
        guard range != selection else { return }
        selection = range
        selectionDidChange()
    }

    /// Forgets the Shift anchor (editing ended).
    package func clearAnchor() {
        selectionAnchor = nil
    }

    // MARK: Edits

    /// Replaces the selection with `string` (if allowed); the caret goes after it.
    package func insertText(_ string: String) {
        replaceCharacters(in: selection, with: string)
    }

    /// Deletes the selection, else the grapheme cluster before the caret.
    package func deleteBackward() {
        if selection.length > 0 {
            replaceCharacters(in: selection, with: "")
        } else if selection.location > 0 {
            let start = clusterBoundary(before: selection.location)
            replaceCharacters(in: NSRange(location: start, length: selection.location - start), with: "")
        }
    }

    /// Deletes the selection, else the grapheme cluster after the caret.
    package func deleteForward() {
        if selection.length > 0 {
            replaceCharacters(in: selection, with: "")
        } else if selection.location < text.utf16.count {
            let end = clusterBoundary(after: selection.location)
            replaceCharacters(in: NSRange(location: selection.location, length: end - selection.location), with: "")
        }
    }

    /// The one way the user's edits change the text: asks `shouldChange`, then
    /// tells `didChange`. False when nothing changed (empty or refused).
    @discardableResult
    package func replaceCharacters(in range: NSRange, with string: String) -> Bool {
        if range.length == 0, string.isEmpty { return false }
        guard shouldChange(range, string) else { return false }
        text.replaceSubrange(utf16Range(range), with: string)
        // The inserted text may join the cluster before it (a combining accent typed after "e").
        let caret = clusterBoundary(atOrAfter: range.location + string.utf16.count)
        selection = NSRange(location: caret, length: 0)
        selectionAnchor = nil
        didChange(range, string.utf16.count)
        return true
    }

    // MARK: Keys

    /// Carries out the editing keys every text input shares: Ctrl+A/C/X/V,
    /// Left/Right (Shift extends), Home/End (to the text's ends), Delete. False
    /// for any other key, which the owner handles or passes on.
    package func handle(_ key: Key) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        let length = text.utf16.count
        if flags.contains(.control), flags.isDisjoint(with: [.alternate, .command]) {
            switch key.charactersIgnoringModifiers.lowercased() {
            case "a": setSelection(NSRange(location: 0, length: length), anchor: 0)
            case "c": copySelection()
            case "x":
                copySelection()
                if allowsCopying, selection.length > 0 { replaceCharacters(in: selection, with: "") }
            case "v":
                if let string = Pasteboard.general.string, !string.isEmpty { insertText(string) }
            default: return false
            }
            return true
        }
        guard flags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
        switch key.keyCode {
        case EditingKeyCode.left:
            if selection.length > 0, !extending {
                moveCaret(to: selection.location, extending: false)
            } else {
                moveCaret(to: clusterBoundary(before: movingEnd), extending: extending)
            }
        case EditingKeyCode.right:
            if selection.length > 0, !extending {
                moveCaret(to: selection.location + selection.length, extending: false)
            } else {
                moveCaret(to: clusterBoundary(after: movingEnd), extending: extending)
            }
        case EditingKeyCode.home: moveCaret(to: 0, extending: extending)
        case EditingKeyCode.end: moveCaret(to: length, extending: extending)
        case EditingKeyCode.delete: deleteForward()
        default: return false
        }
        return true
    }

    /// The end of the selection that moves: the one away from the anchor.
    package var movingEnd: Int {
        guard let selectionAnchor, selection.length > 0 else { return selection.location }
        return selectionAnchor == selection.location ? selection.location + selection.length : selection.location
    }

    /// Moves the caret to `offset` (a cluster boundary), or with `extending` the
    /// moving end of the selection, the anchor staying.
    package func moveCaret(to offset: Int, extending: Bool) {
        if extending {
            let anchor =
                selectionAnchor
                ?? (selection.length > 0 && movingEnd == selection.location
                    ? selection.location + selection.length : selection.location)
            setSelection(NSRange(location: min(anchor, offset), length: abs(offset - anchor)), anchor: anchor)
        } else {
            setSelection(NSRange(location: offset, length: 0), anchor: nil)
        }
    }

    private func copySelection() {
        guard allowsCopying, selection.length > 0 else { return }
        Pasteboard.general.string = String(text.utf16[utf16Range(selection)])
    }

    // MARK: UTF-16 offsets and grapheme clusters

    /// The string indices of a UTF-16 range of `text`.
    package func utf16Range(_ range: NSRange) -> Range<String.Index> {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.location)
        return start..<utf16.index(start, offsetBy: range.length)
    }

    /// The string index at a UTF-16 offset, clamped to the text.
    package func index(atUTF16 offset: Int) -> String.Index {
        text.utf16.index(text.utf16.startIndex, offsetBy: min(max(offset, 0), text.utf16.count))
    }

    /// The UTF-16 offset of a string index.
    package func offset(of index: String.Index) -> Int {
        text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// The cluster boundary at `offset`, or the one before it inside a cluster.
    package func clusterBoundary(atOrBefore offset: Int) -> Int {
        let target = index(atUTF16: offset)
        guard target < text.endIndex else { return text.utf16.count }
        // String's Character view rounds an index inside a cluster down to the cluster's
        // start: one step forward and back lands there, without walking from the start.
        return self.offset(of: text.index(before: text.index(after: target)))
    }

    /// The cluster boundary at `offset`, or the one after it inside a cluster.
    package func clusterBoundary(atOrAfter offset: Int) -> Int {
        let before = clusterBoundary(atOrBefore: offset)
        return before == offset ? offset : clusterBoundary(after: before)
    }

    /// The cluster boundary before `offset` (0 at the start).
    package func clusterBoundary(before offset: Int) -> Int {
        let at = clusterBoundary(atOrBefore: offset)
        guard at == offset, offset > 0 else { return at }
        return self.offset(of: text.index(before: index(atUTF16: offset)))
    }

    /// The cluster boundary after `offset` (the length at the end).
    package func clusterBoundary(after offset: Int) -> Int {
        let at = clusterBoundary(atOrBefore: offset)
        guard at < text.utf16.count else { return text.utf16.count }
        return self.offset(of: text.index(after: index(atUTF16: at)))
    }
}
