// Bounds-checked byte access for untrusted EDID input.
//
// Every read of input data goes through `EDIDBytes`: reading past the end
// yields 0 instead of trapping, and callers check `has(_:count:)` before
// decoding a structure so that zeros from a short buffer are not taken as data.

/// A read-only view of EDID bytes whose reads never trap.
struct EDIDBytes: Sendable {
    /// The underlying bytes.
    let storage: [UInt8]
    /// Offset of this view's first byte in `storage`.
    let start: Int
    /// Number of bytes visible through this view.
    let count: Int

    /// A view of all of `bytes`.
    init(_ bytes: [UInt8]) {
        storage = bytes
        start = 0
        count = bytes.count
    }

    private init(storage: [UInt8], start: Int, count: Int) {
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// The byte at `offset`, or 0 when `offset` lies outside the view.
    subscript(offset: Int) -> UInt8 {
        guard offset >= 0, offset < count else { return 0 }
        let absolute = start + offset
        guard absolute >= 0, absolute < storage.count else { return 0 }
        return storage[absolute]
    }

    /// The byte at `offset` widened to `Int` (0 when out of range).
    func int(_ offset: Int) -> Int { Int(self[offset]) }

    /// Little-endian unsigned 16-bit value at `offset`.
    func littleEndian16(_ offset: Int) -> Int { int(offset) | int(offset + 1) << 8 }

    /// Little-endian unsigned 24-bit value at `offset`.
    func littleEndian24(_ offset: Int) -> Int { littleEndian16(offset) | int(offset + 2) << 16 }

    /// Little-endian unsigned 32-bit value at `offset`.
    func littleEndian32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian16(offset)) | UInt32(littleEndian16(offset + 2)) << 16
    }

    /// Whether `count` bytes starting at `offset` all lie inside the view.
    func has(_ offset: Int, count length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count - length
    }

    /// A sub-view of `length` bytes at `offset`, clipped to what exists.
    func window(_ offset: Int, _ length: Int) -> EDIDBytes {
        let clippedStart = min(max(offset, 0), count)
        let clippedCount = max(0, min(length, count - clippedStart))
        return EDIDBytes(storage: storage, start: start + clippedStart, count: clippedCount)
    }

    /// Sum of the view's bytes modulo 256 (0 for a valid EDID block).
    var checksumRemainder: UInt8 {
        var sum: UInt8 = 0
        for offset in 0..<count { sum &+= self[offset] }
        return sum
    }

    /// The view's bytes as an array.
    var array: [UInt8] { (0..<count).map { self[$0] } }

    /// Decodes a 13-byte EDID text field: printable ASCII up to the first
    /// line feed, trailing spaces removed, other bytes replaced by "?".
    func descriptorText(_ offset: Int, length: Int = 13) -> String {
        var characters: [Character] = []
        for index in offset..<(offset + length) {
            let byte = self[index]
            if byte == 0x0A || byte == 0 { break }
            characters.append((0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?")
        }
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }
}
