import DirectDisplayCore
import Glibc
import KMS
import Session

/// The last frame left on screen at exit (`Application.leavesLastFrameOnExit`), and
/// the card descriptors a previous run left in systemd's store taken back.
///
/// A process's framebuffers go when the last descriptor of its card closes (the
/// kernel takes them off the planes), and the fbdev console comes back at the card's
/// last close, or when the VT goes back to text mode with no DRM master. So at exit
/// each card's descriptor goes to systemd's file-descriptor store, DRM master is
/// dropped (the next run may take it) and the VT stays in graphics mode.
extension KMSDisplay {
    /// What a card's descriptor is kept under in the store.
    static func storeName(of card: KMSCard) -> String { storeNamePrefix + card.node.sysname }
    static let storeNamePrefix = "directdisplay-"

    /// Why no frame can outlive the process; nil when it can.
    var whyNoFrameOutlivesProcess: String? {
        if let reason = session.whyNoFrameOutlivesProcess { return reason }
        if !DescriptorStore.isAvailable {
            return "no service manager keeps the card's descriptor "
                + "(NOTIFY_SOCKET is not set: run the app as a systemd service with FileDescriptorStoreMax=1)"
        }
        return nil
    }

    /// Hands each card's descriptor to the store; returns the cards it took. Says in
    /// one line why not when the frame cannot stay.
    func keepCardsForLastFrame() -> [KMSCard] {
        guard host?.leavesLastFrameOnExit == true else { return [] }
        if let reason = whyNoFrameOutlivesProcess {
            StderrLog.info(
                "leavesLastFrameOnExit: the console comes back at exit: \(reason); the last frame stays for an app "
                    + "that opens the card itself (DIRECTDISPLAY_SESSION=direct, as root) under a systemd unit "
                    + "with FileDescriptorStoreMax=1 (docs/kiosk.md)")
            return []
        }
        var kept: [KMSCard] = []
        for card in cards {
            do {
                try DescriptorStore.keep(card.device.fd, name: Self.storeName(of: card))
                kept.append(card)
            } catch {
                StderrLog.info(
                    "leavesLastFrameOnExit: \(card.node.devnode): the service manager did not take its descriptor "
                        + "(\(error)); its console comes back at exit")
            }
        }
        return kept
    }

    /// Leaves the frames of `card`'s screens on screen and drops DRM master, so a
    /// next run (or the console, at the store's last close) can take the card.
    func leaveLastFrames(of card: KMSCard) {
        for entry in lit where entry.card === card { entry.output.leaveLastFrame() }
        do {
            try card.device.dropMaster()
        } catch {
            StderrLog.info("\(card.node.devnode): \(error)")
        }
    }

    /// Closes the descriptors a previous run left in the store, once every screen shows
    /// a frame of this run (its framebuffers go with them), and tells the store to drop
    /// them. What those CRTCs showed before this run is gone with them: shutdown turns
    /// them off instead of restoring it, and the console comes back at the last close.
    func releaseInheritedCards() {
        guard !inheritedCards.isEmpty else { return }
        let released = inheritedCards
        inheritedCards = []
        for (name, fd) in released {
            DescriptorStore.remove(name: name)
            close(fd)
            let sysname = String(name.dropFirst(Self.storeNamePrefix.count))
            for entry in lit where entry.card.node.sysname == sysname { entry.output.forgetSavedCRTC() }
            StderrLog.info("\(sysname): the frame a previous run left is replaced; its descriptor is closed")
        }
    }
}
