// Synthetic EDIDs: detailed timings only, CTA-861 blocks, DisplayID blocks.
import EDID
import XCTest

final class GeneratedEDIDTests: XCTestCase {
    func testDetailedTimingsOnly() {
        var builder = EDIDBuilder()
        builder.serialNumber = 4242
        var first = TestTiming.ultraHD60
        first.widthMillimeters = 597
        first.heightMillimeters = 336
        builder.descriptors = [
            first.detailedTimingDescriptor, TestTiming.fullHD60.detailedTimingDescriptor,
            EDIDBuilder.textDescriptor(tag: 0xFC, "Test Panel"), EDIDBuilder.textDescriptor(tag: 0xFF, "SN-0001"),
        ]
        builder.widthCentimeters = 60
        builder.heightCentimeters = 34
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.warnings, [])
        XCTAssertEqual(info.manufacturer, "ABC")
        XCTAssertEqual(info.productCode, 0x1234)
        XCTAssertEqual(info.serialNumber, 4242)
        XCTAssertEqual(info.serial, "SN-0001")
        XCTAssertEqual(info.year, 2020)
        XCTAssertEqual(info.week, 10)
        XCTAssertEqual(info.name, "Test Panel")
        XCTAssertEqual(info.widthMillimeters, 597, "timing size agrees with 60 cm, so its mm win")
        XCTAssertEqual(info.heightMillimeters, 336)
        XCTAssertEqual(info.preferredMode?.width, 3840)
        XCTAssertEqual(info.preferredMode?.refreshRate ?? 0, 59.997, accuracy: 0.001)
        XCTAssertEqual(info.modes.map(\.width), [3840, 1920])
        XCTAssertEqual(info.suggestedScale, 2)
    }

    func testInterlacedDetailedTimingDoublesFieldLines() {
        var builder = EDIDBuilder()
        builder.descriptors = [TestTiming.fullHD60Interlaced.detailedTimingDescriptor]
        let mode = EDIDInfo(bytes: builder.bytes).preferredMode
        XCTAssertEqual(mode?.height, 1080)
        XCTAssertEqual(mode?.interlaced, true)
        XCTAssertEqual(mode?.refreshRate ?? 0, 60, accuracy: 0.001)
    }

    func testCTABlockWithVICsAndDetailedTimings() {
        var builder = EDIDBuilder()
        builder.descriptors = [TestTiming.fullHD60.detailedTimingDescriptor]
        // VIC 16 native (0x80 | 16), VIC 4, VIC 5 (interlaced), VIC 97 (4K60), VIC 200 (8K at 100 Hz),
        // and an HDMI vendor block whose one HDMI VIC is 4 (4096x2160 at 24 Hz).
        let hdmiVendorBlock: [UInt8] = [3 << 5 | 11, 0x03, 0x0C, 0x00, 0x10, 0x00, 0x00, 0x3C, 0x20, 0x00, 0x20]
        builder.extensions = [
            EDIDBuilder.ctaBlock(
                videoDescriptors: [0x90, 4, 5, 97, 200], extraDataBlocks: [hdmiVendorBlock + [4]],
                timings: [.hd720p60, .fullHD60Interlaced])
        ]
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.warnings, [])
        XCTAssertEqual(info.extensionTags, [2])
        let codes = info.modes.filter { $0.source == .ctaVideoIdentificationCode }
        XCTAssertEqual(codes.map(\.width), [3840, 7680], "VIC 16, 4 and 5 duplicate earlier timings")
        XCTAssertTrue(info.modes.contains { $0.source == .ctaDetailedTiming && $0.width == 1280 })
        XCTAssertTrue(info.modes.contains { $0.width == 1920 && $0.interlaced })
        XCTAssertTrue(info.modes.contains { $0.width == 4096 && $0.source == .hdmiVideoIdentificationCode })
        XCTAssertEqual(info.preferredMode?.source, .detailedTiming)
    }

    func testCTAOnlyPreferredModeIsTheNativeVIC() {
        var builder = EDIDBuilder()
        builder.descriptors = [EDIDBuilder.textDescriptor(tag: 0xFC, "No DTD")]
        builder.extensions = [EDIDBuilder.ctaBlock(videoDescriptors: [4, 0x80 | 16], timings: [])]
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.preferredMode?.width, 1920)
        XCTAssertEqual(info.preferredMode?.source, .ctaVideoIdentificationCode)
    }

    func testDisplayIDType1Block() {
        var builder = EDIDBuilder()
        builder.extensions = [EDIDBuilder.displayIDBlock(version2: false, timings: [.ultraHD60, .fullHD60])]
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.warnings, [])
        XCTAssertEqual(info.extensionTags, [0x70])
        XCTAssertEqual(info.preferredMode?.source, .displayIDTypeITiming)
        XCTAssertEqual(info.preferredMode?.width, 3840)
        XCTAssertEqual(info.preferredMode?.height, 2160)
        XCTAssertEqual(info.preferredMode?.refreshRate ?? 0, 59.997, accuracy: 0.001)
        XCTAssertEqual(info.modes.filter { $0.source == .displayIDTypeITiming }.count, 2)
    }

    func testDisplayID2Type7Block() {
        var builder = EDIDBuilder()
        let highRate = TestTiming(
            pixelClockKilohertz: 1_066_501, width: 3840, horizontalBlank: 160, height: 2160, verticalBlank: 62)
        builder.extensions = [EDIDBuilder.displayIDBlock(version2: true, timings: [highRate])]
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.warnings, [])
        XCTAssertEqual(info.preferredMode?.source, .displayIDTypeVIITiming)
        XCTAssertEqual(info.preferredMode?.pixelClockKilohertz, 1_066_501)
        XCTAssertEqual(info.preferredMode?.refreshRate ?? 0, 119.993, accuracy: 0.001)
    }

    func testStandardAndEstablishedTimingsOnly() {
        var builder = EDIDBuilder()
        builder.establishedTimings = [0x21, 0x08, 0x00]  // 640x480@60, 800x600@60, 1024x768@60.
        builder.standardTimings = [[0xD1, 0xC0], [0x81, 0x80]]  // 1920x1080@60, 1280x960@60.
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.preferredMode?.width, 1920)
        XCTAssertEqual(info.preferredMode?.height, 1080)
        XCTAssertEqual(info.modes.filter { $0.source == .establishedTiming }.map(\.width), [640, 800, 1024])
    }

    func testModelYearAndAspectRatioSize() {
        var builder = EDIDBuilder()
        builder.week = 0xFF
        builder.yearSince1990 = 33
        builder.widthCentimeters = 0
        builder.heightCentimeters = 0
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertEqual(info.year, 2023)
        XCTAssertTrue(info.isModelYear)
        XCTAssertNil(info.week)
        XCTAssertNil(info.widthMillimeters)
    }

    func testQEMUStyleEDIDFromItsGenerator() throws {
        // The real QEMU 7.2 EDID, with the size QEMU derives from its 100 dpi default.
        let info = EDIDInfo(bytes: try RealEDIDFixture.qemuDefault.bytes)
        let density = try XCTUnwrap(
            PixelDensity.pixelsPerInch(widthPixels: 1280, widthMillimeters: info.widthMillimeters))
        XCTAssertEqual(density, 100, accuracy: 0.1)
    }
}
