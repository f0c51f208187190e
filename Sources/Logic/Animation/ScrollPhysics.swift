import Foundation

/// UIKit's scroll-view physics along one axis, in points and milliseconds (a scroll view
/// runs one per axis). Pure functions of time, so a frame at any vblank reads its offset
/// without integrating steps.
package enum ScrollPhysics {
    /// UIScrollView.DecelerationRate.normal and .fast: the fraction of the speed kept per millisecond.
    package static let normalDecelerationRate = 0.998
    package static let fastDecelerationRate = 0.99

    /// Below this speed (points per millisecond, 6 points a second) a deceleration has stopped.
    package static let restingSpeed = 0.006

    /// UIKit's rubber-band constant: how stiffly content resists a pull beyond its edge.
    package static let rubberBandCoefficient = 0.55

    /// How far the content moves for a pull of `pull` points beyond an edge, over `dimension`
    /// (the scroll view's bounds along the axis): (1 − 1/(x·0.55/d + 1))·d, of the pull's sign.
    /// Never more than `dimension`; 0 for a zero, negative or non-finite dimension or pull.
    package static func rubberBand(pull: Double, dimension: Double) -> Double {
        guard pull.isFinite, dimension.isFinite, dimension > 0 else { return 0 }
        let x = abs(pull)
        let moved = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return pull < 0 ? -moved : moved
    }

    /// The offset shown when the unconstrained offset (where the finger would put the content)
    /// is `offset` in `range`: inside it, itself; beyond an edge, the edge plus the rubber band
    /// of the excess when `bounces`, else the edge.
    package static func rubberBandedOffset(
        _ offset: Double, range: ClosedRange<Double>, dimension: Double, bounces: Bool
    ) -> Double {
        guard offset.isFinite else { return range.lowerBound }
        if offset < range.lowerBound {
            return bounces
                ? range.lowerBound + rubberBand(pull: offset - range.lowerBound, dimension: dimension)
                : range.lowerBound
        }
        if offset > range.upperBound {
            return bounces
                ? range.upperBound + rubberBand(pull: offset - range.upperBound, dimension: dimension)
                : range.upperBound
        }
        return offset
    }

    /// The offsets a scroll view may rest at along one axis: from −inset before the content to
    /// the content's end plus its inset less the bounds; a content shorter than the bounds rests at
    /// the start only. Non-finite or negative inputs count as 0.
    package static func offsetRange(
        contentLength: Double, boundsLength: Double, insetBefore: Double, insetAfter: Double
    ) -> ClosedRange<Double> {
        func sane(_ value: Double) -> Double { value.isFinite ? value : 0 }
        let lower = -sane(insetBefore)
        let upper = max(sane(contentLength) + sane(insetAfter) - max(sane(boundsLength), 0), lower)
        return lower...upper
    }

    /// The page offset a paging scroll view lands on after a release at `offset` with `velocity`
    /// (points per millisecond): the nearest page when the flick is slow, else the next page in
    /// the flick's direction (never more than one page from where the release was); within `range`.
    package static func pagingTarget(
        offset: Double, velocity: Double, pageLength: Double, range: ClosedRange<Double>
    ) -> Double {
        guard offset.isFinite, pageLength.isFinite, pageLength > 0 else { return range.lowerBound }
        let speed = velocity.isFinite ? velocity : 0
        let position = offset / pageLength
        let page: Double
        if abs(speed) < pagingFlickSpeed {
            page = position.rounded()
        } else if speed > 0 {
            page = position.rounded(.down) + 1
        } else {
            page = position.rounded(.up) - 1
        }
        return min(max(page * pageLength, range.lowerBound), range.upperBound)
    }

    /// A release faster than this (points per millisecond, 300 points a second) turns the page.
    package static let pagingFlickSpeed = 0.3
}

