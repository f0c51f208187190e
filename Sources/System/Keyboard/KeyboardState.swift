import CXKBCommon
import InputModel

/// What one key press or release means under the keymap.
package struct KeyResult: Sendable, Hashable {
    /// The Linux evdev key code (KEY_A is 30).
    package let evdevCode: UInt32
    package let isPressed: Bool
    /// The text the key types with the modifiers in effect at the press, e.g. "Z"
    /// for Shift+KEY_Y on a de layout. Empty for modifier keys and releases. With
    /// Control held, xkbcommon's control transformation applies (Control+C gives U+0003).
    package let characters: String
    /// The text of the key's first shift level in the active layout, no modifiers
    /// applied ("z" for Shift+KEY_Y on de). Empty for releases and keys without text.
    package let charactersIgnoringModifiers: String
    /// The modifiers in effect after this key was processed.
    package let modifiers: KeyModifierFlags
    /// Whether holding this key repeats it (``Keymap/shouldRepeat(evdevCode:)``).
    package let repeats: Bool
}

/// The changing part of a keyboard (struct xkb_state): pressed and locked
/// modifiers and the active layout. The one owner of its xkb_state.
///
/// Feed it every key press and release of the seat's keyboards, in order.
package final class KeyboardState {
    private let handle: OpaquePointer
    /// The keymap this state follows.
    package let keymap: Keymap
    /// The Compose table dead keys and the Compose key follow; nil: keys type their own text.
    package let composeTable: ComposeTable?
    private let compose: ComposeState?
    /// The keymap's index of each modifier `modifiers` reports (looked up by name once:
    /// a key press asks for them all).
    private let modifierIndices: [(index: xkb_mod_index_t, flag: KeyModifierFlags)]

    /// xkb_state_new, and xkb_compose_state_new when there is a Compose table.
    package init(keymap: Keymap, composeTable: ComposeTable? = nil) {
        // xkb_state_new fails only when out of memory.
        guard let state = xkb_state_new(keymap.handle) else { fatalError("xkb_state_new: out of memory") }
        self.handle = state
        self.keymap = keymap
        self.composeTable = composeTable
        compose = composeTable.map(ComposeState.init(table:))
        let names: [(String, KeyModifierFlags)] = [
            (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alternate),
            (XKB_MOD_NAME_LOGO, .command), (XKB_MOD_NAME_CAPS, .alphaShift), (XKB_MOD_NAME_NUM, .numericPad),
        ]
        // A name the keymap lacks (XKB_MOD_INVALID) is never active.
        modifierIndices = names.compactMap { name, flag in
            let index = xkb_keymap_mod_get_index(keymap.handle, name)
            return index == XKB_MOD_INVALID ? nil : (index, flag)
        }
    }

    /// xkb_state_unref
    deinit { xkb_state_unref(handle) }

    /// Processes a key (xkb_state_update_key, with evdev code + 8 as the xkb key
    /// code). The characters are read (xkb_state_key_get_utf8) before the update,
    /// so a press of Shift+KEY_A gives "A" and the press of Shift itself gives "".
    /// With a Compose table, a press inside a sequence (after dead_acute, say) gives
    /// "" and the press that completes it gives the composed text ("é").
    @discardableResult
    package func update(evdevCode: UInt32, isPressed: Bool) -> KeyResult {
        let key = dd_xkb_keycode_from_evdev(evdevCode)
        var characters = isPressed ? text(of: key) : ""
        if isPressed, let compose {
            characters = compose.text(feeding: xkb_state_key_get_one_sym(handle, key), keyText: characters)
        }
        let unmodified = isPressed ? firstLevelText(of: key) : ""
        xkb_state_update_key(handle, key, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return KeyResult(
            evdevCode: evdevCode, isPressed: isPressed, characters: characters,
            charactersIgnoringModifiers: unmodified, modifiers: modifiers,
            repeats: keymap.shouldRepeat(evdevCode: evdevCode)
        )
    }

    /// The virtual console a key switches to with the modifiers held now (the
    /// keysyms XF86Switch_VT_1…12 that Ctrl+Alt+F1…F12 give in the standard
    /// keymaps; xkb_state_key_get_one_sym); nil for every other key. With the VT's
    /// keyboard off the kernel no longer switches by itself, so the app passes it on.
    package func virtualConsoleSwitch(evdevCode: UInt32) -> Int? {
        let symbol = xkb_state_key_get_one_sym(handle, dd_xkb_keycode_from_evdev(evdevCode))
        let first: xkb_keysym_t = 0x1008_FE01  // XKB_KEY_XF86Switch_VT_1
        guard symbol >= first, symbol < first + 12 else { return nil }
        return Int(symbol - first) + 1
    }

    /// The text the key with this evdev code would type now, without changing the
    /// state (xkb_state_key_get_utf8): what a key repeat delivers.
    package func characters(evdevCode: UInt32) -> String { text(of: dd_xkb_keycode_from_evdev(evdevCode)) }

    /// The modifiers in effect (xkb_state_mod_index_is_active with XKB_STATE_MODS_EFFECTIVE).
    package var modifiers: KeyModifierFlags {
        var flags: KeyModifierFlags = []
        for (index, flag) in modifierIndices
        where xkb_state_mod_index_is_active(handle, index, XKB_STATE_MODS_EFFECTIVE) > 0 {
            flags.insert(flag)
        }
        return flags
    }

    private func text(of key: xkb_keycode_t) -> String {
        // A key's text nearly always fits a few bytes on the stack: one call to xkb and
        // no array (each key event asks; xkb gives the length the text needs).
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { small in
            let length = Int(xkb_state_key_get_utf8(handle, key, small.baseAddress, small.count))
            guard length > 0 else { return "" }
            if length < small.count {
                return String(decoding: UnsafeRawBufferPointer(start: small.baseAddress, count: length), as: UTF8.self)
            }
            var buffer = [CChar](repeating: 0, count: length + 1)
            xkb_state_key_get_utf8(handle, key, &buffer, buffer.count)
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The first level's keysyms in the key's active layout
    /// (xkb_state_key_get_layout, xkb_keymap_key_get_syms_by_level, xkb_keysym_to_utf8).
    private func firstLevelText(of key: xkb_keycode_t) -> String {
        let layout = xkb_state_key_get_layout(handle, key)
        guard layout != XKB_LAYOUT_INVALID else { return "" }
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = Int(xkb_keymap_key_get_syms_by_level(keymap.handle, key, layout, 0, &symbols))
        guard count > 0, let symbols else { return "" }
        var result = ""
        for index in 0..<count {
            var buffer = [CChar](repeating: 0, count: 8)  // a keysym's UTF-8 is at most 4 bytes + NUL
            let written = Int(xkb_keysym_to_utf8(symbols[index], &buffer, buffer.count))
            guard written > 1 else { continue }  // 0: no text; the count includes the NUL
            result += String(decoding: buffer.prefix(written - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return result
    }
}
