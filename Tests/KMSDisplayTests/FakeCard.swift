import CDRM
import DirectDisplayCore
import DirectDisplayKMS
import Glibc
import Scheduling
import SystemPackage
import Udev

@testable import KMS

/// A DRM card in memory: connectors the test plugs and unplugs, dumb buffers in
/// plain memory, a committer that records each commit, and flip events that come
/// when the test says a vblank passed (through an eventfd the display's loop watches).
final class FakeCard: CardAccess {
    static let crtcID: UInt32 = 31
    static let connectorID: UInt32 = 40
    /// The second connector (HDMI-A-2), its CRTC and primary plane.
    static let secondConnectorID: UInt32 = 41
    static let secondCRTCID: UInt32 = 32

    /// One commit that reached the card.
    struct Commit: Equatable {
        var kind: String
        var framebufferID: UInt32
        var damage: [DamageClip]?
        var testOnly: Bool
        /// The connector and CRTC committed, and the CRTC it joins or leaves (clone mode).
        var connector = "HDMI-A-1"
        var crtcID = FakeCard.crtcID
        var cloneCRTC: UInt32? = nil
    }

    let node = DRMCardNode(
        sysname: "card7", devnode: "/dev/dri/card7", syspath: "/sys/fake/card7", driver: "fake")
    let device = DRMDevice(unopenedPath: "/dev/dri/card7")
    /// Whether the connector is plugged in (read at the next probe).
    var isConnected = false
    /// The connector's kind: HDMI-A-1, or the internal panel eDP-1.
    var isInternalPanel = false
    /// Whether the second connector is plugged in, and its modes when it is.
    var isSecondConnected = false
    var secondModes = [FakeCard.mode(64, 48)]
    /// Each connector's encoder: the CRTC indices it may take and the encoders
    /// (by index: 0 the first's, 1 the second's) it may share a CRTC with.
    var firstEncoder = (possibleCRTCs: UInt32(0b01), possibleClones: UInt32(0b01))
    var secondEncoder = (possibleCRTCs: UInt32(0b10), possibleClones: UInt32(0b10))
    private(set) var commits: [Commit] = []
    /// Commit kinds (as `Commit.kind` names them, alone or followed by a connector's
    /// name: "modeset HDMI-A-2") the card refuses, with the errno.
    var refusals: [String: Errno] = [:]
    /// Buffers made, by framebuffer id, held weakly: nil once the display freed them.
    private var buffers: [UInt32: WeakBuffer] = [:]
    private var nextFramebufferID: UInt32 = 100
    /// Flips committed whose vblank has not come yet, and flips delivered but not read.
    private var flipsWaiting: [FlipEvent] = []
    private var flipsDelivered: [FlipEvent] = []
    private var vblankSequence: UInt32 = 0
    let eventDescriptor: Int32

    private struct WeakBuffer { weak var buffer: ScanoutBuffer? }

