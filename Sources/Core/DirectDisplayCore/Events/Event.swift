import Foundation
import InputModel

/// A set of touches or presses delivered together, as UIKit's `UIEvent`.
@MainActor public final class Event {
    /// What the event carries.
    public enum EventType: Sendable, Hashable {
        case touches, presses
        /// A mouse wheel or touchpad scroll over a view (`Responder.scrollWheel(with:)`).
        case scroll
    }

    public let type: EventType
    /// When the event happened, in seconds (system uptime).
    public let timestamp: TimeInterval
    /// The touches of a touch event (nil for presses).
    public let allTouches: Set<Touch>?
    /// The presses of a press event (empty for touches).
    public let allPresses: Set<Press>
    /// The scroll of a scroll event in points, positive right and down: a wheel
    /// click is 15 points (libinput's degrees), a touchpad gives its finger motion
    /// (and zero when its fingers lift: the end of its scroll).
    public let scrollDelta: ScrollDelta
    /// The screen and the point in it that a scroll event happened over.
    public let scrollScreen: Screen?
    let scrollLocation: CGPoint
    /// What scrolled (libinput's scroll sources): a mouse wheel scrolls stepwise, two fingers
    /// on a touchpad drag the content and coast when they lift, a trackpoint scrolls as it moves.
    package private(set) var scrollSource = PointerScrollEvent.Source.wheel
    /// A touchpad's fingers lifted or a continuous scroll stopped (libinput's axis stop: a zero
    /// delta), so a finger scroll goes on with its speed.
    package private(set) var isScrollStop = false

    /// A touch event.
    public init(touches: Set<Touch>, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        type = .touches
        self.timestamp = timestamp
        allTouches = touches
        allPresses = []
        scrollDelta = ScrollDelta()
        scrollScreen = nil
        scrollLocation = .zero
    }

    /// A press event.
    public init(presses: Set<Press>, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        type = .presses
        self.timestamp = timestamp
        allTouches = nil
        allPresses = presses
        scrollDelta = ScrollDelta()
        scrollScreen = nil
        scrollLocation = .zero
    }

    /// A scroll event over `location` of `screen` (its own coordinates); it goes to
    /// the view hit-tested there, then up the responder chain.
    public init(
        scrollOn screen: Screen, at location: CGPoint, delta: ScrollDelta,
        timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime
    ) {
        type = .scroll
        self.timestamp = timestamp
        allTouches = nil
        allPresses = []
        scrollDelta = delta
        scrollScreen = screen
        scrollLocation = location
    }

    /// A scroll event from `source`; `isStop`: libinput's axis stop (the delta is zero).
    package convenience init(
        scrollOn screen: Screen, at location: CGPoint, delta: ScrollDelta, source: PointerScrollEvent.Source,
        isStop: Bool, timestamp: TimeInterval
    ) {
        self.init(scrollOn: screen, at: location, delta: delta, timestamp: timestamp)
        scrollSource = source
        isScrollStop = isStop
    }

    /// Where a scroll event happened, in `view`'s coordinates (the screen's if nil).
    public func scrollLocation(in view: View?) -> CGPoint {
        guard let view else { return scrollLocation }
        return view.convertFromScreen(scrollLocation)
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
        // One press (a key's event): its phase, without five sets filtered.
        if allPresses.count == 1, let press = allPresses.first { return [(press.phase, allPresses)] }
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

/// How far a scroll event scrolls, in points: positive `dx` right, positive `dy` down.
/// (Foundation on Linux has no CGVector.)
public struct ScrollDelta: Sendable, Hashable {
    public var dx: Double
    public var dy: Double
    public init(dx: Double = 0, dy: Double = 0) {
        self.dx = dx
        self.dy = dy
    }
}
