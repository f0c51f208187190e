/// One property's animation: from a value to another along a timing.
package struct AnimationTrack<Value: Interpolatable> {
    package let from: Value
    package let to: Value
    package let timing: AnimationTiming

    package init(from: Value, to: Value, timing: AnimationTiming) {
        self.from = from
        self.to = to
        self.timing = timing
    }

    /// The value shown at `time`: the start value during the delay, exactly `to` once finished.
    package func value(at time: Double) -> Value {
        switch timing.state(at: time) {
        case .waiting: from
        case .running(let progress): from.interpolated(to: to, by: progress)
        case .finished: to
        }
    }

    /// The track that replaces this one when the property is animated again at `time`
    /// to `target`: from the value shown at that moment with `fromCurrentState`
    /// (UIKit's `.beginFromCurrentState`), else from this track's end value, the
    /// model's, which the property holds once this one is removed.
    package func interrupted(at time: Double, to target: Value, timing: AnimationTiming, fromCurrentState: Bool)
        -> AnimationTrack
    {
        AnimationTrack(from: fromCurrentState ? value(at: time) : to, to: target, timing: timing)
    }
}

/// When completion handlers are due. The animations started by one animate call form
/// a group; the group completes when the last of them ends, finished only if none was
/// interrupted (UIKit's `completion(false)`).
package struct CompletionLedger<Group: Hashable>: Sendable where Group: Sendable {
    private var open: [Group: (remaining: Int, finished: Bool)] = [:]

    package init() {}

    /// A group of `count` animations begins.
    package mutating func begin(_ group: Group, count: Int) {
        open[group] = (count, true)
    }

    /// One of the group's animations ended, run to its end or not; returns the
    /// group's result when this was its last one.
    package mutating func end(_ group: Group, finished: Bool) -> Bool? {
        guard var entry = open[group] else { return nil }
        entry.remaining -= 1
        entry.finished = entry.finished && finished
        guard entry.remaining <= 0 else {
            open[group] = entry
            return nil
        }
        open[group] = nil
        return entry.finished
    }

    /// Groups still waiting for an animation to end.
    package var openGroups: Int { open.count }
}
