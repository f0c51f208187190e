// DisplayID extension blocks (tag 0x70): Type I (DisplayID 1.x) and
// Type VII (DisplayID 2.x) detailed timing data blocks.

/// Parses DisplayID sections carried in EDID extension blocks.
enum DisplayIDExtensionParser {
    /// Extension tag of a DisplayID block.
    static let tag = 0x70
    /// Data block tag of Video Timing Modes Type I – Detailed Timings (DisplayID 1.x).
    static let typeIDetailedTimingTag = 0x03
    /// Data block tag of Video Timing Modes Type VII – Detailed Timings (DisplayID 2.x).
    static let typeVIIDetailedTimingTag = 0x22
    /// Size of one Type I or Type VII timing descriptor.
    static let timingDescriptorSize = 20
    /// Offset of the first data block (after tag, version, length, product type, extension count).
    static let firstDataBlock = 5
    /// Last byte a section may use (byte 127 is the EDID block checksum).
    static let lastSectionByte = 126

    static func parse(_ block: EDIDBytes, blockIndex: Int, timings: inout ParsedTimings, warnings: inout [String]) {
        var sectionEnd = firstDataBlock + block.int(2)
        if sectionEnd > lastSectionByte {
            warnings.append(
                "DisplayID block \(blockIndex): section length \(block.int(2)) runs past the block; clipped")
            sectionEnd = lastSectionByte
        } else if block.window(1, sectionEnd).checksumRemainder != 0 {
            warnings.append("DisplayID block \(blockIndex): section checksum is wrong")
        }
        var offset = firstDataBlock
        while offset + 3 <= sectionEnd {
            let dataBlockTag = block.int(offset)
            let length = block.int(offset + 2)
            let payload = offset + 3
            guard payload + length <= sectionEnd else {
                warnings.append("DisplayID block \(blockIndex): data block at byte \(offset) runs past the section")
                return
            }
            switch dataBlockTag {
            case typeIDetailedTimingTag:
                appendTimings(
                    block.window(payload, length), at: payload, blockIndex: blockIndex, kilohertzPerUnit: 10,
                    source: .displayIDTypeITiming, to: &timings, warnings: &warnings)
            case typeVIIDetailedTimingTag:
                appendTimings(
                    block.window(payload, length), at: payload, blockIndex: blockIndex, kilohertzPerUnit: 1,
                    source: .displayIDTypeVIITiming, to: &timings, warnings: &warnings)
            default:
                break
            }
            offset = payload + length
        }
    }

    /// Decodes consecutive 20-byte timing descriptors. Type I counts the pixel
    /// clock in 10 kHz units, Type VII in 1 kHz units; all other fields are
    /// stored minus one. `start` is the body's offset in the block, for warnings.
    private static func appendTimings(
        _ body: EDIDBytes, at start: Int, blockIndex: Int, kilohertzPerUnit: Int, source: EDIDVideoMode.Source,
        to timings: inout ParsedTimings, warnings: inout [String]
    ) {
        var offset = 0
        while body.has(offset, count: timingDescriptorSize) {
            do {
                timings.displayID.append(try timing(body, at: offset, kilohertzPerUnit: kilohertzPerUnit, source))
            } catch {
                warnings.append("DisplayID block \(blockIndex): timing at byte \(start + offset) ignored: \(error)")
            }
            offset += timingDescriptorSize
        }
    }

    /// The 20-byte timing descriptor at `offset` of `body`.
    private static func timing(
        _ body: EDIDBytes, at offset: Int, kilohertzPerUnit: Int, _ source: EDIDVideoMode.Source
    ) throws(ImplausibleTiming) -> DetailedTiming {
        let flags = body[offset + 3]
        return try DetailedTiming(
            pixelClockKilohertz: (body.littleEndian24(offset) + 1) * kilohertzPerUnit,
            horizontalActive: body.littleEndian16(offset + 4) + 1,
            horizontalBlank: body.littleEndian16(offset + 6) + 1,
            verticalActive: body.littleEndian16(offset + 12) + 1,
            verticalBlank: body.littleEndian16(offset + 14) + 1,
            interlaced: flags & 0x10 != 0,
            isPreferred: flags & 0x80 != 0,
            source: source)
    }
}
