// Builds synthetic EDIDs byte by byte for the generated-EDID tests.

/// A full timing to encode as an 18-byte DTD or a DisplayID descriptor.
struct TestTiming {
    var pixelClockKilohertz: Int
    var width: Int
    var horizontalBlank: Int
    var height: Int
    var verticalBlank: Int
    var interlaced = false
    var widthMillimeters = 0
    var heightMillimeters = 0

    /// 1920x1080 at 60 Hz (CTA-861 VIC 16 timing).
    static let fullHD60 = TestTiming(
        pixelClockKilohertz: 148_500, width: 1920, horizontalBlank: 280, height: 1080, verticalBlank: 45)
    /// 1280x720 at 60 Hz (VIC 4 timing).
    static let hd720p60 = TestTiming(
        pixelClockKilohertz: 74_250, width: 1280, horizontalBlank: 370, height: 720, verticalBlank: 30)
    /// 1920x1080i at 60 Hz (VIC 5 timing; 540 lines per field).
    static let fullHD60Interlaced = TestTiming(
        pixelClockKilohertz: 74_250, width: 1920, horizontalBlank: 280, height: 540, verticalBlank: 22,
        interlaced: true)
    /// 3840x2160 at 60 Hz, CVT reduced blanking v2 style.
    static let ultraHD60 = TestTiming(
        pixelClockKilohertz: 533_250, width: 3840, horizontalBlank: 160, height: 2160, verticalBlank: 62)

    /// The 18-byte detailed timing descriptor.
    var detailedTimingDescriptor: [UInt8] {
        let clock = pixelClockKilohertz / 10
        return [
            UInt8(clock & 0xFF), UInt8(clock >> 8),
            UInt8(width & 0xFF), UInt8(horizontalBlank & 0xFF),
            UInt8((width >> 8) << 4 | (horizontalBlank >> 8)),
            UInt8(height & 0xFF), UInt8(verticalBlank & 0xFF),
            UInt8((height >> 8) << 4 | (verticalBlank >> 8)),
            16, 32, 0x35, 0x00,  // Sync offsets and widths (unused by the parser).
            UInt8(widthMillimeters & 0xFF), UInt8(heightMillimeters & 0xFF),
            UInt8((widthMillimeters >> 8) << 4 | (heightMillimeters >> 8)),
            0, 0, interlaced ? 0x9E : 0x1E,
        ]
    }

    /// A 20-byte DisplayID Type I (10 kHz units) or Type VII (1 kHz units) descriptor.
    func displayIDDescriptor(kilohertzPerUnit: Int, preferred: Bool) -> [UInt8] {
        func minusOne16(_ value: Int) -> [UInt8] { [UInt8((value - 1) & 0xFF), UInt8((value - 1) >> 8)] }
        let clock = pixelClockKilohertz / kilohertzPerUnit - 1
        var bytes: [UInt8] = [UInt8(clock & 0xFF), UInt8((clock >> 8) & 0xFF), UInt8(clock >> 16)]
        bytes.append((preferred ? 0x80 : 0) | (interlaced ? 0x10 : 0) | 0x04)
        bytes += minusOne16(width) + minusOne16(horizontalBlank) + minusOne16(48) + minusOne16(32)
        bytes += minusOne16(height) + minusOne16(verticalBlank) + minusOne16(3) + minusOne16(5)
        return bytes
    }
}

/// Builds EDID blobs: a base block plus optional extension blocks, with
/// correct checksums unless told otherwise.
struct EDIDBuilder {
    var manufacturer = "ABC"
    var productCode = 0x1234
    var serialNumber: UInt32 = 0
    var week = 10
    var yearSince1990 = 30
    var revision = 4
    var widthCentimeters = 53
    var heightCentimeters = 30
    /// Up to four 18-byte descriptors (timings or display descriptors).
    var descriptors: [[UInt8]] = []
    var extensions: [[UInt8]] = []
    /// Established timing bytes 35–37.
    var establishedTimings: [UInt8] = [0, 0, 0]
    /// Up to eight standard timings, two bytes each.
    var standardTimings: [[UInt8]] = []

