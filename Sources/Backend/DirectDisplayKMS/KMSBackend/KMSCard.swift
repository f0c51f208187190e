import DeviceAccess
import DirectDisplayCore
import Foundation
import GLCompositing
import KMS
import Scheduling
import Udev

/// One opened DRM card: device, probe, writeback connector and the watch that
/// reads its flip events on the display's event loop.
@MainActor
final class KMSCard {
    let node: DRMCardNode
    let device: DRMDevice
    /// The card's objects as last probed; hotplug re-probes replace it.
    var probe: CardProbe
    let writeback: WritebackCapture?
    /// GL or pixman for this card's screens (KMSDisplay+CompositorChoice), once decided.
    var compositorChoice: CompositorChoice?
    private var watch: DescriptorWatch?

    /// Opens the card through `opener` (the session's, or open(2)) and probes it;
    /// with `allowsAtomic` false through the legacy KMS API.
    init(node: DRMCardNode, opener: any DeviceOpener, allowsAtomic: Bool) throws(DRMError) {
        self.node = node
        let device = try DRMDevice(path: node.devnode, opener: opener, allowsAtomic: allowsAtomic)
        let probe = try CardProbe(device: device)
        self.device = device
        self.probe = probe
        writeback = probe.connectors.first(where: \.isWriteback).map { WritebackCapture(device: device, connector: $0) }
    }

    /// Starts serving flip events on `loop`; `handler` gets each batch.
    func startEvents(on loop: EventLoop, _ handler: @escaping @MainActor ([FlipEvent]) -> Void)
        throws(EventLoopError)
    {
        let path = node.devnode
        watch = try loop.watch(device.fd, name: path) { [weak device] in
            guard let device else { return }
            do {
                handler(try device.readPendingFlipEvents())
            } catch {
                StderrLog.error("\(path): \(error)")
            }
        }
    }

    /// Stops watching the card's fd; the device may be closed right after.
    func stopEvents() {
        watch?.cancel()
        watch = nil
    }
}
