import CDRM
import XCTest

@testable import KMS

final class DisplayModeTests: XCTestCase {
    func mode(
        _ width: Int, _ height: Int, clock: UInt32, htotal: UInt16, vtotal: UInt16, preferred: Bool = false,
        flags: UInt32 = 0
    ) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.clock = clock
        info.htotal = htotal
        info.vtotal = vtotal
        info.flags = flags
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        return DisplayMode(info)
    }

    func testRefreshRateComesFromClockAndTotals() {
        // CEA 1920x1080@60: 148.5 MHz, 2200 x 1125.
        XCTAssertEqual(mode(1920, 1080, clock: 148_500, htotal: 2200, vtotal: 1125).refreshRate, 60, accuracy: 0.001)
        // 59.94 variant: 148.35 MHz.
        XCTAssertEqual(mode(1920, 1080, clock: 148_352, htotal: 2200, vtotal: 1125).refreshRate, 59.94, accuracy: 0.001)
        // Interlaced 1080i: fields count double.
        let interlaced = mode(
            1920, 1080, clock: 74_250, htotal: 2200, vtotal: 1125, flags: UInt32(DRM_MODE_FLAG_INTERLACE))
        XCTAssertEqual(interlaced.refreshRate, 60, accuracy: 0.001)
        XCTAssertTrue(interlaced.isInterlaced)
    }

    func testPreferredIsTheKernelsElseLargestThenFastest() {
        let small = mode(800, 600, clock: 40_000, htotal: 1056, vtotal: 628)
        let big60 = mode(1920, 1080, clock: 148_500, htotal: 2200, vtotal: 1125)
        let big50 = mode(1920, 1080, clock: 148_500, htotal: 2640, vtotal: 1125)
        let marked = mode(1024, 768, clock: 65_000, htotal: 1344, vtotal: 806, preferred: true)
        XCTAssertEqual([small, big60, marked].preferred, marked)
        XCTAssertEqual([small, big50, big60].preferred, big60)
        XCTAssertEqual([small].preferred, small)
        XCTAssertNil([DisplayMode]().preferred)
    }

    func testFourccNames() {
        XCTAssertEqual(fourccName(dd_format_xrgb8888()), "XR24")
        XCTAssertEqual(fourccName(dd_format_argb8888()), "AR24")
    }
}

final class CRTCAssignmentTests: XCTestCase {
    let xrgb = dd_format_xrgb8888()

    func connector(possible: UInt32, current: UInt32 = 0) -> ConnectorState {
        ConnectorState(
            id: 50, name: "HDMI-A-1", type: UInt32(DRM_MODE_CONNECTOR_HDMIA), status: .connected, modes: [],
            widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: possible, currentCRTC: current,
            properties: ConnectorProperties(), linkStatus: .good, edid: nil)
    }

    func crtc(_ id: UInt32, _ index: Int) -> CRTCState {
        CRTCState(id: id, index: index, framebufferID: 0, mode: nil, properties: CRTCProperties())
    }

    func plane(_ id: UInt32, _ kind: PlaneKind, crtcs: UInt32, formats: [UInt32]? = nil) -> PlaneState {
        PlaneState(
            id: id, kind: kind, possibleCRTCs: crtcs, crtcID: 0, formats: formats ?? [xrgb],
            properties: PlaneProperties()
        )
    }

    func probe(crtcs: [CRTCState], planes: [PlaneState]) -> CardProbe {
        CardProbe(
            connectors: [], crtcs: crtcs, planes: planes, minWidth: 0, maxWidth: 8192, minHeight: 0, maxHeight: 8192)
    }

    func testRespectsPossibleCRTCsAndPicksThatCRTCsPrimaryPlane() {
        let card = probe(
            crtcs: [crtc(10, 0), crtc(11, 1)],
            planes: [
                plane(30, .primary, crtcs: 0b01), plane(31, .primary, crtcs: 0b10), plane(32, .overlay, crtcs: 0b11),
            ])
        XCTAssertEqual(
            CRTCAssignment.choose(for: connector(possible: 0b10), in: card, taken: [], format: xrgb),
            CRTCAssignment(crtcID: 11, primaryPlaneID: 31))
    }

    func testSkipsTakenCRTCsAndPrefersTheCurrentOne() {
        let card = probe(
            crtcs: [crtc(10, 0), crtc(11, 1)],
            planes: [plane(30, .primary, crtcs: 0b01), plane(31, .primary, crtcs: 0b10)])
        XCTAssertEqual(
            CRTCAssignment.choose(for: connector(possible: 0b11, current: 11), in: card, taken: [], format: xrgb)?
                .crtcID, 11)
        XCTAssertEqual(
            CRTCAssignment.choose(for: connector(possible: 0b11, current: 11), in: card, taken: [11], format: xrgb)?
                .crtcID, 10)
        XCTAssertNil(CRTCAssignment.choose(for: connector(possible: 0b11), in: card, taken: [10, 11], format: xrgb))
    }

