// Reading EDID files: binary, the hex forms people paste (xxd -p, xrandr
// --verbose, C arrays; BOM, CRLF), and refusing everything else with the
// error that says what is wrong.
import EDID
import XCTest

final class EDIDFileTests: XCTestCase {
    enum Expected {
        /// Read as an EDID in this form; its bytes are the television fixture's
        /// unless others are given.
        case accepted(EDIDFile.Format, bytes: [UInt8]? = nil)
        case refused(EDIDFileError)
    }

    struct Case {
        let name: String
        let contents: [UInt8]
        let expected: Expected
    }

    /// `bytes` as hex text: `perLine` bytes a line, joined by `separator`.
    static func hex(_ bytes: [UInt8], perLine: Int = 16, separator: String = " ", uppercase: Bool = false) -> String {
        stride(from: 0, to: bytes.count, by: perLine).map { start in
            bytes[start..<min(start + perLine, bytes.count)].map { byte in
                let digits = String(byte, radix: 16, uppercase: uppercase)
                return byte < 0x10 ? "0" + digits : digits
            }.joined(separator: separator)
        }.joined(separator: "\n") + "\n"
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// An `xrandr --verbose` paste: an output's lines around its EDID: block.
    static func xrandr(_ edid: [UInt8]) -> String {
        let block = hex(edid, perLine: 16, separator: "").split(separator: "\n").map { "\t\t\($0)\n" }.joined()
        return "HDMI-1 connected primary 1360x768+0+0 (0x46) normal (normal left inverted right) 160mm x 90mm\n"
            + "\tIdentifier: 0x42\n\tTimestamp:  21185\n\tSubpixel:   unknown\n\tClones:    \n\tEDID: \n" + block
            + "\tBorderDimensions: 4 \n\t\tsupported: 4\n\tBorder: 0 0 0 0 \n\t\trange: (0, 0)\n"
            + "  1360x768 (0x46) 85.500MHz +HSync +VSync *current +preferred\n"
    }

    /// A C array as `xxd -i` writes it, with comments.
    static func cArray(_ edid: [UInt8]) -> String {
        let rows = stride(from: 0, to: edid.count, by: 12).map { start in
            "  "
                + edid[start..<min(start + 12, edid.count)].map { "0x" + hex([$0], separator: "").dropLast() }
                .joined(separator: ", ") + ","
        }
        return "/* LG TV, from /sys/class/drm/card0-HDMI-A-1/edid */\nstatic const unsigned char edid[] = {\n"
            + rows.enumerated().map { "\($0.element) // row \($0.offset)\n" }.joined() + "};\nunsigned int edid_len = "
            + "\(edid.count);\n"
    }

    func testReadsBinaryAndPastedHexAndRefusesTheRest() throws {
        let edid = try RealEDIDFixture.television.bytes
        var damaged = edid
        damaged[3] = 0x7F
        let padded = edid + Array(repeating: 0, count: EDIDFile.maximumSize - edid.count)
        let longLine = String(repeating: "The quick brown fox. ", count: 5)
        let cases: [Case] = [
            Case(name: "binary", contents: edid, expected: .accepted(.binary)),
            Case(name: "binary, damaged header", contents: damaged, expected: .accepted(.binary, bytes: damaged)),
            Case(name: "binary, 32 KiB", contents: padded, expected: .accepted(.binary, bytes: padded)),
            Case(
                name: "xxd -p", contents: Self.utf8(Self.hex(edid, perLine: 30, separator: "")),
                expected: .accepted(.hex)),
            Case(
                name: "spaced uppercase hex", contents: Self.utf8(Self.hex(edid, uppercase: true)),
                expected: .accepted(.hex)),
            Case(
                name: "one line, no spaces", contents: Self.utf8(Self.hex(edid, perLine: 1000, separator: "")),
                expected: .accepted(.hex)),
            Case(
                name: "hex with BOM", contents: Self.byteOrderMark + Self.utf8(Self.hex(edid)),
                expected: .accepted(.hex)),
            Case(
                name: "hex with CRLF", contents: Self.utf8(Self.hex(edid).replacingOccurrences(of: "\n", with: "\r\n")),
                expected: .accepted(.hex)),
            Case(
                name: "hex with CR", contents: Self.utf8(Self.hex(edid).replacingOccurrences(of: "\n", with: "\r")),
                expected: .accepted(.hex)),
            Case(
                name: "hex with tabs and no-break spaces",
                contents: Self.utf8(Self.hex(edid, separator: "\t").replacingOccurrences(of: "\n", with: "\u{A0}\n")),
                expected: .accepted(.hex)),
            Case(name: "xrandr --verbose", contents: Self.utf8(Self.xrandr(edid)), expected: .accepted(.xrandr)),
            Case(
                name: "xrandr with BOM and CRLF",
                contents: Self.byteOrderMark
                    + Self.utf8(Self.xrandr(edid).replacingOccurrences(of: "\n", with: "\r\n")),
                expected: .accepted(.xrandr)),
            Case(name: "C array", contents: Self.utf8(Self.cArray(edid)), expected: .accepted(.cArray)),
            Case(
                name: "C array, no braces, 0X",
                contents: Self.utf8(edid.map { "0X" + String($0, radix: 16, uppercase: true) }.joined(separator: ",")),
                expected: .accepted(.cArray)),
            Case(
                name: "C array with BOM and a block comment over lines",
                contents: Self.byteOrderMark
                    + Self.utf8(
                        "/* an\n EDID */ {" + edid.map { "0x\(String($0, radix: 16))" }.joined(separator: ", ") + "}"),
                expected: .accepted(.cArray)),

            Case(name: "empty", contents: [], expected: .refused(.empty)),
            Case(
                name: "over 32 KiB", contents: padded + [0],
                expected: .refused(.tooLarge(byteCount: EDIDFile.maximumSize + 1))),
            Case(name: "whitespace only", contents: Self.utf8(" \n\t\n"), expected: .refused(.noHexBytes)),
            Case(name: "BOM only", contents: Self.byteOrderMark, expected: .refused(.noHexBytes)),
            Case(name: "UTF-16", contents: [0xFF, 0xFE, 0x30, 0x00, 0x30, 0x00], expected: .refused(.utf16Text)),
            Case(
                name: "BOM, then not UTF-8", contents: Self.byteOrderMark + [0xC3, 0x28], expected: .refused(.notText)),
            Case(
                name: "English", contents: Self.utf8("Hello, this is English text.\nNot an EDID.\n"),
                expected: .refused(.notHex(line: 1, text: "Hello, this is English text."))),
            Case(
                name: "a long English line is quoted in part", contents: Self.utf8(longLine),
                expected: .refused(.notHex(line: 1, text: String(longLine.prefix(40)) + "…"))),
            Case(
                name: "text after hex", contents: Self.utf8(Self.hex(Array(edid.prefix(32))) + "\tsee below\n"),
                expected: .refused(.notHex(line: 3, text: "see below"))),
            Case(
                name: "odd digit count", contents: Self.utf8(String(Self.hex(edid, separator: "").dropLast(2))),
                expected: .refused(.oddHexDigitCount(255 * 2 + 1))),
            Case(
                name: "two xrandr EDID: blocks", contents: Self.utf8(Self.xrandr(edid) + Self.xrandr(edid)),
                expected: .refused(.severalXrandrEDIDs(2))),
            Case(
                name: "xrandr EDID: with no hex", contents: Self.utf8("\tEDID: \n\tBorder: 0 0 0 0\n"),
                expected: .refused(.emptyXrandrEDID(line: 1))),
            Case(
                name: "C array with a bad token", contents: Self.utf8("{ 0x00, 0xff,\n 0xGG }"),
                expected: .refused(.notHex(line: 2, text: "0xGG }"))),
            Case(
                name: "C array with a 3-digit value", contents: Self.utf8("{ 0x00, 0x100 }"),
                expected: .refused(.notHex(line: 1, text: "{ 0x00, 0x100 }"))),
            Case(
                name: "binary, truncated", contents: Array(edid.prefix(100)),
                expected: .refused(.truncated(format: .binary, byteCount: 100))),
            Case(
                name: "binary, three header bytes", contents: [0x00, 0xFF, 0xFF],
                expected: .refused(.truncated(format: .binary, byteCount: 3))),
            Case(
                name: "hex, truncated", contents: Self.utf8(Self.hex(Array(edid.prefix(64)))),
                expected: .refused(.truncated(format: .hex, byteCount: 64))),
            Case(
                name: "binary zeros", contents: Array(repeating: 0, count: 128),
                expected: .refused(.missingHeader(format: .binary, start: Array(repeating: 0, count: 8)))),
            Case(
                name: "binary junk",
                contents: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0xAA, count: 200),
                expected: .refused(
                    .missingHeader(format: .binary, start: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))),
            Case(
                name: "hex that is no EDID", contents: Self.utf8("deadbeef cafe f00d"),
                expected: .refused(
                    .missingHeader(format: .hex, start: [0xDE, 0xAD, 0xBE, 0xEF, 0xCA, 0xFE, 0xF0, 0x0D]))),
        ]
        for testCase in cases {
            let result = Result { () throws(EDIDFileError) in try EDIDFile(contents: testCase.contents) }
            switch (testCase.expected, result) {
            case (.accepted(let format, let bytes), .success(let file)):
                XCTAssertEqual(file.format, format, testCase.name)
                XCTAssertEqual(file.bytes, bytes ?? edid, testCase.name)
            case (.refused(let expected), .failure(let error)):
                XCTAssertEqual(error, expected, testCase.name)
            case (_, .success(let file)):
                XCTFail("\(testCase.name): read as \(file.format), expected \(testCase.expected)")
            case (_, .failure(let error)):
                XCTFail("\(testCase.name): refused (\(error)), expected \(testCase.expected)")
            }
        }
    }

    /// Every refusal reads as one line that says what is wrong and what to do.
    func testRefusalsAreOneLineWithAnAction() {
        let errors: [EDIDFileError] = [
            .empty, .tooLarge(byteCount: 100_000_000), .tooLarge(byteCount: nil), .utf16Text, .notText, .noHexBytes,
            .notHex(line: 1, text: "Hello"), .oddHexDigitCount(3), .severalXrandrEDIDs(2), .emptyXrandrEDID(line: 4),
            .missingHeader(format: .binary, start: [1, 2]), .truncated(format: .cArray, byteCount: 12),
        ]
        for error in errors {
            let text = error.description
            XCTAssertFalse(text.contains("\n"), text)
            XCTAssertTrue(
                ["give", "save", "check", "keep", "paste"].contains { text.contains("; \($0) ") }, "no action: \(text)")
        }
        XCTAssertTrue(EDIDFileError.tooLarge(byteCount: 1 << 20).description.contains("32 KiB"))
    }
}
