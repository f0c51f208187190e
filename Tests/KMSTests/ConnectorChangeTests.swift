import CDRM
import XCTest

@testable import KMS

final class ConnectorChangeTests: XCTestCase {
    func mode(_ width: UInt16, _ height: UInt16) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = width
        info.vdisplay = height
        info.clock = 65_000
        info.htotal = 1344
        info.vtotal = 806
        return DisplayMode(info)
    }

    func connector(
        _ id: UInt32, _ status: ConnectionStatus, modes: [DisplayMode] = [], edid: [UInt8]? = nil,
        type: UInt32 = UInt32(DRM_MODE_CONNECTOR_HDMIA), link: LinkStatus? = nil
    ) -> ConnectorState {
        var properties = ConnectorProperties()
        if link != nil { properties.linkStatus = 40 }
        return ConnectorState(
            id: id, name: "HDMI-A-\(id)", type: type, status: status, modes: modes, widthMillimeters: 0,
            heightMillimeters: 0, possibleCRTCs: 1, currentCRTC: 0, properties: properties,
            linkStatus: link ?? .good, edid: edid)
    }

    func testTable() {
        let small = [mode(1024, 768)]
        let big = [mode(1920, 1080), mode(1024, 768)]
        let cases: [(String, [ConnectorState], [ConnectorState], [ConnectorChange])] = [
            ("nothing changed", [connector(1, .connected, modes: small)], [connector(1, .connected, modes: small)], []),
            ("plugged", [connector(1, .disconnected)], [connector(1, .connected, modes: small)], [.connected(id: 1)]),
            (
                "unplugged", [connector(1, .connected, modes: small)], [connector(1, .disconnected)],
                [.disconnected(id: 1)]
            ),
            ("still unplugged", [connector(1, .disconnected)], [connector(1, .disconnected)], []),
            (
                "unknown is not connected", [connector(1, .unknown)], [connector(1, .connected, modes: small)],
                [.connected(id: 1)]
            ),
            (
                "another monitor on the port", [connector(1, .connected, modes: small, edid: [1])],
                [connector(1, .connected, modes: small, edid: [2])], [.monitorReplaced(id: 1)]
            ),
            (
                "same monitor, new modes", [connector(1, .connected, modes: small, edid: [1])],
                [connector(1, .connected, modes: big, edid: [1])], [.modesChanged(id: 1)]
            ),
            (
                "link went bad (DisplayPort retraining)", [connector(1, .connected, modes: small, link: .good)],
                [connector(1, .connected, modes: small, link: .bad)], [.linkBroken(id: 1)]
            ),
            (
                "link bad and a mode pruned: new modes first", [connector(1, .connected, modes: big, link: .good)],
                [connector(1, .connected, modes: small, link: .bad)], [.modesChanged(id: 1), .linkBroken(id: 1)]
            ),
            (
                "still bad after a try: tried again", [connector(1, .connected, modes: small, link: .bad)],
                [connector(1, .connected, modes: small, link: .bad)], [.linkBroken(id: 1)]
            ),
            (
                "good again: nothing to do", [connector(1, .connected, modes: small, link: .bad)],
                [connector(1, .connected, modes: small, link: .good)], []
            ),
            (
                "a new monitor with a bad link is just a new monitor",
                [connector(1, .connected, modes: small, edid: [1])],
                [connector(1, .connected, modes: small, edid: [2], link: .bad)], [.monitorReplaced(id: 1)]
            ),
            ("connector vanished (MST)", [connector(7, .connected, modes: small)], [], [.disconnected(id: 7)]),
            ("new connected connector", [], [connector(8, .connected, modes: small)], [.connected(id: 8)]),
            (
                "writeback connectors are never screens", [],
                [connector(9, .connected, modes: small, type: UInt32(DRM_MODE_CONNECTOR_WRITEBACK))], []
            ),
            (
                "only the changed one of two", [connector(1, .connected, modes: small), connector(2, .disconnected)],
                [connector(1, .connected, modes: small), connector(2, .connected, modes: big)], [.connected(id: 2)]
            ),
        ]
        for (name, old, new, expected) in cases {
            XCTAssertEqual(ConnectorChange.between(old: old, new: new), expected, name)
        }
    }
}
