/// UIKit's tapCount: quick taps in place count up (1, 2, 3, …).
///
/// A touch that begins within ``maximumInterval`` seconds of the previous tap's
/// end and within ``maximumDistance`` points of where the previous tap began,
/// in the same area (a window, as the caller decides), continues the count;
/// any other touch starts again at 1. A touch that moved more than
/// ``maximumDistance`` from where it began, or was held longer than
/// ``maximumHoldDuration``, is not a tap: the next touch starts again at 1.
/// The thresholds are UIKit-like defaults (0.35 s, 10 points, 0.5 s) and settable.
package struct TapCounter: Sendable, Hashable {
    package var maximumInterval = 0.35
    package var maximumDistance = 10.0
    package var maximumHoldDuration = 0.5

    private struct Tap: Sendable, Hashable {
        let area: Int
        let location: ScreenPoint
        let endTime: Double
        let count: Int
    }

    private var lastTap: Tap?

    package init() {}

    /// A touch began at `time` (seconds on a monotonic clock) at `location` in
    /// `area` (the caller's id for the window it landed in); returns its tap count.
    package func tapCount(area: Int, location: ScreenPoint, time: Double) -> Int {
        guard let last = lastTap, last.area == area, time >= last.endTime, time - last.endTime <= maximumInterval,
            distance(last.location, location) <= maximumDistance
        else { return 1 }
        return last.count + 1
    }

    /// A touch ended: it began at `start` with `count` (from ``tapCount(area:location:time:)``)
    /// and lifted at `end`. Records it as the previous tap if it was one.
    package mutating func touchEnded(
        area: Int, count: Int, startLocation: ScreenPoint, startTime: Double, endLocation: ScreenPoint, endTime: Double
    ) {
        guard distance(startLocation, endLocation) <= maximumDistance, endTime - startTime <= maximumHoldDuration else {
            lastTap = nil
            return
        }
        lastTap = Tap(area: area, location: startLocation, endTime: endTime, count: count)
    }

    /// Forgets the previous tap (its window went away, the session paused, a cancel).
    package mutating func reset() { lastTap = nil }

    private func distance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
