import Foundation

/// A set of touches or presses delivered together, as UIKit's `UIEvent`.
@MainActor public final class Event {
    /// What the event carries.
    public enum EventType: Sendable, Hashable {
        case touches, presses
    }

    public let type: EventType
    /// When the event happened, in seconds (system uptime).
    public let timestamp: TimeInterval
    /// The touches of a touch event (nil for presses).
    public let allTouches: Set<Touch>?
    /// The presses of a press event (empty for touches).
    public let allPresses: Set<Press>

    /// A touch event.
    public init(touches: Set<Touch>, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        type = .touches
        self.timestamp = timestamp
        allTouches = touches
        allPresses = []
    }

    /// A press event.
    public init(presses: Set<Press>, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        type = .presses
        self.timestamp = timestamp
        allTouches = nil
        allPresses = presses
    }

    /// The touches delivered to `view`.
    public func touches(for view: View) -> Set<Touch>? {
        allTouches?.filter { $0.view === view }
    }

    /// The touches delivered to `window`.
    public func touches(for window: Window) -> Set<Touch>? {
        allTouches?.filter { $0.window === window }
    }

    /// This event's touches in `window`, grouped by their view, in a stable order.
    func touchesByView(in window: Window) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in (allTouches ?? []).sorted(by: { $0.locationInScreen.x < $1.locationInScreen.x }) {
            guard touch.window === window, let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups
    }

    /// This event's presses grouped by phase.
    func pressesByPhase() -> [(Press.Phase, Set<Press>)] {
        let order: [Press.Phase] = [.began, .changed, .stationary, .ended, .cancelled]
        return order.compactMap { phase in
            let presses = allPresses.filter { $0.phase == phase }
            return presses.isEmpty ? nil : (phase, presses)
        }
    }
}

extension Responder {
    /// Calls the touches method matching each touch's phase.
    func deliver(_ touches: Set<Touch>, with event: Event) {
        let began = touches.filter { $0.phase == .began }
        let moved = touches.filter { $0.phase == .moved || $0.phase == .stationary }
        let ended = touches.filter { $0.phase == .ended }
        let cancelled = touches.filter { $0.phase == .cancelled }
        if !began.isEmpty { touchesBegan(began, with: event) }
        if !moved.isEmpty { touchesMoved(moved, with: event) }
        if !ended.isEmpty { touchesEnded(ended, with: event) }
        if !cancelled.isEmpty { touchesCancelled(cancelled, with: event) }
    }

    /// Calls the presses method for `phase`.
    func deliver(_ presses: Set<Press>, phase: Press.Phase, with event: Event) {
        switch phase {
        case .began: pressesBegan(presses, with: event)
        case .changed, .stationary: pressesChanged(presses, with: event)
        case .ended: pressesEnded(presses, with: event)
        case .cancelled: pressesCancelled(presses, with: event)
        }
    }
}
