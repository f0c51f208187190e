// Full timings whose numbers cannot be a real mode (a 10 kHz pixel clock, a
// refresh under 1 Hz or over 1000 Hz, a side of 0 or 8 pixels) are dropped
// with a warning wherever they are found, and never become the preferred mode.
import EDID
import XCTest

final class TimingPlausibilityTests: XCTestCase {
    /// One EDID built around a timing, and what the parser must make of it.
    struct Case {
        let name: String
        let bytes: [UInt8]
        /// A fragment of the one warning expected; nil when none is.
        let warning: String?
        /// The preferred mode's size, nil when there is none.
        let preferred: (width: Int, height: Int)?
    }

    /// A base block whose descriptors are these timings, in order.
    static func base(_ timings: [TestTiming]) -> [UInt8] {
        var builder = EDIDBuilder()
        builder.descriptors = timings.map(\.detailedTimingDescriptor)
        return builder.bytes
    }

    /// A base block without timings plus one extension block.
    static func withExtension(_ block: [UInt8]) -> [UInt8] {
        var builder = EDIDBuilder()
        builder.extensions = [block]
        return builder.bytes
    }

    static func timing(_ clock: Int, _ width: Int, _ horizontalBlank: Int, _ height: Int, _ verticalBlank: Int)
        -> TestTiming
    {
        TestTiming(
            pixelClockKilohertz: clock, width: width, horizontalBlank: horizontalBlank, height: height,
            verticalBlank: verticalBlank)
    }

    static let cases: [Case] = [
        Case(
            name: "10 kHz clock, 4095x4095, alone", bytes: base([timing(10, 4095, 4095, 4095, 4095)]),
            warning: "detailed timing at byte 54 ignored: pixel clock 10 kHz is implausible", preferred: nil),
        Case(
            name: "10 kHz clock before a real timing", bytes: base([timing(10, 4095, 4095, 4095, 4095), .fullHD60]),
            warning: "pixel clock 10 kHz", preferred: (1920, 1080)),
        Case(
            name: "990 kHz clock", bytes: base([timing(990, 16, 16, 16, 16), .fullHD60]),
            warning: "pixel clock 990 kHz", preferred: (1920, 1080)),
        Case(
            name: "1 MHz clock on a tiny mode is kept (976.6 Hz)", bytes: base([timing(1000, 16, 16, 16, 16)]),
            warning: nil, preferred: (16, 16)),
        Case(
            name: "refresh under 1 Hz", bytes: base([timing(25_000, 4095, 4095, 4095, 4095), .hd720p60]),
            warning: "refresh rate 0.372", preferred: (1280, 720)),
        Case(
            name: "refresh over 1000 Hz", bytes: base([timing(655_350, 640, 16, 480, 4), .hd720p60]),
            warning: "refresh rate 2064.", preferred: (1280, 720)),
        Case(
            name: "606 Hz is kept", bytes: base([timing(655_350, 1280, 160, 720, 30)]),
            warning: nil, preferred: (1280, 720)),
        Case(
            name: "zero width", bytes: base([timing(148_500, 0, 280, 1080, 45), .hd720p60]),
            warning: "active size 0x1080 is implausible", preferred: (1280, 720)),
        Case(
            name: "8 lines", bytes: base([timing(148_500, 1920, 280, 8, 45), .hd720p60]),
            warning: "active size 1920x8", preferred: (1280, 720)),
        Case(
            name: "interlaced 1080i is kept", bytes: base([.fullHD60Interlaced]),
            warning: nil, preferred: (1920, 1080)),
        Case(
            name: "CTA-861 detailed timing",
            bytes: withExtension(
                EDIDBuilder.ctaBlock(videoDescriptors: [], timings: [timing(10, 4095, 4095, 4095, 4095), .hd720p60])),
            warning: "CTA-861 block 1: detailed timing at byte 4 ignored: pixel clock 10 kHz", preferred: (1280, 720)),
        Case(
            name: "DisplayID Type I preferred timing",
            bytes: withExtension(
                EDIDBuilder.displayIDBlock(version2: false, timings: [timing(10, 3840, 160, 2160, 62), .fullHD60])),
            warning: "DisplayID block 1: timing at byte 8 ignored: pixel clock 10 kHz", preferred: (1920, 1080)),
        Case(
            name: "DisplayID Type VII timing at 0.5 MHz",
            bytes: withExtension(
                EDIDBuilder.displayIDBlock(version2: true, timings: [timing(500, 640, 160, 480, 45), .ultraHD60])),
            warning: "DisplayID block 1: timing at byte 8 ignored: pixel clock 500 kHz", preferred: (3840, 2160)),
    ]

    func testImplausibleTimingsAreDroppedWithAWarning() {
        for testCase in Self.cases {
            let info = EDIDInfo(bytes: testCase.bytes)
            if let warning = testCase.warning {
                XCTAssertEqual(info.warnings.count, 1, "\(testCase.name): \(info.warnings)")
                XCTAssertTrue(info.warnings.contains { $0.contains(warning) }, "\(testCase.name): \(info.warnings)")
            } else {
                XCTAssertEqual(info.warnings, [], testCase.name)
            }
            XCTAssertEqual(info.preferredMode?.width, testCase.preferred?.width, testCase.name)
            XCTAssertEqual(info.preferredMode?.height, testCase.preferred?.height, testCase.name)
            for mode in info.modes {
                XCTAssertTrue((1...1000).contains(mode.refreshRate), "\(testCase.name): \(mode)")
                XCTAssertTrue(mode.width >= 16 && mode.height >= 16, "\(testCase.name): \(mode)")
            }
        }
    }

    /// Every real fixture's timings pass the rules: they only drop nonsense.
    func testRealEDIDsLoseNoTiming() throws {
        for fixture in RealEDIDFixture.allCases {
            let info = EDIDInfo(bytes: try fixture.bytes)
            XCTAssertFalse(info.warnings.contains { $0.contains("implausible") }, "\(fixture): \(info.warnings)")
        }
    }
}
