import Compositing
import Foundation

/// Runs the whole window system with no hardware, for our tests and users'
/// tests: screens are made up, input is synthetic, and frames are composed by
/// the same code the KMS back end scans out.
@MainActor public final class HeadlessDisplay: Display {
    private var pendingScreens: [Screen] = []
    private var touches: [Int: Touch] = [:]
    private var presses: [UInt32: Press] = [:]
    private var modifiers: KeyModifierFlags = []
    /// The latest frame composed for each screen by `runUntilIdle()`, by screen name.
    public private(set) var lastFrames: [String: CapturedImage] = [:]

    /// Makes this the application's display.
    public init() {
        Application.shared.display = self
    }

    /// Connects a screen of `width`×`height` pixels and returns it (posts didConnect).
    @discardableResult
    public func connectScreen(
        name: String, width: Int, height: Int, scale: CGFloat = 1, refreshRate: Double = 60,
        otherModes: [Screen.Mode] = []
    ) -> Screen {
        let mode = Screen.Mode(width: width, height: height, refreshRate: refreshRate)
        let screen = Screen(
            name: name, modes: [mode] + otherModes, preferredMode: mode, currentMode: mode, scale: scale)
        Application.shared.connect(screen)
        return screen
    }

    /// Disconnects a screen (hides and moves its windows, then posts didDisconnect).
    public func disconnectScreen(_ screen: Screen) {
        Application.shared.disconnect(screen)
        pendingScreens.removeAll { $0 === screen }
        lastFrames[screen.name] = nil
    }

    // MARK: Display

    public func setNeedsComposite(_ screen: Screen) {
        if !pendingScreens.contains(where: { $0 === screen }) { pendingScreens.append(screen) }
    }

    public func capture(_ screen: Screen) throws -> CapturedImage {
        guard screen.isConnected else { throw ScreenModeError.notConnected(screen: screen.name) }
        return Application.shared.captureFrame(of: screen)
    }

    public func apply(_ mode: Screen.Mode, to screen: Screen) throws {
        guard screen.isConnected else { throw ScreenModeError.notConnected(screen: screen.name) }
        guard screen.availableModes.contains(mode) else {
            throw ScreenModeError.unavailable(mode: mode, screen: screen.name)
        }
        screen.updateCurrentMode(mode)
    }

    /// Performs pending layout, drawing and composition until nothing is pending.
    public func runUntilIdle() {
        var rounds = 0
        while !pendingScreens.isEmpty, rounds < 100 {
            rounds += 1
            let screens = pendingScreens
            pendingScreens = []
            for screen in screens where screen.isConnected {
                lastFrames[screen.name] = Application.shared.captureFrame(of: screen)
            }
        }
    }

    // MARK: Input

    /// A finger `id` touches `screen` at a point in its coordinates.
    public func touchDown(_ id: Int, at point: CGPoint, on screen: Screen) {
        if let old = touches[id] { touchUp(id, at: old.locationInScreen, on: old.screen) }
        let touch = Touch(screen: screen, location: point, phase: .began)
        touches[id] = touch
        Application.shared.sendEvent(Event(touches: [touch]))
    }

    /// Finger `id` moves.
    public func touchMove(_ id: Int, at point: CGPoint, on screen: Screen) {
        guard let touch = touches[id] else { return }
        touch.update(location: point, phase: .moved)
        Application.shared.sendEvent(Event(touches: [touch]))
    }

    /// Finger `id` lifts.
    public func touchUp(_ id: Int, at point: CGPoint, on screen: Screen) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.update(location: point, phase: .ended)
        Application.shared.sendEvent(Event(touches: [touch]))
    }

    /// Finger `id`'s touch is cancelled.
    public func touchCancel(_ id: Int) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.update(location: touch.locationInScreen, phase: .cancelled)
        Application.shared.sendEvent(Event(touches: [touch]))
    }

    /// A key goes down (evdev key code, e.g. 30 for KEY_A).
    public func keyDown(_ keyCode: UInt32) {
        if let modifier = EvdevKeyMap.modifier(for: keyCode) {
            if modifier == .alphaShift {
                modifiers.formSymmetricDifference(.alphaShift)
            } else {
                modifiers.insert(modifier)
            }
        }
        let press = Press(key: EvdevKeyMap.key(for: keyCode, modifiers: modifiers), phase: .began)
        presses[keyCode] = press
        Application.shared.sendEvent(Event(presses: [press]))
    }

    /// A key goes up.
    public func keyUp(_ keyCode: UInt32) {
        if let modifier = EvdevKeyMap.modifier(for: keyCode), modifier != .alphaShift { modifiers.remove(modifier) }
        let press =
            presses.removeValue(forKey: keyCode) ?? Press(key: EvdevKeyMap.key(for: keyCode, modifiers: modifiers))
        press.update(phase: .ended)
        Application.shared.sendEvent(Event(presses: [press]))
    }
}
