/// When an animation runs and how far along it is: it starts `delay` seconds after
/// `beginTime`, takes `duration` seconds along `curve`, runs back again when it
/// `autoreverses` (twice the time) and starts over forever when it `repeats`
/// (as UIKit's `.repeat`, which only interruption ends).
package struct AnimationTiming: Sendable, Equatable {
    package var beginTime: Double
    package var delay: Double
    package var duration: Double
    package var curve: TimingCurve
    package var repeats: Bool
    package var autoreverses: Bool

    package init(
        beginTime: Double, duration: Double, delay: Double = 0, curve: TimingCurve = .easeInEaseOut,
        repeats: Bool = false, autoreverses: Bool = false
    ) {
        self.beginTime = beginTime
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.curve = curve
        self.repeats = repeats
        self.autoreverses = autoreverses
    }

    /// Where the animation is at `time`.
    package enum State: Sendable, Equatable {
        /// Still in its delay: it shows its start value (progress 0).
        case waiting
        /// Running; `progress` is the fraction of the change shown (0 start, 1 end; the
        /// curve may overshoot with control points outside 0…1).
        case running(progress: Double)
        /// Done: the end value (the model's) shows.
        case finished
    }

    /// The seconds one pass takes: forward, and back when it autoreverses.
    private var cycle: Double { autoreverses ? 2 * duration : duration }

    /// When a non-repeating animation finishes (infinity for a repeating one).
    package var endTime: Double {
        guard repeats, cycle > 0 else { return beginTime + delay + cycle }
        return .infinity
    }

    package func state(at time: Double) -> State {
        let local = time - beginTime - delay
        if local < 0 { return .waiting }
        // A zero duration cannot repeat: it would have no frames at all.
        // Within a microsecond of the end counts as the end: frame times summed from
        // periods must not leave a last frame a rounding step short of it.
        if cycle <= 0 || (!repeats && local >= cycle - 1e-6) { return .finished }
        let phase = local.truncatingRemainder(dividingBy: cycle)
        let x = phase < duration ? phase / duration : 1 - (phase - duration) / duration
        return .running(progress: curve.progress(at: x))
    }

    /// The fraction of the change shown at `time` (0 while waiting, 1 when finished).
    package func progress(at time: Double) -> Double {
        switch state(at: time) {
        case .waiting: 0
        case .running(let progress): progress
        case .finished: 1
        }
    }
}
