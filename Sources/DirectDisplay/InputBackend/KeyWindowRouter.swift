import Foundation
import Input
import KMS

/// Where a key goes: evdev key codes through the xkbcommon keymap become `Press`
/// events for the key window's first responder (Application.sendEvent routes
/// them up the responder chain), with key repeat while a key is held.
@MainActor
final class KeyWindowRouter {
    private var state: KeyboardState
    private var held: [UInt32: Press] = [:]
    private var repeatTimer = KeyRepeatTimer()
    private var repeatSource: (any DispatchSourceTimer)?

    /// Keymap from XKB_DEFAULT_* (an unknown name is reported and "us" used), standard repeat.
    /// - Throws: when not even "us" compiles (no xkeyboard-config installed).
    init() throws {
        let keymap: Keymap
        do {
            keymap = try Keymap(environment: ProcessInfo.processInfo.environment)
        } catch {
            StderrLog.info("\(error); using the us layout")
            keymap = try Keymap.fallback()
        }
        state = KeyboardState(keymap: keymap)
    }

    var keymap: Keymap { state.keymap }

    /// Switches layout (RMLVO names); on an unknown name throws and keeps the current one.
    func setKeymap(_ names: KeymapNames) throws {
        let keymap = try Keymap(names: names)
        releaseAll()
        state = KeyboardState(keymap: keymap)
    }

    var repeatRate: KeyRepeatRate {
        get { repeatTimer.rate }
        set { repeatTimer.rate = newValue }
    }

    func key(_ event: KeyboardKeyEvent) {
        let result = state.update(evdevCode: event.evdevCode, isPressed: event.isPressed)
        if event.isPressed {
            let press = Press(key: key(result), phase: .began, timestamp: seconds(event.timeMicroseconds))
            held[event.evdevCode] = press
            Application.shared.sendEvent(Event(presses: [press]))
            repeatTimer.keyPressed(
                evdevCode: event.evdevCode, repeats: result.repeats, atMicroseconds: event.timeMicroseconds)
        } else {
            repeatTimer.keyReleased(evdevCode: event.evdevCode)
            guard let press = held.removeValue(forKey: event.evdevCode) else { return }
            press.update(phase: .ended, timestamp: seconds(event.timeMicroseconds))
            Application.shared.sendEvent(Event(presses: [press]))
        }
        scheduleRepeat()
    }

    /// Ends every held key (device gone, session paused): each press is cancelled.
    func releaseAll() {
        repeatTimer.stop()
        scheduleRepeat()
        let presses = Set(held.values)
        held = [:]
        guard !presses.isEmpty else { return }
        for press in presses { press.update(phase: .cancelled) }
        Application.shared.sendEvent(Event(presses: presses))
    }

    private func key(_ result: KeyResult) -> Key {
        Key(
            keyCode: result.evdevCode, characters: result.characters,
            charactersIgnoringModifiers: result.charactersIgnoringModifiers, modifierFlags: flags(result.modifiers))
    }

    private func flags(_ modifiers: Input.KeyModifierFlags) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.control) { flags.insert(.control) }
        if modifiers.contains(.alternate) { flags.insert(.alternate) }
        if modifiers.contains(.command) { flags.insert(.command) }
        if modifiers.contains(.alphaShift) { flags.insert(.alphaShift) }
        if modifiers.contains(.numericPad) { flags.insert(.numericPad) }
        return flags
    }

    /// A repeat is a new keystroke of the held key: began then ended, like UIKit's.
    /// Repeats that fell due while the main queue was busy are dropped, not
    /// delivered in a burst.
    func deliverRepeats() {
        guard let code = repeatTimer.repeatingKey else { return }
        let now = UInt64(monotonicSeconds() * 1_000_000)
        if repeatTimer.repeatsDue(atMicroseconds: now) > 0 {
            let key = Key(
                keyCode: code, characters: state.characters(evdevCode: code),
                charactersIgnoringModifiers: held[code]?.key?.charactersIgnoringModifiers ?? "",
                modifierFlags: flags(state.modifiers))
            let press = Press(key: key, phase: .began)
            Application.shared.sendEvent(Event(presses: [press]))
            press.update(phase: .ended)
            Application.shared.sendEvent(Event(presses: [press]))
        }
        scheduleRepeat()
    }

    /// When the next repeat falls due (CLOCK_MONOTONIC seconds), for a caller that blocks.
    var nextRepeatDue: Double? { repeatTimer.nextRepeatMicroseconds.map { Double($0) / 1_000_000 } }

    private func scheduleRepeat() {
        repeatSource?.cancel()
        repeatSource = nil
        guard let due = repeatTimer.nextRepeatMicroseconds else { return }
        let delay = max(0, Double(due) / 1_000_000 - monotonicSeconds())
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + delay)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.deliverRepeats() } }
        source.resume()
        repeatSource = source
    }

    private func seconds(_ microseconds: UInt64) -> TimeInterval { Double(microseconds) / 1_000_000 }
}
