/// Key repeat settings: how long a key is held before it repeats, and how often it
/// repeats after that. The defaults are weston's and wlroots' (0.6 s, 25 per second).
public struct KeyRepeatRate: Sendable, Hashable {
    /// Microseconds between the press and the first repeat.
    public var delayMicroseconds: UInt64
    /// Repeats per second after the delay; 0 turns repeat off.
    public var repeatsPerSecond: Double

    public static let standard = KeyRepeatRate(delayMicroseconds: 600_000, repeatsPerSecond: 25)

    public init(delayMicroseconds: UInt64, repeatsPerSecond: Double) {
        self.delayMicroseconds = delayMicroseconds
        self.repeatsPerSecond = repeatsPerSecond
    }

    /// Microseconds between two repeats; nil when repeat is off (a rate of 0, negative or not finite).
    package var intervalMicroseconds: UInt64? {
        guard repeatsPerSecond.isFinite, repeatsPerSecond > 0 else { return nil }
        return max(1, UInt64((1_000_000 / repeatsPerSecond).rounded()))
    }
}

/// When the held key repeats next. Pure: times are microseconds on one monotonic
/// clock (libinput's event times are CLOCK_MONOTONIC µs), and the caller sets a
/// timer for ``nextRepeatMicroseconds`` and calls ``repeatsDue(atMicroseconds:)``
/// when it fires.
///
/// Only the last pressed repeating key repeats, as on every desktop; pressing a
/// key that does not repeat (a modifier) leaves the current repeat running, and
/// releasing any other key than the repeating one changes nothing.
package struct KeyRepeatTimer: Sendable, Hashable {
    package var rate: KeyRepeatRate
    /// The evdev code of the key that repeats, if one is held.
    package private(set) var repeatingKey: UInt32?
    /// When the next repeat is due; nil when nothing repeats.
    package private(set) var nextRepeatMicroseconds: UInt64?

    package init(rate: KeyRepeatRate = .standard) { self.rate = rate }

    /// A key went down at `time`; `repeats` from ``Keymap/shouldRepeat(evdevCode:)``.
    package mutating func keyPressed(evdevCode: UInt32, repeats: Bool, atMicroseconds time: UInt64) {
        guard repeats else { return }
        guard rate.intervalMicroseconds != nil else {
            stop()
            return
        }
        repeatingKey = evdevCode
        nextRepeatMicroseconds = time + rate.delayMicroseconds
    }

    /// A key went up; stops the repeat if it was the repeating key.
    package mutating func keyReleased(evdevCode: UInt32) {
        if evdevCode == repeatingKey { stop() }
    }

    /// Stops any repeat (focus change, session pause, device removed).
    package mutating func stop() {
        repeatingKey = nil
        nextRepeatMicroseconds = nil
    }

    /// How many repeats are due by `now` (0 if none), moving the next due time past
    /// `now`. More than one means the caller was late (a busy main queue); a caller
    /// may deliver them all or only one.
    package mutating func repeatsDue(atMicroseconds now: UInt64) -> Int {
        guard let due = nextRepeatMicroseconds, now >= due, let interval = rate.intervalMicroseconds else { return 0 }
        let count = (now - due) / interval + 1
        nextRepeatMicroseconds = due + count * interval
        return Int(count)
    }
}
