import CXKBCommon
import Foundation

/// A compiled XKB keymap (struct xkb_keymap): the one owner of its reference.
///
/// Immutable once compiled; a ``KeyboardState`` holds the changing part
/// (pressed modifiers, locked Caps Lock, the active layout group). Not Sendable:
/// xkbcommon's reference counts are not atomic, so it stays on one thread (the main one).
package final class Keymap {
    let handle: OpaquePointer
    /// The names this keymap was compiled from.
    package let names: KeymapNames

    /// Compiles a keymap from RMLVO names through xkb_context_new and
    /// xkb_keymap_new_from_names. The context is made with
    /// XKB_CONTEXT_NO_ENVIRONMENT_NAMES: the environment is read explicitly by
    /// ``KeymapNames/fromEnvironment(_:)``, never behind the caller's back.
    ///
    /// Throws ``KeymapError`` naming the unknown names; callers that must have a
    /// keyboard then use ``Keymap/fallback()`` (the us layout).
    package init(names: KeymapNames) throws(KeymapError) {
        guard let keymap = Keymap.compile(names) else {
            throw KeymapError(names: names, unknownNames: Keymap.unknownNames(in: names))
        }
        self.handle = keymap
        self.names = names
    }

    /// The keymap from XKB_DEFAULT_RULES/MODEL/LAYOUT/VARIANT/OPTIONS.
    package convenience init(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(KeymapError)
    {
        try self.init(names: .fromEnvironment(environment))
    }

    /// The us layout with evdev rules: what a caller falls back to after a ``KeymapError``.
    package static func fallback() throws(KeymapError) -> Keymap { try Keymap(names: .fallback) }

    /// xkb_keymap_unref
    deinit { xkb_keymap_unref(handle) }

    /// Whether holding the key with this evdev code repeats it (xkb_keymap_key_repeats):
    /// letters do, modifiers do not.
    package func shouldRepeat(evdevCode: UInt32) -> Bool {
        xkb_keymap_key_repeats(handle, dd_xkb_keycode_from_evdev(evdevCode)) != 0
    }

    /// The names of the layouts (groups) in this keymap, e.g. "English (US)"
    /// (xkb_keymap_num_layouts, xkb_keymap_layout_get_name).
    package var layoutNames: [String] {
        (0..<xkb_keymap_num_layouts(handle)).map { index in
            xkb_keymap_layout_get_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    /// One compilation attempt; nil when xkbcommon refuses the names.
    private static func compile(_ names: KeymapNames) -> OpaquePointer? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { return nil }
        defer { xkb_context_unref(context) }  // the keymap keeps its own reference
        // Compilation errors are ours to report, with names; xkbcommon's own log
        // lines would only repeat them on stderr.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        return names.rules.withCString { rules in
            names.model.withCString { model in
                names.layout.withCString { layout in
                    names.variant.withCString { variant in
                        names.options.withCString { options in
                            var ruleNames = xkb_rule_names(
                                rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &ruleNames, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
    }

    /// Which of the names make compilation fail, found by compiling smaller
    /// combinations: the rules alone with the us layout, each layout alone, each
    /// layout with its variant, then the model and the options on top of a layout
    /// that compiles. Runs only after a failure.
    private static func unknownNames(in names: KeymapNames) -> [String] {
        func compiles(_ candidate: KeymapNames) -> Bool {
            guard let keymap = compile(candidate) else { return false }
            xkb_keymap_unref(keymap)
            return true
        }
        let rulesOnly = KeymapNames(rules: names.rules, model: KeymapNames.fallback.model, layout: "us")
        guard compiles(rulesOnly) else { return ["rules \"\(names.rules)\""] }

        var unknown: [String] = []
        let layouts = names.layout.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let variants = names.variant.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for (index, layout) in layouts.enumerated() {
            let variant = index < variants.count ? variants[index] : ""
            if !compiles(KeymapNames(rules: names.rules, model: rulesOnly.model, layout: layout)) {
                unknown.append("layout \"\(layout)\"")
            } else if !variant.isEmpty
                && !compiles(KeymapNames(rules: names.rules, model: rulesOnly.model, layout: layout, variant: variant))
            {
                unknown.append("variant \"\(variant)\" of layout \"\(layout)\"")
            }
        }
        if unknown.isEmpty, !compiles(KeymapNames(rules: names.rules, model: names.model, layout: "us")) {
            unknown.append("model \"\(names.model)\"")
        }
        if unknown.isEmpty,
            !compiles(KeymapNames(rules: names.rules, model: rulesOnly.model, layout: "us", options: names.options))
        {
            unknown.append("options \"\(names.options)\"")
        }
        return unknown
    }
}
