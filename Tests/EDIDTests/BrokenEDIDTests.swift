// Truncated, zero-filled, bad-checksum and random EDIDs: warnings and
// best-effort facts, never a crash.
import EDID
import TestSupport
import XCTest

final class BrokenEDIDTests: XCTestCase {
    func testEmptyAndTiny() {
        XCTAssertEqual(EDIDInfo(bytes: []).warnings, ["EDID is empty"])
        let tiny = EDIDInfo(bytes: [0x00, 0xFF, 0xFF])
        XCTAssertNil(tiny.manufacturer)
        XCTAssertFalse(tiny.warnings.isEmpty)
    }

    func testZeroFilled() {
        for count in [128, 256] {
            let info = EDIDInfo(bytes: Array(repeating: 0, count: count))
            XCTAssertNil(info.manufacturer)
            XCTAssertNil(info.preferredMode)
            XCTAssertTrue(info.warnings.contains { $0.contains("not an EDID") }, "\(info.warnings)")
        }
    }

    func testBadChecksumKeepsTheFacts() throws {
        var bytes = try RealEDIDFixture.television.bytes
        bytes[127] &+= 1
        bytes[255] &+= 1
        let info = EDIDInfo(bytes: bytes)
        XCTAssertEqual(info.name, "LG TV")
        XCTAssertEqual(info.preferredMode?.width, 1360)
        XCTAssertTrue(info.warnings.contains { $0.contains("base block checksum") })
        XCTAssertTrue(info.warnings.contains { $0.contains("extension block 1 checksum") })
    }

    func testTruncatedAtEveryLength() throws {
        let full = try RealEDIDFixture.qemuDisplayID.bytes
        for length in 0..<full.count {
            let info = EDIDInfo(bytes: Array(full.prefix(length)))
            if length < 384 { XCTAssertFalse(info.warnings.isEmpty, "length \(length)") }
            if length >= 12 { XCTAssertEqual(info.manufacturer, "RHT", "length \(length)") }
            if length >= 128 { XCTAssertEqual(info.name, "QEMU Monitor", "length \(length)") }
        }
        let truncated = EDIDInfo(bytes: Array(full.prefix(200)))
        XCTAssertTrue(truncated.warnings.contains { $0.contains("truncated") })
    }

    func testDamagedHeaderStillParses() throws {
        var bytes = try RealEDIDFixture.qemuDefault.bytes
        bytes[3] = 0x7F
        let info = EDIDInfo(bytes: bytes)
        XCTAssertEqual(info.name, "QEMU Monitor")
        XCTAssertTrue(info.warnings.contains { $0.contains("header is damaged") })
    }

    func testMissingAndExtraExtensionBlocks() throws {
        let qemu = try RealEDIDFixture.qemuDefault.bytes
        let baseOnly = EDIDInfo(bytes: Array(qemu.prefix(128)))
        XCTAssertTrue(baseOnly.warnings.contains { $0.contains("declares 1 extension") })
        XCTAssertEqual(baseOnly.name, "QEMU Monitor")
        let doubled = EDIDInfo(bytes: qemu + qemu)
        XCTAssertTrue(doubled.warnings.contains { $0.contains("256 byte(s) after") })
        XCTAssertEqual(doubled.extensionTags, [2])
    }

    func testCorruptCTAAndDisplayIDLengths() {
        var builder = EDIDBuilder()
        var cta = EDIDBuilder.ctaBlock(videoDescriptors: [16, 4], timings: [.hd720p60])
        cta[4] = 2 << 5 | 31  // Video data block claiming 31 bytes.
        var displayID = EDIDBuilder.displayIDBlock(version2: false, timings: [.fullHD60])
        displayID[2] = 200  // Section longer than the block.
        builder.extensions = [
            EDIDBuilder.withChecksum(Array(cta.prefix(127))),
            EDIDBuilder.withChecksum(Array(displayID.prefix(127))),
        ]
        let info = EDIDInfo(bytes: builder.bytes)
        XCTAssertTrue(info.warnings.contains { $0.contains("runs past the data block collection") }, "\(info.warnings)")
        XCTAssertTrue(info.warnings.contains { $0.contains("runs past the block") }, "\(info.warnings)")
    }

    func testRandomGarbageNeverCrashes() {
        var generator = SplitMix64(seed: 0xED1D)
        for round in 0..<3000 {
            let length = Int(generator.next() % 600)
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Half the rounds get a valid header so the deeper parsers are reached.
            if round % 2 == 0 && bytes.count >= 8 {
                bytes.replaceSubrange(0..<8, with: [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
            }
            // Some rounds steer the extension tags to CTA and DisplayID.
            if round % 4 == 0 && bytes.count > 256 {
                bytes[128] = 0x02
                bytes[126] = 3
                bytes[256] = 0x70
            }
            let info = EDIDInfo(bytes: bytes)
            XCTAssertFalse(info.warnings.isEmpty && bytes.count < 128, "round \(round)")
            _ = info.suggestedScale
        }
    }

    func testMutatedRealEDIDsNeverCrash() throws {
        var generator = SplitMix64(seed: 7)
        for fixture in RealEDIDFixture.allCases {
            let original = try fixture.bytes
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<(1 + Int(generator.next() % 8)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                _ = EDIDInfo(bytes: bytes)
            }
        }
    }
}
