import DirectDisplayCore
import Foundation
import KMS
import Scheduling
import Udev

/// Pausing for a session switch (another virtual console): no commits and no
/// screen changes while paused; hotplug seen meanwhile is handled on resume, so
/// its notifications arrive then, as UIKit queues them for a suspended app.
extension KMSDisplay {
    /// Stops presenting and gives up DRM master on every card. Device events keep
    /// being read and are held until `resume()`. (A seat manager calls this itself
    /// on a virtual-console switch.)
    public func suspend() {
        suspend(droppingMaster: true)
    }

    /// `droppingMaster` false: a seat manager drops master itself once the switch
    /// is acknowledged (and an unprivileged app could not take it back).
    func suspend(droppingMaster: Bool) {
        guard !isSuspended else { return }
        for entry in lit where entry.output.hasFlipQueued {
            do {
                try waitUntilIdle(entry, timeout: 0.5)
            } catch {
                StderrLog.info("\(entry.connector.name): last flip before the session switch: \(error)")
            }
        }
        // The next master finds each connector on its own CRTC; clones start again after the resume.
        for entry in lit { endClone(entry) }
        isSuspended = true
        input.suspend()
        guard droppingMaster else { return }
        for card in cards {
            do {
                try card.device.dropMaster()
            } catch {
                StderrLog.info("\(card.node.devnode): \(error)")
            }
        }
    }

    /// Takes DRM master back where a seat manager has not already, handles the device events held while suspended
    /// (re-probing the cards they named, posting the screen notifications now),
    /// and modesets every screen again: another master may have changed the CRTCs.
    public func resume() throws {
        guard isSuspended else { return }
        var failures: [CardFailure] = []
        for card in cards where !card.device.isMaster {
            do {
                try card.device.becomeMaster()
            } catch {
                failures.append(CardFailure(devnode: card.node.devnode, error: error))
            }
        }
        guard failures.isEmpty else { throw KMSDisplayError.noUsableCard(failures) }
        isSuspended = false
        do {
            try input.resume()
        } catch {
            StderrLog.error("input devices after resume: \(error)")
        }
        showCursor(input.pointer.cursorLocation)
        let held = heldDeviceEvents
        heldDeviceEvents = []
        for (events, arrival) in held { handle(events, arrivedAt: arrival) }
        for entry in lit {
            // A flip queued when the session went away may never complete.
            abandonQueuedFlip(entry)
            entry.output.requireModeset()
            entry.needsComposite = true
            // Another master may have drawn into the CRTC: the first frame back is whole.
            entry.buffersInvalidated()
        }
        // A display may have changed while another session drove the cards, with its
        // uevent lost or never sent: every card is re-probed, with the held events.
        for card in cards { schedule(.cardChanged(card: card.node.sysname, connector: nil), at: eventLoop.clock.now) }
        // The held events have waited out their burst: re-probe now.
        schedule(.flush, at: eventLoop.clock.now)
        presentDirtyScreens()
    }

    /// The device opener's session went inactive (pause) or active again (resume).
    func sessionActivityChanged(_ active: Bool) {
        guard active else {
            suspend(droppingMaster: !opener.managesDRMMaster)
            return
        }
        do {
            try resume()
        } catch {
            StderrLog.error("resuming the session: \(error)")
        }
    }
}
