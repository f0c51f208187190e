import DirectDisplayCore
import XCTest

/// evdev key codes (linux/input-event-codes.h) the text tests press, typed through the us layout.
enum KeyCode {
    static let backspace: UInt32 = 14
    static let enter: UInt32 = 28
    static let leftControl: UInt32 = 29
    static let leftShift: UInt32 = 42
    static let z: UInt32 = 44
    static let f1: UInt32 = 59
    static let home: UInt32 = 102
    static let up: UInt32 = 103
    static let pageUp: UInt32 = 104
    static let left: UInt32 = 105
    static let right: UInt32 = 106
    static let end: UInt32 = 107
    static let down: UInt32 = 108
    static let pageDown: UInt32 = 109
    static let delete: UInt32 = 111
    /// The us layout's letters and space.
    static let letters: [Character: UInt32] = [
        "q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24, "p": 25, "a": 30, "s": 31,
        "d": 32, "f": 33, "g": 34, "h": 35, "j": 36, "k": 37, "l": 38, "z": 44, "x": 45, "c": 46, "v": 47, "b": 48,
        "n": 49, "m": 50, " ": 57,
    ]
}

extension DirectDisplayTestCase {
    /// `code` pressed and released on the headless keyboard, with `modifiers` held around it.
    func press(_ code: UInt32, with modifiers: UInt32...) {
        for modifier in modifiers { display.keyDown(modifier) }
        display.keyDown(code)
        display.keyUp(code)
        for modifier in modifiers.reversed() { display.keyUp(modifier) }
    }

    /// Each character of `text` (lower-case letters and spaces) pressed in turn.
    func typeKeys(_ text: String) {
        for character in text {
            guard let code = KeyCode.letters[character] else { return XCTFail("no key for \(character)") }
            press(code)
        }
    }
}
