// Reading an EDID file as people hand it over: the binary blob (as
// /sys/class/drm/*/edid gives it) or one of the hex forms they paste.
// Anything else is refused with an error that says what is wrong.

/// An EDID read from a file's contents: its bytes and the form they came in.
///
/// Binary files are taken as they are. Text files (UTF-8, with or without a
/// byte order mark) may hold plain hex digits (`xxd -p`, edid-decode's hex
/// form; spaces and newlines anywhere between bytes), the `EDID:` block of
/// `xrandr --verbose` (other xrandr lines around it are skipped) or a C array
/// (`0x00, 0xff, …`, braces, commas and comments allowed). A file is binary
/// when it starts with a NUL byte, as every EDID header does, or is not UTF-8
/// text without control characters.
///
/// The bytes must hold at least a base block (128 bytes) and start with the
/// EDID header 00 FF FF FF FF FF FF 00 (6 of its 8 bytes at least, as the
/// parser requires); anything else throws ``EDIDFileError``.
package struct EDIDFile: Sendable, Equatable {
    /// The forms an EDID file can take.
    package enum Format: String, Sendable, Equatable, CaseIterable {
        /// The EDID's bytes as they are.
        case binary
        /// Hex digits, two per byte, whitespace anywhere between bytes.
        case hex
        /// The `EDID:` block of `xrandr --verbose` output: tab-indented hex lines.
        case xrandr
        /// A C array initialiser: `0x00, 0xff, …`.
        case cArray
    }

    /// The largest file taken: 256 blocks of 128 bytes, the most an EDID can have.
    package static let maximumSize = 32 * 1024

    /// The EDID's bytes.
    package let bytes: [UInt8]
    /// The form the file held them in.
    package let format: Format

    /// Reads an EDID from a file's whole contents.
    package init(contents: [UInt8]) throws(EDIDFileError) {
        guard !contents.isEmpty else { throw .empty }
        guard contents.count <= Self.maximumSize else { throw .tooLarge(byteCount: contents.count) }
        if contents.starts(with: [0xFF, 0xFE]) || contents.starts(with: [0xFE, 0xFF]) { throw .utf16Text }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasByteOrderMark = contents.starts(with: byteOrderMark)
        let body = hasByteOrderMark ? Array(contents.dropFirst(byteOrderMark.count)) : contents
        if !hasByteOrderMark && (contents[0] == 0 || !Self.isText(contents)) {
            (bytes, format) = (contents, .binary)
        } else {
            guard let text = String(validating: body, as: UTF8.self), Self.isText(body) else {
                throw .notText
            }
            (bytes, format) = try HexText.decode(text)
        }
        try Self.check(bytes, format: format)
    }

    /// Whether `contents` is UTF-8 text with no control characters but
    /// tabs, line and page breaks.
    static func isText(_ contents: [UInt8]) -> Bool {
        guard let text = String(validating: contents, as: UTF8.self) else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09...0x0D: true
            case 0x00..<0x20, 0x7F..<0xA0: false
            default: true
            }
        }
    }

    /// Throws unless `bytes` hold a base block that starts with the EDID header.
    private static func check(_ bytes: [UInt8], format: Format) throws(EDIDFileError) {
        guard !bytes.isEmpty else { throw .noHexBytes }
        let header = EDIDParser.header
        // Header bytes past a short input's end count as matching: it is cut short, not foreign.
        let missing = max(0, header.count - bytes.count)
        let matching = zip(header, bytes).filter { $0 == $1 }.count + missing
        guard matching >= EDIDParser.minimumMatchingHeaderBytes else {
            throw .missingHeader(format: format, start: Array(bytes.prefix(header.count)))
        }
        guard bytes.count >= EDIDParser.blockSize else {
            throw .truncated(format: format, byteCount: bytes.count)
        }
    }
}

