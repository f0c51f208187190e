import Foundation

extension Application {
    /// Routes an event, real or synthetic, the way UIKit does. A touch that
    /// begins goes to the topmost visible window of its screen containing the
    /// point (key or not) and to the view hit-tested there, and stays with that
    /// view until it ends or is cancelled. Presses go to the key window's first
    /// responder, else up the responder chain from the key window.
    public func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            routeTouches(of: event)
        case .scroll:
            routeScroll(event)
        case .presses:
            if let keyWindow {
                keyWindow.sendEvent(event)
            } else {
                for (phase, presses) in event.pressesByPhase() { deliver(presses, phase: phase, with: event) }
            }
        }
    }

    private func routeTouches(of event: Event) {
        let touches = event.allTouches ?? []
        for touch in touches where touch.phase == .began && touch.window == nil {
            attach(touch)
        }
        var windows: [Window] = []
        for touch in touches {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
        }
        for window in windows { window.sendEvent(event) }
        for touch in touches {
            if touch.phase == .ended || touch.phase == .cancelled {
                activeTouches.remove(touch)
            }
        }
    }

    /// A scroll goes to the view under the pointer in the topmost window there.
    private func routeScroll(_ event: Event) {
        guard let screen = event.scrollScreen, screen.isConnected else { return }
        let point = event.scrollLocation(in: nil)
        for window in visibleWindows(on: screen).reversed()
        where window.hitTest(window.convertFromScreen(point), with: event) != nil {
            window.sendEvent(event)
            return
        }
    }

    /// Finds a new touch's window and view; a view that does not take
    /// multiple touches ignores a second one.
    private func attach(_ touch: Touch) {
        let point = touch.locationInScreen
        for window in visibleWindows(on: touch.screen).reversed() {
            let local = window.convertFromScreen(point)
            guard let view = window.hitTest(local, with: nil) else { continue }
            if !view.isMultipleTouchEnabled, activeTouches.contains(where: { $0.view === view }) { return }
            touch.window = window
            touch.view = view
            activeTouches.insert(touch)
            return
        }
    }

    /// Cancels every touch the windows hold (the screen reader takes the fingers from here on).
    func cancelAllTouches() {
        var windows: [Window] = []
        for touch in activeTouches {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
        }
        for window in windows { cancelTouches(in: window) }
    }

    /// Cancels the touches delivered into a window that is going away, or only
    /// those whose view lies inside `view` when that view leaves the window.
    func cancelTouches(in window: Window, under view: View? = nil) {
        let touches = activeTouches.filter { touch in
            guard touch.window === window else { return false }
            guard let view else { return true }
            return touch.view?.isDescendant(of: view) ?? false
        }
        guard !touches.isEmpty else { return }
        for touch in touches { touch.update(location: touch.locationInScreen, phase: .cancelled) }
        window.sendEvent(Event(touches: touches))
        activeTouches.subtract(touches)
    }
}
