import CDRM
import EDID

/// Connector link status as the kernel reports it.
package enum ConnectionStatus: String, Sendable, Codable {
    case connected, disconnected, unknown
}

/// One connector as probed: name, status, modes, EDID and the CRTCs it can use.
package struct ConnectorState: Sendable {
    package let id: UInt32
    /// The kernel's name, e.g. "HDMI-A-1", "Virtual-1", "Writeback-1".
    package let name: String
    package let type: UInt32
    package let status: ConnectionStatus
    /// Modes in the kernel's order.
    package let modes: [DisplayMode]
    package let widthMillimeters: Int
    package let heightMillimeters: Int
    /// Bit mask of CRTC indices any of this connector's encoders can drive.
    package let possibleCRTCs: UInt32
    /// The encoder's CRTC at probe time (0 when none).
    package let currentCRTC: UInt32
    package let properties: ConnectorProperties
    /// The connector's "link-status" at probe time: BAD when the driver found the
    /// link to the monitor broken after a modeset (DisplayPort link training, HDMI 2.0
    /// scrambling); the sink then shows nothing until the mode is set again.
    /// Connectors without the property are always good.
    package let linkStatus: LinkStatus
    /// Raw EDID bytes, when the connector has an EDID blob.
    package let edid: [UInt8]?
    /// The connector's encoders: which CRTCs each can take and which encoders it can
    /// share a CRTC with (hardware clone mode).
    package var encoders: [EncoderState] = []

    package var isWriteback: Bool { type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK) }
    /// eDP, LVDS and DSI are built-in panels: they make the main screen.
    package var isInternal: Bool {
        type == UInt32(DRM_MODE_CONNECTOR_eDP) || type == UInt32(DRM_MODE_CONNECTOR_LVDS)
            || type == UInt32(DRM_MODE_CONNECTOR_DSI)
    }
    package var edidInfo: EDIDInfo? { edid.map { EDIDInfo(bytes: $0) } }
}

/// One encoder as probed: its index on the card (the bit other encoders'
/// `possibleClones` name it by) and the masks the kernel gives it.
package struct EncoderState: Sendable, Equatable {
    package let id: UInt32
    package let index: Int
    /// Bit mask of CRTC indices the encoder can be driven by.
    package let possibleCRTCs: UInt32
    /// Bit mask of encoder indices that can be driven by the same CRTC at once.
    package let possibleClones: UInt32

    package init(id: UInt32, index: Int, possibleCRTCs: UInt32, possibleClones: UInt32) {
        self.id = id
        self.index = index
        self.possibleCRTCs = possibleCRTCs
        self.possibleClones = possibleClones
    }
}

/// A connector's link to its monitor, from the "link-status" property.
package enum LinkStatus: String, Sendable, Codable {
    case good, bad
}

/// One CRTC: its index (for possible_crtcs masks) and current state.
package struct CRTCState: Sendable {
    package let id: UInt32
    package let index: Int
    package let framebufferID: UInt32
    package let mode: DisplayMode?
    package let properties: CRTCProperties
}

/// The kind of a plane, from its "type" property.
package enum PlaneKind: String, Sendable, Codable {
    case overlay, primary, cursor

    init(rawType: UInt64) {
        switch rawType {
        case 1: self = .primary
        case 2: self = .cursor
        default: self = .overlay
        }
    }
}

/// One plane: kind, the CRTCs it may sit on and the pixel formats it scans out.
package struct PlaneState: Sendable {
    package let id: UInt32
    package let kind: PlaneKind
    package let possibleCRTCs: UInt32
    package let crtcID: UInt32
    /// DRM fourcc codes.
    package let formats: [UInt32]
    package let properties: PlaneProperties

    package var formatNames: [String] { formats.map(fourccName) }
}