/// A coast after a release: the velocity falls by `rate` each millisecond, so after t ms the
/// offset has moved by v·(1−rateᵗ)/(1−rate) and the speed is |v|·rateᵗ; it stops when the
/// speed falls below `ScrollPhysics.restingSpeed`.
package struct ScrollDeceleration: Sendable, Equatable {
    package let start: Double
    /// Points per millisecond at the release.
    package let velocity: Double
    package let rate: Double

    /// A deceleration from `start` with `velocity`; a rate outside 0<rate<1 (or non-finite)
    /// counts as `.normal`, a non-finite start or velocity as 0.
    package init(start: Double, velocity: Double, rate: Double) {
        self.start = start.isFinite ? start : 0
        self.velocity = velocity.isFinite ? velocity : 0
        self.rate = rate.isFinite && rate > 0 && rate < 1 ? rate : ScrollPhysics.normalDecelerationRate
        let speed = abs(self.velocity)
        duration = speed > ScrollPhysics.restingSpeed ? log(ScrollPhysics.restingSpeed / speed) / log(self.rate) : 0
    }

    /// The offset `time` milliseconds after the release (at most `duration`).
    package func offset(after time: Double) -> Double {
        let t = min(max(time.isFinite ? time : 0, 0), duration)
        return start + velocity * (1 - pow(rate, t)) / (1 - rate)
    }

    /// Points per millisecond `time` milliseconds after the release (0 once stopped).
    package func velocity(after time: Double) -> Double {
        guard time < duration else { return 0 }
        return velocity * pow(rate, max(time, 0))
    }

    /// Milliseconds until the speed falls below the resting speed (0 if it starts below).
    package let duration: Double

    /// Where the content comes to rest (ignoring edges): UIKit's projected target offset.
    package var restingOffset: Double { offset(after: duration) }

    /// When the offset first reaches `edge` (milliseconds), or nil if it stops before it.
    package func time(reaching edge: Double) -> Double? {
        let distance = edge - start
        guard velocity != 0, distance.sign == velocity.sign || distance == 0 else { return nil }
        // start + v(1−rᵗ)/(1−r) = edge  ⇒  rᵗ = 1 − distance(1−r)/v
        let remaining = 1 - distance * (1 - rate) / velocity
        guard remaining > 0 else { return nil }
        let time = log(remaining) / log(rate)
        return time <= duration ? time : nil
    }
}

/// A critically damped spring that brings an offset to `target` (rubber band spring-back,
/// paging and a bounce off an edge): x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt) from the target.
package struct ScrollSpring: Sendable, Equatable {
    package let target: Double
    package let start: Double
    /// Points per millisecond at the start.
    package let velocity: Double
    /// Radians per millisecond: 2π over a 0.4 s period, which settles in about half a second.
    package static let angularFrequency = 2 * Double.pi / 400
    /// Within this of the target and slower than the resting speed, the spring has settled.
    package static let settledDistance = 0.1

    package init(start: Double, target: Double, velocity: Double = 0) {
        self.start = start.isFinite ? start : 0
        self.target = target.isFinite ? target : 0
        self.velocity = velocity.isFinite ? velocity : 0
        duration = Self.settlingTime(distance: self.start - self.target, velocity: self.velocity)
    }

    package func offset(after time: Double) -> Double {
        let t = max(time.isFinite ? time : 0, 0)
        guard t < duration else { return target }
        let w = Self.angularFrequency
        let x0 = start - target
        return target + (x0 + (velocity + w * x0) * t) * exp(-w * t)
    }

    package func velocity(after time: Double) -> Double {
        let t = max(time, 0)
        guard t < duration else { return 0 }
        let w = Self.angularFrequency
        let x0 = start - target
        let b = velocity + w * x0
        return (b - w * (x0 + b * t)) * exp(-w * t)
    }

    /// Milliseconds until it has settled: the first whole millisecond, searched in steps, after
    /// which the distance stays below `settledDistance` (the envelope only shrinks past its peak).
    package let duration: Double

    private static func settlingTime(distance x0: Double, velocity: Double) -> Double {
        let w = angularFrequency
        let b = velocity + w * x0
        if abs(x0) < settledDistance && abs(velocity) < ScrollPhysics.restingSpeed { return 0 }
        // |x0 + b t|·e^(−wt) is bounded by (|x0| + |b| t)e^(−wt), which falls after t > 1/w − |x0|/|b|.
        var t = 1.0
        while t < 10_000 {
            let envelope = (abs(x0) + abs(b) * t) * exp(-w * t)
            if envelope < settledDistance && t > 1 / w { return t }
            t += 1
        }
        return t
    }
}
