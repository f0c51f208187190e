import Foundation

/// Which keys the on-screen keyboard offers, as UIKit's `UIKeyboardType` (same raw values).
public enum KeyboardType: Int, Sendable, CaseIterable {
    /// Letters, with a numbers and symbols page.
    case `default` = 0
    /// Letters of the ASCII range only (no accented forms on a long press).
    case asciiCapable = 1
    /// Letters with "/" and "." beside a shorter space bar, for addresses.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // UIKit's name.
    case URL = 3
    /// The digits 0 to 9.
    case numberPad = 4
    /// Digits with "+", "*" and "#".
    case phonePad = 5
    /// Letters with "@" and "." beside the space bar.
    case emailAddress = 7
    /// Digits and a decimal point.
    case decimalPad = 8
}

/// What the on-screen keyboard's return key says, as UIKit's `UIReturnKeyType`
/// (same raw values). It still types "\n" (`insertText`) whatever its title.
public enum ReturnKeyType: Int, Sendable, CaseIterable {
    case `default` = 0
    case go = 1
    case join = 3
    case next = 4
    case route = 5
    case search = 6
    case send = 7
    case done = 9
    case `continue` = 11

    /// The key's title, as UIKit's English keyboard shows it.
    public var title: String {
        switch self {
        case .default: "return"
        case .go: "Go"
        case .join: "Join"
        case .next: "Next"
        case .route: "Route"
        case .search: "Search"
        case .send: "Send"
        case .done: "Done"
        case .continue: "Continue"
        }
    }
}

/// When the on-screen keyboard turns shift on by itself, as UIKit's
/// `UITextAutocapitalizationType` (same raw values).
public enum TextAutocapitalizationType: Int, Sendable, CaseIterable {
    /// Never.
    case none = 0
    /// At the start of each word.
    case words = 1
    /// At the start of each sentence (after ".", "!" or "?" and a space).
    case sentences = 2
    /// Always.
    case allCharacters = 3
}

/// How a text-taking responder wants the on-screen keyboard, as UIKit's
/// `UITextInputTraits`. A `KeyInput` that does not adopt it gets the default
/// keyboard, the default return key and sentence capitalization.
@MainActor public protocol TextInputTraits: AnyObject {
    /// The keys offered (default `.default`).
    var keyboardType: KeyboardType { get set }
    /// The return key's title (default `.default`, "return").
    var returnKeyType: ReturnKeyType { get set }
    /// When shift turns on by itself (UIKit's default: `.sentences`).
    var autocapitalizationType: TextAutocapitalizationType { get set }
}