    /// The write end of the pipe whose read end is `eventDescriptor`.
    private let eventSignal: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Errno(rawValue: errno) }
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        eventDescriptor = ends[0]
        eventSignal = ends[1]
    }

    deinit {
        close(eventDescriptor)
        close(eventSignal)
    }

    static func mode(_ width: Int, _ height: Int) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.clock = 65_000
        info.htotal = 1344
        info.vtotal = 806
        info.vrefresh = 60
        info.type = UInt32(DRM_MODE_TYPE_PREFERRED)
        return DisplayMode(info)
    }

    /// The framebuffer ids of buffers still alive.
    var liveFramebuffers: [UInt32] { buffers.filter { $0.value.buffer != nil }.keys.sorted() }

    /// The pixel at (`x`, `y`) of framebuffer `id` (XRGB8888, alpha dropped).
    func pixel(framebuffer id: UInt32, x: Int, y: Int) -> UInt32? {
        guard let buffer = buffers[id]?.buffer else { return nil }
        return buffer.pixels.load(fromByteOffset: y * buffer.bytesPerRow + x * 4, as: UInt32.self)
            & 0x00FF_FFFF
    }

    /// The vblank comes: every committed flip completes and its event becomes readable.
    func vblank() {
        guard !flipsWaiting.isEmpty else { return }
        vblankSequence += 1
        flipsDelivered += flipsWaiting.map {
            FlipEvent(crtcID: $0.crtcID, sequence: vblankSequence, timestamp: Double(vblankSequence) / 60)
        }
        flipsWaiting = []
        var byte: UInt8 = 1
        _ = write(eventSignal, &byte, 1)
    }

    // MARK: CardAccess

    func probe() throws(DRMError) -> CardProbe {
        let first = EncoderState(
            id: 60, index: 0, possibleCRTCs: firstEncoder.possibleCRTCs, possibleClones: firstEncoder.possibleClones)
        let connector = ConnectorState(
            id: Self.connectorID, name: isInternalPanel ? "eDP-1" : "HDMI-A-1",
            type: UInt32(isInternalPanel ? DRM_MODE_CONNECTOR_eDP : DRM_MODE_CONNECTOR_HDMIA),
            status: isConnected ? .connected : .disconnected,
            modes: isConnected ? [Self.mode(64, 48)] : [],
            widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: first.possibleCRTCs, currentCRTC: 0,
            properties: ConnectorProperties(), linkStatus: .good, edid: nil, encoders: [first])
        let second = EncoderState(
            id: 61, index: 1, possibleCRTCs: secondEncoder.possibleCRTCs, possibleClones: secondEncoder.possibleClones)
        let secondConnector = ConnectorState(
            id: Self.secondConnectorID, name: "HDMI-A-2", type: UInt32(DRM_MODE_CONNECTOR_HDMIA),
            status: isSecondConnected ? .connected : .disconnected, modes: isSecondConnected ? secondModes : [],
            widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: second.possibleCRTCs, currentCRTC: 0,
            properties: ConnectorProperties(), linkStatus: .good, edid: nil, encoders: [second])
        let crtcs = [
            CRTCState(id: Self.crtcID, index: 0, framebufferID: 0, mode: nil, properties: CRTCProperties()),
            CRTCState(id: Self.secondCRTCID, index: 1, framebufferID: 0, mode: nil, properties: CRTCProperties()),
        ]
        let planes = [
            PlaneState(
                id: 50, kind: .primary, possibleCRTCs: 0b01, crtcID: 0, formats: [ScanoutBuffer.defaultFormat],
                properties: PlaneProperties()),
            PlaneState(
                id: 51, kind: .primary, possibleCRTCs: 0b10, crtcID: 0, formats: [ScanoutBuffer.defaultFormat],
                properties: PlaneProperties()),
        ]
        return CardProbe(
            connectors: [connector, secondConnector], crtcs: crtcs, planes: planes, minWidth: 0, maxWidth: 4096,
            minHeight: 0,
            maxHeight: 4096)
    }

    func reprobe(_ probe: CardProbe, connectorID id: UInt32) -> CardProbe {
        (try? self.probe()) ?? probe
    }

    func makeCommitter() -> any CRTCCommitter { Committer(card: self) }

    func makeDumbBuffer(width: Int, height: Int, format: UInt32) throws(DRMError) -> ScanoutBuffer {
        nextFramebufferID += 1
        let buffer = ScanoutBuffer(
            inMemoryWidth: width, height: height, format: format, framebufferID: nextFramebufferID)
        buffers[nextFramebufferID] = WeakBuffer(buffer: buffer)
        return buffer
    }

    func readPendingFlipEvents() throws(DRMError) -> [FlipEvent] {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(eventDescriptor, &drained, drained.count) > 0 {}
        defer { flipsDelivered = [] }
        return flipsDelivered
    }

    /// A wait for flips is a wait for the vblank: it comes at once.
    func readFlipEvents(timeout: Double) throws(DRMError) -> [FlipEvent] {
        vblank()
        return try readPendingFlipEvents()
    }

    fileprivate func record(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
        let kind =
            switch state.change {
            case .modeset: "modeset"
            case .pageFlip: "flip"
            case .takeOver: "take-over"
            case .planes: "planes"
            case .off: "off"
            case .powerOff: "power off"
            case .powerOn: "power on"
            case .joinClone: "join clone"
            case .leaveClone: "leave clone"
            }
        if let refusal = refusals[kind] ?? refusals["\(kind) \(state.connector.name)"] {
            throw DRMError(call: "fake \(kind)", errno: refusal)
        }
        commits.append(
            Commit(
                kind: kind, framebufferID: state.framebuffer.framebufferID, damage: state.damage,
                testOnly: testOnly, connector: state.connector.name, crtcID: state.crtc.id,
                cloneCRTC: state.cloneSource?.crtc.id))
        if !testOnly, state.change == .modeset || state.change == .pageFlip || state.change == .takeOver {
            flipsWaiting.append(FlipEvent(crtcID: state.crtc.id, sequence: 0, timestamp: 0))
        }
    }

    private final class Committer: CRTCCommitter {
        unowned let card: FakeCard
        init(card: FakeCard) { self.card = card }
        func commit(_ state: CRTCCommitState, testOnly: Bool) throws(DRMError) {
            try card.record(state, testOnly: testOnly)
        }
    }
}

extension FakeCard {
    /// A display of this card alone, composing with pixman and nothing but the
    /// primary plane (what the host tests check is the commits of plain frames).
    @MainActor func makeDisplay() throws -> KMSDisplay {
        var configuration = DisplayConfiguration()
        configuration.compositor = .pixman
        configuration.usesOpenGL = false
        configuration.usesDirectScanout = false
        configuration.usesOverlayPlanes = false
        return KMSDisplay(
            cards: [try KMSCard(node: node, access: self)], eventLoop: EventLoop(), configuration: configuration)
    }
}
