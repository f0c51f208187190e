import CDRM
import Glibc
import Scheduling
import SystemPackage

/// Reads back what a CRTC scans out through a writeback connector: the kernel
/// composes the CRTC's planes into a buffer of ours, and a fence says when.
package final class WritebackCapture {
    private let device: DRMDevice
    package let connector: ConnectorState

    /// `connector` must be a writeback connector of `device` (see `ConnectorState.isWriteback`).
    package init(device: DRMDevice, connector: ConnectorState) {
        self.device = device
        self.connector = connector
    }

    /// Captures one frame of `output` into XRGB8888 pixels, row-major.
    /// The output must be lit and have no flip queued (an atomic commit would get EBUSY).
    /// - Parameter timeout: seconds to wait for the writeback fence. The kernel signals
    ///   it at the next vblank; 5 s leaves room for an emulated, loaded machine (2 s
    ///   was seen to run out in the VM beside builds) and still ends a lost one.
    package func capture(_ output: ScanoutOutput, timeout: Double = 5) throws(DRMError) -> [UInt32] {
        let target = try ScanoutBuffer(device: device, width: output.mode.width, height: output.mode.height)
        let request = try AtomicRequest()
        var fence: Int32 = -1
        try request.set(\.crtcID, of: connector, to: UInt64(output.crtc.id))
        try request.set(\.writebackFramebufferID, of: connector, to: UInt64(target.framebufferID))
        try withUnsafeMutablePointer(to: &fence) { (pointer) throws(DRMError) in
            try request.set(\.writebackOutFencePointer, of: connector, to: UInt64(UInt(bitPattern: pointer)))
            // Routing a new connector to the CRTC is a modeset in the kernel's eyes.
            try request.commit(
                device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: 0,
                context: "writeback capture of \(output.connector.name) through \(connector.name)")
        }
        guard fence >= 0 else {
            throw DRMError(.atomicCommit, errno: .ioError, context: "\(connector.name) returned no fence")
        }
        defer { close(fence) }
        var pollfd = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
        let ready = try drmCall(.poll, context: "waiting for the writeback fence of \(connector.name)") {
            poll(&pollfd, 1, pollTimeoutMilliseconds(timeout))
        }
        guard ready > 0 else {
            throw DRMError(
                .poll, errno: .timedOut,
                context: "writeback of \(output.connector.name) did not finish in \(timeout) s")
        }
        attachedCRTC = output.crtc.id
        return target.copyPixels()
    }

    /// The CRTC the connector was routed to by the last capture. It stays there
    /// between captures: routing it is a full modeset of the CRTC (on vkms a
    /// disable and enable), too costly to do twice per capture.
    package private(set) var attachedCRTC: UInt32?

    /// Routes the writeback connector away from `output`'s CRTC, if a capture left
    /// it there: call before that CRTC is turned off, which the kernel would refuse
    /// with the connector still on it ("enabled/connectors mismatch").
    package func detach(from output: ScanoutOutput) throws(DRMError) {
        guard attachedCRTC == output.crtc.id else { return }
        let request = try AtomicRequest()
        try request.set(\.crtcID, of: connector, to: 0)
        try request.commit(
            device: device, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: 0,
            context: "detaching \(connector.name) from \(output.connector.name)")
        attachedCRTC = nil
    }
}