/// A snapshot of a card's KMS objects, read once: connectors, CRTCs and planes.
package struct CardProbe: Sendable {
    package let connectors: [ConnectorState]
    package let crtcs: [CRTCState]
    package let planes: [PlaneState]
    package let minWidth: Int, maxWidth: Int, minHeight: Int, maxHeight: Int

    /// A probe from known parts (tests, replays).
    init(
        connectors: [ConnectorState], crtcs: [CRTCState], planes: [PlaneState],
        minWidth: Int, maxWidth: Int, minHeight: Int, maxHeight: Int
    ) {
        self.connectors = connectors
        self.crtcs = crtcs
        self.planes = planes
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    /// Reads every KMS object of the card. `forceProbe` asks the driver to re-detect
    /// connectors (drmModeGetConnector); otherwise the cached state is used
    /// (drmModeGetConnectorCurrent), which is cheap.
    package init(device: DRMDevice, forceProbe: Bool = true) throws(DRMError) {
        let fd = device.fd
        let resources = try drmPointer(.getResources, context: "reading \(device.path)") {
            drmModeGetResources(fd)
        }
        defer { drmModeFreeResources(resources) }
        let res = resources.pointee
        minWidth = Int(res.min_width)
        maxWidth = Int(res.max_width)
        minHeight = Int(res.min_height)
        maxHeight = Int(res.max_height)

        let crtcIDs = Array(UnsafeBufferPointer(start: res.crtcs, count: Int(res.count_crtcs)))
        crtcs = crtcIDs.enumerated().compactMap { index, id in
            guard let crtc = drmLookup(.getCrtc, { drmModeGetCrtc(fd, id) }) else { return nil }
            defer { drmModeFreeCrtc(crtc) }
            let mode = crtc.pointee.mode_valid != 0 ? DisplayMode(crtc.pointee.mode) : nil
            return CRTCState(
                id: id, index: index, framebufferID: crtc.pointee.buffer_id, mode: mode,
                properties: CRTCProperties(ProbedProperties(fd: fd, objectID: id, objectType: DRM_MODE_OBJECT_CRTC)))
        }

        let encoderIDs = Array(UnsafeBufferPointer(start: res.encoders, count: Int(res.count_encoders)))
        let encoderCRTCs = CardProbe.readEncoders(fd: fd, ids: encoderIDs)

        let connectorIDs = Array(UnsafeBufferPointer(start: res.connectors, count: Int(res.count_connectors)))
        connectors = connectorIDs.compactMap { id in
            CardProbe.readConnector(fd: fd, id: id, forceProbe: forceProbe, encoders: encoderCRTCs)
        }

        var planes: [PlaneState] = []
        if let planeResources = drmLookup(.getPlaneResources, { drmModeGetPlaneResources(fd) }) {
            defer { drmModeFreePlaneResources(planeResources) }
            let ids = UnsafeBufferPointer(
                start: planeResources.pointee.planes, count: Int(planeResources.pointee.count_planes))
            for id in ids {
                guard let plane = drmLookup(.getPlane, { drmModeGetPlane(fd, id) }) else { continue }
                defer { drmModeFreePlane(plane) }
                let properties = ProbedProperties(fd: fd, objectID: id, objectType: DRM_MODE_OBJECT_PLANE)
                let formats = Array(
                    UnsafeBufferPointer(start: plane.pointee.formats, count: Int(plane.pointee.count_formats)))
                planes.append(
                    PlaneState(
                        id: id, kind: PlaneKind(rawType: properties.value("type") ?? 0),
                        possibleCRTCs: plane.pointee.possible_crtcs, crtcID: plane.pointee.crtc_id,
                        formats: formats, properties: PlaneProperties(properties)))
            }
        }
        self.planes = planes
    }

    /// This probe with connector `id` read again (drmModeGetConnector forces the
    /// driver to detect), for a uevent that names its connector. Encoders are
    /// re-read for the connector's possible CRTCs; CRTCs and planes are kept.
    package func reprobing(connectorID id: UInt32, device: DRMDevice) -> CardProbe {
        var encoders: [UInt32: ProbedEncoder] = [:]
        if let resources = drmLookup(.getResources, { drmModeGetResources(device.fd) }) {
            encoders = Self.readEncoders(
                fd: device.fd,
                ids: Array(
                    UnsafeBufferPointer(start: resources.pointee.encoders, count: Int(resources.pointee.count_encoders))
                ))
            drmModeFreeResources(resources)
        }
        var connectors = self.connectors
        if let index = connectors.firstIndex(where: { $0.id == id }) {
            if let fresh = Self.readConnector(fd: device.fd, id: id, forceProbe: true, encoders: encoders) {
                connectors[index] = fresh
            } else {
                connectors.remove(at: index)
            }
        }
        return CardProbe(
            connectors: connectors, crtcs: crtcs, planes: planes,
            minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight)
    }

    /// An encoder as read, with the CRTC it drives now (0: none).
    private typealias ProbedEncoder = (state: EncoderState, current: UInt32)

    /// The card's encoders by id; `index` is the position in the card's list, as
    /// possible_clones counts them.
    private static func readEncoders(fd: Int32, ids: [UInt32]) -> [UInt32: ProbedEncoder] {
        var encoders: [UInt32: ProbedEncoder] = [:]
        for (index, id) in ids.enumerated() {
            guard let encoder = drmLookup(.getEncoder, { drmModeGetEncoder(fd, id) }) else { continue }
            let state = EncoderState(
                id: id, index: index, possibleCRTCs: encoder.pointee.possible_crtcs,
                possibleClones: encoder.pointee.possible_clones)
            encoders[id] = (state, encoder.pointee.crtc_id)
            drmModeFreeEncoder(encoder)
        }
        return encoders
    }

    private static func readConnector(
        fd: Int32, id: UInt32, forceProbe: Bool, encoders: [UInt32: ProbedEncoder]
    ) -> ConnectorState? {
        let pointer =
            forceProbe
            ? drmLookup(.getConnector, { drmModeGetConnector(fd, id) })
            : drmLookup(.getConnectorCurrent, { drmModeGetConnectorCurrent(fd, id) })
        guard let pointer else { return nil }
        defer { drmModeFreeConnector(pointer) }
        let connector = pointer.pointee
        let typeName = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        let status: ConnectionStatus =
            switch connector.connection {
            case DRM_MODE_CONNECTED: .connected
            case DRM_MODE_DISCONNECTED: .disconnected
            default: .unknown
            }
        let modes = UnsafeBufferPointer(start: connector.modes, count: Int(connector.count_modes)).map(DisplayMode.init)
        let own = UnsafeBufferPointer(start: connector.encoders, count: Int(connector.count_encoders)).compactMap {
            encoders[$0]?.state
        }
        let possible = own.reduce(0) { $0 | $1.possibleCRTCs }
        let properties = ProbedProperties(fd: fd, objectID: id, objectType: DRM_MODE_OBJECT_CONNECTOR)
        let link = properties.value("link-status") == UInt64(DRM_MODE_LINK_STATUS_BAD)
        return ConnectorState(
            id: id, name: "\(typeName)-\(connector.connector_type_id)", type: connector.connector_type,
            status: status, modes: modes,
            widthMillimeters: Int(connector.mmWidth), heightMillimeters: Int(connector.mmHeight),
            possibleCRTCs: possible, currentCRTC: encoders[connector.encoder_id]?.current ?? 0,
            properties: ConnectorProperties(properties), linkStatus: link ? .bad : .good,
            edid: readBlob(fd: fd, id: properties.value("EDID")), encoders: own)
    }

    private static func readBlob(fd: Int32, id: UInt64?) -> [UInt8]? {
        guard let id, id != 0,
            let blob = drmLookup(
                .getPropertyBlob, { drmModeGetPropertyBlob(fd, UInt32(truncatingIfNeeded: id)) })
        else { return nil }
        defer { drmModeFreePropertyBlob(blob) }
        guard let data = blob.pointee.data else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(blob.pointee.length)))
    }

    package func connector(named name: String) -> ConnectorState? { connectors.first { $0.name == name } }
    package func crtc(id: UInt32) -> CRTCState? { crtcs.first { $0.id == id } }
}

/// "XR24" for DRM_FORMAT_XRGB8888: the fourcc's four characters.
package func fourccName(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
    return String(decoding: bytes.map { (32..<127).contains($0) ? $0 : 63 }, as: UTF8.self)
}
