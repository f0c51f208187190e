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
    /// Buffers of an unplugged connector, for a replug (see `KMSDisplay.spareBufferLifetime`).
    let spareBuffers = SpareScanoutBuffers()
    /// When the display frees `spareBuffers`.
    var spareBuffersExpiry: TimerID?

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

    /// An output on `crtc` driving `connector` in `mode`, not lit yet, whose buffers
    /// come from the spares of an unplugged connector when they fit.
    func makeOutput(connector: ConnectorState, crtc: CRTCState, primaryPlane: PlaneState, mode: DisplayMode)
        throws(DRMError) -> ScanoutOutput
    {
        try ScanoutOutput(
            device: device, connector: connector, crtc: crtc, primaryPlane: primaryPlane, mode: mode,
            committer: access.makeCommitter()
        ) { [access, spareBuffers] (width, height, format) throws(DRMError) in
            if let spare = spareBuffers.take(width: width, height: height, format: format) { return spare }
            return try access.makeDumbBuffer(width: width, height: height, format: format)
        }
    }

    /// Stops watching the card's fd; the device may be closed right after.
    func stopEvents() {
        watch?.cancel()
        watch = nil
    }
}
