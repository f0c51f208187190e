// CTA-861 extension blocks (tag 0x02): the data block collection (video,
// HDMI vendor-specific and YCbCr 4:2:0 video data blocks) and the block's
// detailed timing descriptors.

/// Parses CTA-861 (formerly CEA-861) EDID extension blocks.
enum CTAExtensionParser {
    /// Extension tag of a CTA-861 block.
    static let tag = 0x02
    /// Data block tag of a video data block.
    static let videoDataBlockTag = 2
    /// Data block tag of a vendor-specific data block.
    static let vendorSpecificDataBlockTag = 3
    /// Data block tag announcing an extended tag in the first payload byte.
    static let extendedDataBlockTag = 7
    /// Extended tag of a YCbCr 4:2:0 video data block.
    static let yCbCr420VideoDataBlockExtendedTag = 0x0E
    /// IEEE OUI of HDMI Licensing, which marks the HDMI 1.4 vendor-specific data block.
    static let hdmiOUI = 0x000C03
    /// Last byte before the block checksum.
    static let lastPayloadByte = 126

    static func parse(_ block: EDIDBytes, blockIndex: Int, timings: inout ParsedTimings, warnings: inout [String]) {
        let revision = block.int(1)
        var detailedTimingStart = block.int(2)
        if detailedTimingStart != 0 && !(4...127).contains(detailedTimingStart) {
            warnings.append(
                "CTA-861 block \(blockIndex): detailed timing offset \(detailedTimingStart) is invalid; "
                    + "data blocks and timings skipped")
            detailedTimingStart = 0
        }
        if revision >= 3, detailedTimingStart > 4 {
            parseDataBlocks(
                block, end: detailedTimingStart, blockIndex: blockIndex, timings: &timings, warnings: &warnings)
        }
        guard detailedTimingStart >= 4 else { return }
        var offset = detailedTimingStart
        while offset + BaseBlockParser.descriptorSize <= lastPayloadByte + 1, block.littleEndian16(offset) != 0 {
            do {
                if let timing = try BaseBlockParser.decodeDetailedTiming(block, at: offset, source: .ctaDetailedTiming)
                {
                    timings.ctaDetailed.append(timing)
                }
            } catch {
                warnings.append("CTA-861 block \(blockIndex): detailed timing at byte \(offset) ignored: \(error)")
            }
            offset += BaseBlockParser.descriptorSize
        }
    }

    /// Walks the data block collection from byte 4 up to `end`.
    private static func parseDataBlocks(
        _ block: EDIDBytes, end: Int, blockIndex: Int, timings: inout ParsedTimings, warnings: inout [String]
    ) {
        var offset = 4
        while offset < end {
            let header = block.int(offset)
            let tag = header >> 5
            let length = header & 0x1F
            let payload = offset + 1
            guard payload + length <= end else {
                warnings.append(
                    "CTA-861 block \(blockIndex): data block at byte \(offset) runs past the data block collection")
                return
            }
            let body = block.window(payload, length)
            switch tag {
            case videoDataBlockTag:
                appendShortVideoDescriptors(body, from: 0, blockIndex: blockIndex, to: &timings, warnings: &warnings)
            case vendorSpecificDataBlockTag where body.littleEndian24(0) == hdmiOUI && length >= 3:
                appendHDMIVideoIdentificationCodes(body, to: &timings)
            case extendedDataBlockTag where length >= 1 && body.int(0) == yCbCr420VideoDataBlockExtendedTag:
                appendShortVideoDescriptors(body, from: 1, blockIndex: blockIndex, to: &timings, warnings: &warnings)
            default:
                break
            }
            offset = payload + length
        }
    }

    /// Maps each short video descriptor (one byte, a VIC plus for codes
    /// 129–192 a native flag in bit 7) to its format.
    private static func appendShortVideoDescriptors(
        _ body: EDIDBytes, from start: Int, blockIndex: Int, to timings: inout ParsedTimings, warnings: inout [String]
    ) {
        for index in start..<max(start, body.count) {
            let descriptor = body.int(index)
            let isNative = (129...192).contains(descriptor)
            let code = isNative ? descriptor & 0x7F : descriptor
            if let mode = CTAVideoFormats.mode(forVideoIdentificationCode: code) {
                timings.ctaCodes.append((mode, isNative))
            } else {
                warnings.append("CTA-861 block \(blockIndex): unknown or reserved VIC \(code) ignored")
            }
        }
    }

    /// Reads the HDMI VICs of an HDMI 1.4 vendor-specific data block, whose
    /// position depends on the optional latency fields before them.
    private static func appendHDMIVideoIdentificationCodes(_ body: EDIDBytes, to timings: inout ParsedTimings) {
        // Payload: OUI (3), physical address (2), flags, max TMDS clock, then
        // byte 7 says which optional fields follow.
        guard body.count >= 8 else { return }
        let presentFields = body.int(7)
        var offset = 8
        if presentFields & 0x80 != 0 { offset += 2 }  // Video and audio latency.
        if presentFields & 0x40 != 0 { offset += 2 }  // Interlaced latencies.
        guard presentFields & 0x20 != 0, body.has(offset, count: 2) else { return }
        let codeCount = body.int(offset + 1) >> 5
        for index in 0..<codeCount where body.has(offset + 2 + index, count: 1) {
            if let mode = CTAVideoFormats.mode(forHDMIVideoIdentificationCode: body.int(offset + 2 + index)) {
                timings.hdmiCodes.append(mode)
            }
        }
    }
}
