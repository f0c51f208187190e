import DirectDisplayCore
import Foundation
import KMS
import Scheduling

/// Sleep and wake (`Screen.isPoweredOn`): DPMS off keeps the CRTC's mode, planes and
/// buffers, so waking shows the last frame at once and only what changed meanwhile
/// is composed. Nothing is composed or committed while a screen is off.
extension KMSDisplay {
    package func powerDidChange(_ screen: Screen) {
        guard let entry = entry(for: screen) else { return }
        // Applied with the next frame's work, so a burst of changes costs one commit.
        if entry.powerOffRefused, !screen.isPoweredOn {
            screen.updatePowerState(true)
            return
        }
        schedulePresent()
    }

    /// Brings `entry`'s CRTC to the power state its screen asks for, when no flip is
    /// queued (else at that flip's event) and at most once per refresh period (a
    /// timer applies the latest state after that). A refused power-off is logged once
    /// and the screen stays on.
    func applyPowerState(_ entry: LitScreen) {
        let wantsOn = entry.screen.isPoweredOn
        guard wantsOn == entry.output.isPoweredOff, !entry.output.hasFlipQueued, entry.powerTimer == nil else {
            return
        }
        let now = monotonicSeconds()
        guard now >= entry.nextPowerChange else {
            entry.powerTimer = eventLoop.schedule(
                at: entry.nextPowerChange, name: "power change of \(entry.connector.name)"
            ) { [weak self, weak entry] in
                guard let self, let entry else { return }
                entry.powerTimer = nil
                self.presentDirtyScreens()
            }
            return
        }
        entry.nextPowerChange = now + entry.vblanks.period
        do {
            try entry.output.setPower(on: wantsOn)
            // Waking may commit the frame that waited as pending, and a queued flip needs its deadline.
            watchFlip(entry)
        } catch {
            if wantsOn {
                // The output counts as on: a whole frame goes out as a modeset, which lights it.
                StderrLog.error("\(entry.connector.name): powering on: \(error); lighting it with a modeset")
                entry.buffersInvalidated()
                entry.needsComposite = true
            } else {
                StderrLog.error("\(entry.connector.name): the kernel refused to power it off, it stays on: \(error)")
                entry.powerOffRefused = true
                entry.screen.updatePowerState(true)
            }
        }
    }

    /// Whether `screen`'s CRTC is powered off now (DPMS off committed or due). For tests and tools.
    package func isPoweredOff(_ screen: Screen) -> Bool? { entry(for: screen)?.output.isPoweredOff }

    /// Whether the kernel has `screen`'s CRTC lit now (ACTIVE, or legacy DPMS), read back from it.
    package func isLitInKernel(_ screen: Screen) -> Bool? { entry(for: screen)?.output.isLitInKernel }
}
