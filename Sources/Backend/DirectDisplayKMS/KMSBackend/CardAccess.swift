import KMS

/// What a KMSDisplay needs from a DRM card beyond its device: probes, commits, dumb
/// buffers and the descriptor its flip events are read from. `LibdrmCardAccess` is
/// the card itself; tests drive a whole display through a fake card, or wrap the
/// real one to refuse what a driver might (DirectDisplayTesting's `FaultyCard`).
package protocol CardAccess: AnyObject {
    /// The device GL, master changes and cursor sizes use (an unopened one for a fake).
    var device: DRMDevice { get }
    /// Reads every connector, CRTC and plane.
    func probe() throws(DRMError) -> CardProbe
    /// `probe` with connector `id` read again (a hotplug event that names it).
    func reprobe(_ probe: CardProbe, connectorID id: UInt32) -> CardProbe
    /// What an output's commits go through.
    func makeCommitter() -> any CRTCCommitter
    /// A buffer the CRTC can scan out, mapped for drawing.
    func makeDumbBuffer(width: Int, height: Int, format: UInt32) throws(DRMError) -> ScanoutBuffer
    /// Readable when flip events are queued (the event loop watches it).
    var eventDescriptor: Int32 { get }
    /// The flip events queued now, without waiting.
    func readPendingFlipEvents() throws(DRMError) -> [FlipEvent]
    /// Waits up to `timeout` seconds for flip events; [] when none came.
    func readFlipEvents(timeout: Double) throws(DRMError) -> [FlipEvent]
}

/// The card through libdrm.
package final class LibdrmCardAccess: CardAccess {
    package let device: DRMDevice

    package init(device: DRMDevice) { self.device = device }

    package func probe() throws(DRMError) -> CardProbe { try CardProbe(device: device) }

    package func reprobe(_ probe: CardProbe, connectorID id: UInt32) -> CardProbe {
        probe.reprobing(connectorID: id, device: device)
    }

    package func makeCommitter() -> any CRTCCommitter { device.makeCommitter() }

    package func makeDumbBuffer(width: Int, height: Int, format: UInt32) throws(DRMError)
        -> ScanoutBuffer
    {
        try ScanoutBuffer(device: device, width: width, height: height, format: format)
    }

    package var eventDescriptor: Int32 { device.fd }

    package func readPendingFlipEvents() throws(DRMError) -> [FlipEvent] {
        try device.readPendingFlipEvents()
    }

    package func readFlipEvents(timeout: Double) throws(DRMError) -> [FlipEvent] {
        try device.readFlipEvents(timeout: timeout)
    }
}
