import Animation
import DirectDisplayCore
import Foundation
import Scheduling

/// Animation frames on KMS: each frame is stepped to the vblank at which it will be
/// scanned out (predicted from the flip events' timestamps), and while views on a
/// screen animate, every flip event composes the next frame. A frame in which no
/// pixel changed is not committed, so no flip event follows it: a timer then brings
/// the next frame at the next vblank (or when a delay ends). When the animations end,
/// the screen goes idle again: no commits.
extension KMSDisplay {
    func stepAnimations(_ entry: LitScreen) {
        guard let host, host.hasRunningAnimations(on: entry.screen) else { return }
        var time = entry.vblanks.nextVBlank(after: monotonicSeconds())
        // Committed behind a queued frame, it reaches the screen one vblank later.
        if entry.output.hasFlipQueued { time += entry.vblanks.period }
        host.stepAnimations(on: entry.screen, to: time)
    }

    func continueAnimation(_ entry: LitScreen) {
        guard let host, host.hasRunningAnimations(on: entry.screen) else { return }
        entry.needsComposite = true
        guard !entry.output.hasFlipQueued, entry.animationTimer == nil else { return }
        let now = monotonicSeconds()
        let change = host.nextAnimationChange(on: entry.screen, after: now) ?? now
        let wake = max(entry.vblanks.nextVBlank(after: max(now, change)), now + 0.001)
        entry.animationTimer = eventLoop.schedule(at: wake, name: "animation frame of \(entry.screen.name)") {
            [weak self, weak entry] in
            guard let self, let entry else { return }
            entry.animationTimer = nil
            self.presentDirtyScreens()
        }
    }
}
