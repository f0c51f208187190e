/// When the next vblank comes, from the flip events' timestamps: an animation frame
/// composed now shows the values of the moment it reaches the screen, not of the
/// moment it was drawn. The period is measured from consecutive flips (their
/// vblank counters tell how many vblanks lay between) and starts as the mode's.
package struct VBlankPredictor: Sendable, Equatable {
    /// Seconds between vblanks: nominal until two flips were seen.
    package private(set) var period: Double
    private let nominalPeriod: Double
    /// The latest flip: CLOCK_MONOTONIC seconds and the CRTC's vblank counter.
    package private(set) var lastVBlank: (time: Double, sequence: UInt32)?

    /// - Parameter refreshRate: the mode's, in Hz (60 when not positive and finite).
    package init(refreshRate: Double) {
        nominalPeriod = refreshRate.isFinite && refreshRate > 0 ? 1 / refreshRate : 1.0 / 60
        period = nominalPeriod
    }

    package static func == (left: VBlankPredictor, right: VBlankPredictor) -> Bool {
        left.period == right.period && left.lastVBlank?.time == right.lastVBlank?.time
            && left.lastVBlank?.sequence == right.lastVBlank?.sequence
    }

    /// Takes a flip's vblank. A measured period far from the mode's (a missed
    /// counter, a clock jump) is not believed.
    package mutating func record(time: Double, sequence: UInt32) {
        if let last = lastVBlank, time > last.time {
            let vblanks = sequence &- last.sequence
            if vblanks > 0, vblanks < 1000 {
                let measured = (time - last.time) / Double(vblanks)
                if measured > nominalPeriod * 0.5, measured < nominalPeriod * 2 {
                    // Smoothed: one late event must not shift every prediction.
                    period += (measured - period) / 4
                }
            }
        }
        lastVBlank = (time, sequence)
    }

    /// The first vblank after `time` (`time` itself when no flip was seen yet).
    package func nextVBlank(after time: Double) -> Double {
        guard let last = lastVBlank?.time else { return time }
        guard time >= last else { return last + period }
        let elapsed = ((time - last) / period).rounded(.down) + 1
        return last + elapsed * period
    }
}
