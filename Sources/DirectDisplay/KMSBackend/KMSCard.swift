import Foundation
import KMS
import Udev

/// One opened DRM card: device, probe, writeback connector and the dispatch
/// source that reads its flip events on the main queue.
@MainActor
final class KMSCard {
    let node: DRMCardNode
    let device: DRMDevice
    /// The card's objects as last probed; hotplug re-probes replace it.
    var probe: CardProbe
    let writeback: WritebackCapture?
    private var eventSource: (any DispatchSourceRead)?

    init(node: DRMCardNode) throws(DRMError) {
        self.node = node
        let device = try DRMDevice(path: node.devnode)
        let probe = try CardProbe(device: device)
        self.device = device
        self.probe = probe
        writeback = probe.connectors.first(where: \.isWriteback).map { WritebackCapture(device: device, connector: $0) }
    }

    /// Starts serving flip events from the main queue; `handler` gets each batch.
    func startEvents(_ handler: @escaping @MainActor ([FlipEvent]) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: device.fd, queue: .main)
        let path = node.devnode
        // Weak: a cancelled source lets go of its handler only when the main queue
        // next runs, and the card's fd must close as soon as the card is dropped.
        source.setEventHandler { [weak device] in
            MainActor.assumeIsolated {
                guard let device else { return }
                do {
                    handler(try device.readPendingFlipEvents())
                } catch {
                    StderrLog.error("\(path): \(error)")
                }
            }
        }
        source.resume()
        eventSource = source
    }

    func stopEvents() {
        eventSource?.cancel()
        eventSource = nil
    }
}
