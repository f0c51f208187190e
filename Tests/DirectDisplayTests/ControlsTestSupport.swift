import DirectDisplayCore
import Foundation
import XCTest

/// Records a control's events by name, in order, for the controls' tests.
@MainActor final class ControlEventLog {
    private(set) var events: [String] = []
    private static let names: [(Control.Event, String)] = [
        (.touchDown, "down"), (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "valueChanged"),
    ]

    init(_ control: Control) {
        for (event, name) in Self.names {
            control.addAction(Action { [unowned self] _ in events.append(name) }, for: event)
        }
    }

    /// The events since the last call.
    func take() -> [String] {
        defer { events = [] }
        return events
    }

    /// How many `.valueChanged` since the last call (the other events are dropped).
    func takeValueChanges() -> Int { take().filter { $0 == "valueChanged" }.count }
}

extension DirectDisplayTestCase {
    /// A touch down and up at `point`.
    func tap(_ point: CGPoint, on screen: Screen, id: Int = 1) {
        display.touchDown(id, at: point, on: screen)
        display.touchUp(id, at: point, on: screen)
        display.advanceTime(by: 1)  // the next tap is not a double tap
    }

    /// A touch from `start` to `end` in `steps` moves, lifted at `end` unless not `lifting`.
    func drag(
        from start: CGPoint, to end: CGPoint, steps: Int = 5, on screen: Screen, id: Int = 1, lifting: Bool = true
    ) {
        display.touchDown(id, at: start, on: screen)
        for step in 1...steps {
            let t = CGFloat(step) / CGFloat(steps)
            display.touchMove(
                id, at: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), on: screen)
        }
        if lifting { display.touchUp(id, at: end, on: screen) }
    }
}
