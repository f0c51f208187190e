// Loading the real EDID fixtures (hex text files in Fixtures/).
import Foundation
import XCTest

/// The real EDIDs stored under Fixtures/ as hex text, with what each one is.
enum RealEDIDFixture: String, CaseIterable {
    case laptopPanel = "laptop-boe-hb133wx1-edp"
    case television = "tv-lg-cea"
    case monitor4KWithCTA = "monitor-lg-hdr-4k-cta"
    case monitor4KDisplayPort = "monitor-lg-ultra-hd-dp"
    case cathodeRayTube = "crt-sony-cpd-g220"
    case analogMonitor = "analog-aoc-519w"
    case projector = "projector-optoma-1080p"
    case qemuDefault = "qemu-7.2-1280x800"
    case qemuDisplayID = "qemu-7.2-5120x2880-displayid"

    /// URL of the fixture's hex file in the test bundle.
    var url: URL {
        get throws {
            try XCTUnwrap(
                Bundle.module.url(forResource: rawValue, withExtension: "hex", subdirectory: "Fixtures"),
                "fixture \(rawValue).hex missing from the test bundle")
        }
    }

    /// The fixture's bytes.
    var bytes: [UInt8] {
        get throws { try bytesFromHex(String(contentsOf: url, encoding: .utf8)) }
    }
}

/// Parses whitespace-separated two-digit hex bytes.
func bytesFromHex(_ text: String) throws -> [UInt8] {
    try text.split(whereSeparator: \.isWhitespace).map { token in
        try XCTUnwrap(UInt8(token, radix: 16), "bad hex byte \(token)")
    }
}
