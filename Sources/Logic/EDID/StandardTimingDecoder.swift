// Established timings (bitmap of fixed VESA/IBM/Apple modes) and 2-byte
// standard timings of the EDID base block.

/// Decodes the base block's established and standard timings.
enum StandardTimingDecoder {
    /// A fixed mode named by one established-timing bit.
    private struct EstablishedTiming {
        let byteIndex: Int
        let bit: Int
        let width: Int
        let height: Int
        let refreshRate: Double
        var interlaced = false
    }

    /// Established timings I and II (bytes 35–36) and the manufacturer byte's
    /// one defined bit (byte 37, bit 7), with their exact refresh rates.
    private static let establishedTimings: [EstablishedTiming] = [
        .init(byteIndex: 0, bit: 7, width: 720, height: 400, refreshRate: 70.082),
        .init(byteIndex: 0, bit: 6, width: 720, height: 400, refreshRate: 87.85),
        .init(byteIndex: 0, bit: 5, width: 640, height: 480, refreshRate: 59.94),
        .init(byteIndex: 0, bit: 4, width: 640, height: 480, refreshRate: 66.667),
        .init(byteIndex: 0, bit: 3, width: 640, height: 480, refreshRate: 72.809),
        .init(byteIndex: 0, bit: 2, width: 640, height: 480, refreshRate: 75),
        .init(byteIndex: 0, bit: 1, width: 800, height: 600, refreshRate: 56.25),
        .init(byteIndex: 0, bit: 0, width: 800, height: 600, refreshRate: 60.317),
        .init(byteIndex: 1, bit: 7, width: 800, height: 600, refreshRate: 72.188),
        .init(byteIndex: 1, bit: 6, width: 800, height: 600, refreshRate: 75),
        .init(byteIndex: 1, bit: 5, width: 832, height: 624, refreshRate: 74.551),
        .init(byteIndex: 1, bit: 4, width: 1024, height: 768, refreshRate: 86.958, interlaced: true),
        .init(byteIndex: 1, bit: 3, width: 1024, height: 768, refreshRate: 60.004),
        .init(byteIndex: 1, bit: 2, width: 1024, height: 768, refreshRate: 70.069),
        .init(byteIndex: 1, bit: 1, width: 1024, height: 768, refreshRate: 75.029),
        .init(byteIndex: 1, bit: 0, width: 1280, height: 1024, refreshRate: 75.025),
        .init(byteIndex: 2, bit: 7, width: 1152, height: 870, refreshRate: 75.062),
    ]

    /// The modes whose bits are set in established-timing bytes 35, 36 and 37.
    static func establishedTimings(_ first: UInt8, _ second: UInt8, _ manufacturer: UInt8) -> [EDIDVideoMode] {
        let bytes = [first, second, manufacturer]
        return establishedTimings.compactMap { timing in
            guard bytes.indices.contains(timing.byteIndex),
                bytes[timing.byteIndex] & (1 << timing.bit) != 0
            else { return nil }
            return EDIDVideoMode(
                width: timing.width, height: timing.height, refreshRate: timing.refreshRate,
                interlaced: timing.interlaced, source: .establishedTiming)
        }
    }

    /// Decodes one 2-byte standard timing; nil for the unused markers
    /// (01 01, 00 00, 20 20) and invalid values. `revision` is the EDID
    /// revision: before 1.3 aspect code 0 meant 1:1, from 1.3 on 16:10.
    static func standardTiming(_ first: UInt8, _ second: UInt8, revision: Int) -> EDIDVideoMode? {
        let isUnused = (first == 0x01 && second == 0x01) || (first == 0x20 && second == 0x20)
        guard !isUnused, first != 0 else { return nil }
        let width = (Int(first) + 31) * 8
        let height: Int
        switch second >> 6 {
        case 0: height = revision >= 3 ? width * 10 / 16 : width
        case 1: height = width * 3 / 4
        case 2: height = width * 4 / 5
        default: height = width * 9 / 16
        }
        return EDIDVideoMode(
            width: width, height: height, refreshRate: Double(Int(second & 0x3F) + 60), source: .standardTiming)
    }
}
