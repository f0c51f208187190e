import Foundation

/// A responder that takes typed text, as UIKit's `UIKeyInput`. While one that
/// adopts it is its window's first responder, a key that types text (the key's
/// xkb text with no Control, Alt or Command held) calls `insertText(_:)` and
/// Backspace calls `deleteBackward()`; those presses go no further. Keys without
/// text (arrows, F1, Return, Tab) still arrive as presses.
@MainActor public protocol KeyInput: AnyObject {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point (replacing the selection, if any).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point, or the selection.
    func deleteBackward()
}

/// A `KeyInput` that takes typed text only at times (a text view that is only
/// selectable): while `takesTypedText` is false, keys reach it as presses, which it
/// may pass up the responder chain, and it gets no on-screen keyboard.
@MainActor package protocol KeyInputWhenAllowed: KeyInput {
    var takesTypedText: Bool { get }
}

extension Responder {
    /// The responder as a `KeyInput` while it takes typed text, else nil.
    var typedTextInput: (any KeyInput)? {
        guard let input = self as? any KeyInput else { return nil }
        if let gated = input as? any KeyInputWhenAllowed, !gated.takesTypedText { return nil }
        return input
    }
}

/// Turns presses for a `KeyInput` first responder into its calls.
@MainActor enum KeyInputRouting {
    /// evdev KEY_BACKSPACE.
    static let backspaceKeyCode: UInt32 = 14

    /// Presses whose beginning was taken as text: their later phases are dropped too.
    private static var taken: Set<Press> = []

    /// The presses `input` does not take as text; those it takes reach it as
    /// `insertText(_:)` or `deleteBackward()` when they begin.
    static func route(_ presses: Set<Press>, to input: KeyInput) -> Set<Press> {
        var rest: Set<Press> = []
        for press in presses {
            switch press.phase {
            case .began:
                guard let key = press.key, let action = action(for: key) else {
                    rest.insert(press)
                    continue
                }
                taken.insert(press)
                switch action {
                case .insert(let text): input.insertText(text)
                case .deleteBackward: input.deleteBackward()
                }
            case .changed, .stationary:
                if !taken.contains(press) { rest.insert(press) }
            case .ended, .cancelled:
                if taken.remove(press) == nil { rest.insert(press) }
            }
        }
        return rest
    }

    /// The presses a responder that takes no text gets: the rest of a press taken
    /// as text by the first responder before it (focus moved while the key was
    /// held) is dropped, as it began nowhere it can end.
    static func untaken(_ presses: Set<Press>) -> Set<Press> {
        guard !taken.isEmpty else { return presses }
        return presses.filter { press in
            switch press.phase {
            case .began: true
            case .changed, .stationary: !taken.contains(press)
            case .ended, .cancelled: taken.remove(press) == nil
            }
        }
    }

    static func reset() { taken = [] }

    enum Action: Equatable {
        case insert(String)
        case deleteBackward
    }

    /// What a key does to text: Backspace deletes, a key whose text has no control
    /// character inserts it; a key with Control, Alt or Command held is a command.
    static func action(for key: Key) -> Action? {
        guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return nil }
        if key.keyCode == backspaceKeyCode { return .deleteBackward }
        guard !key.characters.isEmpty,
            !key.characters.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return .insert(key.characters)
    }
}
