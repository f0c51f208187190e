// The 128-byte EDID base block: identification, basic parameters, timings
// and the four 18-byte descriptors.

/// Parses the EDID base block (EDID 1.x).
enum BaseBlockParser {
    /// Offsets of the four 18-byte descriptors.
    static let descriptorOffsets = [54, 72, 90, 108]
    /// Size of a detailed timing or display descriptor.
    static let descriptorSize = 18

    static func parse(_ base: EDIDBytes, into info: inout EDIDInfo, timings: inout ParsedTimings) {
        parseIdentification(base, into: &info)
        guard base.has(18, count: 2) else {
            info.warnings.append("base block too short for the version bytes; nothing more read")
            return
        }
        let version = base.int(18)
        let revision = base.int(19)
        info.version = "\(version).\(revision)"
        if version != 1 {
            info.warnings.append("unsupported EDID version \(version).\(revision); parsed as 1.x")
        }
        if base.has(20, count: 1) {
            info.isDigital = base[20] & 0x80 != 0
        }
        if base.has(35, count: 3) {
            timings.established = StandardTimingDecoder.establishedTimings(base[35], base[36], base[37])
        }
        for offset in stride(from: 38, to: 54, by: 2) where base.has(offset, count: 2) {
            if let mode = StandardTimingDecoder.standardTiming(base[offset], base[offset + 1], revision: revision) {
                timings.standard.append(mode)
            }
        }
        for offset in descriptorOffsets {
            guard base.has(offset, count: descriptorSize) else {
                if base.has(offset, count: 1) {
                    info.warnings.append("descriptor at byte \(offset) is cut off by truncation; ignored")
                }
                continue
            }
            parseDescriptor(base, at: offset, revision: revision, into: &info, timings: &timings)
        }
    }

    /// Manufacturer, product code, serial number and date (bytes 8–17),
    /// each read only if the (possibly truncated) block holds it.
    private static func parseIdentification(_ base: EDIDBytes, into info: inout EDIDInfo) {
        guard base.has(8, count: 2) else { return }
        let packed = base.int(8) << 8 | base.int(9)
        let letterCodes = [(packed >> 10) & 0x1F, (packed >> 5) & 0x1F, packed & 0x1F]
        if letterCodes.allSatisfy({ (1...26).contains($0) }) {
            info.manufacturer = String(letterCodes.map { Character(Unicode.Scalar(UInt8(64 + $0))) })
        } else {
            info.warnings.append(
                "manufacturer id bytes 0x\(EDIDParser.hex(base[8]))\(EDIDParser.hex(base[9])) are not a PNP id")
        }
        guard base.has(10, count: 2) else { return }
        info.productCode = base.littleEndian16(10)
        guard base.has(12, count: 4) else { return }
        let serialNumber = base.littleEndian32(12)
        info.serialNumber = serialNumber == 0 ? nil : serialNumber

        guard base.has(16, count: 2) else { return }
        let week = base.int(16)
        let year = 1990 + base.int(17)
        if week == 0xFF {
            info.isModelYear = true
        } else if (1...54).contains(week) {
            info.week = week
        } else if week != 0 {
            info.warnings.append("week of manufacture \(week) is out of range; ignored")
        }
        info.year = year
    }

    /// One 18-byte descriptor: a detailed timing, or a display descriptor
    /// (pixel clock 0) such as the name, serial string or extra standard timings.
    private static func parseDescriptor(
        _ base: EDIDBytes, at offset: Int, revision: Int, into info: inout EDIDInfo, timings: inout ParsedTimings
    ) {
        if base.littleEndian16(offset) != 0 {
            do {
                if let timing = try decodeDetailedTiming(base, at: offset, source: .detailedTiming) {
                    timings.baseDetailed.append(timing)
                }
            } catch {
                info.warnings.append("detailed timing at byte \(offset) ignored: \(error)")
            }
            return
        }
        switch base[offset + 3] {
        case 0xFC where info.name == nil:
            info.name = base.descriptorText(offset + 5)
        case 0xFF where info.serialString == nil:
            info.serialString = base.descriptorText(offset + 5)
        case 0xFE:
            info.alphanumericStrings.append(base.descriptorText(offset + 5))
        case 0xFA:
            for pair in stride(from: offset + 5, to: offset + 17, by: 2) {
                if let mode = StandardTimingDecoder.standardTiming(base[pair], base[pair + 1], revision: revision) {
                    timings.standard.append(mode)
                }
            }
        default:
            break  // Range limits, colour points, dummy and vendor descriptors.
        }
    }

    /// Decodes an 18-byte detailed timing descriptor at `offset` of `bytes`
    /// (base block or CTA-861 block); nil when the bytes are not all there,
    /// an error when they describe no real mode.
    static func decodeDetailedTiming(_ bytes: EDIDBytes, at offset: Int, source: EDIDVideoMode.Source)
        throws(ImplausibleTiming) -> DetailedTiming?
    {
        guard bytes.has(offset, count: descriptorSize) else { return nil }
        let upperHorizontal = bytes.int(offset + 4)
        let upperVertical = bytes.int(offset + 7)
        let upperImageSize = bytes.int(offset + 14)
        return try DetailedTiming(
            pixelClockKilohertz: bytes.littleEndian16(offset) * 10,
            horizontalActive: bytes.int(offset + 2) | (upperHorizontal & 0xF0) << 4,
            horizontalBlank: bytes.int(offset + 3) | (upperHorizontal & 0x0F) << 8,
            verticalActive: bytes.int(offset + 5) | (upperVertical & 0xF0) << 4,
            verticalBlank: bytes.int(offset + 6) | (upperVertical & 0x0F) << 8,
            interlaced: bytes[offset + 17] & 0x80 != 0,
            imageWidthMillimeters: bytes.int(offset + 12) | (upperImageSize & 0xF0) << 4,
            imageHeightMillimeters: bytes.int(offset + 13) | (upperImageSize & 0x0F) << 8,
            source: source)
    }
}
