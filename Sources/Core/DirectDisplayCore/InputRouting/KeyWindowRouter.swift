import Foundation
import InputModel
import Keyboard
import Scheduling

/// Where a key goes: evdev key codes through the xkbcommon keymap become `Press`
/// events for the key window's first responder (Application.sendEvent routes
/// them up the responder chain), with key repeat while a key is held, timed on
/// the display's event loop (its clock: real, or a test's).
///
/// Keys are seat-wide, as libinput counts them: with two keyboards, a key held on
/// both is one press, and releasing Shift on one keeps it held for the other.
@MainActor
final class KeyWindowRouter {
    /// The keyboard state once made (see `state`).
    private var loadedState: KeyboardState?
    /// No keymap compiled, not even "us" (said once): keys are ignored.
    private var keymapFailed = false
    private var held: [UInt32: Press] = [:]
    private var repeatTimer = KeyRepeatTimer()
    private let loop: EventLoop
    private var repeatTimerID: TimerID?
    /// Switches to virtual console N (Ctrl+Alt+FN); nil where nobody can (no seat manager).
    var switchVirtualConsole: ((Int) -> Void)?
    /// Keys whose press switched consoles: their release is swallowed too.
    private var switchKeys: Set<UInt32> = []

    /// Keymap from XKB_DEFAULT_* (an unknown name is reported and "us" used), standard
    /// repeat; compiled at the first key (see `state`).
    init(loop: EventLoop) {
        self.loop = loop
    }

    /// The keyboard state: the keymap is compiled and the Compose table read at the
    /// first key, not when the display starts (seconds of a start under emulation, on
    /// the first frame's path; a touch kiosk never needs them). Nil when not even the
    /// "us" layout compiles (no xkeyboard-config installed): keys are ignored.
    private var state: KeyboardState? {
        if let loadedState { return loadedState }
        guard !keymapFailed else { return nil }
        let keymap: Keymap
        do {
            keymap = try Keymap(environment: ProcessInfo.processInfo.environment)
        } catch {
            StderrLog.info("\(error); using the us layout")
            do {
                keymap = try Keymap.fallback()
            } catch {
                keymapFailed = true
                StderrLog.info("no keymap, keys are ignored: \(error)")
                return nil
            }
        }
        let state = KeyboardState(keymap: keymap, composeTable: Self.localeComposeTable)
        loadedState = state
        return state
    }

    /// Whether the keymap has been compiled (at the first key or a layout change).
    package var hasLoadedKeymap: Bool { loadedState != nil }

    /// The environment's Compose table, read once a process: its locale does not
    /// change while the app runs, and every display's router can share it (the
    /// table is read-only; each KeyboardState keeps its own place in a sequence).
    private static let localeComposeTable: ComposeTable? = {
        let locales = ComposeTable.locales()
        let table = ComposeTable(locales: locales)
        if table == nil {
            StderrLog.info(
                "no Compose table for \(locales.joined(separator: ", ")); dead keys and the Compose key type nothing")
        }
        return table
    }()

    var keymap: Keymap? { state?.keymap }

    /// The active layout's name (RMLVO), without compiling a keymap not compiled yet
    /// (the on-screen keyboard asks it when it shows, maybe on the first frame's path).
    var layoutName: String {
        loadedState?.keymap.names.layout ?? KeymapNames.fromEnvironment(ProcessInfo.processInfo.environment).layout
    }

    /// Switches layout (RMLVO names); on an unknown name throws and keeps the current one.
    func setKeymap(_ names: KeymapNames) throws {
        let keymap = try Keymap(names: names)
        releaseAll()
        keymapFailed = false
        loadedState = KeyboardState(keymap: keymap, composeTable: Self.localeComposeTable)
    }

    var repeatRate: KeyRepeatRate {
        get { repeatTimer.rate }
        set { repeatTimer.rate = newValue }
    }

    /// Keys held that the screen reader took.
    private var readerKeys: Set<UInt32> = []

