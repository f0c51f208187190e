import Scheduling

/// A recognizer's one pending deadline (a long press, the wait between taps) on
/// the display's event loop, so headless tests move it with `advanceTime(by:)`.
/// Without a display (a view in no app) nothing is scheduled and the gesture
/// waits for touches alone.
@MainActor struct GestureTimer {
    private var timer: TimerID?

    /// Runs `action` after `delay` seconds, replacing any deadline set before.
    mutating func start(after delay: Double, name: String, _ action: @escaping @MainActor () -> Void) {
        stop()
        timer = Application.shared.backend?.eventLoop.schedule(after: max(0, delay), name: name, action)
    }

    var isScheduled: Bool { timer != nil }

    mutating func stop() {
        if let timer { Application.shared.backend?.eventLoop.cancelTimer(timer) }
        timer = nil
    }
}
