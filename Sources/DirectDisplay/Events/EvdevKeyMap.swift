/// Text produced by evdev key codes on a US layout, and which codes are
/// modifiers: enough to make `Key` useful without a keymap library.
enum EvdevKeyMap {
    private static let letters: [UInt32: Character] = [
        16: "q", 17: "w", 18: "e", 19: "r", 20: "t", 21: "y", 22: "u", 23: "i", 24: "o", 25: "p",
        30: "a", 31: "s", 32: "d", 33: "f", 34: "g", 35: "h", 36: "j", 37: "k", 38: "l",
        44: "z", 45: "x", 46: "c", 47: "v", 48: "b", 49: "n", 50: "m",
    ]
    private static let symbols: [UInt32: (plain: Character, shifted: Character)] = [
        2: ("1", "!"), 3: ("2", "@"), 4: ("3", "#"), 5: ("4", "$"), 6: ("5", "%"), 7: ("6", "^"),
        8: ("7", "&"), 9: ("8", "*"), 10: ("9", "("), 11: ("0", ")"), 12: ("-", "_"), 13: ("=", "+"),
        26: ("[", "{"), 27: ("]", "}"), 39: (";", ":"), 40: ("'", "\""), 41: ("`", "~"), 43: ("\\", "|"),
        51: (",", "<"), 52: (".", ">"), 53: ("/", "?"), 57: (" ", " "), 28: ("\r", "\r"), 15: ("\t", "\t"),
        14: ("\u{8}", "\u{8}"), 1: ("\u{1B}", "\u{1B}"),
    ]

    /// The modifier a key code stands for, if it is a modifier key.
    static func modifier(for keyCode: UInt32) -> KeyModifierFlags? {
        switch keyCode {
        case 42, 54: .shift
        case 29, 97: .control
        case 56, 100: .alternate
        case 125, 126: .command
        case 58: .alphaShift
        default: nil
        }
    }

    /// The key for `keyCode` with `modifiers` held.
    static func key(for keyCode: UInt32, modifiers: KeyModifierFlags) -> Key {
        let shifted = modifiers.contains(.shift)
        if let letter = letters[keyCode] {
            let upper = shifted != modifiers.contains(.alphaShift)
            let text = upper ? String(letter).uppercased() : String(letter)
            return Key(
                keyCode: keyCode, characters: text, charactersIgnoringModifiers: String(letter),
                modifierFlags: modifiers)
        }
        if let symbol = symbols[keyCode] {
            return Key(
                keyCode: keyCode, characters: String(shifted ? symbol.shifted : symbol.plain),
                charactersIgnoringModifiers: String(symbol.plain), modifierFlags: modifiers)
        }
        return Key(keyCode: keyCode, characters: "", charactersIgnoringModifiers: "", modifierFlags: modifiers)
    }
}