    func key(_ event: KeyboardKeyEvent) {
        // Another keyboard of the seat already holds this key (a press counted above
        // 1), or still holds it (a release counted above 0): nothing changes for the seat.
        guard event.isPressed ? event.seatKeyCount <= 1 : event.seatKeyCount == 0, let state else { return }
        if event.isPressed, let switchVirtualConsole,
            let number = state.virtualConsoleSwitch(evdevCode: event.evdevCode)
        {
            state.update(evdevCode: event.evdevCode, isPressed: true)
            switchKeys.insert(event.evdevCode)
            switchVirtualConsole(number)
            return
        }
        if !event.isPressed, switchKeys.remove(event.evdevCode) != nil {
            state.update(evdevCode: event.evdevCode, isPressed: false)
            return
        }
        let result = state.update(evdevCode: event.evdevCode, isPressed: event.isPressed)
        // The screen reader's keys (Tab, Shift-Tab, Enter while it runs) never reach the app, releases included.
        if event.isPressed, ScreenReader.shared.handleKey(evdevCode: event.evdevCode, modifiers: result.modifiers) {
            readerKeys.insert(event.evdevCode)
            return
        }
        if !event.isPressed, readerKeys.remove(event.evdevCode) != nil { return }
        if event.isPressed {
            let press = Press(key: key(result), phase: .began, timestamp: seconds(event.timeMicroseconds))
            if let earlier = held[event.evdevCode] { end(earlier, code: event.evdevCode) }
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

    /// Ends every held key (device gone, session paused): each press is cancelled,
    /// and the keyboard state starts afresh, since the releases will never come
    /// (Ctrl and Alt of a Ctrl+Alt+F2 would otherwise stay held after the switch).
    func releaseAll() {
        repeatTimer.stop()
        scheduleRepeat()
        // A keymap not compiled yet has nothing to reset.
        if let loadedState {
            self.loadedState = KeyboardState(keymap: loadedState.keymap, composeTable: loadedState.composeTable)
        }
        switchKeys = []
        let presses = Set(held.values)
        held = [:]
        guard !presses.isEmpty else { return }
        for press in presses { press.update(phase: .cancelled, timestamp: loop.clock.now) }
        Application.shared.sendEvent(Event(presses: presses))
    }

    /// A press still held when its key goes down again (events lost while away) ends first.
    private func end(_ press: Press, code: UInt32) {
        held[code] = nil
        press.update(phase: .cancelled, timestamp: loop.clock.now)
        Application.shared.sendEvent(Event(presses: [press]))
    }

    private func key(_ result: KeyResult) -> Key {
        Key(
            keyCode: result.evdevCode, characters: result.characters,
            charactersIgnoringModifiers: result.charactersIgnoringModifiers, modifierFlags: result.modifiers)
    }

    /// A repeat is a new keystroke of the held key: began then ended, like UIKit's.
    /// Repeats that fell due while the main queue was busy are dropped, not
    /// delivered in a burst.
    /// `due` is the repeat time the timer was set for: the clock read back in whole
    /// microseconds can fall a rounding step short of it, and a repeat found not due
    /// would set the same timer again forever (at one manual-clock instant).
    func deliverRepeats(due: UInt64) {
        guard let code = repeatTimer.repeatingKey, let state = loadedState else { return }
        let now = max(UInt64((max(0, loop.clock.now) * 1_000_000).rounded()), due)
        if repeatTimer.repeatsDue(atMicroseconds: now) > 0 {
            let key = Key(
                keyCode: code, characters: state.characters(evdevCode: code),
                charactersIgnoringModifiers: held[code]?.key?.charactersIgnoringModifiers ?? "",
                modifierFlags: state.modifiers)
            let press = Press(key: key, phase: .began, timestamp: loop.clock.now)
            Application.shared.sendEvent(Event(presses: [press]))
            press.update(phase: .ended, timestamp: loop.clock.now)
            Application.shared.sendEvent(Event(presses: [press]))
        }
        scheduleRepeat()
    }

    private func scheduleRepeat() {
        loop.cancelTimer(&repeatTimerID)
        guard let due = repeatTimer.nextRepeatMicroseconds else { return }
        repeatTimerID = loop.schedule(at: Double(due) / 1_000_000, name: "key repeat") { [weak self] in
            self?.repeatTimerID = nil
            self?.deliverRepeats(due: due)
        }
    }

    private func seconds(_ microseconds: UInt64) -> TimeInterval { Double(microseconds) / 1_000_000 }
}
