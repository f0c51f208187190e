import CDRM
import DeviceAccess
import Glibc
import Scheduling
import SystemPackage

/// An open DRM primary node (/dev/dri/cardN): the one owner of its file descriptor.
///
/// Opening sets the universal-planes, atomic and writeback client caps where the
/// driver accepts them and makes sure we are the DRM master: only the master may
/// modeset or commit, so a card driven by another program is refused up front
/// with a clear error instead of failing later mid-frame.
package final class DRMDevice {
    package let path: String
    package let fd: Int32
    /// The driver accepted DRM_CLIENT_CAP_ATOMIC: commits go through AtomicCommit.
    package let supportsAtomic: Bool
    /// The driver exposes writeback connectors to us (DRM_CLIENT_CAP_WRITEBACK_CONNECTORS).
    package let supportsWriteback: Bool
    /// The kernel driver's name, e.g. "vkms", "virtio_gpu", "i915".
    package let driverName: String

    private let events = FlipEventCollector()
    /// Opened the node and closes it: the display's opener (a session manager, or open(2)).
    private let opener: any DeviceOpener

    /// Opens `path` through `opener` and becomes master (drmSetMaster when not already).
    /// With `allowsAtomic` false the legacy API (drmModeSetCrtc, drmModePageFlip, legacy
    /// cursor) is used on atomic drivers too, as wlroots' WLR_DRM_NO_ATOMIC: the path
    /// drivers without atomic take, tested on VKMS.
    /// - Throws: `DRMError` naming the call; from drmSetMaster, `DRMError.masterRefused`
    ///   tells another DRM master (EBUSY) from missing permission (EACCES/EPERM).
    package init(
        path: String, requireMaster: Bool = true, opener: any DeviceOpener = DirectDeviceOpener(),
        allowsAtomic: Bool = true
    ) throws(DRMError) {
        self.path = path
        self.opener = opener
        let fd: Int32
        do {
            fd = try opener.openDevice(path: path, flags: O_RDWR | O_CLOEXEC | O_NONBLOCK)
        } catch {
            throw DRMError(call: "open", errno: error.errno, context: "opening \(path)")
        }
        self.fd = fd
        if let version = drmLookup(.getVersion, { drmGetVersion(fd) }) {
            driverName = version.pointee.name.map { String(cString: $0) } ?? "unknown"
            drmFreeVersion(version)
        } else {
            driverName = "unknown"
        }
        var dumb: UInt64 = 0
        let hasDumb = (try? drmCall(.getCap) { drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) }) != nil
        guard hasDumb, dumb != 0 else {
            // Not every property is set yet: deinit will not run, so the fd is closed here.
            opener.closeDevice(fileDescriptor: fd)
            throw DRMError(
                call: "drmGetCap(DRM_CAP_DUMB_BUFFER)", errno: .notSupported,
                context: "\(path) (\(driverName)) cannot scan out dumb buffers")
        }
        // A cap the driver lacks is simply not used: the answers are kept as booleans.
        func accepts(_ cap: Int32) -> Bool {
            (try? drmCall(.setClientCap) { drmSetClientCap(fd, UInt64(cap), 1) }) != nil
        }
        _ = accepts(DRM_CLIENT_CAP_UNIVERSAL_PLANES)
        supportsAtomic = allowsAtomic && accepts(DRM_CLIENT_CAP_ATOMIC)
        supportsWriteback = supportsAtomic && accepts(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS)
        if requireMaster && drmIsMaster(fd) == 0 {
            do {
                try drmCall(.setMaster, context: path) { drmSetMaster(fd) }
            } catch {
                // Every property is set by now, so deinit runs and closes the fd: closing
                // it here too closed it twice (and could close a descriptor reused since).
                throw DRMError.masterRefused(path: path, errno: error.errno)
            }
        }
    }

    /// Whether another program is DRM master of `path` now, found without becoming
    /// anything: open, try drmSetMaster, give it back at once. Returns the error a
    /// real open would meet (EBUSY, see `DRMError.masterRefused`), nil when the card
    /// is free or this process may not ask (no permission: the seat manager decides).
    /// For refusing a second app before it takes the virtual console from the first.
    package static func masterHeldElsewhere(path: String) -> DRMError? {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // The first opener of a card without a master becomes master by itself.
        if drmIsMaster(fd) != 0 {
            _ = drmDropMaster(fd)
            return nil
        }
        do {
            try drmCall(.setMaster, context: path) { drmSetMaster(fd) }
            _ = drmDropMaster(fd)
            return nil
        } catch {
            return error.isBusy ? .masterRefused(path: path, errno: error.errno) : nil
        }
    }

    /// A device that opened nothing (fd -1, legacy, no writeback): what tests of
    /// the flip logic hand to a `ScanoutOutput` whose committer is a fake.
    init(unopenedPath path: String) {
        self.path = path
        fd = -1
        supportsAtomic = false
        supportsWriteback = false
        driverName = "none"
        opener = DirectDeviceOpener()
    }

    deinit {
        if fd >= 0 { opener.closeDevice(fileDescriptor: fd) }
    }

    /// The cursor image size the driver asks for (DRM_CAP_CURSOR_WIDTH and
    /// _HEIGHT), 64x64 when it does not say.
    package var cursorSize: (width: Int, height: Int) {
        var width: UInt64 = 0
        var height: UInt64 = 0
        let known =
            drmGetCap(fd, UInt64(DRM_CAP_CURSOR_WIDTH), &width) == 0
            && drmGetCap(fd, UInt64(DRM_CAP_CURSOR_HEIGHT), &height) == 0 && width > 0 && height > 0
        return known ? (Int(width), Int(height)) : (64, 64)
    }

    /// Gives up DRM master (drmDropMaster) so another program, e.g. the one on the
    /// virtual console switched to, can drive the card.
    package func dropMaster() throws(DRMError) {
        let fd = self.fd
        try drmCall(.dropMaster, context: "releasing \(path)") { drmDropMaster(fd) }
    }

    /// Whether this open file is the card's DRM master now (drmIsMaster).
    package var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Takes DRM master back (drmSetMaster) after `dropMaster()`.
    package func becomeMaster() throws(DRMError) {
        let fd = self.fd
        try drmCall(.setMaster, context: "taking \(path) back") { drmSetMaster(fd) }
    }

    /// How many framebuffers this open file owns now (drmModeGetResources lists the
    /// caller's own): a leak check for buffers that were not freed.
    package var framebufferCount: Int {
        guard let resources = drmLookup(.getResources, { drmModeGetResources(fd) }) else { return -1 }
        defer { drmModeFreeResources(resources) }
        return Int(resources.pointee.count_fbs)
    }

    /// Waits up to `timeout` seconds for the fd to become readable, then reads and
    /// returns the page-flip events it holds (drmHandleEvent). Returns [] on timeout.
    package func readFlipEvents(timeout: Double) throws(DRMError) -> [FlipEvent] {
        var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = pollTimeoutMilliseconds(timeout)
        let ready = try drmCall(.poll, context: "waiting for a page flip on \(path)") {
            poll(&pollfd, 1, milliseconds)
        }
        guard ready > 0, pollfd.revents & Int16(POLLIN) != 0 else { return [] }
        return try handleQueuedEvents()
    }

    /// Reads the events already queued on the fd without waiting (for a dispatch source).
    /// Nothing queued returns [] at once: another wait may have read them since the
    /// fd was reported readable, and an fd opened by a seat manager may be blocking.
    package func readPendingFlipEvents() throws(DRMError) -> [FlipEvent] {
        try readFlipEvents(timeout: 0)
    }

    /// drmHandleEvent on a readable fd, collecting the flip events it delivers.
    private func handleQueuedEvents() throws(DRMError) -> [FlipEvent] {
        var context = drmEventContext()
        context.version = 3  // page_flip_handler2 (with the CRTC id) appeared in version 3
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, crtcID, userData in
            guard let userData else { return }
            Unmanaged<FlipEventCollector>.fromOpaque(userData).takeUnretainedValue().events.append(
                FlipEvent(
                    crtcID: crtcID, sequence: sequence,
                    timestamp: Double(seconds) + Double(microseconds) / 1_000_000))
        }
        do {
            try drmCall(.handleEvent, context: "reading events of \(path)") { drmHandleEvent(fd, &context) }
        } catch  where error.errno == .resourceTemporarilyUnavailable {
            // Nothing queued after all (another wait read it first).
        }
        defer { events.events.removeAll() }
        return events.events
    }

    /// The value every commit that asks for an event passes as user_data, so the
    /// flip handler finds our collector. It lives as long as this device, and
    /// events can only be read through this device.
    var eventUserData: UInt64 {
        UInt64(UInt(bitPattern: Unmanaged.passUnretained(events).toOpaque()))
    }
}

/// A completed page flip (or modeset) on one CRTC, as stamped by the kernel.
package struct FlipEvent: Sendable, Equatable {
    package let crtcID: UInt32
    /// The CRTC's vblank counter: consecutive flips that differ by more than 1 missed a vblank.
    package let sequence: UInt32
    /// CLOCK_MONOTONIC seconds of the vblank that completed the flip.
    package let timestamp: Double
}

/// Gathers the events delivered by drmHandleEvent's C callback during one read.
final class FlipEventCollector {
    var events: [FlipEvent] = []
}