    func testNeedsAPrimaryPlaneThatScansOutTheFormat() {
        let card = probe(
            crtcs: [crtc(10, 0)],
            planes: [plane(30, .primary, crtcs: 1, formats: [dd_format_argb8888()]), plane(31, .cursor, crtcs: 1)])
        XCTAssertNil(CRTCAssignment.choose(for: connector(possible: 1), in: card, taken: [], format: xrgb))
    }

    func testCursorPlaneSitsOnTheCRTCTakesARGBAndIsNotShared() {
        let argb = dd_format_argb8888()
        let card = probe(
            crtcs: [crtc(10, 0), crtc(11, 1)],
            planes: [
                plane(30, .primary, crtcs: 0b11), plane(40, .cursor, crtcs: 0b01, formats: [argb]),
                plane(41, .cursor, crtcs: 0b10, formats: [xrgb]), plane(42, .cursor, crtcs: 0b10, formats: [argb]),
                plane(43, .overlay, crtcs: 0b11, formats: [argb]),
            ])
        XCTAssertEqual(CRTCAssignment.cursorPlane(for: crtc(10, 0), in: card, taken: [])?.id, 40)
        XCTAssertEqual(
            CRTCAssignment.cursorPlane(for: crtc(11, 1), in: card, taken: [])?.id, 42, "ARGB8888, not plane 41")
        XCTAssertNil(CRTCAssignment.cursorPlane(for: crtc(10, 0), in: card, taken: [40]), "taken by another screen")
        XCTAssertNil(
            CRTCAssignment.cursorPlane(for: crtc(10, 0), in: probe(crtcs: [crtc(10, 0)], planes: []), taken: []),
            "no cursor plane: composited")
    }

    func testOverlayPlanesSitOnTheCRTCTakeARGBLowestFirstAndAreNotShared() {
        let argb = dd_format_argb8888()
        let card = probe(
            crtcs: [crtc(10, 0), crtc(11, 1)],
            planes: [
                plane(30, .primary, crtcs: 0b11), plane(47, .overlay, crtcs: 0b01, formats: [argb]),
                plane(44, .overlay, crtcs: 0b11, formats: [argb]), plane(45, .overlay, crtcs: 0b01, formats: [xrgb]),
                plane(46, .overlay, crtcs: 0b10, formats: [argb]), plane(40, .cursor, crtcs: 0b11, formats: [argb]),
            ])
        XCTAssertEqual(CRTCAssignment.overlayPlanes(for: crtc(10, 0), in: card, taken: []).map(\.id), [44, 47])
        XCTAssertEqual(CRTCAssignment.overlayPlanes(for: crtc(11, 1), in: card, taken: [44]).map(\.id), [46])
        XCTAssertEqual(
            CRTCAssignment.overlayPlanes(for: crtc(10, 0), in: probe(crtcs: [], planes: []), taken: []).count, 0)
    }
}

/// When one CRTC can drive a second connector (hardware clone mode): both
/// encoders take the CRTC, each names the other in possible_clones, and the second
/// connector has a mode with the source's timings.
final class HardwareCloneTests: XCTestCase {
    static func mode(_ width: Int, _ height: Int, clock: UInt32 = 65_000) -> DisplayMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.htotal = UInt16(width + 320)
        info.vtotal = UInt16(height + 38)
        info.clock = clock
        info.vrefresh = 60
        return DisplayMode(info)
    }

    let crtc = CRTCState(id: 31, index: 1, framebufferID: 0, mode: nil, properties: CRTCProperties())
    let shown = HardwareCloneTests.mode(1024, 768)

    func connector(_ id: UInt32, encoders: [EncoderState], modes: [DisplayMode]) -> ConnectorState {
        ConnectorState(
            id: id, name: "HDMI-A-\(id)", type: UInt32(DRM_MODE_CONNECTOR_HDMIA), status: .connected, modes: modes,
            widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: encoders.reduce(0) { $0 | $1.possibleCRTCs },
            currentCRTC: 0, properties: ConnectorProperties(), linkStatus: .good, edid: nil, encoders: encoders)
    }

    func encoder(_ index: Int, crtcs: UInt32, clones: UInt32) -> EncoderState {
        EncoderState(id: UInt32(60 + index), index: index, possibleCRTCs: crtcs, possibleClones: clones)
    }

    func decide(source: EncoderState, target: EncoderState, targetModes: [DisplayMode]? = nil)
        -> Result<DisplayMode, HardwareClone.Refusal>
    {
        let a = connector(1, encoders: [source], modes: [shown])
        let b = connector(2, encoders: [target], modes: targetModes ?? [Self.mode(1920, 1080), shown])
        return HardwareClone.mode(for: b, onto: crtc, driving: a, in: shown)
    }

    func testSharesTheCRTCWhenBothEncodersTakeItNameEachOtherAndTheModeMatches() {
        let result = decide(
            source: encoder(0, crtcs: 0b11, clones: 0b11), target: encoder(1, crtcs: 0b10, clones: 0b11))
        XCTAssertEqual(result, .success(shown), "the target's own mode with the same timings")
    }

    func testATargetWhoseEncodersCannotTakeTheCRTCGetsACopy() {
        let result = decide(
            source: encoder(0, crtcs: 0b11, clones: 0b11), target: encoder(1, crtcs: 0b01, clones: 0b11))
        XCTAssertEqual(result, .failure(.noSharedCRTC))
    }

    func testEncodersThatDoNotNameEachOtherInPossibleClonesGetACopy() {
        // Each names only itself (what a driver that never clones reports).
        XCTAssertEqual(
            decide(source: encoder(0, crtcs: 0b11, clones: 0b01), target: encoder(1, crtcs: 0b11, clones: 0b10)),
            .failure(.encodersNotClones))
        // One way only is not enough.
        XCTAssertEqual(
            decide(source: encoder(0, crtcs: 0b11, clones: 0b11), target: encoder(1, crtcs: 0b11, clones: 0b10)),
            .failure(.encodersNotClones))
        // One encoder feeding both connectors is no clone.
        XCTAssertEqual(
            decide(source: encoder(0, crtcs: 0b11, clones: 0b11), target: encoder(0, crtcs: 0b11, clones: 0b11)),
            .failure(.encodersNotClones))
    }

    func testATargetWithoutTheSameTimingsGetsACopy() {
        // Same size, another pixel clock: other timings.
        let other = Self.mode(1024, 768, clock: 75_000)
        let result = decide(
            source: encoder(0, crtcs: 0b11, clones: 0b11), target: encoder(1, crtcs: 0b11, clones: 0b11),
            targetModes: [Self.mode(1920, 1080), other])
        XCTAssertEqual(result, .failure(.noSameMode(shown)))
    }
}

