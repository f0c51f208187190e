/// The five RMLVO names (rules, model, layout, variant, options) that select an
/// XKB keymap, as in `struct xkb_rule_names`.
///
/// `layout` and `variant` may hold comma-separated lists ("us,de" with ",nodeadkeys"),
/// `options` a comma-separated list ("ctrl:nocaps,compose:ralt").
public struct KeymapNames: Sendable, Hashable, CustomStringConvertible {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    /// The names xkbcommon itself falls back to: evdev rules, a pc105 keyboard, the us layout.
    public static let fallback = KeymapNames(rules: "evdev", model: "pc105", layout: "us", variant: "", options: "")

    public init(
        rules: String = "evdev", model: String = "pc105", layout: String, variant: String = "", options: String = ""
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// The names from XKB_DEFAULT_RULES, XKB_DEFAULT_MODEL, XKB_DEFAULT_LAYOUT,
    /// XKB_DEFAULT_VARIANT and XKB_DEFAULT_OPTIONS (the conventional variables that
    /// weston, wlroots and xkbcommon read), each unset or empty one taken from
    /// ``fallback``. A variant is only taken when the layout comes from the
    /// environment too, as xkbcommon does: a variant belongs to its layout.
    package static func fromEnvironment(_ environment: [String: String]) -> KeymapNames {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        let layout = value("XKB_DEFAULT_LAYOUT")
        return KeymapNames(
            rules: value("XKB_DEFAULT_RULES") ?? fallback.rules,
            model: value("XKB_DEFAULT_MODEL") ?? fallback.model,
            layout: layout ?? fallback.layout,
            variant: layout == nil ? "" : value("XKB_DEFAULT_VARIANT") ?? "",
            options: value("XKB_DEFAULT_OPTIONS") ?? fallback.options
        )
    }

    public var description: String {
        "rules \"\(rules)\", model \"\(model)\", layout \"\(layout)\", variant \"\(variant)\", options \"\(options)\""
    }
}

/// A keymap that xkbcommon could not compile, naming the names it was given and,
/// where they can be told apart, the ones it does not know.
package struct KeymapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The names asked for.
    package let names: KeymapNames
    /// The names found to be unknown, e.g. `layout "xx"` or `variant "nope" of layout "de"`;
    /// empty when xkbcommon failed for another reason (no XKB data installed, for one).
    package let unknownNames: [String]

    package var description: String {
        let culprit =
            unknownNames.isEmpty
            ? "xkbcommon rejected the combination"
            : "unknown: " + unknownNames.joined(separator: ", ")
        return "cannot compile an XKB keymap for \(names): \(culprit)"
    }
}
