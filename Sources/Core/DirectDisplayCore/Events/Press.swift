import Foundation
import InputModel

/// A physical key being pressed, as UIKit's `UIPress`. Hashable by identity.
@MainActor public final class Press: Hashable {
    /// Where the press is in its life.
    public enum Phase: Sendable, Hashable {
        case began, changed, stationary, ended, cancelled
    }

    /// The phase of the latest event of this press.
    public internal(set) var phase: Phase
    /// When the press last changed, in seconds (system uptime).
    public internal(set) var timestamp: TimeInterval
    /// The key pressed.
    public let key: Key?

    /// A press for a synthetic event.
    public init(key: Key?, phase: Phase = .began, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
    }

    /// Moves a synthetic press on to another phase.
    package func update(phase: Phase, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        self.phase = phase
        self.timestamp = timestamp
    }

    public nonisolated static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A keyboard key and the text it produces, as UIKit's `UIKey`.
public struct Key: Hashable, Sendable {
    /// The evdev key code (linux/input-event-codes.h, e.g. 30 for KEY_A).
    public let keyCode: UInt32
    /// The text the key produces with the current modifiers.
    public let characters: String
    /// The text the key produces without modifiers.
    public let charactersIgnoringModifiers: String
    /// Modifier keys held when the key was pressed.
    public let modifierFlags: KeyModifierFlags

    public init(
        keyCode: UInt32, characters: String, charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags = []
    ) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}

/// Modifier keys, as UIKit's `UIKeyModifierFlags` (one type, shared with the keyboard state).
public typealias KeyModifierFlags = InputModel.KeyModifierFlags
