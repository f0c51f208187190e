import Foundation
import Geometry
import Typesetting

/// A text view's text cut into paragraphs (at "\n"), each laid out on its own by
/// pango and kept with its height, so that a keystroke lays out one paragraph
/// again and the rest keep their layouts. A paragraph longer than
/// `longestParagraph` UTF-16 units is cut into pieces (at a space where one is
/// near), each a paragraph here: pango's time grows with what it lays out at
/// once. A paragraph not yet laid out has an estimated height until it is shown.
///
/// A paragraph edited is first cut at its lines (pango's line breaks): each line
/// becomes a piece laid out on its own, so the next keystrokes in it lay out one
/// line. A line is laid out with the first word of the next one after it (not
/// shown) to see that its break stays; when it moves, the two lines are joined
/// and laid out again, and so on down the paragraph while the breaks move.
/// Only paragraphs of left-to-right text, left or natural aligned, are cut so:
/// there a line laid out alone looks as it does in its paragraph. A line laid
/// out on one line is made of pieces of a few words (`layOutLine`), so a
/// keystroke in it lays out one piece.
@MainActor package final class TextParagraphs {
    package struct Paragraph {
        /// Where it starts in the text and how long it is (UTF-16 units, without its "\n").
        package var start: Int
        package var length: Int
        /// Whether a "\n" ends it (else the text, or a cut of a long paragraph, does).
        package var endsWithNewline: Bool
        /// Whether it is a line (or lines) of a paragraph that goes on in the next
        /// piece: it ends at one of pango's line breaks, which an edit may move.
        package var continues = false
        /// Whether `height` is the laid-out height (a line cut from its laid-out
        /// paragraph has it before its own layout is made).
        package var isMeasured = false
        /// Its top, in points from the first paragraph's top.
        package var top: CGFloat = 0
        /// Its height: the layout's, or an estimate while `layout` is nil.
        package var height: CGFloat = 0
        package var layout: TextLayout?

        package var end: Int { start + length }
        package var bottom: CGFloat { top + height }
    }

    /// A paragraph longer than this (UTF-16 units) is cut into pieces.
    package static let longestParagraph = 8192

    package private(set) var paragraphs: [Paragraph] = []
    /// How many layouts were made (for tests and the benchmark).
    package private(set) var layoutCount = 0
    /// How many pieces of lines were laid out (for tests and the benchmark; see `layOutLine`).
    package private(set) var pieceLayoutCount = 0
    /// Told when a paragraph laid out for showing got a height other than its
    /// estimate: the paragraphs from this top (points) down moved.
    package var didMove: (_ fromTop: CGFloat) -> Void = { _ in }

    private(set) var font: FontDescription
    private(set) var alignment: TextLayout.Alignment
    /// The width lines wrap at, in points.
    private(set) var width: CGFloat = 0
    /// The height of one line of `font`, for estimates and an empty text.
    private var lineHeight: CGFloat

    package init(font: FontDescription, alignment: TextLayout.Alignment) {
        self.font = font
        self.alignment = alignment
        lineHeight = Self.lineHeight(of: font)
        paragraphs = [Paragraph(start: 0, length: 0, endsWithNewline: false)]
        estimateAll()
    }

    /// The height of all paragraphs, in points.
    package var height: CGFloat { paragraphs.last?.bottom ?? 0 }

    // MARK: Changes

    /// Cuts a new text into paragraphs, none laid out.
    package func reset(_ text: String) {
        paragraphs = Self.cut(
            text, from: text.startIndex, to: text.endIndex, startOffset: 0, lastEndsWithNewline: false)
        estimateAll()
    }

    /// Changes the font, alignment or width: every layout is made again when shown.
    package func set(font: FontDescription, alignment: TextLayout.Alignment, width: CGFloat) {
        guard font != self.font || alignment != self.alignment || width != self.width else { return }
        if font != self.font {
            lineHeight = Self.lineHeight(of: font)
            fontShapesNothingAcrossSpaces = nil
            asciiShaping = nil
            wordWidths = [:]
        }
        self.font = font
        self.alignment = alignment
        self.width = width
        joinLines()
        estimateAll()
    }

    /// Joins the lines cut from each paragraph back into it (the breaks change with the width).
    private func joinLines() {
        guard paragraphs.contains(where: \.continues) else { return }
        var joined: [Paragraph] = []
        var continuing = false
        for paragraph in paragraphs {
            if continuing {
                joined[joined.count - 1].length = paragraph.end - joined[joined.count - 1].start
                joined[joined.count - 1].endsWithNewline = paragraph.endsWithNewline
            } else {
                joined.append(paragraph)
            }
            continuing = paragraph.continues
            joined[joined.count - 1].continues = false
        }
        paragraphs = joined
    }

    /// After `text` had `range` (UTF-16, old text) replaced by `replacementLength`
    /// units: cuts the paragraphs the edit touched again and lays them out, and
    /// moves the ones after. A paragraph of several lines edited is first cut into
    /// its lines, and a line laid out again whose break moved takes in the next
    /// line (see the type). Returns the indices of the new pieces, whether the
    /// pieces after them moved up or down, and the layout the one piece edited
    /// had (nil when the edit touched several).
    @discardableResult
    package func replace(_ range: NSRange, replacementLength: Int, in text: String) -> (
        changed: Range<Int>, movedAfter: Bool, oldLayout: TextLayout?
    ) {
        let delta = replacementLength - range.length
        let editEnd = range.location + range.length
        let edited = index(containing: range.location)
        if edited == index(containing: editEnd) {
            cutIntoLines(edited, replacing: range, length: replacementLength, in: text)
        }
        var first = index(containing: range.location)
        // An edit at the start of a piece of a cut paragraph may join it to the piece before.
        if first > 0, paragraphs[first].start == range.location, !paragraphs[first - 1].endsWithNewline { first -= 1 }
        // An edit in a line's first word may let the line before take that word, or give it one.
        if first > 0, paragraphs[first - 1].continues,
            range.location < Self.firstWordEnd(after: paragraphs[first].start, in: text)
        {
            first -= 1
        }
        let last = index(containing: editEnd)
        var oldBottom = paragraphs[last].bottom
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: paragraphs[first].start)
        let end = utf16.index(utf16.startIndex, offsetBy: paragraphs[last].end + delta)
        var new = Self.cut(
            text, from: start, to: end, startOffset: paragraphs[first].start,
            lastEndsWithNewline: paragraphs[last].endsWithNewline)
        new[new.count - 1].continues = paragraphs[last].continues
        let top = paragraphs[first].top
        var oldLayout = first == last ? paragraphs[first].layout : nil
        if let oldLayout, oldLayout.pieceCount > 0, new.count == 1 {
            // A line in pieces: the pieces the edit did not touch are kept (see `layOutLine`).
            let utf8 = text.utf8
            let editStart = utf16.index(utf16.startIndex, offsetBy: range.location)
            let editByte = utf8.distance(from: start, to: editStart)
            let insertedBytes = utf8.distance(
                from: editStart, to: utf16.index(editStart, offsetBy: replacementLength))
            let removedBytes = oldLayout.byteCount - (utf8.distance(from: start, to: end) - insertedBytes)
            if removedBytes >= 0 {
                editedLine = (
                    paragraphs[first].start, oldLayout, editByte..<(editByte + removedBytes), insertedBytes
                )
            }
        }
        defer { editedLine = nil }
        paragraphs.replaceSubrange(first...last, with: new)
        let changedEnd = first + new.count
        for index in changedEnd..<paragraphs.count { paragraphs[index].start += delta }
        // A keystroke's paragraph is laid out now; a paste of many waits to be shown.
        let laysOut = new.count <= Self.paragraphsLaidOutByAnEdit
        if !laysOut {
            // No break can be checked without a layout: the rest of a cut paragraph joins its last piece.
            while paragraphs[changedEnd - 1].continues {
                oldBottom = paragraphs[changedEnd].bottom
                join(changedEnd - 1)
            }
        }
        let perLine = estimatedCharactersPerLine
        var y = top
        for index in first..<changedEnd {
            if laysOut {
                // The line's break moved: it takes in the next line, and so on while breaks move.
                while !makeLayout(of: index, in: text).breaksAtEnd, paragraphs[index].continues {
                    oldBottom = paragraphs[index + 1].bottom
                    oldLayout = nil
                    join(index)
                }
            } else {
                paragraphs[index].height = estimatedHeight(ofLength: paragraphs[index].length, perLine: perLine)
            }
            paragraphs[index].top = y
            y += paragraphs[index].height
        }
        let moved = y != oldBottom
        for index in changedEnd..<paragraphs.count { paragraphs[index].top += y - oldBottom }
        return (first..<changedEnd, moved, oldLayout)
    }

    /// Cuts paragraph `index`, laid out in several lines, into a piece per line
    /// before an edit in it (`range` of the old text replaced by `length` units; `text`
    /// is the new one). The pieces keep the old text's offsets and their lines'
    /// heights; their layouts are made when wanted. The lines the edit spans stay one piece.
    private func cutIntoLines(_ index: Int, replacing range: NSRange, length: Int, in text: String) {
        let paragraph = paragraphs[index]
        guard let layout = paragraph.layout, layout.lineCount > 1, alignment == .left || alignment == .natural
        else { return }
        let delta = length - range.length
        let utf16 = text.utf16
        let utf8 = text.utf8
        let start = utf16.index(utf16.startIndex, offsetBy: paragraph.start)
        let end = utf16.index(start, offsetBy: paragraph.length + delta)
        // Right-to-left text takes its direction from the whole paragraph, not from each line.
        guard !Self.containsRightToLeft(text[start..<end]) else { return }
        let editStart = utf16.index(start, offsetBy: range.location - paragraph.start)
        let editByte = utf8.distance(from: start, to: editStart)
        let insertedBytes = utf8.distance(from: editStart, to: utf16.index(editStart, offsetBy: length))
        let removedBytes = layout.byteCount - (utf8.distance(from: start, to: end) - insertedBytes)
        var pieces: [Paragraph] = []
        var pieceStart = paragraph.start
        var pieceTop = paragraph.top
        for line in 1..<layout.lineCount {
            let oldByte = layout.lineStarts[line]
            let newByte: Int
            if oldByte <= editByte {
                newByte = oldByte
            } else if oldByte >= editByte + removedBytes {
                newByte = oldByte - removedBytes + insertedBytes
            } else {
                continue  // A break inside the text replaced: those lines stay one piece.
            }
            var offset = paragraph.start + utf16.distance(from: start, to: utf8.index(start, offsetBy: newByte))
            if offset > range.location { offset -= delta }  // The old text's offsets, as the other pieces'.
            guard offset > pieceStart, offset < paragraph.end else { continue }
            let lineTop = paragraph.top + CGFloat(layout.lineYRanges[line].top)
            var piece = Paragraph(start: pieceStart, length: offset - pieceStart, endsWithNewline: false)
            piece.continues = true
            piece.isMeasured = true
            piece.top = pieceTop
            piece.height = lineTop - pieceTop
            pieces.append(piece)
            pieceStart = offset
            pieceTop = lineTop
        }
        guard !pieces.isEmpty else { return }
        var lastPiece = Paragraph(
            start: pieceStart, length: paragraph.end - pieceStart, endsWithNewline: paragraph.endsWithNewline)
        lastPiece.continues = paragraph.continues
        lastPiece.isMeasured = true
        lastPiece.top = pieceTop
        lastPiece.height = paragraph.bottom - pieceTop
        pieces.append(lastPiece)
        paragraphs.replaceSubrange(index...index, with: pieces)
    }

    /// Joins piece `index + 1` to piece `index` (not laid out).
    private func join(_ index: Int) {
        let next = paragraphs.remove(at: index + 1)
        paragraphs[index].length = next.end - paragraphs[index].start
        paragraphs[index].endsWithNewline = next.endsWithNewline
        paragraphs[index].continues = next.continues
        paragraphs[index].layout = nil
        paragraphs[index].isMeasured = false
    }

    /// Where the first word from UTF-16 `offset` ends, with the spaces after it (and
    /// any before): a line's break can move only if the edit is before it. At most
    /// 256 units on: a longer word counts as changed (the line is laid out again).
    private static func firstWordEnd(after offset: Int, in text: String) -> Int {
        let utf16 = text.utf16
        var index = utf16.index(utf16.startIndex, offsetBy: offset)
        var end = offset
        // Spaces before the word, the word, then the spaces after it.
        var phase = 0
        while index < utf16.endIndex {
            let unit = utf16[index]
            if unit == 0x0A || (end - offset >= 256 && !UTF16.isTrailSurrogate(unit)) { break }
            let isSpace = unit == 0x20 || unit == 0x09
            if phase == 0, !isSpace { phase = 1 }
            if phase == 1, isSpace { phase = 2 }
            if phase == 2, !isSpace { break }
            end += 1
            index = utf16.index(after: index)
        }
        return end
    }

    /// Lays out the paragraphs that reach into `rect` (points from the first
    /// paragraph's top); see `layout(of:in:)`.
    package func layOut(in rect: CGRect, of text: String) {
        var index = self.index(at: rect.minY)
        while index < paragraphs.count, paragraphs[index].top < rect.maxY {
            // Measured ones have their heights: their layouts wait until drawn.
            if !paragraphs[index].isMeasured { _ = layout(of: index, in: text) }
            index += 1
        }
    }

    /// Layouts made since the last `discardLayouts(farFrom:)` that dropped any.
    private var layoutsSinceDiscard = 0

    /// Drops the layouts of paragraphs more than `margin` points above or below
    /// `rect` (their heights stay), once enough were made since the last time:
    /// scrolling through a long text keeps a few screens of layouts, not all.
    package func discardLayouts(farFrom rect: CGRect, margin: CGFloat) {
        guard layoutsSinceDiscard >= Self.layoutsBetweenDiscards else { return }
        layoutsSinceDiscard = 0
        let kept = (rect.minY - margin)...(rect.maxY + margin)
        for index in paragraphs.indices where paragraphs[index].layout != nil {
            if paragraphs[index].bottom < kept.lowerBound || paragraphs[index].top > kept.upperBound {
                paragraphs[index].layout = nil
            }
        }
    }

    /// How many layouts are made between two sweeps for far ones.
    package static let layoutsBetweenDiscards = 256

    /// How many paragraphs hold a layout now (for tests).
    package var liveLayoutCount: Int { paragraphs.count { $0.layout != nil } }

    /// The layout of paragraph `index`, made when missing; when its height is not
    /// the estimate, the paragraphs after it move and `didMove` is told.
    package func layout(of index: Int, in text: String) -> TextLayout {
        if let layout = paragraphs[index].layout { return layout }
        let old = paragraphs[index].height
        let layout = makeLayout(of: index, in: text).layout
        let change = paragraphs[index].height - old
        if change != 0 {
            for later in (index + 1)..<paragraphs.count { paragraphs[later].top += change }
            didMove(paragraphs[index].top)
        }
        return layout
    }

    // MARK: Finding

    /// The paragraph holding the UTF-16 `offset`: the last one starting at or before it.
    package func index(containing offset: Int) -> Int {
        paragraphs.lastIndex(withKeyAtMost: offset) { $0.start }
    }

    /// The paragraph at `y` points from the top (the first above it, the last below it).
    package func index(at y: CGFloat) -> Int {
        paragraphs.lastIndex(withKeyAtMost: y) { $0.top }
    }

    // MARK: Making

    /// A line in pieces being edited: where it starts (UTF-16), its layout, the bytes
    /// of it replaced and how many bytes replaced them (for `layOutLine`).
    private var editedLine: (start: Int, layout: TextLayout, edit: Range<Int>, insertedBytes: Int)?

    /// Lays out piece `index`; for a line of a paragraph that goes on, also whether
    /// its last line still breaks where it ends (else the break moved).
    @discardableResult
    private func makeLayout(of index: Int, in text: String) -> (layout: TextLayout, breaksAtEnd: Bool) {
        let paragraph = paragraphs[index]
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: paragraph.start)
        let end = utf16.index(start, offsetBy: paragraph.length)
        let shown = String(text[start..<end])
        let boxWidth = Double(max(width, 1))
        var made: (layout: TextLayout, breaksAtEnd: Bool)?
        if paragraph.continues, index + 1 < paragraphs.count {
            let next = paragraphs[index + 1].start
            let from = utf16.index(utf16.startIndex, offsetBy: next)
            let following = String(
                text[from..<utf16.index(from, offsetBy: Self.firstWordEnd(after: next, in: text) - next)])
            var reused: (layout: TextLayout, edit: Range<Int>, insertedBytes: Int)?
            if let editedLine, editedLine.start == paragraph.start {
                reused = (editedLine.layout, editedLine.edit, editedLine.insertedBytes)
            }
            editedLine = nil
            made = layOutLine(shown, followedBy: following, boxWidth: boxWidth, reusing: reused)
            if made == nil {
                // The next line's first word laid out after it, not shown, shows where it breaks.
                let layout = TextLayout(
                    text: shown, font: font, boxWidth: boxWidth, alignment: alignment, lineBreak: .wordWrapping,
                    following: following)
                made = (layout, layout.breaksAtEnd)
            }
        }
        let layout =
            made?.layout
            ?? TextLayout(
                text: shown, font: font, boxWidth: boxWidth, alignment: alignment, lineBreak: .wordWrapping)
        layoutCount += 1
        layoutsSinceDiscard += 1
        paragraphs[index].layout = layout
        paragraphs[index].isMeasured = true
        paragraphs[index].height = max(CGFloat(layout.height), lineHeight)
        return (layout, made?.breaksAtEnd ?? true)
    }

    /// A line of a paragraph laid out on one line, without pango's line breaking
    /// (half the time: pango shapes again around each break it tries), when widths
    /// show clearly that pango would break it where it ends: it ends in a space
    /// before a letter or digit (a break is allowed there), its text up to that
    /// space fits the width, and the next word does not fit after it. Nil when
    /// that is not clear (within a point), to lay it out with pango's breaking.
    ///
    /// Left-to-right text is laid out in pieces of a few words cut after spaces, placed
    /// side by side (`TextLayout.inPieces`), when the font shapes nothing across a
    /// space: an edit in the line (`reusing` its layout before) lays out again only
    /// the pieces it touched, a fifth of the line's time or less.
    private func layOutLine(
        _ line: String, followedBy following: String, boxWidth: Double,
        reusing old: (layout: TextLayout, edit: Range<Int>, insertedBytes: Int)?
    ) -> (layout: TextLayout, breaksAtEnd: Bool)? {
        let utf8 = Array(line.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let last = utf8.last, isSpace(last), let first = following.unicodeScalars.first,
            first.properties.isAlphabetic || first.properties.numericType != nil
        else { return nil }
        var layout: TextLayout?
        if alignment == .left || alignment == .natural, piecesLookWhole(),
            !Self.containsRightToLeft(line[...]),
            let pieced = TextLayout.inPieces(
                line, font: font, alignment: alignment, reusing: old, asciiTemplate: asciiTemplate())
        {
            layout = pieced.layout
            pieceLayoutCount += pieced.piecesLaidOut
        }
        let made = layout ?? TextLayout(text: line, font: font, boxWidth: nil, alignment: alignment)
        guard made.lineCount == 1 else { return nil }
        var contentEnd = utf8.count
        while contentEnd > 0, isSpace(utf8[contentEnd - 1]) { contentEnd -= 1 }
        let contentWidth = made.caret(atByteIndex: contentEnd).x
        var word = following[...]
        while let last = word.utf8.last, isSpace(last) { word = word.dropLast() }
        let wordWidth = width(ofWord: String(word))
        let margin = 1.0
        guard contentWidth <= boxWidth - margin, made.width + wordWidth > boxWidth + margin else { return nil }
        return (made, true)
    }

    /// Widths of the words that start the lines after edited ones, by word (the same
    /// word is measured at each keystroke in the line before it).
    private var wordWidths: [String: Double] = [:]

    private func width(ofWord word: String) -> Double {
        if let width = wordWidths[word] { return width }
        let width = TextLayout(text: word, font: font, boxWidth: nil, alignment: alignment).width
        if wordWidths.count >= 1024 { wordWidths = [:] }
        wordWidths[word] = width
        return width
    }

    /// Whether the font shapes nothing across a space, so a line laid out in pieces
    /// cut after spaces looks as it does whole: words after spaces that fonts kern
    /// against ("T A", "Y.", quotes) are laid out on one line and one by one, and each
    /// word's x must be the sum of the widths before it. Found once per font.
    private var fontShapesNothingAcrossSpaces: Bool?

    private func piecesLookWhole() -> Bool {
        if let known = fontShapesNothingAcrossSpaces { return known }
        let words = ["LT ", "AV ", "Wa. ", "To, ", "Yo; ", "f) ", "j' ", "\"A\" ", "T- ", "V. ", "Y: ", "J ", "A"]
        let whole = TextLayout(text: words.joined(), font: font, boxWidth: nil, alignment: .left)
        var x = 0.0
        var byte = 0
        var matches = true
        for word in words {
            matches = matches && whole.caret(atByteIndex: byte).x == x
            x += TextLayout(text: word, font: font, boxWidth: nil, alignment: .left).width
            byte += word.utf8.count
        }
        matches = matches && whole.width == x
        fontShapesNothingAcrossSpaces = matches
        return matches
    }

    /// The layout ASCII pieces are shaped like (`TextLayout.asciiTemplate`), made once per
    /// font and alignment; `.some(nil)` when the font cannot shape them without a layout.
    private var asciiShaping: (alignment: TextLayout.Alignment, template: TextLayout?)?

    private func asciiTemplate() -> TextLayout? {
        if let asciiShaping, asciiShaping.alignment == alignment { return asciiShaping.template }
        let template = TextLayout.asciiTemplate(font: font, alignment: alignment)
        asciiShaping = (alignment, template)
        return template
    }

    /// An edit that makes more paragraphs than this lays none out (they are when shown).
    private static let paragraphsLaidOutByAnEdit = 8

    /// Whether `text` holds a scalar of `isRightToLeft`. Its UTF-8 is scanned first for a
    /// byte that can start one (0xD6 and up, U+0590 on), which Latin text has none of.
    /// Nonisolated: in the main actor's type, the scan's closure checked the executor
    /// at every byte (a keystroke scans its line twice: 7% of its frame).
    nonisolated package static func containsRightToLeft(_ text: Substring) -> Bool {
        let mayHold = text.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0xD6 } } ?? true
        return mayHold && text.unicodeScalars.contains(where: isRightToLeft)
    }

    /// Scalars of right-to-left scripts and the bidi controls that make text run right to left.
    nonisolated package static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x200F, 0x202B, 0x202E, 0x2067: true
        default: false
        }
    }

    private func estimateAll() {
        let perLine = estimatedCharactersPerLine
        var y: CGFloat = 0
        for index in paragraphs.indices {
            paragraphs[index].layout = nil
            paragraphs[index].isMeasured = false
            paragraphs[index].top = y
            paragraphs[index].height = estimatedHeight(ofLength: paragraphs[index].length, perLine: perLine)
            y += paragraphs[index].height
        }
    }

    /// About half an em a character: a guess only until the paragraph is shown.
    private var estimatedCharactersPerLine: Int { max(Int(width / max(font.size * 0.5, 1)), 1) }

    private func estimatedHeight(ofLength length: Int, perLine: Int) -> CGFloat {
        CGFloat(max((length + perLine - 1) / perLine, 1)) * lineHeight
    }

    private static func lineHeight(of font: FontDescription) -> CGFloat {
        CGFloat(TextLayout(text: "X", font: font, boxWidth: nil).height)
    }

    /// The paragraphs of `text[start..<end]` (which starts at UTF-16 `startOffset`):
    /// cut after each "\n" and where one runs longer than `longestParagraph`. The
    /// last ends with a newline when `lastEndsWithNewline` (the "\n" after `end`).
    private static func cut(
        _ text: String, from start: String.Index, to end: String.Index, startOffset: Int, lastEndsWithNewline: Bool
    ) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var offset = startOffset
        var pieceStart = start
        let utf16 = text.utf16
        var index = start
        while true {
            let atEnd = index == end
            if atEnd || utf16[index] == 0x0A {
                let length = utf16.distance(from: pieceStart, to: index)
                appendCut(text, from: pieceStart, length: length, startOffset: offset, to: &paragraphs)
                paragraphs[paragraphs.count - 1].endsWithNewline = atEnd ? lastEndsWithNewline : true
                if atEnd { break }
                offset += length + 1
                index = utf16.index(after: index)
                pieceStart = index
            } else {
                index = utf16.index(after: index)
            }
        }
        return paragraphs
    }

    /// Appends one paragraph without "\n", cut into pieces of at most `longestParagraph` units.
    private static func appendCut(
        _ text: String, from start: String.Index, length: Int, startOffset: Int, to paragraphs: inout [Paragraph]
    ) {
        var offset = startOffset
        var rest = length
        var pieceStart = start
        while rest > longestParagraph {
            // Cut on a grapheme-cluster boundary, after the last space in the piece's last 512 units if any.
            var cut = text.index(pieceStart, offsetBy: 0)
            var cutLength = 0
            var spaceCut: (String.Index, Int)?
            var characters = text[pieceStart...].makeIterator()
            while let character = characters.next() {
                let next = cutLength + character.utf16.count
                if next > longestParagraph { break }
                cutLength = next
                cut = text.index(cut, offsetBy: 1)
                if character.isWhitespace, cutLength > longestParagraph - 512 { spaceCut = (cut, cutLength) }
            }
            if let spaceCut { (cut, cutLength) = spaceCut }
            if cutLength == 0 { break }  // One cluster longer than a piece: it stays whole.
            paragraphs.append(Paragraph(start: offset, length: cutLength, endsWithNewline: false))
            offset += cutLength
            rest -= cutLength
            pieceStart = cut
        }
        paragraphs.append(Paragraph(start: offset, length: rest, endsWithNewline: false))
    }
}
