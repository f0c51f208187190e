import CPango

/// Where words start and end in a text, as pango finds them (Unicode's word
/// boundaries, UAX #29, with pango's language rules): what word motion and
/// double-tap word selection stop at.
package struct WordBoundaries {
    /// UTF-16 offsets in the text where a word starts, ascending.
    package let starts: [Int]
    /// UTF-16 offsets in the text where a word ends, ascending.
    package let ends: [Int]

    /// The boundaries of `text` (pango_get_log_attrs, one attribute per character
    /// and one for the end).
    package init(of text: String) {
        // pango ends its text at a NUL, even with the length given: U+0001, one byte
        // and one UTF-16 unit as well, is another non-word character in its place.
        let text = text.utf8.contains(0) ? String(decoding: text.utf8.map { $0 == 0 ? 1 : $0 }, as: UTF8.self) : text
        let scalars = text.unicodeScalars
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        attributes.withUnsafeMutableBufferPointer { buffer in
            pango_get_log_attrs(
                text, Int32(clamping: text.utf8.count), -1, pango_language_get_default(), buffer.baseAddress,
                Int32(clamping: buffer.count))
        }
        var starts: [Int] = []
        var ends: [Int] = []
        var offset = 0
        var characters = scalars.makeIterator()
        for attribute in attributes {
            if attribute.is_word_start != 0 { starts.append(offset) }
            if attribute.is_word_end != 0 { ends.append(offset) }
            offset += characters.next()?.utf16.count ?? 0
        }
        self.starts = starts
        self.ends = ends
    }
}
