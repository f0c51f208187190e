import Foundation

/// A value an animation can pass through: `interpolated(to:by:)` gives the value
/// `fraction` of the way to `end` (0 is self, 1 is `end`; beyond is extrapolated).
package protocol Interpolatable: Equatable {
    func interpolated(to end: Self, by fraction: Double) -> Self
}

/// `start` moved `fraction` of the way to `end`; exactly `end` at 1.
@inline(__always)
package func interpolate(_ start: Double, _ end: Double, _ fraction: Double) -> Double {
    fraction == 1 ? end : start + (end - start) * fraction
}

extension Double: Interpolatable {
    package func interpolated(to end: Double, by fraction: Double) -> Double { interpolate(self, end, fraction) }
}

extension CGFloat: Interpolatable {
    package func interpolated(to end: CGFloat, by fraction: Double) -> CGFloat {
        CGFloat(interpolate(Double(self), Double(end), fraction))
    }
}

extension CGPoint: Interpolatable {
    package func interpolated(to end: CGPoint, by fraction: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: end.x, by: fraction), y: y.interpolated(to: end.y, by: fraction))
    }
}

extension CGSize: Interpolatable {
    package func interpolated(to end: CGSize, by fraction: Double) -> CGSize {
        CGSize(
            width: width.interpolated(to: end.width, by: fraction),
            height: height.interpolated(to: end.height, by: fraction))
    }
}

/// A rectangle moves its origin and size (as Core Animation's position and bounds).
extension CGRect: Interpolatable {
    package func interpolated(to end: CGRect, by fraction: Double) -> CGRect {
        CGRect(
            origin: origin.interpolated(to: end.origin, by: fraction),
            size: size.interpolated(to: end.size, by: fraction))
    }
}
