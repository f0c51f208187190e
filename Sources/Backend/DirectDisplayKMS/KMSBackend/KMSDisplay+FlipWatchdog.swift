import DirectDisplayCore
import Foundation
import KMS
import Scheduling

/// A page flip that never completes (its event lost, or a session switch while it
/// was queued) must not freeze the screen: every queued flip has a deadline, and
/// past it the frame is given up and the screen modeset and redrawn.
extension KMSDisplay {
    /// How long a flip may take: 30 refresh periods, at least a second (emulated
    /// machines can stall for a few hundred milliseconds).
    static func flipDeadline(refreshRate: Double) -> Double {
        guard refreshRate.isFinite, refreshRate > 0 else { return 1 }
        return max(1, 30 / refreshRate)
    }

    /// Arms the deadline of the flip `entry` has queued now, or cancels it when none is.
    func watchFlip(_ entry: LitScreen) {
        eventLoop.cancelTimer(&entry.flipWatchdog)
        guard entry.output.hasFlipQueued else { return }
        let limit = Self.flipDeadline(refreshRate: entry.output.mode.refreshRate)
        entry.flipWatchdog = eventLoop.schedule(after: limit, name: "page flip deadline of \(entry.connector.name)") {
            [weak self, weak entry] in
            guard let self, let entry else { return }
            entry.flipWatchdog = nil
            self.flipTimedOut(entry, after: limit)
        }
    }

    private func flipTimedOut(_ entry: LitScreen, after limit: Double) {
        // While suspended the flip is given up on resume instead.
        guard !isSuspended, lit.contains(where: { $0 === entry }) else { return }
        StderrLog.error(
            "\(entry.connector.name): page flip not completed after \(limit) s; giving it up and modesetting again")
        abandonQueuedFlip(entry)
        presentDirtyScreens()
    }

    /// Forgets a queued flip whose event will not come; the next frame modesets.
    func abandonQueuedFlip(_ entry: LitScreen) {
        guard entry.output.abandonQueuedFlip() else { return }
        entry.lostFlips += 1
        entry.needsComposite = true
        // Which buffer is on screen is unknown now: every buffer is drawn whole once.
        entry.buffersInvalidated()
    }

    /// How many flips of `screen` were given up (their events never came).
    package func lostFlipCount(of screen: Screen) -> Int? { entry(for: screen)?.lostFlips }
}
