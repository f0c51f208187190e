import Foundation

/// What a key of the on-screen keyboard does.
enum KeyboardKeyKind: Equatable, Sendable {
    /// Types its text (a letter in its lower-case form: shift makes it upper case).
    case text(String)
    case shift
    case delete
    case returnKey
    case space
    /// Turns to another page of keys.
    case page(KeyboardPage)
    /// An empty place in a row.
    case gap
}

/// The on-screen keyboard's pages of keys.
enum KeyboardPage: Equatable, Sendable {
    /// Letters of the layout.
    case letters
    /// Digits and symbols ("123").
    case numbers
    /// A pad of digits for `.numberPad`, `.decimalPad`, `.phonePad`.
    case pad
}

/// One key in a row: what it does and its width in key units.
struct KeyboardKeySpec: Equatable, Sendable {
    var kind: KeyboardKeyKind
    var width: CGFloat = 1
}

/// Which keys the on-screen keyboard shows, row by row, for a page, a keyboard
/// type and the seat's xkb layout: us QWERTY, de QWERTZ, fr AZERTY (others: us).
struct KeyboardLayout: Equatable, Sendable {
    /// The rows, top to bottom.
    let rows: [[KeyboardKeySpec]]
    /// How many key units a full row holds (the space bar grows to fill its row).
    let columns: CGFloat

    /// The three rows of letters of an xkb layout name ("de", "fr(oss)", "de,us": its first).
    static func letterRows(forXKBLayout name: String) -> [String] {
        let first = name.split(separator: ",").first.map(String.init) ?? ""
        let base = first.split(separator: "(").first.map(String.init) ?? ""
        switch base.trimmingCharacters(in: .whitespaces) {
        case "de", "at", "ch": return ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"]
        case "fr", "be": return ["azertyuiop", "qsdfghjklm", "wxcvbn"]
        default: return ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        }
    }

    init(page: KeyboardPage, type: KeyboardType, xkbLayout: String) {
        switch page {
        case .pad:
            var last: KeyboardKeySpec =
                switch type {
                case .decimalPad: KeyboardKeySpec(kind: .text("."))
                case .phonePad: KeyboardKeySpec(kind: .text("+"))
                default: KeyboardKeySpec(kind: .gap)
                }
            last.width = 1
            rows =
                ["123", "456", "789"].map { $0.map { KeyboardKeySpec(kind: .text(String($0))) } } + [
                    [last, KeyboardKeySpec(kind: .text("0")), KeyboardKeySpec(kind: .delete)]
                ]
            columns = 3
        case .letters:
            // An ASCII-only keyboard keeps the layout's places without its other letters (de: no ü ö ä).
            let letters = Self.letterRows(forXKBLayout: xkbLayout).map {
                type == .asciiCapable ? $0.filter(\.isASCII) : $0
            }
            let width = CGFloat(letters.map(\.count).max() ?? 10)
            var rows = letters.prefix(2).map { $0.map { KeyboardKeySpec(kind: .text(String($0))) } }
            rows.append(
                [KeyboardKeySpec(kind: .shift, width: 1.5)]
                    + letters[2].map { KeyboardKeySpec(kind: .text(String($0))) }
                    + [KeyboardKeySpec(kind: .delete, width: 1.5)])
            rows.append(Self.bottomRow(page: .numbers, type: type, columns: width))
            self.rows = rows
            columns = width
        case .numbers:
            let symbols = ["1234567890", "-/:;()$&@\"", "#+=.,?!'"]
            var rows = symbols.prefix(2).map { $0.map { KeyboardKeySpec(kind: .text(String($0))) } }
            rows.append(
                symbols[2].map { KeyboardKeySpec(kind: .text(String($0))) } + [
                    KeyboardKeySpec(kind: .delete, width: 1.5)
                ])
            rows.append(Self.bottomRow(page: .letters, type: type, columns: 10))
            self.rows = rows
            columns = 10
        }
    }

    /// The page key, the space bar (filling the row) and the return key; an email
    /// keyboard adds "@" and ".", a URL keyboard "/" and ".".
    private static func bottomRow(page: KeyboardPage, type: KeyboardType, columns: CGFloat) -> [KeyboardKeySpec] {
        let extras: [String] =
            switch type {
            case .emailAddress: ["@", "."]
            case .URL: ["/", "."]
            default: []
            }
        let fixed = [KeyboardKeySpec(kind: .page(page), width: 2)] + extras.map { KeyboardKeySpec(kind: .text($0)) }
        let returnKey = KeyboardKeySpec(kind: .returnKey, width: 2.5)
        let used = fixed.reduce(returnKey.width) { $0 + $1.width }
        return fixed + [KeyboardKeySpec(kind: .space, width: max(columns - used, 2)), returnKey]
    }

    /// The page a keyboard type opens on.
    static func firstPage(for type: KeyboardType) -> KeyboardPage {
        switch type {
        case .numberPad, .decimalPad, .phonePad: .pad
        default: .letters
        }
    }

    /// The accented forms a long press on `letter` (lower case) offers.
    static func accents(of letter: String) -> [String] {
        switch letter {
        case "a": ["à", "á", "â", "ä", "æ", "ã", "å"]
        case "c": ["ç", "ć", "č"]
        case "e": ["é", "è", "ê", "ë", "ē"]
        case "i": ["î", "ï", "í", "ì"]
        case "n": ["ñ", "ń"]
        case "o": ["ô", "ö", "ò", "ó", "œ", "ø", "õ"]
        case "u": ["û", "ü", "ù", "ú"]
        case "y": ["ÿ"]
        case "s": ["ß"]
        default: []
        }
    }
}

/// When shift turns itself on, by the text before the caret.
enum AutoCapitalization {
    /// Whether the next letter typed after `text` starts upper case under `type`.
    static func shiftsNext(after text: Substring, type: TextAutocapitalizationType) -> Bool {
        switch type {
        case .none: return false
        case .allCharacters: return true
        case .words: return text.last.map { $0.isWhitespace } ?? true
        case .sentences:
            guard let last = text.last, !last.isNewline else { return true }
            guard last.isWhitespace else { return false }
            let before = text.reversed().drop(while: \.isWhitespace).first
            return before.map { ".!?".contains($0) } ?? true
        }
    }
}
