import DirectDisplayCore
import Foundation
import KMS
import Scheduling

/// A commit the kernel refuses (EBUSY while it still finishes an earlier one,
/// EINVAL from a state it no longer accepts, ENOMEM) must neither lose the frame
/// nor freeze the screen: the frame stays drawn in its buffer and is committed
/// again a refresh period later, waiting twice as long after each failure (up to
/// a second), and as a full modeset from the second failure in a row on.
extension KMSDisplay {
    func commitSucceeded(_ entry: LitScreen) {
        if entry.firstFrame.committed == nil {
            entry.firstFrame.committed = monotonicSeconds()
            StartTrace.mark("\(entry.connector.name): first frame committed")
            armInputFallback()
        }
        guard entry.failedCommits > 0 else { return }
        StderrLog.info(
            "\(entry.connector.name): frames reach the screen again after \(entry.failedCommits) failed commits")
        entry.failedCommits = 0
    }

    func commitFailed(_ entry: LitScreen, _ error: DRMError) {
        entry.failedCommits += 1
        if entry.firstFrame.flipped == nil { armInputFallback() }
        let count = entry.failedCommits
        // One line for the first failure, then one each time the count doubles.
        if count & (count - 1) == 0 {
            let again = count == 1 ? "" : " (\(count) in a row)"
            StderrLog.error("\(entry.connector.name): frame not shown\(again), trying again: \(error)")
        }
        if count >= 2 { entry.output.requireModeset() }
        scheduleCommitRetry(
            entry, delay: Self.commitRetryDelay(failures: count, refreshRate: entry.output.mode.refreshRate))
    }

    /// One refresh period after the first failure, doubling after each, at most a second.
    static func commitRetryDelay(failures: Int, refreshRate: Double) -> Double {
        let period = refreshRate.isFinite && refreshRate > 0 ? 1 / refreshRate : 1.0 / 60
        return min(1, period * Double(1 << min(max(failures - 1, 0), 16)))
    }

    private func scheduleCommitRetry(_ entry: LitScreen, delay: Double) {
        if let id = entry.commitRetry { eventLoop.cancelTimer(id) }
        entry.commitRetry = eventLoop.schedule(after: delay, name: "commit retry of \(entry.connector.name)") {
            [weak self, weak entry] in
            guard let self, let entry, self.lit.contains(where: { $0 === entry }) else { return }
            entry.commitRetry = nil
            entry.needsComposite = true
            self.presentDirtyScreens()
        }
    }
}
