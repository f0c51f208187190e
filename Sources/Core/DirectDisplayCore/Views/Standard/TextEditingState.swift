import Foundation
import Typesetting

/// evdev key codes of the keys text editing handles (linux/input-event-codes.h).
package enum EditingKeyCode {
    package static let backspace: UInt32 = 14
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
    /// Where the caret goes one step left (`rightward` false) or right on screen
    /// from a UTF-16 offset, from the owner's layout (pango's visual motion, which
    /// in right-to-left text runs through the text the other way); nil: Left and
    /// Right move back and on through the text.
    package var visualCaretMove: ((_ offset: Int, _ rightward: Bool) -> Int)?
    /// The undo manager edits register with (the owner's `undoManager`); nil: no undo.
    package var undoManager: () -> UndoManager? = { nil }

    package init() {}

    // MARK: Setting

    /// Sets the text as code does: asks nobody, tells nobody, the caret goes to the end.
    /// The recorded steps' ranges no longer fit the new text: they are forgotten.
    package func setText(_ newText: String) {
        text = newText
        selection = NSRange(location: text.utf16.count, length: 0)
        selectionAnchor = nil
        openStep = nil
        undoManager()?.removeAllActions(withTarget: self)
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
    /// `selectionDidChange` when the selection moved, which ends the run of typing.
    package func setSelection(_ range: NSRange, anchor: Int?) {
        selectionAnchor = anchor
        guard range != selection else { return }
        openStep = nil
        selection = range
        selectionDidChange()
    }

    /// Editing ended: forgets the Shift anchor, ends the run of typing and drops this
    /// text's undo steps, so Ctrl+Z in the next text input undoes only its own edits.
    package func editingDidEnd() {
        selectionAnchor = nil
        openStep = nil
        undoManager()?.removeAllActions(withTarget: self)
    }

    // MARK: Edits

    /// Replaces the selection with `string` (if allowed); the caret goes after it.
    /// Text typed in a run is one undo step.
    package func insertText(_ string: String) {
        replaceCharacters(in: selection, with: string, as: .typing)
    }

    /// Deletes the selection, else the grapheme cluster before the caret.
    package func deleteBackward() {
        if selection.length > 0 {
            replaceCharacters(in: selection, with: "", as: .deletingBackward)
        } else if selection.location > 0 {
            let start = clusterBoundary(before: selection.location)
            replaceCharacters(
                in: NSRange(location: start, length: selection.location - start), with: "", as: .deletingBackward)
        }
    }

    /// Deletes the selection, else the grapheme cluster after the caret.
    package func deleteForward() {
        if selection.length > 0 {
            replaceCharacters(in: selection, with: "", as: .deletingForward)
        } else if selection.location < text.utf16.count {
            let end = clusterBoundary(after: selection.location)
            replaceCharacters(
                in: NSRange(location: selection.location, length: end - selection.location), with: "",
                as: .deletingForward)
        }
    }

    /// The one way the user's edits change the text: asks `shouldChange` (unless
    /// not `asksFirst`: a field's clear button has a question of its own), records
    /// the undo step (`kind` says whether it joins the run before it), then tells
    /// `didChange`. False when nothing changed (empty or refused).
    @discardableResult
    package func replaceCharacters(
        in range: NSRange, with string: String, as kind: EditKind = .other, asksFirst: Bool = true
    ) -> Bool {
        if range.length == 0, string.isEmpty { return false }
        guard !asksFirst || shouldChange(range, string) else { return false }
        recordUndo(replacing: range, with: string, as: kind)
        text.replaceSubrange(utf16Range(range), with: string)
        // The inserted text may join the cluster before it (a combining accent typed after "e").
        let caret = clusterBoundary(atOrAfter: range.location + string.utf16.count)
        selection = NSRange(location: caret, length: 0)
        selectionAnchor = nil
        didChange(range, string.utf16.count)
        return true
    }

    // MARK: Keys

    /// Carries out the editing keys every text input shares: Left/Right (on screen
    /// with `visualCaretMove`), Home/End (to the text's ends), Delete, Shift
    /// extending; Ctrl+Left/Right by words, Ctrl+Backspace and Ctrl+Delete a word;
    /// Ctrl+A/C/X/V; Ctrl+Z (undo), Ctrl+Shift+Z and Ctrl+Y (redo). False for any
    /// other key, which the owner handles or passes on.
    package func handle(_ key: Key) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        let length = text.utf16.count
        if flags.contains(.control), flags.isDisjoint(with: [.alternate, .command]) {
            switch key.keyCode {
            case EditingKeyCode.left:
                let from = selection.length > 0 && !extending ? selection.location : movingEnd
                moveCaret(to: wordBoundary(before: from), extending: extending)
                return true
            case EditingKeyCode.right:
                let from = selection.length > 0 && !extending ? selection.location + selection.length : movingEnd
                moveCaret(to: wordBoundary(after: from), extending: extending)
                return true
            case EditingKeyCode.backspace:
                deleteWordBackward()
                return true
            case EditingKeyCode.delete:
                deleteWordForward()
                return true
            default: break
            }
            switch key.charactersIgnoringModifiers.lowercased() {
            case "a": setSelection(NSRange(location: 0, length: length), anchor: 0)
            case "c": copySelection()
            case "x":
                copySelection()
                if allowsCopying, selection.length > 0 { replaceCharacters(in: selection, with: "", as: .cut) }
            case "v":
                if let string = Pasteboard.general.string, !string.isEmpty {
                    replaceCharacters(in: selection, with: string, as: .paste)
                }
            case "z" where extending: redo()
            case "z": undo()
            case "y": redo()
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
                moveCaret(
                    to: visualCaretMove?(movingEnd, false) ?? clusterBoundary(before: movingEnd), extending: extending)
            }
        case EditingKeyCode.right:
            if selection.length > 0, !extending {
                moveCaret(to: selection.location + selection.length, extending: false)
            } else {
                moveCaret(
                    to: visualCaretMove?(movingEnd, true) ?? clusterBoundary(after: movingEnd), extending: extending)
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

    // MARK: Words

    /// How far word motion looks from the caret, in UTF-16 units: pango's time
    /// grows with the text it is given, and a word is far shorter (a longer one
    /// is crossed this much at a time).
    private static let wordSearchSpan = 2048

    /// The word boundaries of the clusters from `start` to `end` (UTF-16 offsets
    /// of the text), found by pango, as offsets of the text.
    private func wordBoundaries(from start: Int, to end: Int) -> (starts: [Int], ends: [Int]) {
        let start = clusterBoundary(atOrBefore: start)
        let end = clusterBoundary(atOrAfter: end)
        let found = WordBoundaries(of: String(text[index(atUTF16: start)..<index(atUTF16: end)]))
        return (found.starts.map { $0 + start }, found.ends.map { $0 + start })
    }

    /// Where Ctrl+Left goes from `offset`: the start of the word before it (or
    /// the one it is in), else the start of the text.
    package func wordBoundary(before offset: Int) -> Int {
        let start = max(offset - Self.wordSearchSpan, 0)
        return wordBoundaries(from: start, to: offset).starts.last { $0 < offset } ?? clusterBoundary(atOrBefore: start)
    }

    /// Where Ctrl+Right goes from `offset`: the end of the word after it (or the
    /// one it is in), else the end of the text.
    package func wordBoundary(after offset: Int) -> Int {
        let end = min(offset + Self.wordSearchSpan, text.utf16.count)
        return wordBoundaries(from: offset, to: end).ends.first { $0 > offset } ?? clusterBoundary(atOrAfter: end)
    }

    /// The word at `offset` (a double tap there): the word it is in or at the
    /// end of, else the word before it, else the one after; empty at
    /// `offset` when the text has no word near.
    package func wordRange(at offset: Int) -> NSRange {
        let span = Self.wordSearchSpan
        let (starts, ends) = wordBoundaries(
            from: max(offset - span, 0), to: min(offset + span, text.utf16.count))
        let caret = NSRange(location: clusterBoundary(atOrBefore: offset), length: 0)
        func word(from start: Int) -> NSRange? {
            ends.first { $0 > start }.map { NSRange(location: start, length: $0 - start) }
        }
        if let start = starts.last(where: { $0 <= offset }), let word = word(from: start),
            word.location + word.length >= offset
        {
            return word
        }
        if let start = starts.last(where: { $0 <= offset }), let word = word(from: start) { return word }
        if let start = starts.first(where: { $0 > offset }), let word = word(from: start) { return word }
        return caret
    }

    /// Deletes the selection, else back to the start of the word before the caret.
    package func deleteWordBackward() {
        guard selection.length == 0 else { return deleteBackward() }
        let start = wordBoundary(before: selection.location)
        guard start < selection.location else { return }
        replaceCharacters(
            in: NSRange(location: start, length: selection.location - start), with: "", as: .deletingBackward)
    }

    /// Deletes the selection, else on to the end of the word after the caret.
    package func deleteWordForward() {
        guard selection.length == 0 else { return deleteForward() }
        let end = wordBoundary(after: selection.location)
        guard end > selection.location else { return }
        replaceCharacters(
            in: NSRange(location: selection.location, length: end - selection.location), with: "", as: .deletingForward
        )
    }

    // MARK: Undo

    /// What an edit was, for undo: runs of typing and of deleting are one step each.
    package enum EditKind {
        case typing, deletingBackward, deletingForward, paste, cut, clear, other

        /// The step's name in the undo manager (UIKit's words).
        var actionName: String {
            switch self {
            case .typing: "Typing"
            case .deletingBackward, .deletingForward: "Delete"
            case .paste: "Paste"
            case .cut: "Cut"
            case .clear: "Clear"
            case .other: "Change"
            }
        }
    }

    /// An undo (or redo) step: put `replaced` back over `range`, then select
    /// `selectionAfter`. A class, so a run of typing grows the step it registered.
    private final class Step {
        let kind: EditKind
        var range: NSRange
        var replaced: String
        let selectionAfter: NSRange
        /// The manager's `changeCount` right after this step was registered: while
        /// it is unchanged the step is the manager's last, and a run may grow it.
        var registeredAt: (manager: ObjectIdentifier, changeCount: Int)?

        init(kind: EditKind, range: NSRange, replaced: String, selectionAfter: NSRange) {
            self.kind = kind
            self.range = range
            self.replaced = replaced
            self.selectionAfter = selectionAfter
        }
    }

    /// The step of the run of typing or deleting still going on (nil after a caret
    /// move, another kind of edit, an undo, or the end of editing).
    private var openStep: Step?

    /// Ends the run of typing: the next edit is a step of its own.
    package func endUndoRun() { openStep = nil }

    /// Registers undoing an edit about to replace `range` with `string`, or grows
    /// the open run's step when the edit continues it.
    private func recordUndo(replacing range: NSRange, with string: String, as kind: EditKind) {
        guard let manager = undoManager(), manager.isUndoRegistrationEnabled else { return }
        let replaced = String(text[utf16Range(range)])
        if let step = openStep, step.kind == kind,
            step.registeredAt.map({ $0.manager == ObjectIdentifier(manager) && $0.changeCount == manager.changeCount })
                ?? false
        {
            let end = step.range.location + step.range.length
            switch kind {
            case .typing where range.length == 0 && range.location == end:
                step.range.length += string.utf16.count
                return
            case .deletingBackward where string.isEmpty && range.location + range.length == step.range.location:
                step.replaced = replaced + step.replaced
                step.range.location = range.location
                return
            case .deletingForward where string.isEmpty && range.location == step.range.location:
                step.replaced += replaced
                return
            default: break
            }
        }
        let step = Step(
            kind: kind, range: NSRange(location: range.location, length: string.utf16.count), replaced: replaced,
            selectionAfter: selection)
        register(step, with: manager)
        openStep = [.typing, .deletingBackward, .deletingForward].contains(kind) ? step : nil
    }

    private func register(_ step: Step, with manager: UndoManager) {
        manager.registerUndo(withTarget: self) { $0.revert(step) }
        if !manager.isUndoing, !manager.isRedoing { manager.setActionName(step.kind.actionName) }
        step.registeredAt = (ObjectIdentifier(manager), manager.changeCount)
    }

    /// Undoes (or redoes) a step as an edit: the owner's `shouldChange` may refuse
    /// it (then the text stays and the step is dropped), `didChange` is told, and
    /// the opposite step is registered.
    private func revert(_ step: Step) {
        openStep = nil
        let length = text.utf16.count
        // Steps are forgotten when code sets the text; a range that does not fit is dropped, not applied.
        guard step.range.location >= 0, step.range.location + step.range.length <= length,
            shouldChange(step.range, step.replaced)
        else { return }
        let current = String(text[utf16Range(step.range)])
        text.replaceSubrange(utf16Range(step.range), with: step.replaced)
        let newLength = text.utf16.count
        let start = min(step.selectionAfter.location, newLength)
        selection = NSRange(location: start, length: min(step.selectionAfter.length, newLength - start))
        selectionAnchor = nil
        if let manager = undoManager() {
            let opposite = Step(
                kind: step.kind, range: NSRange(location: step.range.location, length: step.replaced.utf16.count),
                replaced: current,
                selectionAfter: NSRange(location: step.range.location + current.utf16.count, length: 0))
            register(opposite, with: manager)
        }
        didChange(step.range, step.replaced.utf16.count)
    }

    /// Undoes the last step of the undo manager (ending the run of typing first).
    package func undo() {
        openStep = nil
        undoManager()?.undo()
    }

    /// Redoes the last undone step.
    package func redo() {
        openStep = nil
        undoManager()?.redo()
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
