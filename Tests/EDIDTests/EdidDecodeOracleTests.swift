// Our parser against edid-decode, on every real fixture.
import EDID
import XCTest

final class EdidDecodeOracleTests: XCTestCase {
    func testEveryRealFixtureAgreesWithEdidDecode() throws {
        for fixture in RealEDIDFixture.allCases {
            let output = try EdidDecode.run(on: fixture.url)
            XCTAssertTrue(output.contains("Block 0, Base EDID"), "\(fixture): edid-decode output unexpected")
            let oracle = EdidDecodeFacts(output: output)
            let info = EDIDInfo(bytes: try fixture.bytes)
            compare(info, with: oracle, fixture: fixture.rawValue)
        }
    }

    func testGeneratedEDIDsAgreeWithEdidDecode() throws {
        var detailedOnly = EDIDBuilder()
        detailedOnly.serialNumber = 77
        detailedOnly.descriptors = [
            TestTiming.ultraHD60.detailedTimingDescriptor,
            EDIDBuilder.textDescriptor(tag: 0xFC, "Generated"),
        ]
        var withCTA = detailedOnly
        withCTA.extensions = [EDIDBuilder.ctaBlock(videoDescriptors: [0x90, 4, 5], timings: [.fullHD60Interlaced])]
        var withDisplayID = EDIDBuilder()
        withDisplayID.extensions = [EDIDBuilder.displayIDBlock(version2: false, timings: [.ultraHD60])]
        var withDisplayID2 = EDIDBuilder()
        withDisplayID2.extensions = [EDIDBuilder.displayIDBlock(version2: true, timings: [.fullHD60])]
        let cases = [
            "detailed-only": detailedOnly, "cta": withCTA, "displayid-1.3": withDisplayID,
            "displayid-2.0": withDisplayID2,
        ]
        let directory = FileManager.default.temporaryDirectory
        for (label, builder) in cases.sorted(by: { $0.key < $1.key }) {
            let file = directory.appendingPathComponent("edid-oracle-\(label)-\(getpid()).bin")
            try Data(builder.bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let oracle = EdidDecodeFacts(output: try EdidDecode.run(on: file))
            compare(EDIDInfo(bytes: builder.bytes), with: oracle, fixture: "generated \(label)")
        }
    }

    private func compare(_ info: EDIDInfo, with oracle: EdidDecodeFacts, fixture: String) {
        XCTAssertNotNil(oracle.manufacturer, "\(fixture): oracle output not understood")
        XCTAssertEqual(info.manufacturer, oracle.manufacturer, "\(fixture): manufacturer")
        XCTAssertEqual(info.productCode, oracle.productCode, "\(fixture): product code")
        XCTAssertEqual(info.serialNumber, oracle.serialNumber, "\(fixture): numeric serial")
        XCTAssertEqual(info.serialString, oracle.serialString, "\(fixture): serial string")
        XCTAssertEqual(info.year, oracle.year, "\(fixture): year")
        XCTAssertEqual(info.name, oracle.name, "\(fixture): name")
        compareSize(info, with: oracle, fixture: fixture)

        guard let expected = oracle.firstDetailedTiming ?? oracle.displayIDPreferredTiming else {
            return XCTFail("\(fixture): edid-decode shows no preferred timing to compare with")
        }
        guard let preferred = info.preferredMode else { return XCTFail("\(fixture): no preferred mode") }
        XCTAssertEqual(preferred.width, expected.width, "\(fixture): preferred width")
        XCTAssertEqual(preferred.height, expected.height, "\(fixture): preferred height")
        XCTAssertEqual(preferred.interlaced, expected.interlaced, "\(fixture): preferred interlace")
        XCTAssertEqual(preferred.refreshRate, expected.refreshRate, accuracy: 0.001, "\(fixture): preferred refresh")
    }

    /// Size rule (see EDIDInfo.heightMillimeters): within 10 mm of the base
    /// block's centimetres when it gives a size, else the timing's millimetres.
    private func compareSize(_ info: EDIDInfo, with oracle: EdidDecodeFacts, fixture: String) {
        if let centimeters = oracle.sizeCentimeters {
            guard let width = info.widthMillimeters, let height = info.heightMillimeters else {
                return XCTFail("\(fixture): no size, edid-decode says \(centimeters) cm")
            }
            XCTAssertLessThan(abs(width - centimeters.width * 10), 10, "\(fixture): width vs cm")
            XCTAssertLessThan(abs(height - centimeters.height * 10), 10, "\(fixture): height vs cm")
        } else if let size = oracle.firstDetailedTiming?.imageSizeMillimeters, size.width > 0, size.height > 0 {
            XCTAssertEqual(info.widthMillimeters, size.width, "\(fixture): width from timing")
            XCTAssertEqual(info.heightMillimeters, size.height, "\(fixture): height from timing")
        } else {
            XCTAssertNil(info.widthMillimeters, "\(fixture): no size expected")
            XCTAssertNil(info.heightMillimeters, "\(fixture): no size expected")
        }
    }

    func testOracleReaderUnderstandsBothRefreshFormats() {
        let old = EdidDecodeFacts(
            output: """
                Block 0, Base EDID:
                    Manufacturer: AOC
                    Model: 5401
                    Made in: week 41 of 2008
                    Maximum image size: 33 cm x 19 cm
                    DTD 1:  1280x720    59.855 Hz  16:9    44.772 kHz  74.500 MHz (340 mm x 270 mm)
                    Display Product Name: '519W'
                """)
        XCTAssertEqual(old.manufacturer, "AOC")
        XCTAssertEqual(old.productCode, 5401)
        XCTAssertEqual(old.year, 2008)
        XCTAssertEqual(old.name, "519W")
        XCTAssertEqual(old.firstDetailedTiming?.refreshRate, 59.855)
        XCTAssertEqual(old.firstDetailedTiming?.imageSizeMillimeters?.width, 340)
    }
}
