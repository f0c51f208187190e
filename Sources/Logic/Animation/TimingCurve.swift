/// How an animation's progress follows time: a cubic Bézier from (0, 0) to (1, 1)
/// with two control points, as Core Animation's `CAMediaTimingFunction`. The x axis
/// is the fraction of the duration elapsed, the y axis the fraction of the change shown.
package struct TimingCurve: Sendable, Equatable {
    package let x1: Double
    package let y1: Double
    package let x2: Double
    package let y2: Double

    /// A curve through control points (x1, y1) and (x2, y2); x1 and x2 are clamped to
    /// 0…1 so that x grows with the curve's parameter and every x has one y.
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Core Animation's control points for UIKit's four curves.
    package static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    package static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    package static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    package static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The fraction of the change shown when `x` of the duration has elapsed (x clamped to 0…1).
    package func progress(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(parameter(forX: x), y1, y2)
    }

    /// One coordinate of the curve at parameter t (the end points are 0 and 1).
    static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The parameter where the curve's x is `x`: Newton's method, which converges in a
    /// few steps almost everywhere, and bisection where the slope is too flat for it
    /// (x(t) grows monotonically because x1 and x2 lie in 0…1).
    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let derivative = Self.slope(t, x1, x2)
            guard abs(derivative) > 1e-9 else { break }
            t -= error / derivative
            guard (0...1).contains(t) else { break }
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<60 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
