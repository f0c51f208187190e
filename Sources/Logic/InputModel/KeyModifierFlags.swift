/// Modifier keys in effect, as UIKit's `UIKeyModifierFlags` names them, with
/// its raw values. The keyboard state (xkbcommon) fills them in and `Key`
/// carries them: the one modifier type of the package.
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock locked (XKB's Lock).
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// XKB's Mod1 (Alt, Option).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// XKB's Mod4 (Super, the logo key; UIKit's command).
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// Num Lock locked (XKB's Mod2); UIKit sets it for keys of the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
