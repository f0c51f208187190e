// The EDID parser: validates the blob's framing, walks its blocks and
// settles the derived facts (preferred mode, physical size, mode list).

/// Every timing found while walking the blocks, kept by kind so the
/// preferred mode can be chosen by precedence at the end.
struct ParsedTimings: Sendable {
    var baseDetailed: [DetailedTiming] = []
    var standard: [EDIDVideoMode] = []
    var established: [EDIDVideoMode] = []
    var ctaDetailed: [DetailedTiming] = []
    /// CTA VIC modes with their native flag.
    var ctaCodes: [(mode: EDIDVideoMode, isNative: Bool)] = []
    var hdmiCodes: [EDIDVideoMode] = []
    var displayID: [DetailedTiming] = []
}

/// Parses EDID blobs into ``EDIDInfo``; never traps on any input.
enum EDIDParser {
    /// Size of every EDID block.
    static let blockSize = 128
    /// The fixed 8-byte header that opens a base block.
    static let header: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
    /// Header bytes that must match for a damaged header to still be parsed.
    static let minimumMatchingHeaderBytes = 6

    static func parse(_ input: [UInt8]) -> EDIDInfo {
        var info = EDIDInfo()
        let bytes = EDIDBytes(input)
        guard bytes.count > 0 else {
            info.warnings.append("EDID is empty")
            return info
        }
        let matchingHeaderBytes = header.enumerated().filter { bytes[$0.offset] == $0.element }.count
        if matchingHeaderBytes < minimumMatchingHeaderBytes || bytes.count < header.count {
            info.warnings.append(
                "not an EDID: the 8-byte header 00 FF FF FF FF FF FF 00 is missing (\(matchingHeaderBytes) of 8 bytes match)"
            )
            if bytes.count < blockSize {
                info.warnings.append("EDID is truncated: \(bytes.count) bytes, a base block needs \(blockSize)")
            }
            return info
        }
        if matchingHeaderBytes < header.count {
            info.warnings.append("EDID header is damaged (\(matchingHeaderBytes) of 8 bytes match); parsing anyway")
        }

        let base = bytes.window(0, blockSize)
        if bytes.count < blockSize {
            info.warnings.append("EDID is truncated: \(bytes.count) bytes, a base block needs \(blockSize)")
        } else if base.checksumRemainder != 0 {
            info.warnings.append("base block checksum is wrong (bytes sum to 0x\(hex(base.checksumRemainder)), not 0)")
        }

        var timings = ParsedTimings()
        BaseBlockParser.parse(base, into: &info, timings: &timings)
        parseExtensions(bytes, into: &info, timings: &timings)
        settleDerivedFacts(base, timings: timings, into: &info)
        return info
    }

    /// Walks the extension blocks the base block declares.
    private static func parseExtensions(_ bytes: EDIDBytes, into info: inout EDIDInfo, timings: inout ParsedTimings) {
        guard bytes.count >= blockSize else { return }
        let declared = bytes.int(126)
        let presentBlocks = (bytes.count + blockSize - 1) / blockSize - 1
        if declared > presentBlocks {
            info.warnings.append(
                "EDID declares \(declared) extension block(s) but only \(presentBlocks) are present (truncated)")
        }
        let expectedLength = blockSize * (declared + 1)
        if bytes.count > expectedLength {
            info.warnings.append(
                "\(bytes.count - expectedLength) byte(s) after the \(declared) declared extension block(s) ignored")
        }
        guard declared > 0 else { return }
        for index in 1...declared where index <= presentBlocks {
            let block = bytes.window(index * blockSize, blockSize)
            if block.count < blockSize {
                info.warnings.append(
                    "extension block \(index) is truncated (\(block.count) of \(blockSize) bytes); parsing what is there"
                )
            } else if block.checksumRemainder != 0 {
                info.warnings.append(
                    "extension block \(index) checksum is wrong (bytes sum to 0x\(hex(block.checksumRemainder)), not 0)"
                )
            }
            let tag = block.int(0)
            info.extensionTags.append(tag)
            switch tag {
            case CTAExtensionParser.tag:
                CTAExtensionParser.parse(block, blockIndex: index, timings: &timings, warnings: &info.warnings)
            case DisplayIDExtensionParser.tag:
                DisplayIDExtensionParser.parse(block, blockIndex: index, timings: &timings, warnings: &info.warnings)
            case 0xF0:
                break  // Block map: only lists the other blocks' tags.
            default:
                info.warnings.append("extension block \(index) has unsupported tag 0x\(hex(UInt8(tag))); skipped")
            }
        }
    }

