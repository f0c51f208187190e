// Facts of the real fixtures, checked without the oracle, and the JSON form.
import EDID
import Foundation
import XCTest

final class RealEDIDTests: XCTestCase {
    func testQEMUMonitorMatchesWhatQEMUGenerates() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.qemuDefault.bytes)
        XCTAssertEqual(info.manufacturer, "RHT")
        XCTAssertEqual(info.name, "QEMU Monitor")
        XCTAssertEqual(info.productCode, 0x1234)
        XCTAssertNil(info.serial)
        XCTAssertEqual(info.year, 2014)
        XCTAssertEqual(info.preferredMode?.width, 1280)
        XCTAssertEqual(info.preferredMode?.height, 800)
        XCTAssertEqual(info.preferredMode?.refreshRate ?? 0, 74.994, accuracy: 0.001)
        XCTAssertEqual(info.widthMillimeters, 325)
        XCTAssertEqual(info.heightMillimeters, 203)
        XCTAssertEqual(info.extensionTags, [0x02])
        XCTAssertEqual(info.warnings, [])
        XCTAssertTrue(info.modes.contains { $0.width == 5120 && $0.height == 2160 && $0.refreshRate == 50 })
        XCTAssertEqual(info.suggestedScale, 1)
    }

    func testQEMUHugeHeadTakesPreferredModeFromDisplayID() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.qemuDisplayID.bytes)
        XCTAssertEqual(info.extensionTags, [0x02, 0x70])
        XCTAssertEqual(info.preferredMode?.source, .displayIDTypeITiming)
        XCTAssertEqual(info.preferredMode?.width, 5120)
        XCTAssertEqual(info.preferredMode?.height, 2880)
        XCTAssertEqual(info.preferredMode?.pixelClockKilohertz, 1_544_840)
        XCTAssertEqual(info.preferredMode?.refreshRate ?? 0, 75.0, accuracy: 0.001)
        XCTAssertEqual(info.warnings, [])
    }

    func testLaptopPanelHasNoNameButAlphanumericStrings() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.laptopPanel.bytes)
        XCTAssertNil(info.name)
        XCTAssertEqual(info.alphanumericStrings, ["BOE HF", "HB133WX1-402"])
        XCTAssertEqual(info.preferredMode?.width, 1366)
        XCTAssertEqual(info.modes.filter { $0.source == .detailedTiming }.count, 2)
        XCTAssertEqual(info.widthMillimeters, 293)
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 1366, widthMillimeters: 293), 1)
    }

    func testTelevisionListsCTAModesAndFlagsItsAspectRatioSize() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.television.bytes)
        XCTAssertEqual(info.name, "LG TV")
        XCTAssertTrue(
            info.modes.contains { $0.width == 1920 && $0.height == 1080 && $0.interlaced && $0.refreshRate == 60 })
        XCTAssertTrue(info.modes.contains { $0.source == .ctaVideoIdentificationCode && $0.refreshRate == 24 })
        XCTAssertTrue(info.warnings.contains { $0.contains("dubious image size") })
        XCTAssertEqual(info.suggestedScale, 1, "16x9 cm is an aspect ratio, not a size")
    }

    func testFourKMonitorWithCTABlock() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.monitor4KWithCTA.bytes)
        XCTAssertEqual(info.preferredMode?.width, 3840)
        XCTAssertEqual(info.serialString, nil, "the serial string sits in the CTA block, not the base block")
        XCTAssertTrue(info.modes.contains { $0.width == 3840 && $0.refreshRate == 30 })
        XCTAssertTrue(info.modes.contains { $0.width == 2560 && $0.source == .ctaDetailedTiming })
        XCTAssertEqual(info.suggestedScale, 2, "3840 px over 600 mm is 163 ppi")
    }

    func testProjectorHasNoPhysicalSize() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.projector.bytes)
        XCTAssertNil(info.widthMillimeters)
        XCTAssertNil(info.heightMillimeters)
        XCTAssertEqual(info.serial, "Q7F9H12VAC")
        XCTAssertEqual(info.serialNumber, 9999)
        XCTAssertTrue(info.modes.contains { $0.width == 4096 && $0.height == 2160 })
        XCTAssertEqual(info.suggestedScale, 1)
    }

    func testCRTEraEDIDVersion12() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.cathodeRayTube.bytes)
        XCTAssertEqual(info.version, "1.2")
        XCTAssertEqual(info.isDigital, false)
        XCTAssertEqual(info.week, 22)
        XCTAssertEqual(info.name, "CPD-G220")
        XCTAssertTrue(info.modes.contains { $0.source == .establishedTiming && $0.interlaced })
        XCTAssertTrue(info.modes.contains { $0.source == .standardTiming && $0.width == 1600 && $0.height == 1200 })
    }

    func testJSONHasTheContractKeys() throws {
        for fixture in RealEDIDFixture.allCases {
            let data = try JSONEncoder().encode(EDIDInfo(bytes: try fixture.bytes))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for key in [
                "manufacturer", "productCode", "serial", "year", "name", "widthMillimeters",
                "heightMillimeters", "preferredMode", "warnings",
            ] {
                XCTAssertTrue(object.keys.contains(key), "\(fixture): JSON lacks \(key)")
            }
            let preferred = try XCTUnwrap(object["preferredMode"] as? [String: Any], "\(fixture)")
            XCTAssertNotNil(preferred["width"] as? Int)
            XCTAssertNotNil(preferred["height"] as? Int)
            XCTAssertNotNil(preferred["refreshRate"] as? Double)
        }
    }

    func testJSONRoundTrips() throws {
        let info = EDIDInfo(bytes: try RealEDIDFixture.projector.bytes)
        let decoded = try JSONDecoder().decode(EDIDInfo.self, from: try JSONEncoder().encode(info))
        XCTAssertEqual(decoded, info)
    }

    func testUnknownFactsAreJSONNull() throws {
        let data = try JSONEncoder().encode(EDIDInfo(bytes: []))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertTrue(object["name"] is NSNull)
        XCTAssertTrue(object["preferredMode"] is NSNull)
        XCTAssertEqual((object["warnings"] as? [String])?.isEmpty, false)
    }

    func testDataInitializerMatchesBytes() throws {
        let bytes = try RealEDIDFixture.television.bytes
        XCTAssertEqual(EDIDInfo(data: Data(bytes)), EDIDInfo(bytes: bytes))
    }
}
