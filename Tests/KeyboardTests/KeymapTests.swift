import InputModel
import Keyboard
import XCTest

/// Keymaps compiled by the machine's xkbcommon and XKB data (xkb-data).
final class KeymapTests: XCTestCase {
    // Linux evdev key codes (linux/input-event-codes.h).
    private let keyY: UInt32 = 21
    private let keyZ: UInt32 = 44
    private let keyA: UInt32 = 30
    private let key2: UInt32 = 3
    private let keyLeftShift: UInt32 = 42
    private let keyLeftControl: UInt32 = 29
    private let keyLeftAlt: UInt32 = 56
    private let keyLeftMeta: UInt32 = 125
    private let keyCapsLock: UInt32 = 58

    private func typed(_ codes: [UInt32], layout: String, variant: String = "") throws -> String {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: layout, variant: variant)))
        return codes.map { code in
            let press = state.update(evdevCode: code, isPressed: true)
            state.update(evdevCode: code, isPressed: false)
            return press.characters
        }.joined()
    }

    func testUSAndGermanLayoutsSwapYAndZ() throws {
        let cases: [(layout: String, codes: [UInt32], text: String)] = [
            ("us", [keyY, keyZ], "yz"),
            ("de", [keyY, keyZ], "zy"),
            ("us", [keyA, key2], "a2"),
            ("de", [keyA, key2], "a2"),
            ("fr", [keyA], "q"),  // AZERTY: the A position types q
        ]
        for test in cases {
            XCTAssertEqual(try typed(test.codes, layout: test.layout), test.text, "\(test.layout) \(test.codes)")
        }
    }

    func testShiftGivesUppercaseAndIgnoringModifiersDoesNot() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")))
        let shift = state.update(evdevCode: keyLeftShift, isPressed: true)
        XCTAssertEqual(shift.characters, "", "a modifier types nothing")
        XCTAssertFalse(shift.repeats, "modifiers do not repeat")
        XCTAssertEqual(shift.modifiers, .shift)

        let y = state.update(evdevCode: keyY, isPressed: true)
        XCTAssertEqual(y.characters, "Z")
        XCTAssertEqual(y.charactersIgnoringModifiers, "z")
        XCTAssertEqual(y.modifiers, .shift)
        XCTAssertTrue(y.repeats)
        XCTAssertEqual(state.update(evdevCode: key2, isPressed: true).characters, "\"", "de Shift+2 is a quote")
        state.update(evdevCode: key2, isPressed: false)
        state.update(evdevCode: keyY, isPressed: false)

        XCTAssertEqual(state.update(evdevCode: keyLeftShift, isPressed: false).modifiers, [])
        XCTAssertEqual(state.update(evdevCode: keyY, isPressed: true).characters, "z")
    }

    func testModifierFlagsAndCapsLock() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "us")))
        let table: [(code: UInt32, flag: KeyModifierFlags)] = [
            (keyLeftShift, .shift), (keyLeftControl, .control), (keyLeftAlt, .alternate), (keyLeftMeta, .command),
        ]
        for entry in table {
            XCTAssertEqual(state.update(evdevCode: entry.code, isPressed: true).modifiers, entry.flag, "\(entry.code)")
            XCTAssertEqual(state.update(evdevCode: entry.code, isPressed: false).modifiers, [], "\(entry.code)")
        }
        state.update(evdevCode: keyCapsLock, isPressed: true)
        XCTAssertEqual(state.update(evdevCode: keyCapsLock, isPressed: false).modifiers, .alphaShift, "Caps Lock locks")
        XCTAssertEqual(state.update(evdevCode: keyA, isPressed: true).characters, "A")
        XCTAssertEqual(state.characters(evdevCode: keyA), "A", "what a repeat of the held key types")
        state.update(evdevCode: keyA, isPressed: false)
        state.update(evdevCode: keyCapsLock, isPressed: true)
        XCTAssertEqual(state.update(evdevCode: keyCapsLock, isPressed: false).modifiers, [], "a second press unlocks")
    }

    func testShouldRepeatComesFromTheKeymap() throws {
        let keymap = try Keymap(names: KeymapNames(layout: "us"))
        XCTAssertTrue(keymap.shouldRepeat(evdevCode: keyA))
        XCTAssertFalse(keymap.shouldRepeat(evdevCode: keyLeftShift))
        XCTAssertFalse(keymap.shouldRepeat(evdevCode: keyCapsLock))
    }

    func testUnknownNamesGiveAnErrorNamingThem() {
        let cases: [(names: KeymapNames, unknown: [String])] = [
            (KeymapNames(layout: "xx"), ["layout \"xx\""]),
            (KeymapNames(layout: "us,qq"), ["layout \"qq\""]),
            (KeymapNames(layout: "de", variant: "nosuchvariant"), ["variant \"nosuchvariant\" of layout \"de\""]),
            (KeymapNames(rules: "nosuchrules", layout: "us"), ["rules \"nosuchrules\""]),
        ]
        for test in cases {
            XCTAssertThrowsError(try Keymap(names: test.names), "\(test.names)") { error in
                guard let error = error as? KeymapError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.unknownNames, test.unknown)
                XCTAssertEqual(error.names, test.names)
                for name in test.unknown { XCTAssertTrue(error.description.contains(name), error.description) }
            }
        }
        let fallback = (try? Keymap(names: KeymapNames(layout: "xx"))) ?? (try? Keymap.fallback())
        XCTAssertEqual(fallback?.names.layout, "us", "the caller falls back to us")
    }

    func testEnvironmentDefaults() throws {
        let cases: [(environment: [String: String], names: KeymapNames)] = [
            ([:], .fallback),
            (["XKB_DEFAULT_LAYOUT": "de"], KeymapNames(layout: "de")),
            (
                [
                    "XKB_DEFAULT_RULES": "evdev", "XKB_DEFAULT_MODEL": "pc104", "XKB_DEFAULT_LAYOUT": "de,us",
                    "XKB_DEFAULT_VARIANT": "nodeadkeys,", "XKB_DEFAULT_OPTIONS": "ctrl:nocaps",
                ],
                KeymapNames(model: "pc104", layout: "de,us", variant: "nodeadkeys,", options: "ctrl:nocaps")
            ),
            (["XKB_DEFAULT_VARIANT": "nodeadkeys"], .fallback),  // a variant without its layout is ignored
            (["XKB_DEFAULT_LAYOUT": "", "XKB_DEFAULT_MODEL": ""], .fallback),  // empty is unset
        ]
        for test in cases {
            XCTAssertEqual(KeymapNames.fromEnvironment(test.environment), test.names, "\(test.environment)")
        }
        let german = try Keymap(environment: ["XKB_DEFAULT_LAYOUT": "de"])
        XCTAssertEqual(try typed([keyY], layout: german.names.layout), "z")
        XCTAssertEqual(german.layoutNames, ["German"])
        let options = try Keymap(environment: ["XKB_DEFAULT_LAYOUT": "us", "XKB_DEFAULT_OPTIONS": "ctrl:nocaps"])
        let state = KeyboardState(keymap: options)
        XCTAssertEqual(state.update(evdevCode: keyCapsLock, isPressed: true).modifiers, .control, "ctrl:nocaps applied")
    }
}