/// The atomic requests of hardware clone mode, property by property: joining moves
/// the connector to the source's CRTC and turns its own CRTC and primary plane off
/// in one ALLOW_MODESET commit; leaving detaches it.
final class HardwareCloneCommitTests: XCTestCase {
    let connector: ConnectorState = {
        var properties = ConnectorProperties()
        properties.crtcID = 1
        return ConnectorState(
            id: 41, name: "HDMI-A-2", type: UInt32(DRM_MODE_CONNECTOR_HDMIA), status: .connected, modes: [],
            widthMillimeters: 0, heightMillimeters: 0, possibleCRTCs: 0b11, currentCRTC: 0, properties: properties,
            linkStatus: .good, edid: nil)
    }()
    let ownCRTC: CRTCState = {
        var properties = CRTCProperties()
        properties.active = 2
        properties.modeID = 3
        return CRTCState(id: 32, index: 1, framebufferID: 0, mode: nil, properties: properties)
    }()
    let sourceCRTC = CRTCState(id: 31, index: 0, framebufferID: 0, mode: nil, properties: CRTCProperties())
    let primary: PlaneState = {
        var properties = PlaneProperties()
        properties.framebufferID = 4
        properties.crtcID = 5
        return PlaneState(
            id: 51, kind: .primary, possibleCRTCs: 0b10, crtcID: 32, formats: [], properties: properties)
    }()

    func state(_ change: CRTCChange) -> CRTCCommitState {
        let mode = HardwareCloneTests.mode(1024, 768)
        let buffer = ScanoutBuffer(inMemoryWidth: 4, height: 4, framebufferID: 9)
        var state = CRTCCommitState(
            connector: connector, crtc: ownCRTC, primaryPlane: primary, change: change, mode: mode, framebuffer: buffer)
        state.cloneSource = CloneSource(connector: connector, crtc: sourceCRTC, mode: mode, framebuffer: buffer)
        return state
    }

    func entries(_ change: CRTCChange, testOnly: Bool = false) throws -> (String, UInt32) {
        let commit = AtomicCommit(device: DRMDevice(unopenedPath: "/dev/null"))
        let (request, flags, _) = try XCTUnwrap(try commit.makeRequest(for: state(change), testOnly: testOnly))
        let names: [UInt32: String] = [1: "CRTC_ID", 2: "ACTIVE", 3: "MODE_ID", 4: "FB_ID", 5: "CRTC_ID"]
        let text = request.entries.map { "\($0.objectID).\(names[$0.propertyID] ?? "?")=\($0.value)" }
        return (text.joined(separator: " "), flags)
    }

    func testJoiningMovesTheConnectorAndTurnsItsOwnCRTCAndPlaneOffInOneModeset() throws {
        let (join, flags) = try entries(.joinClone)
        XCTAssertEqual(join, "41.CRTC_ID=31 32.ACTIVE=0 32.MODE_ID=0 51.FB_ID=0 51.CRTC_ID=0")
        XCTAssertEqual(flags, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), "blocking, no event")
        let (_, testFlags) = try entries(.joinClone, testOnly: true)
        XCTAssertEqual(testFlags, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_ATOMIC_TEST_ONLY))
    }

    func testLeavingDetachesTheConnector() throws {
        let (leave, flags) = try entries(.leaveClone)
        XCTAssertEqual(leave, "41.CRTC_ID=0")
        XCTAssertEqual(flags, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET))
    }
}
