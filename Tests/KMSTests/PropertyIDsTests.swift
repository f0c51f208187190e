import DirectDisplayTesting
import SystemPackage
import XCTest

@testable import KMS

/// The typed property tables: ids resolved from the kernel's names once, optional
/// properties nil where a driver lacks them, and a missing property named by the
/// commit that needs it.
final class PropertyIDsTests: XCTestCase {
    override func tearDown() {
        DRMFaultInjection.clear()
        super.tearDown()
    }

    private func probed(_ names: [String]) -> ProbedProperties {
        var properties: [String: ProbedProperties.Property] = [:]
        for (index, name) in names.enumerated() { properties[name] = .init(id: UInt32(100 + index), value: 0) }
        return ProbedProperties(properties: properties)
    }

    /// The properties every atomic plane has.
    private let planeCore = [
        "type", "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H",
    ]

    func testPlaneTables() {
        let cases: [(name: String, names: [String], damage: Bool, zpos: Bool, rotation: Bool)] = [
            ("vkms-like: no optional properties", planeCore, false, false, false),
            ("damage clips only", planeCore + ["FB_DAMAGE_CLIPS"], true, false, false),
            ("all of them", planeCore + ["FB_DAMAGE_CLIPS", "zpos", "rotation", "IN_FORMATS"], true, true, true),
        ]
        for (name, names, damage, zpos, rotation) in cases {
            let table = PlaneProperties(probed(names))
            let expected = probed(names)
            XCTAssertEqual(table.framebufferID, expected.properties["FB_ID"]?.id, name)
            XCTAssertEqual(table.crtcID, expected.properties["CRTC_ID"]?.id, name)
            XCTAssertEqual(table.sourceWidth, expected.properties["SRC_W"]?.id, name)
            XCTAssertEqual(table.crtcHeight, expected.properties["CRTC_H"]?.id, name)
            XCTAssertEqual(table.damageClips != nil, damage, name)
            XCTAssertEqual(table.zpos != nil, zpos, name)
            XCTAssertEqual(table.rotation != nil, rotation, name)
        }
    }

    func testConnectorAndCRTCTables() {
        let plain = ConnectorProperties(probed(["CRTC_ID", "EDID", "DPMS"]))
        XCTAssertNotNil(plain.crtcID)
        XCTAssertNil(plain.linkStatus)
        XCTAssertNil(plain.writebackFramebufferID)
        let writeback = ConnectorProperties(
            probed(["CRTC_ID", "WRITEBACK_FB_ID", "WRITEBACK_OUT_FENCE_PTR", "WRITEBACK_PIXEL_FORMATS"]))
        XCTAssertNotNil(writeback.writebackFramebufferID)
        XCTAssertNotNil(writeback.writebackOutFencePointer)
        XCTAssertEqual(ConnectorProperties(probed(["link-status"])).linkStatus, 100)
        let crtc = CRTCProperties(probed(["ACTIVE", "MODE_ID", "GAMMA_LUT"]))
        XCTAssertEqual(crtc.active, 100)
        XCTAssertEqual(crtc.modeID, 101)
        XCTAssertEqual(CRTCProperties(probed([])), CRTCProperties())
    }

    /// Each table names every field once and each name once: a name typed twice
    /// would leave a field nil on every card.
    func testNamesAreOneToOne() {
        func check<Table: PropertyIDs>(_: Table.Type) {
            let names = Table.names.map(\.name)
            XCTAssertEqual(Set(names).count, names.count, "\(Table.self)")
            XCTAssertEqual(Set(Table.names.map { $0.field as AnyKeyPath }).count, names.count, "\(Table.self)")
            for (name, field) in Table.names { XCTAssertEqual(Table.name(of: field), name) }
        }
        check(ConnectorProperties.self)
        check(CRTCProperties.self)
        check(PlaneProperties.self)
    }

    /// A commit that needs a property the object lacks fails naming it, before
    /// the kernel would answer a bare EINVAL.
    func testAMissingPropertyIsNamed() throws {
        let plane = PlaneState(
            id: 7, kind: .overlay, possibleCRTCs: 1, crtcID: 0, formats: [],
            properties: PlaneProperties(probed(planeCore)))
        let request = try AtomicRequest()
        XCTAssertNoThrow(try request.set(\.framebufferID, of: plane, to: 1))
        XCTAssertThrowsError(try request.set(\.damageClips, of: plane, to: 1)) { error in
            let error = error as? DRMError
            XCTAssertEqual(error?.errno, .invalidArgument)
            XCTAssertEqual(error?.context, "object 7 has no property FB_DAMAGE_CLIPS")
        }
    }

    /// DirectDisplayTesting's injection reaches the funnel through its hook, for
    /// exactly the calls and times asked, and leaves the funnel alone after.
    func testInjectedFailuresGoThroughTheFunnelHook() throws {
        DRMFaultInjection.failNext(.atomicAlloc, with: .noMemory, times: 2)
        for attempt in 1...2 {
            XCTAssertThrowsError(try AtomicRequest(), "attempt \(attempt)") { error in
                let error = error as? DRMError
                XCTAssertEqual(error?.call, "drmModeAtomicAlloc")
                XCTAssertEqual(error?.errno, .noMemory)
                XCTAssertEqual(error?.context.hasSuffix("(injected)"), true)
            }
        }
        XCTAssertEqual(DRMFaultInjection.remaining(.atomicAlloc), 0)
        XCTAssertNoThrow(try AtomicRequest())
        DRMFaultInjection.failNext(.createDumbBuffer, with: .noMemory)
        XCTAssertNoThrow(try AtomicRequest(), "only the call named fails")
        XCTAssertEqual(DRMFaultInjection.remaining(.createDumbBuffer), 1)
        DRMFaultInjection.clear()
        XCTAssertEqual(DRMFaultInjection.remaining(.createDumbBuffer), 0)
    }
}
