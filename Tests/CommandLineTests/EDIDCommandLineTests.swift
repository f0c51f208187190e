// `direct-display edid FILE`: facts on stdout, warnings on stderr, and bad
// input as one line on stderr with status 1 (64 only for usage errors).
import Foundation
import Glibc
import TestSupport
import XCTest

final class EDIDCommandLineTests: CommandLineTestCase {
    /// The LG TV fixture of EDIDTests (EDID 1.3 + CTA-861, 256 bytes).
    static var television: [UInt8] {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../EDIDTests/Fixtures/tv-lg-cea.hex")
            return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace).map {
                try XCTUnwrap(UInt8($0, radix: 16))
            }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ") + "\n"
    }

    struct BadInput {
        let name: String
        let contents: [UInt8]
        /// What the one stderr line must say.
        let says: String
    }

    func testBadInputIsOneLineAndStatusOne() throws {
        let edid = try Self.television
        let cases = [
            BadInput(name: "empty", contents: [], says: "the file is empty; give the EDID's bytes"),
            BadInput(name: "shorter than a base block", contents: Array(edid.prefix(100)), says: "holds 100 bytes"),
            BadInput(
                name: "no header", contents: Array(repeating: 0, count: 256),
                says: "does not start with the EDID header 00 FF FF FF FF FF FF 00"),
            BadInput(
                name: "junk", contents: (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 0x81) },
                says: "not an EDID"),
            BadInput(
                name: "English", contents: Array("Hello,\nthis is English text, not an EDID.\n".utf8),
                says: "line 1 (\"Hello,\") is not hex bytes"),
            BadInput(name: "odd hex", contents: Array("00ff ffff ffff ff0".utf8), says: "odd number of digits"),
            BadInput(name: "UTF-16", contents: [0xFF, 0xFE, 0x30, 0, 0x30, 0], says: "UTF-16"),
        ]
        for testCase in cases {
            let path = try file(testCase.name, testCase.contents)
            for arguments in [["edid", path], ["edid", "--json", path]] {
                assertOneLineFailure(
                    try directDisplay(arguments), containing: testCase.says, "\(testCase.name) \(arguments)")
            }
        }
    }

    /// A 100 MB file is refused from its size (sparse here, so nothing is read
    /// or written), saying the limit; a stream as soon as it passes the limit.
    func testLargeInputIsRefusedWithTheLimit() throws {
        let path = scratch.appendingPathComponent("huge.bin").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, 100 << 20), 0)
        let started = Date()
        assertOneLineFailure(
            try directDisplay(["edid", path]), containing: "104857600 bytes, over the 32 KiB limit", "100 MB file")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        assertOneLineFailure(
            try directDisplay(["edid", "/dev/zero"]), containing: "over the 32 KiB limit", "/dev/zero")
    }

    func testUnreadableFilesSayWhy() throws {
        let missing = scratch.appendingPathComponent("missing.bin").path
        assertOneLineFailure(
            try directDisplay(["edid", missing]), containing: "cannot read \(missing): No such file or directory",
            "missing")
        assertOneLineFailure(
            try directDisplay(["edid", scratch.path]), containing: "cannot read \(scratch.path): Is a directory",
            "directory")
    }

    /// Root reads any file, so as root the check runs as nobody (setpriv).
    func testPermissionDeniedSaysSo() throws {
        let path = try file("secret.bin", try Self.television)
        XCTAssertEqual(chmod(path, 0), 0)
        var command = [try directDisplay, "edid", path]
        if geteuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "root without setpriv")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let run = try ProgramRun.run(command[0], Array(command.dropFirst()))
        try XCTSkipIf(run.status == 126 || run.status == 127, "cannot run as nobody here: \(run.standardError)")
        assertOneLineFailure(run, containing: "cannot read \(path): Permission denied", "permission")
    }

    func testNeitherFileNorConnectorIsAUsageError() throws {
        let run = try directDisplay(["edid"])
        XCTAssertEqual(run.status, 64, run.standardError)
        XCTAssertTrue(run.standardError.contains("give either FILE or --connector NAME"), run.standardError)
    }

    /// Facts on stdout; warnings on stderr, each "warning: …"; in JSON, only its warnings field.
    func testWarningsGoToStandardErrorInTextMode() throws {
        let path = try file("tv.hex", Array(Self.hex(try Self.television).utf8))
        let text = try directDisplay(["edid", path])
        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertTrue(text.standardOutput.contains("name: LG TV"), text.standardOutput)
        XCTAssertFalse(text.standardOutput.contains("warning"), text.standardOutput)
        XCTAssertEqual(text.errorLines, ["warning: dubious image size 16x9 cm (under 10 cm; probably an aspect ratio)"])

        let json = try directDisplay(["edid", "--json", path])
        XCTAssertEqual(json.status, 0, json.standardError)
        XCTAssertEqual(json.standardError, "")
        let facts = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((facts["warnings"] as? [String])?.count, 1, "\(facts)")
    }

    /// The forms people paste, from a file or from standard input ("-").
    func testReadsPastedForms() throws {
        let edid = try Self.television
        let rows = stride(from: 0, to: edid.count, by: 16).map { Self.hex(Array(edid[$0..<$0 + 16])) }
        let forms: [(name: String, text: String)] = [
            ("xxd -p", rows.map { $0.replacingOccurrences(of: " ", with: "") }.joined()),
            (
                "xrandr --verbose",
                "HDMI-1 connected 1360x768+0+0 (0x46) normal\n\tIdentifier: 0x42\n\tEDID: \n"
                    + rows.map { "\t\t" + $0.replacingOccurrences(of: " ", with: "") }.joined()
                    + "\tBorder: 0 0 0 0 \n  1360x768 (0x46) 85.500MHz *current +preferred\n"
            ),
            (
                "C array",
                "// LG TV\nunsigned char edid[] = {\n"
                    + edid.map { "0x" + String($0, radix: 16) }.joined(separator: ", ") + "\n};\n"
            ),
            ("BOM and CRLF", "\u{FEFF}" + rows.joined().replacingOccurrences(of: "\n", with: "\r\n")),
        ]
        for form in forms {
            let path = try file(form.name, Array(form.text.utf8))
            let fromFile = try directDisplay(["edid", path])
            XCTAssertEqual(fromFile.status, 0, "\(form.name): \(fromFile.standardError)")
            XCTAssertTrue(fromFile.standardOutput.contains("preferred mode: 1360x768@59.799"), form.name)
            let fromInput = try directDisplay(["edid", "-"], standardInput: Array(form.text.utf8))
            XCTAssertEqual(fromInput.standardOutput, fromFile.standardOutput, form.name)
        }
        let binary = try directDisplay(["edid", try file("tv.bin", edid)])
        XCTAssertTrue(binary.standardOutput.contains("preferred mode: 1360x768@59.799"), binary.standardOutput)
        assertOneLineFailure(
            try directDisplay(["edid", "-"], standardInput: Array("not hex\n".utf8)),
            containing: "standard input: not an EDID", "stdin")
    }

    /// A first detailed timing with a 10 kHz pixel clock is dropped with a
    /// warning; the next one becomes the preferred mode.
    func testImplausibleTimingIsNotThePreferredMode() throws {
        var edid = try Self.television
        (edid[54], edid[55]) = (0x01, 0x00)
        edid[127] = 0 &- edid[0..<127].reduce(0, &+)
        let run = try directDisplay(["edid", try file("slow-clock.bin", edid)])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("preferred mode: 1280x720@60.0\n"), run.standardOutput)
        XCTAssertTrue(
            run.errorLines.contains { $0.hasPrefix("warning: detailed timing at byte 54 ignored: pixel clock 10 kHz") },
            run.standardError)
    }
}