/// Why a file's contents are not an EDID, worded to follow "FILE: " and say
/// what to do.
package enum EDIDFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file has no bytes.
    case empty
    /// The file is larger than ``EDIDFile/maximumSize`` (its size when known:
    /// a stream is only known to be longer).
    case tooLarge(byteCount: Int?)
    /// The file starts with a UTF-16 byte order mark.
    case utf16Text
    /// The file starts with a UTF-8 byte order mark but is not UTF-8 text.
    case notText
    /// Text with no hex bytes at all (only whitespace, or an empty array).
    case noHexBytes
    /// Text that is none of the hex forms: the first line that is not.
    case notHex(line: Int, text: String)
    /// Hex text with an odd number of digits.
    case oddHexDigitCount(Int)
    /// `xrandr --verbose` output with several `EDID:` blocks.
    case severalXrandrEDIDs(Int)
    /// An `EDID:` line with no hex lines after it.
    case emptyXrandrEDID(line: Int)
    /// Bytes that do not start with the EDID header: the first bytes.
    case missingHeader(format: EDIDFile.Format, start: [UInt8])
    /// Bytes that start like an EDID but are fewer than a base block.
    case truncated(format: EDIDFile.Format, byteCount: Int)

    /// What to give instead, said at the end of most messages.
    static let remedy =
        "give the EDID's bytes (e.g. /sys/class/drm/card0-HDMI-A-1/edid) or their hex (xxd -p, the EDID: block of "
        + "xrandr --verbose, or a C array)"

    package var description: String {
        switch self {
        case .empty:
            "the file is empty; \(Self.remedy)"
        case .tooLarge(let count):
            "\(count.map { "the file is \($0) bytes" } ?? "the input is longer"), over the "
                + "\(EDIDFile.maximumSize / 1024) KiB limit for an EDID (256 blocks of 128 bytes at most); "
                + "give the EDID alone (of xrandr --verbose output, just its EDID: block)"
        case .utf16Text:
            "the file is UTF-16 text; save it as UTF-8 (or ASCII) hex, or give the EDID's bytes"
        case .notText:
            "the file starts with a UTF-8 byte order mark but is not UTF-8 text; \(Self.remedy)"
        case .noHexBytes:
            "the file holds no hex bytes; \(Self.remedy)"
        case .notHex(let line, let text):
            "not an EDID: line \(line) (\"\(text)\") is not hex bytes; \(Self.remedy)"
        case .oddHexDigitCount(let count):
            "the hex has an odd number of digits (\(count)), so a digit is missing or extra; "
                + "check the paste is whole (two digits a byte)"
        case .severalXrandrEDIDs(let count):
            "the xrandr output has \(count) EDID: blocks (one per connector); keep only the one you want"
        case .emptyXrandrEDID(let line):
            "the EDID: line at line \(line) has no hex lines after it; paste the tab-indented hex lines too"
        case .missingHeader(let format, let start):
            "not an EDID: \(Self.noun(format)) does not start with the EDID header 00 FF FF FF FF FF FF 00 "
                + "(it starts with \(start.map { EDIDParser.hex($0) }.joined(separator: " "))); \(Self.remedy)"
        case .truncated(let format, let count):
            "the EDID is cut short: \(Self.noun(format)) holds \(count) byte\(count == 1 ? "" : "s"), fewer than the "
                + "\(EDIDParser.blockSize)-byte base block; give the whole EDID"
        }
    }

    /// What held the bytes: "the file", "the hex", …
    private static func noun(_ format: EDIDFile.Format) -> String {
        switch format {
        case .binary: "the file"
        case .hex: "the hex"
        case .xrandr: "the xrandr EDID: block"
        case .cArray: "the C array"
        }
    }
}

/// Decodes the hex forms of ``EDIDFile``.
enum HexText {
    /// The longest excerpt of an offending line quoted in an error.
    static let excerptLength = 40

    static func decode(_ text: String) throws(EDIDFileError) -> (bytes: [UInt8], format: EDIDFile.Format) {
        // Character.isNewline covers "\n", "\r" and "\r\n" (one Character).
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if lines.contains(where: { $0.trimmed == "EDID:" }) {
            return (try xrandrBlock(lines), .xrandr)
        }
        if text.contains("0x") || text.contains("0X") {
            return (try cArray(lines), .cArray)
        }
        return (try plainHex(lines), .hex)
    }

