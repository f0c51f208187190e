import CXKBCommon
import Foundation

/// A locale's Compose table (struct xkb_compose_table): the sequences that dead
/// keys and the Compose (Multi_key) key start, e.g. dead_acute then e gives "é".
/// The one owner of its reference. Not Sendable, like ``Keymap``.
package final class ComposeTable {
    let handle: OpaquePointer
    /// The locale the table was found for, e.g. "de_DE.UTF-8".
    package let locale: String

    /// The table of the first locale in `locales` that has one
    /// (xkb_compose_table_new_from_locale, which reads /usr/share/X11/locale, or
    /// XCOMPOSEFILE / ~/.XCompose). Nil when none has: typing then goes on without
    /// dead keys.
    package init?(locales: [String]) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { return nil }
        defer { xkb_context_unref(context) }  // the table keeps its own reference
        // A locale without a table is expected (the next one is tried); the caller reports it once.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        for locale in locales where !locale.isEmpty {
            if let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                self.handle = table
                self.locale = locale
                return
            }
        }
        return nil
    }

    /// The locales to try, in order: the one the environment names for text
    /// (LC_ALL, else LC_CTYPE, else LANG, as setlocale reads them), then C.UTF-8 and
    /// en_US.UTF-8, whose tables every UTF-8 locale shares in libX11's data.
    package static func locales(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return (named.map { [$0] } ?? []) + ["C.UTF-8", "en_US.UTF-8"]
    }

    /// xkb_compose_table_unref
    deinit { xkb_compose_table_unref(handle) }
}

/// Where a key press is in a Compose sequence (struct xkb_compose_state). The one
/// owner of its xkb_compose_state; ``KeyboardState`` feeds it each pressed key.
final class ComposeState {
    private let handle: OpaquePointer

    /// xkb_compose_state_new (it holds its own reference to the table).
    init(table: ComposeTable) {
        // xkb_compose_state_new fails only when out of memory.
        guard let state = xkb_compose_state_new(table.handle, XKB_COMPOSE_STATE_NO_FLAGS) else {
            fatalError("xkb_compose_state_new: out of memory")
        }
        handle = state
    }

    /// xkb_compose_state_unref
    deinit { xkb_compose_state_unref(handle) }

    /// The text a pressed key with this keysym types, given the key's own text:
    /// its own text outside a sequence (and for keys the table ignores, such as
    /// modifiers); nothing while a sequence goes on or when one is cancelled; the
    /// composed text when one completes.
    func text(feeding symbol: xkb_keysym_t, keyText: String) -> String {
        guard xkb_compose_state_feed(handle, symbol) == XKB_COMPOSE_FEED_ACCEPTED else { return keyText }
        switch xkb_compose_state_get_status(handle) {
        case XKB_COMPOSE_COMPOSING:
            return ""
        case XKB_COMPOSE_COMPOSED:
            defer { xkb_compose_state_reset(handle) }
            return composedText()
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(handle)
            return ""
        default:  // XKB_COMPOSE_NOTHING: not part of a sequence
            return keyText
        }
    }

    /// xkb_compose_state_get_utf8; a sequence with only a keysym result gives its text.
    private func composedText() -> String {
        let length = Int(xkb_compose_state_get_utf8(handle, nil, 0))
        if length > 0 {
            var buffer = [CChar](repeating: 0, count: length + 1)
            xkb_compose_state_get_utf8(handle, &buffer, buffer.count)
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var buffer = [CChar](repeating: 0, count: 8)  // a keysym's UTF-8 is at most 4 bytes + NUL
        let written = Int(xkb_keysym_to_utf8(xkb_compose_state_get_one_sym(handle), &buffer, buffer.count))
        guard written > 1 else { return "" }
        return String(decoding: buffer.prefix(written - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
