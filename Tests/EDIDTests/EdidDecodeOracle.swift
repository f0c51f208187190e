// Runs edid-decode (Debian package edid-decode) and extracts the facts we
// compare our parser against.
import Foundation
import TestSupport
import XCTest

/// The facts edid-decode reports for one EDID, read from its text output.
struct EdidDecodeFacts {
    /// One timing line: "DTD 1:  1920x1080   60.000000 Hz ... (477 mm x 268 mm)".
    struct Timing {
        var width: Int
        var height: Int
        var interlaced: Bool
        var refreshRate: Double
        var imageSizeMillimeters: (width: Int, height: Int)?
    }

    var manufacturer: String?
    var productCode: Int?
    var serialNumber: UInt32?
    var serialString: String?
    var year: Int?
    var name: String?
    var sizeCentimeters: (width: Int, height: Int)?
    /// "DTD 1" of the base block.
    var firstDetailedTiming: Timing?
    /// The DisplayID timing marked "preferred", if any.
    var displayIDPreferredTiming: Timing?

    /// Reads the facts from edid-decode's output.
    init(output: String) {
        var section = ""
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Block "), let title = line.split(separator: ",").last {
                section = title.trimmingCharacters(in: .whitespaces)
                continue
            }
            if section.hasPrefix("Base EDID") {
                readBaseLine(line)
            } else if section.hasPrefix("DisplayID"), line.hasPrefix("DTD:"), line.contains("preferred"),
                displayIDPreferredTiming == nil
            {
                displayIDPreferredTiming = Self.timing(line)
            }
        }
    }

    private mutating func readBaseLine(_ line: String) {
        if let match = line.firstMatch(of: /^Manufacturer: (\w{3})/) {
            manufacturer = String(match.1)
        } else if let match = line.firstMatch(of: /^Model: (\d+)$/) {
            productCode = Int(match.1)
        } else if let match = line.firstMatch(of: /^Serial Number: (\d+)/) {
            serialNumber = UInt32(match.1)
        } else if let match = line.firstMatch(of: /^Display Product Serial Number: '(.*)'$/) {
            serialString = String(match.1).trimmingCharacters(in: .whitespaces)
        } else if let match = line.firstMatch(of: /^(?:Made in|Model year):(?: week \d+ of)? (\d{4})/) {
            year = Int(match.1)
        } else if let match = line.firstMatch(of: /^Maximum image size: (\d+) cm x (\d+) cm/) {
            sizeCentimeters = (Int(match.1) ?? 0, Int(match.2) ?? 0)
        } else if let match = line.firstMatch(of: /^Display Product Name: '(.*)'$/), name == nil {
            name = String(match.1).trimmingCharacters(in: .whitespaces)
        } else if line.hasPrefix("DTD 1:") || line.hasPrefix("DTD  1:") {
            firstDetailedTiming = Self.timing(line)
        }
    }

    private static func timing(_ line: String) -> Timing? {
        guard let match = line.firstMatch(of: /(\d+)x(\d+)(i?)\s+([\d.]+) Hz/),
            let width = Int(match.1), let height = Int(match.2), let refresh = Double(match.4)
        else { return nil }
        var size: (Int, Int)?
        if let sizeMatch = line.firstMatch(of: /\((\d+) mm x (\d+) mm\)/) {
            size = (Int(sizeMatch.1) ?? 0, Int(sizeMatch.2) ?? 0)
        }
        return Timing(
            width: width, height: height, interlaced: !match.3.isEmpty, refreshRate: refresh,
            imageSizeMillimeters: size)
    }
}

/// Locating and running the edid-decode executable.
enum EdidDecode {
    /// Path of edid-decode: /usr/bin/edid-decode, else the first on PATH.
    static var executablePath: String? {
        let candidates =
            ["/usr/bin/edid-decode"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/edid-decode" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs edid-decode on `file` and returns its standard output.
    static func run(on file: URL) throws -> String {
        let path = try XCTUnwrap(
            executablePath,
            "edid-decode is not installed; it is the oracle for the EDID tests. "
                + "Install it with `apt-get install edid-decode` (Debian package edid-decode).")
        return try ProgramRun.run(path, [file.path]).standardOutput
    }
}