    /// Chooses the preferred mode and physical size and builds the mode list.
    private static func settleDerivedFacts(_ base: EDIDBytes, timings: ParsedTimings, into info: inout EDIDInfo) {
        let preferredTiming =
            timings.baseDetailed.first
            ?? timings.displayID.first(where: \.isPreferred) ?? timings.displayID.first
            ?? timings.ctaDetailed.first
        info.preferredMode =
            preferredTiming?.mode
            ?? (timings.ctaCodes.first(where: \.isNative) ?? timings.ctaCodes.first)?.mode
            ?? timings.standard.first
            ?? timings.established.max {
                ($0.width * $0.height, $0.refreshRate) < ($1.width * $1.height, $1.refreshRate)
            }

        var all: [EDIDVideoMode] = timings.baseDetailed.map(\.mode)
        all += timings.standard + timings.established + timings.ctaDetailed.map(\.mode)
        all += timings.ctaCodes.map(\.mode) + timings.hdmiCodes + timings.displayID.map(\.mode)
        for mode in all where !info.modes.contains(where: { $0.isSameMode(as: mode) }) {
            info.modes.append(mode)
        }

        guard base.has(21, count: 2), info.version != nil else { return }
        settlePhysicalSize(
            widthCentimeters: base.int(21), heightCentimeters: base.int(22), timing: preferredTiming, into: &info)
    }

    /// Picks the physical size as documented on ``EDIDInfo/heightMillimeters``.
    private static func settlePhysicalSize(
        widthCentimeters: Int, heightCentimeters: Int, timing: DetailedTiming?, into info: inout EDIDInfo
    ) {
        let headerSize =
            widthCentimeters > 0 && heightCentimeters > 0
            ? (width: widthCentimeters * 10, height: heightCentimeters * 10) : nil
        let timingSize = timing.flatMap {
            $0.imageWidthMillimeters > 0 && $0.imageHeightMillimeters > 0
                ? (width: $0.imageWidthMillimeters, height: $0.imageHeightMillimeters) : nil
        }
        switch (headerSize, timingSize) {
        case (let header?, let timing?):
            let agrees = abs(header.width - timing.width) < 10 && abs(header.height - timing.height) < 10
            let chosen = agrees ? timing : header
            if !agrees {
                info.warnings.append(
                    "preferred timing's image size \(timing.width)x\(timing.height) mm disagrees with the "
                        + "base block's \(widthCentimeters)x\(heightCentimeters) cm; using the latter")
            }
            (info.widthMillimeters, info.heightMillimeters) = (chosen.width, chosen.height)
        case (let header?, nil):
            (info.widthMillimeters, info.heightMillimeters) = (header.width, header.height)
        case (nil, let timing?):
            (info.widthMillimeters, info.heightMillimeters) = (timing.width, timing.height)
        case (nil, nil):
            break
        }
        if headerSize != nil, widthCentimeters < 10 || heightCentimeters < 10 {
            info.warnings.append(
                "dubious image size \(widthCentimeters)x\(heightCentimeters) cm (under 10 cm; probably an aspect ratio)"
            )
        }
    }

    /// Two-digit uppercase hex of a byte.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }
}
