import InputModel
import Keyboard
import XCTest

/// Dead keys and Compose sequences through the machine's libX11 Compose tables
/// (/usr/share/X11/locale, package libx11-data).
final class ComposeTableTests: XCTestCase {
    // Linux evdev key codes (linux/input-event-codes.h).
    private let keyGrave: UInt32 = 41  // de: dead_circumflex
    private let keyEqual: UInt32 = 13  // de: dead_acute
    private let keyE: UInt32 = 18
    private let keyA: UInt32 = 30
    private let keyO: UInt32 = 24
    private let keyC: UInt32 = 46
    private let keyQ: UInt32 = 16
    private let keySpace: UInt32 = 57
    private let keyApostrophe: UInt32 = 40
    private let keyLeftShift: UInt32 = 42
    private let keyRightAlt: UInt32 = 100  // Multi_key with the compose:ralt option

    private func table() throws -> ComposeTable {
        try XCTUnwrap(ComposeTable(locales: ["en_US.UTF-8"]), "no Compose table: is libx11-data installed?")
    }

    /// What each press typed, one entry a key, pressed and released in order.
    private func typed(_ codes: [UInt32], _ state: KeyboardState) -> [String] {
        codes.map { code in
            let press = state.update(evdevCode: code, isPressed: true)
            state.update(evdevCode: code, isPressed: false)
            return press.characters
        }
    }

    func testDeadAcuteThenEComposesAndTheDeadKeyTypesNothing() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")), composeTable: try table())
        XCTAssertEqual(typed([keyEqual, keyE, keyE], state), ["", "é", "e"])
    }

    func testDeadKeyThenSpaceTypesTheAccent() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")), composeTable: try table())
        XCTAssertEqual(typed([keyGrave, keySpace], state), ["", "^"])
    }

    func testModifiersInsideASequenceDoNotCancelIt() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")), composeTable: try table())
        XCTAssertEqual(state.update(evdevCode: keyEqual, isPressed: true).characters, "")
        state.update(evdevCode: keyEqual, isPressed: false)
        XCTAssertEqual(state.update(evdevCode: keyLeftShift, isPressed: true).characters, "")
        XCTAssertEqual(state.update(evdevCode: keyE, isPressed: true).characters, "É")
    }

    func testACancelledSequenceTypesNothingAndTypingGoesOn() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")), composeTable: try table())
        // The table has no dead_acute q: the q ends the sequence and types nothing.
        XCTAssertEqual(typed([keyEqual, keyQ, keyA], state), ["", "", "a"])
    }

    func testComposeKeySequences() throws {
        let keymap = try Keymap(names: KeymapNames(layout: "us", options: "compose:ralt"))
        let state = KeyboardState(keymap: keymap, composeTable: try table())
        XCTAssertEqual(typed([keyRightAlt, keyApostrophe, keyE], state), ["", "", "é"])
        XCTAssertEqual(typed([keyRightAlt, keyO, keyC], state), ["", "", "©"])
    }

    func testUSTypingIsUnchangedByTheTable() throws {
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "us")), composeTable: try table())
        XCTAssertEqual(typed([keyA, keyApostrophe, keyE, keySpace], state), ["a", "'", "e", " "])
    }

    func testABogusLocaleHasNoTableAndTypingStillWorks() throws {
        XCTAssertNil(ComposeTable(locales: ["xx_NOWHERE.bogus", ""]))
        let state = KeyboardState(keymap: try Keymap(names: KeymapNames(layout: "de")), composeTable: nil)
        XCTAssertEqual(typed([keyEqual, keyE, keyA], state), ["", "e", "a"], "the dead key alone types nothing")
    }

    func testLocalesFollowSetlocalesOrderThenTheUTF8Fallbacks() {
        XCTAssertEqual(
            ComposeTable.locales(environment: ["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]),
            ["de_DE.UTF-8", "C.UTF-8", "en_US.UTF-8"])
        XCTAssertEqual(
            ComposeTable.locales(environment: ["LC_ALL": "pt_BR.UTF-8", "LANG": "fr_FR.UTF-8"]),
            ["pt_BR.UTF-8", "C.UTF-8", "en_US.UTF-8"])
        XCTAssertEqual(ComposeTable.locales(environment: [:]), ["C.UTF-8", "en_US.UTF-8"])
        XCTAssertEqual(ComposeTable(locales: ["xx_NOWHERE.bogus", "de_DE.UTF-8"])?.locale, "de_DE.UTF-8")
    }
}
