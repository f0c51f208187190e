import Foundation

/// How fast a point moves, from its samples over the last ``window`` seconds (as
/// UIKit's pan velocity: recent motion only, so a finger that slowed down before
/// lifting reports its slow speed), and from the sample just before them when the
/// point paused longer. Points per second.
package struct VelocityEstimator: Sendable {
    /// How far back the estimate looks, in seconds.
    package var window = 0.1
    private var samples: [(time: Double, point: ScreenPoint)] = []
    /// The latest estimate (zero until two samples at different times).
    package private(set) var velocity = ScreenPoint(x: 0, y: 0)

    package init() {}

    /// Starts again from `point` at `time` (a finger joined or left: the centroid jumped).
    package mutating func restart(at point: ScreenPoint, time: Double) {
        samples = [(time, point)]
    }

    /// Adds the point's position at `time` (seconds, non-decreasing) and updates ``velocity``.
    package mutating func add(_ point: ScreenPoint, time: Double) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        // Older samples drop out, but the one just before this stays: after a pause
        // the speed is the slow one since it, not the fast one before.
        while samples.count > 1, time - samples[0].time > window { samples.removeFirst() }
        samples.append((time, point))
        guard let first = samples.first, time > first.time else { return }
        let dt = time - first.time
        velocity = ScreenPoint(x: (point.x - first.point.x) / dt, y: (point.y - first.point.y) / dt)
    }

    /// Forgets everything.
    package mutating func reset() {
        samples = []
        velocity = ScreenPoint(x: 0, y: 0)
    }
}

/// A stroke's main direction, as a swipe sees it.
package enum StrokeDirection: Sendable, Hashable {
    case right, left, up, down

    /// The direction of a motion by (`dx`, `dy`) (y down) with how far it went along
    /// it and across it; the larger component wins, x on a tie.
    package static func of(dx: Double, dy: Double) -> (direction: StrokeDirection, along: Double, across: Double) {
        if abs(dx) >= abs(dy) { return (dx > 0 ? .right : .left, abs(dx), abs(dy)) }
        return (dy > 0 ? .down : .up, abs(dy), abs(dx))
    }
}

/// What two fingers' vector (from the first to the second) did since a base
/// vector: the ratio of lengths (a pinch's scale) and the angle turned (a rotation,
/// in radians, positive from x towards y: clockwise on a y-down screen).
package enum TwoFingerMeasure {
    /// The length of `vector` over the length of `base`; 1 when `base` has no length.
    package static func scale(from base: ScreenPoint, to vector: ScreenPoint) -> Double {
        let baseLength = hypot(base.x, base.y)
        return baseLength > 0 ? hypot(vector.x, vector.y) / baseLength : 1
    }

    /// The angle from `base` to `vector`, in −π…π; 0 when either has no length.
    package static func turn(from base: ScreenPoint, to vector: ScreenPoint) -> Double {
        guard hypot(base.x, base.y) > 0, hypot(vector.x, vector.y) > 0 else { return 0 }
        return atan2(base.x * vector.y - base.y * vector.x, base.x * vector.x + base.y * vector.y)
    }
}
