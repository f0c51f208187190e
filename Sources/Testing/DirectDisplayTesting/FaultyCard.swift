import DirectDisplayKMS
import KMS

/// What a driver may do wrong, done on purpose to a real card by `FaultyCard`: lose
/// flip events, refuse overlay planes. Set any time; each applies from the next call.
package final class CardFaults {
    /// Flip events read while this is set are thrown away, as a driver that loses them would.
    package var dropsFlipEvents = false
    /// TEST_ONLY commits that show windows on overlay planes fail with this, as a kernel refusing them would.
    package var refusesOverlayTests: DRMError?
    /// TEST_ONLY commits that show more overlay planes than this fail, as a kernel with fewer usable planes would.
    package var refusesOverlaysAbove: Int?
    /// Commits that reached the kernel and were taken (not TEST_ONLY), by kind: "modeset",
    /// "pageFlip", "planes", "off", "powerOff", "powerOn".
    package private(set) var commits: [String] = []
    /// Power-off commits fail with this before they reach the kernel, as a kernel refusing DPMS off would.
    package var refusesPowerOff: DRMError?

    func record(_ change: CRTCChange) { commits.append("\(change)") }

    package init() {}

    /// Each card a display opens, with these faults (`KMSDisplay(cardAccess: faults.card)`).
    package func card(_ device: DRMDevice) -> any CardAccess {
        FaultyCard(card: LibdrmCardAccess(device: device), faults: self)
    }
}

/// A card whose flip events and commits pass through `CardFaults` first.
final class FaultyCard: CardAccess {
    private let card: any CardAccess
    private let faults: CardFaults

    init(card: any CardAccess, faults: CardFaults) {
        self.card = card
        self.faults = faults
    }

    var device: DRMDevice { card.device }
    var eventDescriptor: Int32 { card.eventDescriptor }

    func probe() throws(DRMError) -> CardProbe { try card.probe() }

    func reprobe(_ probe: CardProbe, connectorID id: UInt32) -> CardProbe { card.reprobe(probe, connectorID: id) }

    func makeCommitter() -> any CRTCCommitter { RefusingCommitter(committer: card.makeCommitter(), faults: faults) }

    func makeDumbBuffer(width: Int, height: Int, format: UInt32) throws(DRMError) -> ScanoutBuffer {
        try card.makeDumbBuffer(width: width, height: height, format: format)
    }

    func readPendingFlipEvents() throws(DRMError) -> [FlipEvent] {
        let events = try card.readPendingFlipEvents()
        return faults.dropsFlipEvents ? [] : events
    }

    func readFlipEvents(timeout: Double) throws(DRMError) -> [FlipEvent] {
        let events = try card.readFlipEvents(timeout: timeout)
        return faults.dropsFlipEvents ? [] : events
    }
}

/// Refuses the overlay tests `faults` names before they reach the kernel; passes the rest on.
private final class RefusingCommitter: CRTCCommitter {
    private let committer: any CRTCCommitter
    private let faults: CardFaults

    init(committer: any CRTCCommitter, faults: CardFaults) {
        self.committer = committer
        self.faults = faults
    }

    func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
        let overlaysShown = state.overlays.filter { $0.image != nil }.count
        if testOnly, overlaysShown > 0 {
            if let refusal = faults.refusesOverlayTests { throw refusal }
            if let limit = faults.refusesOverlaysAbove, overlaysShown > limit {
                throw DRMError(
                    call: "test", errno: .invalidArgument,
                    context: "more than \(limit) overlay planes refused by the test")
            }
        }
        if state.change == .powerOff, let refusal = faults.refusesPowerOff { throw refusal }
        try committer.commit(state, testOnly: testOnly)
        if !testOnly { faults.record(state.change) }
    }
}
