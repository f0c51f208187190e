import Foundation

/// What kind of element something is and what state it is in, as UIKit's
/// `UIAccessibilityTraits`; the screen reader speaks them after the label and value.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = AccessibilityTraits([])
    /// Acts when activated.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Chosen (a selected row, a pressed toggle).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Cannot be used now.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Changes often; read again without being asked (a clock).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// A key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// A heading that begins a part of the screen.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// Its value goes up and down (`accessibilityIncrement()`, `accessibilityDecrement()`).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)

    /// The words spoken after the label and value, in UIKit's order ("selected, button").
    package var spokenWords: [String] {
        var words: [String] = []
        if contains(.selected) { words.append("selected") }
        if contains(.notEnabled) { words.append("dimmed") }
        let kinds: [(AccessibilityTraits, String)] = [
            (.button, "button"), (.link, "link"), (.header, "heading"), (.searchField, "search field"),
            (.image, "image"), (.keyboardKey, "key"), (.adjustable, "adjustable"),
        ]
        for (trait, word) in kinds where contains(trait) { words.append(word) }
        return words
    }
}

/// The accessibility properties set on a view (the rest keep their defaults).
@MainActor final class AccessibilitySettings {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var frame: CGRect?
    var activationPoint: CGPoint?
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
    var elements: [Any]?
}