    /// An 18-byte display descriptor carrying text (name 0xFC, serial 0xFF, string 0xFE).
    static func textDescriptor(tag: UInt8, _ text: String) -> [UInt8] {
        var payload = Array(text.utf8.prefix(13))
        if payload.count < 13 { payload.append(0x0A) }
        while payload.count < 13 { payload.append(0x20) }
        return [0, 0, 0, tag, 0] + payload
    }

    /// A dummy descriptor (tag 0x10).
    static let dummyDescriptor: [UInt8] = [0, 0, 0, 0x10] + Array(repeating: 0, count: 14)

    /// The complete blob.
    var bytes: [UInt8] {
        var base: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
        let letters = manufacturer.utf8.map { Int($0) - 64 }
        let packed = letters.count == 3 ? letters[0] << 10 | letters[1] << 5 | letters[2] : 0
        base += [UInt8(packed >> 8), UInt8(packed & 0xFF), UInt8(productCode & 0xFF), UInt8(productCode >> 8)]
        base += (0..<4).map { UInt8((serialNumber >> (8 * $0)) & 0xFF) }
        base += [UInt8(week), UInt8(yearSince1990), 1, UInt8(revision)]
        base += [0x80, UInt8(widthCentimeters), UInt8(heightCentimeters), 0x78, 0x0A]
        base += Array(repeating: 0x55, count: 10)  // Chromaticity.
        base += establishedTimings
        for index in 0..<8 {
            base += index < standardTimings.count ? standardTimings[index] : [0x01, 0x01]
        }
        for index in 0..<4 {
            base += index < descriptors.count ? descriptors[index] : Self.dummyDescriptor
        }
        base.append(UInt8(extensions.count))
        var blob = Self.withChecksum(base)
        for block in extensions { blob += block }
        return blob
    }

    /// `block` (127 bytes) with its checksum byte appended.
    static func withChecksum(_ block: [UInt8]) -> [UInt8] {
        let sum = block.reduce(UInt8(0), &+)
        return block + [0 &- sum]
    }

    /// A CTA-861 revision 3 block with the given short video descriptors
    /// (raw bytes, so bit 7 can mark a native VIC) and detailed timings.
    static func ctaBlock(videoDescriptors: [UInt8], extraDataBlocks: [[UInt8]] = [], timings: [TestTiming]) -> [UInt8] {
        var dataBlocks: [UInt8] = []
        if !videoDescriptors.isEmpty {
            dataBlocks += [UInt8(2 << 5 | videoDescriptors.count)] + videoDescriptors
        }
        for block in extraDataBlocks { dataBlocks += block }
        var block: [UInt8] = [0x02, 0x03, UInt8(4 + dataBlocks.count), 0xF0 | UInt8(timings.count)]
        block += dataBlocks
        for timing in timings { block += timing.detailedTimingDescriptor }
        block += Array(repeating: 0, count: max(0, 127 - block.count))
        return withChecksum(Array(block.prefix(127)))
    }

    /// A DisplayID extension block (version 1.3 with Type I timings, or 2.0
    /// with Type VII timings); the first timing is flagged preferred.
    static func displayIDBlock(version2: Bool, timings: [TestTiming]) -> [UInt8] {
        let descriptors = timings.enumerated().flatMap {
            $0.element.displayIDDescriptor(kilohertzPerUnit: version2 ? 1 : 10, preferred: $0.offset == 0)
        }
        let dataBlock: [UInt8] = [version2 ? 0x22 : 0x03, 0, UInt8(descriptors.count)] + descriptors
        var section: [UInt8] = [version2 ? 0x20 : 0x13, UInt8(dataBlock.count), version2 ? 0 : 3, 0] + dataBlock
        section.append(0 &- section.reduce(UInt8(0), &+))
        var block: [UInt8] = [0x70] + section
        block += Array(repeating: 0, count: max(0, 127 - block.count))
        return withChecksum(Array(block.prefix(127)))
    }
}