    /// Hex digits and whitespace only.
    static func plainHex(_ lines: [Substring]) throws(EDIDFileError) -> [UInt8] {
        var digits: [UInt8] = []
        for (index, line) in lines.enumerated() {
            for scalar in line.unicodeScalars where !scalar.properties.isWhitespace {
                guard let value = hexValue(scalar) else { throw notHex(line: index, lines[index]) }
                digits.append(value)
            }
        }
        guard digits.count.isMultiple(of: 2) else { throw .oddHexDigitCount(digits.count) }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// The hex lines after xrandr's one `EDID:` line, up to the first line
    /// that is not hex (xrandr's next property).
    static func xrandrBlock(_ lines: [Substring]) throws(EDIDFileError) -> [UInt8] {
        let starts = lines.indices.filter { lines[$0].trimmed == "EDID:" }
        guard starts.count == 1, let start = starts.first else { throw .severalXrandrEDIDs(starts.count) }
        let block = lines[(start + 1)...].prefix { line in
            !line.trimmed.isEmpty
                && line.unicodeScalars.allSatisfy { $0.properties.isWhitespace || hexValue($0) != nil }
        }
        guard !block.isEmpty else { throw .emptyXrandrEDID(line: start + 1) }
        return try plainHex(Array(block))
    }

    /// `0x..` tokens separated by commas and whitespace, inside the first
    /// braces if there are any; `//` and `/* */` comments are skipped.
    static func cArray(_ lines: [Substring]) throws(EDIDFileError) -> [UInt8] {
        // Each character with its line number, comments removed.
        var characters: [(character: Character, line: Int)] = []
        var inBlockComment = false
        for (index, line) in lines.enumerated() {
            var rest = Substring(line)
            while !rest.isEmpty {
                if inBlockComment {
                    guard let end = rest.firstRange(of: "*/") else { break }
                    rest = rest[end.upperBound...]
                    inBlockComment = false
                } else if rest.hasPrefix("//") {
                    break
                } else if rest.hasPrefix("/*") {
                    rest = rest.dropFirst(2)
                    inBlockComment = true
                } else {
                    characters.append((rest.removeFirst(), index))
                }
            }
            characters.append((" ", index))
        }
        if let open = characters.firstIndex(where: { $0.character == "{" }) {
            let close = characters[(open + 1)...].firstIndex { $0.character == "}" } ?? characters.endIndex
            characters = Array(characters[(open + 1)..<close])
        }
        var bytes: [UInt8] = []
        var token = ""
        var tokenLine = 0
        for (character, line) in characters + [(",", lines.count - 1)] {
            if character == "," || character.isWhitespace {
                if !token.isEmpty {
                    guard let byte = cHexByte(token) else { throw notHex(line: tokenLine, lines[tokenLine]) }
                    bytes.append(byte)
                    token = ""
                }
            } else {
                if token.isEmpty { tokenLine = line }
                token.append(character)
            }
        }
        return bytes
    }

    /// The value of a C hex literal of one byte ("0x0", "0xFF"), else nil.
    static func cHexByte(_ token: String) -> UInt8? {
        let scalars = Array(token.unicodeScalars)
        guard (3...4).contains(scalars.count), scalars[0] == "0", scalars[1] == "x" || scalars[1] == "X" else {
            return nil
        }
        var value: UInt8 = 0
        for scalar in scalars.dropFirst(2) {
            guard let digit = hexValue(scalar) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// The error for line `index` (0-based), quoting its start.
    static func notHex(line index: Int, _ line: Substring) -> EDIDFileError {
        let trimmed = String(line.trimmed.map { $0.isWhitespace ? " " : $0 })
        var excerpt = String(trimmed.prefix(excerptLength))
        if trimmed.count > excerptLength { excerpt += "…" }
        return .notHex(line: index + 1, text: excerpt)
    }

    /// The value of one hex digit, else nil.
    static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 0x30)
        case "a"..."f": UInt8(scalar.value - 0x61 + 10)
        case "A"..."F": UInt8(scalar.value - 0x41 + 10)
        default: nil
        }
    }
}

extension Substring {
    /// Without leading and trailing whitespace.
    fileprivate var trimmed: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
