// Hostile-value cases: decompression bombs, truncated and random image data.
import DirectDisplay
import Foundation

extension HostileCase {
    static let imageCases: [HostileCase] = [
        HostileCase(name: "image-png-bomb-16384") {
            // 16384² 1-bit grey, all zeros: 211 KB of file for a 1 GB ARGB picture.
            let bomb = ZeroPNG(width: 16384, height: 16384, bitDepth: 1).data
            guard ZeroPNG(width: 64, height: 48, bitDepth: 1).image?.size == CGSize(width: 64, height: 48) else {
                return "the same PNG writer's small file does not decode: the bomb would prove nothing"
            }
            // A first refusal pages in the code it runs (logging, too), which is not the bomb's cost.
            _ = Image(data: ZeroPNG(width: 40_000, height: 1, bitDepth: 1).data)
            let residentBefore = maximumResidentKilobytes()
            let start = ContinuousClock.now
            let image = Image(data: bomb)
            let elapsed = ContinuousClock.now - start
            let grown = maximumResidentKilobytes() - residentBefore
            print("\(bomb.count / 1024) KB file refused in \(elapsed), maximum resident size +\(grown) KB")
            if image != nil { return "a 16384x16384 image was decoded" }
            if elapsed > .milliseconds(10) { return "refusing took \(elapsed) (at most 10 ms)" }
            if grown > 1024 { return "refusing grew the resident size by \(grown) KB (at most 1 MB)" }
            return nil
        },
        HostileCase(name: "image-png-truncated") {
            let whole = ZeroPNG(width: 64, height: 48, bitDepth: 8).data
            guard Image(data: whole) != nil else { return "the whole file does not decode" }
            for length in [0, 7, 8, 16, 24, 33, 40, whole.count / 2, whole.count - 12, whole.count - 1] {
                if Image(data: whole.prefix(length)) != nil { return "\(length) of \(whole.count) bytes decoded" }
            }
            return nil
        },
        HostileCase(name: "image-random-data") {
            var random = SplitMix(seed: 22)
            let header = Array(ZeroPNG(width: 64, height: 48, bitDepth: 8).data.prefix(33))
            for round in 0..<200 {
                let noise = (0..<(round * 37 % 4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                // Noise alone, noise after a PNG's valid header, and noise after a JPEG's start.
                for bytes in [noise, header + noise, [0xFF, 0xD8, 0xFF] + noise] {
                    if let image = Image(data: Data(bytes)), image.size.width * image.size.height > CGFloat(1 << 26) {
                        return "random data gave a \(image.size) image"
                    }
                }
            }
            return nil
        },
    ]
}

/// The process's peak resident size so far (getrusage), in kilobytes.
func maximumResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// A deterministic pseudo-random sequence (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A valid greyscale PNG whose every pixel is 0, written here so a small file can
/// claim a huge picture: its pixel rows (all zero bytes) are deflated as one literal
/// then back-references of 258 bytes, 13 bits each, about 1:160.
struct ZeroPNG {
    let width: Int
    let height: Int
    let bitDepth: Int

    var image: Image? { Image(data: data) }

    var data: Data {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = Self.bigEndian(width) + Self.bigEndian(height)
        header += [UInt8(bitDepth), 0, 0, 0, 0]  // grey, deflate, no filter method, no interlace
        Self.append(chunk: "IHDR", header, to: &file)
        let rowBytes = 1 + (width * bitDepth + 7) / 8
        Self.append(chunk: "IDAT", Self.zlibZeros(count: rowBytes * height), to: &file)
        Self.append(chunk: "IEND", [], to: &file)
        return Data(file)
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func append(chunk type: String, _ body: [UInt8], to file: inout [UInt8]) {
        file += bigEndian(body.count)
        let typed = Array(type.utf8) + body
        file += typed
        file += bigEndian(Int(crc32(typed)))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// `count` zero bytes as a zlib stream: one block of fixed Huffman codes.
    private static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed codes
        bits.writeCode(0x30, length: 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
            bits.writeCode(0, length: 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block
        // Adler-32 of zeros: the sum of bytes stays 1, the sum of sums grows by 1 a byte.
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + bits.bytes + bigEndian(Int(adler))
    }

    /// Deflate's bit order: fields from the lowest bit up, Huffman codes from their top bit.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count { push(value >> bit & 1) }
        }

        mutating func writeCode(_ code: Int, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { push(code >> bit & 1) }
        }

        private mutating func push(_ bit: Int) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }
}
