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
package final class KMSCard {
    let node: DRMCardNode
    /// The card's probes, commits, buffers and flip events (libdrm, or a test's fake card).
    let access: any CardAccess
    var device: DRMDevice { access.device }
    /// The card's objects as last probed; hotplug re-probes replace it.
    var probe: CardProbe
    let writeback: WritebackCapture?
    /// GL or pixman for this card's screens (KMSDisplay+CompositorChoice), once decided.
    var compositorChoice: CompositorChoice?
    private var watch: DescriptorWatch?

    /// Opens the card through `opener` (the session's, or open(2)) and probes it through
    /// `access` (libdrm, or a test's wrapper); with `allowsAtomic` false through the legacy KMS API.
    convenience init(
        node: DRMCardNode, opener: any DeviceOpener, allowsAtomic: Bool, access: (DRMDevice) -> any CardAccess
    ) throws(DRMError) {
        let device = try DRMDevice(path: node.devnode, opener: opener, allowsAtomic: allowsAtomic)
        try self.init(node: node, access: access(device))
    }

    /// The card behind `access` (tests: a fake card), probed.
    package init(node: DRMCardNode, access: any CardAccess) throws(DRMError) {
        self.node = node
        self.access = access
        let probe = try access.probe()
        self.probe = probe
        let device = access.device
        writeback = probe.connectors.first(where: \.isWriteback).map { WritebackCapture(device: device, connector: $0) }
    }

    /// Starts serving flip events on `loop`; `handler` gets each batch.
    func startEvents(on loop: EventLoop, _ handler: @escaping @MainActor ([FlipEvent]) -> Void)
        throws(EventLoopError)
    {
        let path = node.devnode
        watch = try loop.watch(access.eventDescriptor, name: path) { [weak access] in
            guard let access else { return }
            do {
                handler(try access.readPendingFlipEvents())
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
