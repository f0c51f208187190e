import KMS
import Udev

/// What `direct-display info` prints about one card, also as JSON.
struct CardReport: Codable {
    struct Mode: Codable {
        let name: String
        let width: Int
        let height: Int
        let refreshRate: Double
        let preferred: Bool
    }
    struct Connector: Codable {
        let id: UInt32
        let name: String
        let status: String
        let writeback: Bool
        let monitorName: String?
        let widthMillimeters: Int
        let heightMillimeters: Int
        let modes: [Mode]
        /// The CRTC a display would light this connector on, nil when none is free
        /// (more connected connectors than CRTCs: it waits for one).
        let plannedCRTC: UInt32?
    }
    struct CRTC: Codable {
        let id: UInt32
        let index: Int
        let active: Bool
        let mode: String?
    }
    struct Plane: Codable {
        let id: UInt32
        let type: String
        let possibleCRTCs: UInt32
        let formats: [String]
    }

    let path: String
    let sysname: String
    let driver: String
    let atomic: Bool
    let connectors: [Connector]
    let crtcs: [CRTC]
    let planes: [Plane]

    init(node: DRMCardNode, device: DRMDevice, probe: CardProbe) {
        // The same choice KMSDisplay makes, connector by connector.
        var taken = Set<UInt32>()
        var planned: [UInt32: UInt32] = [:]
        for connector in probe.connectors where !connector.isWriteback && connector.status == .connected {
            if let choice = CRTCAssignment.choose(
                for: connector, in: probe, taken: taken, format: ScanoutBuffer.defaultFormat)
            {
                planned[connector.id] = choice.crtcID
                taken.insert(choice.crtcID)
            }
        }
        path = node.devnode
        sysname = node.sysname
        driver = device.driverName
        atomic = device.supportsAtomic
        connectors = probe.connectors.map { connector in
            Connector(
                id: connector.id, name: connector.name, status: connector.status.rawValue,
                writeback: connector.isWriteback, monitorName: connector.edidInfo?.name,
                widthMillimeters: connector.widthMillimeters, heightMillimeters: connector.heightMillimeters,
                modes: connector.modes.map { mode in
                    Mode(
                        name: mode.name, width: mode.width, height: mode.height,
                        refreshRate: (mode.refreshRate * 1000).rounded() / 1000, preferred: mode.isPreferred)
                }, plannedCRTC: planned[connector.id])
        }
        crtcs = probe.crtcs.map { crtc in
            CRTC(id: crtc.id, index: crtc.index, active: crtc.mode != nil, mode: crtc.mode?.description)
        }
        planes = probe.planes.map { plane in
            Plane(
                id: plane.id, type: plane.kind.rawValue, possibleCRTCs: plane.possibleCRTCs, formats: plane.formatNames)
        }
    }

    /// Human-readable lines, one object per line, the preferred mode marked with "*".
    var text: String {
        var lines = ["\(sysname) \(path) driver \(driver)\(atomic ? ", atomic" : ", legacy KMS")"]
        for connector in connectors {
            var line = "  connector \(connector.name) (\(connector.id)): \(connector.status)"
            if connector.writeback { line += ", writeback" }
            if let name = connector.monitorName { line += ", monitor \"\(name)\"" }
            if connector.widthMillimeters > 0 {
                line += ", \(connector.widthMillimeters)x\(connector.heightMillimeters) mm"
            }
            if connector.status == "connected" && !connector.writeback {
                line += connector.plannedCRTC.map { ", crtc \($0)" } ?? ", waiting: every CRTC it can use is taken"
            }
            if connector.writeback {
                // A writeback connector's "modes" are only the sizes it can write.
                lines.append(line + ", \(connector.modes.count) sizes")
                continue
            }
            lines.append(line)
            for mode in connector.modes {
                lines.append(
                    "    \(mode.preferred ? "*" : " ") \(mode.width)x\(mode.height)@\(mode.refreshRate) \(mode.name)")
            }
        }
        for crtc in crtcs {
            lines.append("  crtc \(crtc.id) (index \(crtc.index)): \(crtc.mode ?? "off")")
        }
        for plane in planes {
            lines.append(
                "  plane \(plane.id): \(plane.type), crtcs 0x\(String(plane.possibleCRTCs, radix: 16)), formats \(plane.formats.joined(separator: " "))"
            )
        }
        return lines.joined(separator: "\n")
    }
}
