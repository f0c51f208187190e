import CCairo
import CPango
import Compositing
import Geometry

/// Text shaped and broken into lines by pango, measured in points and drawn into a
/// `DrawingSurface`: what a label shows. Lines beyond `maximumLines` or
/// `maximumHeight` are cut; with a truncating line break the last line shown then
/// ends (or starts, or is cut in the middle) with an ellipsis, as UIKit's labels do.
/// Owns its pango context and layouts; each is unreferenced once.
package final class TextLayout {
    /// How lines sit between the layout's edges, as NSTextAlignment.
    package enum Alignment: Sendable {
        /// The paragraph's own direction: left for left-to-right text, right for right-to-left.
        case natural
        case left, center, right
        /// Both edges, except a paragraph's last line.
        case justified
    }

    /// How lines break and what happens to text that does not fit, as NSLineBreakMode.
    package enum LineBreak: Sendable {
        case wordWrapping, charWrapping, clipping, truncatingHead, truncatingTail, truncatingMiddle

        var ellipsizeMode: PangoEllipsizeMode? {
            switch self {
            case .truncatingHead: PANGO_ELLIPSIZE_START
            case .truncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
            case .truncatingTail: PANGO_ELLIPSIZE_END
            default: nil
            }
        }
    }

    /// The width of the widest line shown and the height of the lines shown, in points.
    package let width: Double
    package let height: Double
    /// Lines shown.
    package let lineCount: Int
    /// The UTF-8 index in the text of each line shown's first byte.
    package let lineStarts: [Int]
    /// Each line shown's top and bottom, in points from the layout's top.
    package let lineYRanges: [(top: Double, bottom: Double)]
    /// The length of the text laid out, in UTF-8 bytes.
    package let byteCount: Int
    /// Whether text was left out (lines cut, or a line truncated).
    package let isTruncated: Bool
    /// From the top to the first line's baseline, in points.
    package let firstBaseline: Double
    /// With text following (see init): whether a line of the two laid out together
    /// starts right after the text, i.e. the text's last line breaks where it ends.
    package let breaksAtEnd: Bool

    private let context: TextContext
    /// The main layout; nil until first drawn when the text was only measured in pieces (see init).
    private var layout: OpaquePointer?
    /// What `showLinesInClip` reads of each line of `layout` (pango units), read once: the
    /// layout is not changed once made, and a keystroke's neighbouring lines are asked on
    /// every redraw (pango's iterator measures every line again each time it is made).
    private var lineMeasures: [LineMeasure]?
    /// Makes `layout` when it is nil.
    private let makeWholeLayout: () -> OpaquePointer
    /// The last line shown, truncated: drawn in place of the main layout's line there.
    private let truncatedLine: OpaquePointer?
    /// Where the main layout stops being drawn (points from the top); nil: all of it.
    private let cutAt: Double?
    /// Where `truncatedLine` is drawn.
    private let truncatedLineTop: Double
    /// Added to x when drawing: alignment of an unwrapped line within `boxWidth`.
    private let alignmentOffset: Double
    /// A line laid out in pieces side by side (`init?(line:pieces:font:alignment:)`); empty otherwise.
    private let pieces: [Piece]
    /// A line of ASCII text shaped without a layout (`init?(ascii:shapedLike:)`); nil otherwise.
    private let shaped: ShapedRun?

    private struct Piece {
        let layout: TextLayout
        /// Its left edge and its first byte in the line.
        let x: Double
        let byteStart: Int
    }

    /// Lays out `text` in `font`. With `boxWidth` lines are wrapped (or truncated) to
    /// it and aligned within it; nil lets every paragraph run on one line. Zero
    /// `maximumLines` means no limit; `maximumHeight` keeps only the lines whose
    /// bottom fits (always at least one). `following` is text that continues the
    /// paragraph after `text` (a line of a paragraph laid out on its own): it is
    /// laid out after it, only to learn whether `text`'s last line breaks at its end
    /// (`breaksAtEnd`), and neither shown nor measured (offsets past `text` are its end).
    package init(
        text shownText: String, font: FontDescription, boxWidth: Double?, alignment: Alignment = .natural,
        lineBreak: LineBreak = .wordWrapping, maximumLines: Int = 0, maximumHeight: Double? = nil,
        following: String = ""
    ) {
        let scale = Double(PANGO_SCALE)
        let shownBytes = shownText.utf8.count
        let following = maximumLines == 0 && maximumHeight == nil && boxWidth != nil ? following : ""
        let text = following.isEmpty ? shownText : shownText + following
        // pango's widths are 32-bit fixed point (1/1024 point): a million points is beyond any screen.
        let boxWidth = boxWidth.flatMap { $0.isNaN ? nil : min(max($0, 0), 1_000_000) }
        // One clipped line is not wrapped at all: it runs on and is cut at the edge.
        let wraps = boxWidth != nil && !(lineBreak == .clipping && maximumLines == 1)
        let context = TextContext()
        self.context = context
        func shownCount(of lines: [LineExtent]) -> Int {
            var shown = lines.count
            // The lines of the following text are not shown (the first always is).
            if !following.isEmpty { shown = max(lines.count { $0.startIndex < shownBytes }, 1) }
            if maximumLines > 0 { shown = min(shown, maximumLines) }
            if let maximumHeight {
                let fitting = lines.prefix { $0.bottom <= maximumHeight + 0.001 }.count
                shown = min(shown, max(fitting, 1))
            }
            return shown
        }
        // pango breaks a word wider than the line in time that grows with the square of
        // its length, and lays out every line: when only some lines can be shown, ever
        // longer beginnings of the text are laid out until one gives lines beyond those
        // shown (the lines shown end where they do in the whole text: a break depends
        // only on the text around it).
        var laidOut: (layout: OpaquePointer, lines: [LineExtent], more: Bool)?
        if wraps, maximumLines > 0 || maximumHeight != nil {
            var length = 4096
            while laidOut == nil, length < text.utf8.count {
                let end = text.utf8.index(text.utf8.startIndex, offsetBy: length)
                let beginning = String(text.unicodeScalars[..<end])
                let candidate = Self.makeLayout(
                    context: context, text: beginning, font: font, alignment: alignment, wrapWidth: boxWidth,
                    charWrapping: lineBreak == .charWrapping)
                let lines = Self.lineExtents(of: candidate)
                if lines.count >= shownCount(of: lines) + 2 {
                    laidOut = (candidate, lines, true)
                } else {
                    g_object_unref(UnsafeMutableRawPointer(candidate))
                    length *= 4
                }
            }
        }
        makeWholeLayout = {
            TextLayout.makeLayout(
                context: context, text: text, font: font, alignment: alignment, wrapWidth: wraps ? boxWidth : nil,
                charWrapping: lineBreak == .charWrapping)
        }
        let lines: [LineExtent]
        let more: Bool
        if let laidOut {
            (layout, lines, more) = laidOut
            firstBaseline = Double(pango_layout_get_baseline(laidOut.layout)) / scale
        } else if wraps, let boxWidth, maximumLines == 0, maximumHeight == nil, text.utf8.count > 8192 {
            // Every line is wanted but only measured (a label's size): a few lines at a time.
            (lines, firstBaseline) = Self.measureInPieces(
                text, context: context, font: font, alignment: alignment, wrapWidth: boxWidth,
                charWrapping: lineBreak == .charWrapping)
            layout = nil
            more = false
        } else {
            let whole = makeWholeLayout()
            layout = whole
            lines = Self.lineExtents(of: whole)
            more = false
            firstBaseline = Double(pango_layout_get_baseline(whole)) / scale
        }
        let shown = shownCount(of: lines)
        isTruncated = following.isEmpty && (more || shown < lines.count)
        breaksAtEnd = !following.isEmpty && shownBytes > 0 && lines.dropFirst().contains { $0.startIndex == shownBytes }
        lineCount = shown
        lineStarts = lines.prefix(shown).map(\.startIndex)
        lineYRanges = lines.prefix(shown).map { ($0.top, $0.bottom) }
        byteCount = shownBytes

        var widest = lines.prefix(shown).map(\.width).max() ?? 0
        if isTruncated, wraps, let boxWidth, let mode = lineBreak.ellipsizeMode {
            // The last line shown takes all the rest of the text on one line and ellipsizes it.
            let utf8 = Array(text.utf8)
            let start = min(lines[shown - 1].startIndex, utf8.count)
            func ellipsized(_ bytes: ArraySlice<UInt8>) -> OpaquePointer {
                let rest = String(decoding: bytes, as: UTF8.self).map { $0.isNewline ? " " : $0 }
                let line = Self.makeLayout(
                    context: context, text: String(rest), font: font, alignment: alignment, wrapWidth: boxWidth,
                    charWrapping: false)
                pango_layout_set_ellipsize(line, mode)
                pango_layout_set_single_paragraph_mode(line, 1)
                return line
            }
            // Cut at its end, the line shows only a beginning of the rest: one that is
            // ellipsized itself shows the same.
            var length = mode == PANGO_ELLIPSIZE_END ? 4096 : Int.max
            var line = ellipsized(utf8[start...].prefix(length))
            while length < utf8.count - start, pango_layout_is_ellipsized(line) == 0 {
                g_object_unref(UnsafeMutableRawPointer(line))
                length *= 4
                line = ellipsized(utf8[start...].prefix(length))
            }
            truncatedLine = line
            truncatedLineTop = lines[shown - 1].top
            cutAt = lines[shown - 1].top
            let lastLine = Self.lineExtents(of: line).first
            widest = max(lines.prefix(shown - 1).map(\.width).max() ?? 0, lastLine?.width ?? 0)
            height = truncatedLineTop + (lastLine.map { $0.bottom - $0.top } ?? 0)
        } else {
            truncatedLine = nil
            truncatedLineTop = 0
            cutAt = isTruncated || shown < lines.count ? lines[shown - 1].bottom : nil
            height = shown > 0 ? lines[shown - 1].bottom : 0
        }
        width = widest
        if !wraps, let boxWidth, widest < boxWidth {
            // pango aligns only within a wrapping width; an unwrapped line is placed here.
            switch alignment {
            case .center: alignmentOffset = (boxWidth - widest) / 2
            case .right: alignmentOffset = boxWidth - widest
            case .natural where layout.map({ pango_layout_get_direction($0, 0) }) == PANGO_DIRECTION_RTL:
                alignmentOffset = boxWidth - widest
            default: alignmentOffset = 0
            }
        } else {
            alignmentOffset = 0
        }
        pieces = []
        shaped = nil
    }

    /// One line of `text` shown as `pieces` (each laid out alone without a box width,
    /// one line, their texts making up `text` in order) placed side by side, so an
    /// edit lays out again only the piece it changed (`piecesReused`). That looks as
    /// the line laid out whole only when nothing is shaped across the cuts: the caller
    /// cuts left-to-right text without tabs after a space, in a font that kerns no
    /// space (pango places each glyph at the sum of the advances before it, in 1/1024
    /// point, so the pieces' widths add up to the same x). Nil when the pieces differ
    /// in height or baseline (a fallback font's glyph in one of them).
    package init?(line text: String, pieces: [TextLayout], font: FontDescription, alignment: Alignment) {
        guard let first = pieces.first,
            pieces.allSatisfy({
                $0.lineCount == 1 && $0.pieces.isEmpty && $0.height == first.height
                    && $0.firstBaseline == first.firstBaseline && $0.alignmentOffset == 0
            })
        else { return nil }
        var placed: [Piece] = []
        var x = 0.0
        var byte = 0
        for piece in pieces {
            placed.append(Piece(layout: piece, x: x, byteStart: byte))
            x += piece.width
            byte += piece.byteCount
        }
        guard byte == text.utf8.count else { return nil }
        self.pieces = placed
        shaped = nil
        width = x
        height = first.height
        lineCount = 1
        lineStarts = [0]
        lineYRanges = first.lineYRanges
        byteCount = byte
        isTruncated = false
        firstBaseline = first.firstBaseline
        breaksAtEnd = false
        let context = first.context
        self.context = context
        layout = nil
        // Only visual caret motion wants the whole line (made once, when first asked).
        makeWholeLayout = {
            TextLayout.makeLayout(
                context: context, text: text, font: font, alignment: alignment, wrapWidth: nil, charWrapping: false)
        }
        truncatedLine = nil
        cutAt = nil
        truncatedLineTop = 0
        alignmentOffset = 0
    }

    /// `text`, printable ASCII with a letter, shaped as one run like `template`'s only
    /// run (see `asciiTemplate(font:alignment:)`) by harfbuzz through pango's
    /// `pango_shape_with_flags`, without a layout: a layout's fixed cost (itemizing,
    /// the break attributes, the font's lookup) is most of a short piece's. Pango lays
    /// out such text as that one run (the template shows the font covers every
    /// printable ASCII character and gives them one Latin run), so the glyphs,
    /// carets and pixels are the layout's; a layout is made only when a point is hit
    /// or the caret moves visually. Nil for other text, or a glyph the font lacks.
    package init?(ascii text: String, shapedLike template: TextLayout, font: FontDescription, alignment: Alignment) {
        let count = text.utf8.count
        guard count > 0,
            text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }),
            text.utf8.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }),
            let run = template.onlyLatinRun()
        else { return nil }
        let shaped = ShapedRun(analysis: run.pointee.item.pointee.analysis, text: text)
        guard !shaped.hasMissingGlyph else { return nil }
        self.shaped = shaped
        width = Double(pango_glyph_string_get_width(shaped.glyphs)) / Double(PANGO_SCALE)
        height = template.height
        lineCount = 1
        lineStarts = [0]
        lineYRanges = template.lineYRanges
        byteCount = count
        isTruncated = false
        firstBaseline = template.firstBaseline
        breaksAtEnd = false
        let context = template.context
        self.context = context
        layout = nil
        makeWholeLayout = {
            TextLayout.makeLayout(
                context: context, text: text, font: font, alignment: alignment, wrapWidth: nil, charWrapping: false)
        }
        truncatedLine = nil
        cutAt = nil
        truncatedLineTop = 0
        alignmentOffset = 0
        pieces = []
    }

    /// Every printable ASCII character, laid out as the template of ASCII pieces.
    private static let printableASCII = String(decoding: (0x20...0x7E).map { UInt8($0) }, as: UTF8.self)

    /// A layout of every printable ASCII character in `font`, when pango made it one
    /// left-to-right Latin run of one font with every glyph found: then any printable
    /// ASCII text with a letter is that run's font and analysis, and can be shaped
    /// without a layout (`init?(ascii:shapedLike:font:alignment:)`). Nil otherwise.
    package static func asciiTemplate(font: FontDescription, alignment: Alignment) -> TextLayout? {
        let layout = TextLayout(text: printableASCII, font: font, boxWidth: nil, alignment: alignment)
        guard let run = layout.onlyLatinRun() else { return nil }
        let glyphs = run.pointee.glyphs!
        for index in 0..<Int(glyphs.pointee.num_glyphs)
        where glyphs.pointee.glyphs[index].glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
            return nil
        }
        return layout
    }

    /// `text` as `init(text:font:boxWidth:alignment:lineBreak:maximumLines:maximumHeight:)` lays
    /// it out when that is one line pango neither wraps nor truncates, shaped without a layout
    /// (`init?(ascii:shapedLike:font:alignment:)`): printable ASCII with a letter, left-aligned
    /// (natural: such text runs left to right) and narrower than `boxWidth`, so the line is the
    /// template's one run drawn from the left edge, whatever the line break, lines or height
    /// allowed (one line is always shown). Nil otherwise: then lay it out.
    package static func shapedLine(
        _ text: String, shapedLike template: TextLayout, font: FontDescription, boxWidth: Double?,
        alignment: Alignment
    ) -> TextLayout? {
        guard alignment == .natural || alignment == .left,
            let shaped = TextLayout(ascii: text, shapedLike: template, font: font, alignment: alignment)
        else { return nil }
        // pango wraps at its width in whole units (1/1024 point); strictly narrower leaves no doubt.
        if let boxWidth {
            guard !boxWidth.isNaN, shaped.width * Double(PANGO_SCALE) < (boxWidth * Double(PANGO_SCALE)).rounded(.down)
            else { return nil }
        }
        return shaped
    }

    /// The layout's only run, when it has one line of one left-to-right Latin run
    /// with no attributes of its own.
    private func onlyLatinRun() -> UnsafeMutablePointer<PangoGlyphItem>? {
        guard pieces.isEmpty, shaped == nil, truncatedLine == nil, lineCount == 1,
            let line = pango_layout_get_line_readonly(wholeLayout(), 0),
            pango_layout_get_line_count(wholeLayout()) == 1,
            let runs = line.pointee.runs, runs.pointee.next == nil,
            let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
            let item = run.pointee.item, item.pointee.analysis.font != nil, item.pointee.analysis.level == 0,
            item.pointee.analysis.flags & ~Self.itemKnowsItsCharacterOffset == 0,
            item.pointee.analysis.extra_attrs == nil,
            item.pointee.analysis.script == UInt8(PANGO_SCRIPT_LATIN.rawValue),
            run.pointee.y_offset == 0, run.pointee.start_x_offset == 0, run.pointee.end_x_offset == 0
        else { return nil }
        return run
    }

    /// pango's private analysis flag (1.50) saying the item knows its offset in characters;
    /// the layout's items carry it and shaping does not read it.
    private static let itemKnowsItsCharacterOffset: UInt8 = 1 << 7

    /// Draws a shaped line (`init?(ascii:shapedLike:font:alignment:)`) as pango draws
    /// its layout's run: from the line's left edge and baseline, where the clip reaches its ink.
    private func drawShaped(_ shaped: ShapedRun, in surface: DrawingSurface, x: Double, y: Double, color: PixelColor) {
        let baseline = y + firstBaseline
        let reach = shaped.reach(x: x, baseline: baseline)
        guard reach.width > 2 else { return }
        surface.withCairoContext(inking: reach) { cairo in
            let (left, top, right, bottom) = DrawingSurface.clipExtents(of: cairo)
            guard reach.x < right, reach.x + reach.width > left, reach.y < bottom, reach.y + reach.height > top
            else { return }
            cairo_save(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            Self.showGlyphs(
                shaped.glyphs, font: shaped.analysis.font, in: cairo, x: x, baseline: baseline,
                clip: (left, top, right, bottom))
            cairo_restore(cairo)
        }
    }

    /// The rows its shown lines' ink reaches, in points from the layout's top (pango's
    /// exact ink: glyphs are not hinted); nil when nothing is inked.
    package var inkYRange: (top: Double, bottom: Double)? {
        if !pieces.isEmpty {
            // No arrays made: a keystroke asks for its line's, old and new.
            var range: (top: Double, bottom: Double)?
            for piece in pieces {
                guard let ink = piece.layout.inkYRange else { continue }
                range = (min(range?.top ?? ink.top, ink.top), max(range?.bottom ?? ink.bottom, ink.bottom))
            }
            return range
        }
        if let shaped {
            let ink = shaped.ink
            guard ink.width > 0, ink.height > 0 else { return nil }
            let scale = Double(PANGO_SCALE)
            return (firstBaseline + Double(ink.y) / scale, firstBaseline + Double(ink.y + ink.height) / scale)
        }
        // The lines shown: a line cut from its paragraph is laid out with the text after
        // it, whose lines are not drawn.
        guard let lines = measuredLines() else { return nil }
        var top = Int32.max
        var bottom = Int32.min
        for line in lines.prefix(max(lineCount, 1)) where line.ink.width > 0 && line.ink.height > 0 {
            top = min(top, line.ink.y)
            bottom = max(bottom, line.ink.y + line.ink.height)
        }
        guard top < bottom else { return nil }
        let scale = Double(PANGO_SCALE)
        return (Double(top) / scale, Double(bottom) / scale)
    }

    /// How many pieces the line is laid out in (0: laid out whole).
    package var pieceCount: Int { pieces.count }

    /// How many of them were shaped without a layout (`init?(ascii:shapedLike:font:alignment:)`).
    package var shapedPieceCount: Int { pieces.count { $0.layout.shaped != nil } }

    /// Whether `showGlyphs` gives its glyphs to cairo itself rather than through
    /// `pango_cairo_show_glyph_string` (the same pixels, without a glyph string and
    /// pango's renderer); tests turn it off to compare the two.
    nonisolated(unsafe) package static var givesGlyphsToCairo = true

    /// A piece is cut after the first space this many UTF-8 bytes or more into it:
    /// two or three words. Shaping is most of a keystroke's layout, and a line's pieces
    /// are drawn in one call however many there are: 16 took 1.5 µs off a keystroke
    /// frame against 32 (docs/benchmarks.md), 8 no more than 16.
    package static let pieceBytes = 16

    /// `text`, one line of left-to-right text without tabs, laid out in pieces cut
    /// after spaces (see `init?(line:pieces:font:alignment:)`). With `old`, the same
    /// line in pieces before `edit` (its bytes) was replaced by `insertedBytes` bytes:
    /// its pieces before and after the edit are kept and only the ones it touched
    /// (with the ones next to it) are laid out again. Also how many pieces were laid
    /// out. With `asciiTemplate` (`asciiTemplate(font:alignment:)`), ASCII pieces are
    /// shaped without a layout. Nil when the pieces would not look as the whole line.
    package static func inPieces(
        _ text: String, font: FontDescription, alignment: Alignment,
        reusing old: (layout: TextLayout, edit: Range<Int>, insertedBytes: Int)? = nil,
        asciiTemplate: TextLayout? = nil
    ) -> (layout: TextLayout, piecesLaidOut: Int)? {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0x09) else { return nil }  // A tab's stop depends on where its line starts.
        var kept: (before: [TextLayout], after: [TextLayout]) = ([], [])
        var region = 0..<utf8.count
        if let old, !old.layout.pieces.isEmpty,
            old.layout.byteCount - old.edit.count + old.insertedBytes == utf8.count
        {
            let pieces = old.layout.pieces
            let delta = old.insertedBytes - old.edit.count
            // Pieces ending before the edit, and starting after it, are shaped as they were;
            // so are those that end or start at it while a space still ends the one before
            // the cut and a word starts the one after it.
            let editEnd = old.edit.lowerBound + old.insertedBytes
            let wordAtEdit = old.edit.lowerBound < utf8.count && utf8[old.edit.lowerBound] != 0x20
            let spaceBeforeEditEnd = editEnd > 0 && editEnd <= utf8.count && utf8[editEnd - 1] == 0x20
            let before = pieces.prefix {
                let end = $0.byteStart + $0.layout.byteCount
                return end < old.edit.lowerBound || (end == old.edit.lowerBound && wordAtEdit)
            }
            let after = pieces.suffix(
                pieces.reversed().prefix {
                    $0.byteStart > old.edit.upperBound || ($0.byteStart == old.edit.upperBound && spaceBeforeEditEnd)
                }.count)
            kept = (before.map(\.layout), after.map(\.layout))
            let regionStart = before.last.map { $0.byteStart + $0.layout.byteCount } ?? 0
            let regionEnd = after.first.map { $0.byteStart + delta } ?? utf8.count
            guard regionStart <= regionEnd, regionEnd <= utf8.count else { return nil }
            region = regionStart..<regionEnd
        }
        var laidOut: [TextLayout] = []
        func layOut(_ bytes: Range<Int>) {
            let piece = String(decoding: utf8[bytes], as: UTF8.self)
            if let asciiTemplate,
                let shaped = TextLayout(ascii: piece, shapedLike: asciiTemplate, font: font, alignment: alignment)
            {
                laidOut.append(shaped)
            } else {
                laidOut.append(TextLayout(text: piece, font: font, boxWidth: nil, alignment: alignment))
            }
        }
        var start = region.lowerBound
        var index = start + 1
        while index < region.upperBound {
            // After a space, before a word: nothing is shaped across (as the type's init says).
            // The last piece is as long too, so a few letters typed do not cut a piece off.
            if utf8[index - 1] == 0x20, utf8[index] != 0x20, index - start >= pieceBytes,
                region.upperBound - index >= pieceBytes
            {
                layOut(start..<index)
                start = index
            }
            index += 1
        }
        if start < region.upperBound { layOut(start..<region.upperBound) }
        guard
            let layout = TextLayout(
                line: text, pieces: kept.before + laidOut + kept.after, font: font, alignment: alignment)
        else { return nil }
        return (layout, laidOut.count)
    }

    /// The piece holding byte `index` (at a cut, the one starting there).
    private func piece(atByte index: Int) -> Piece {
        pieces[pieces.lastIndex(withKeyAtMost: index) { $0.byteStart }]
    }

    deinit {
        if let truncatedLine { g_object_unref(UnsafeMutableRawPointer(truncatedLine)) }
        if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// Draws the lines shown with their top-left at (`x`, `y`) in points, in `color`.
    package func draw(in surface: DrawingSurface, x: Double, y: Double, color: PixelColor) {
        if !pieces.isEmpty {
            drawPieces(in: surface, x: x, y: y, color: color)
            return
        }
        if let shaped { return drawShaped(shaped, in: surface, x: x, y: y, color: color) }
        let layout = wholeLayout()
        var reach = Self.ink(of: layout, x: x + alignmentOffset, y: y)
        if let cutAt, truncatedLine == nil { reach.height = max(min(reach.height, y + cutAt + 1 - reach.y), 0) }
        if let truncatedLine {
            let line = Self.ink(of: truncatedLine, x: x, y: y + truncatedLineTop)
            let left = min(reach.x, line.x)
            let top = min(reach.y, line.y)
            reach = (
                left, top, max(reach.x + reach.width, line.x + line.width) - left,
                max(reach.y + reach.height, line.y + line.height) - top
            )
        }
        surface.withCairoContext(inking: reach) { cairo in
            cairo_save(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            if let cutAt {
                // Lines below the cut are left out; wide enough for any text sideways.
                cairo_rectangle(cairo, x - 1e6, y - 1e6, 2e6, 1e6 + cutAt)
                cairo_clip(cairo)
            }
            if truncatedLine != nil || !showLinesInClip(in: cairo, x: x + alignmentOffset, y: y) {
                Self.moveExactly(cairo, toX: x + alignmentOffset, y: y)
                pango_cairo_show_layout(cairo, layout)
            }
            cairo_restore(cairo)
            if let truncatedLine {
                cairo_save(cairo)
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                Self.moveExactly(cairo, toX: x, y: y + truncatedLineTop)
                pango_cairo_show_layout(cairo, truncatedLine)
                cairo_restore(cairo)
            }
        }
    }

    /// Draws the lines of the layout (drawn at `x`, `y`) that reach into the clip, one
    /// by one as pango draws them (at the line's left edge and baseline), the glyphs
    /// of a line of one run through `showGlyphs`; false when pango gives no lines.
    /// pango would render every glyph of the layout for cairo to clip (a keystroke
    /// redraws one line of a paragraph).
    private func showLinesInClip(in cairo: OpaquePointer, x: Double, y: Double) -> Bool {
        guard let lines = measuredLines() else { return false }
        let (left, top, right, bottom) = DrawingSurface.clipExtents(of: cairo)
        let scale = Double(PANGO_SCALE)
        var shown: [(line: UnsafeMutablePointer<PangoLayoutLine>, x: Double, baseline: Double)] = []
        // cairo moves each glyph by up to half a pixel, to put it on a whole pixel.
        let (marginX, marginY) = Self.halfPixel(in: cairo)
        for line in lines {
            let ink = line.ink
            // The exact ink: glyphs are not hinted (TextContext), so no coverage falls
            // outside it once moved to its pixel, and a line whose ink ends half a pixel
            // off the clip paints nothing in it (the line above a redrawn one, whose
            // descenders end at its top).
            let inkTop = y + Double(ink.y) / scale
            let inkBottom = inkTop + Double(ink.height) / scale
            let inkLeft = x + Double(ink.x) / scale
            let inkRight = inkLeft + Double(ink.width) / scale
            if inkBottom + marginY > top, inkTop - marginY < bottom, inkRight + marginX > left,
                inkLeft - marginX < right
            {
                shown.append((line.line, Double(line.logicalX), Double(line.baseline)))
            }
        }
        for line in shown {
            let lineX = x + line.x / scale
            let baseline = y + line.baseline / scale
            if !Self.showGlyphsInClip(
                of: line.line, in: cairo, x: lineX, baseline: baseline, clip: (left, top, right, bottom))
            {
                cairo_save(cairo)
                Self.moveExactly(cairo, toX: lineX, y: baseline)
                pango_cairo_show_layout_line(cairo, line.line)
                cairo_restore(cairo)
            }
        }
        return true
    }

    /// Draws only the glyphs of `line` (its left edge at `x`) whose ink reaches into
    /// the clip, when it is one run drawn on its baseline (the common case of one
    /// font and direction); false otherwise (see `showGlyphs`).
    private static func showGlyphsInClip(
        of line: UnsafeMutablePointer<PangoLayoutLine>, in cairo: OpaquePointer, x: Double, baseline: Double,
        clip: (left: Double, top: Double, right: Double, bottom: Double)
    ) -> Bool {
        guard let runs = line.pointee.runs, runs.pointee.next == nil,
            let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
            run.pointee.y_offset == 0, run.pointee.start_x_offset == 0, run.pointee.end_x_offset == 0,
            let glyphs = run.pointee.glyphs, let font = run.pointee.item?.pointee.analysis.font
        else { return false }
        showGlyphs(glyphs, font: font, in: cairo, x: x, baseline: baseline, clip: clip)
        return true
    }

    /// Draws the glyphs of `glyphs` (from `x` on the baseline) whose ink reaches into
    /// the clip (`left`...`right`, `top`...`bottom`): a redrawn line's neighbour shares
    /// a pixel row with it, which only its descenders or ascenders reach. Each glyph
    /// goes where pango puts it: at the sum of the advances before it (the glyphs
    /// left out lend theirs to the one before).
    ///
    /// Always through one coverage mask: cairo adds the coverage of a call's glyphs
    /// in a mask when it finds two whose boxes overlap, and else blends each glyph
    /// on its own, which leaves a pixel two glyphs share lighter (up to 0.03 of a
    /// channel at 8 points). Which it does would then depend on what else a call
    /// draws: a line drawn in pieces, or in part, would not match it drawn whole.
    /// Two copies of the first glyph drawn go first, at one place left of the clip:
    /// they overlap, so cairo takes the mask, and paint nothing (cairo keeps glyphs
    /// this close to the clip, within ten ems, for its overlap test).
    private static func showGlyphs(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>,
        in cairo: OpaquePointer, x: Double, baseline: Double,
        clip: (left: Double, top: Double, right: Double, bottom: Double)
    ) {
        showGlyphs([(glyphs, 0)], font: font, in: cairo, x: x, baseline: baseline, clip: clip)
    }

    /// `showGlyphs` of glyph strings side by side in one call, each from `offset`
    /// (pango units from `x`).
    private static func showGlyphs(
        _ segments: [(glyphs: UnsafeMutablePointer<PangoGlyphString>, offset: Int)],
        font: UnsafeMutablePointer<PangoFont>, in cairo: OpaquePointer, x: Double, baseline: Double,
        clip: (left: Double, top: Double, right: Double, bottom: Double)
    ) {
        let scale = Double(PANGO_SCALE)
        // cairo puts each glyph at a whole pixel (its place rounded in device space): its
        // ink lands up to half a pixel from pango's, either way (a descender's tip in the
        // row below its line's box, a stem in the column left of the clip).
        let half = halfPixel(in: cairo)
        // pango rounds the ink to 1/1024 point: 1/64 covers it.
        let marginX = half.x + 1.0 / 64
        let marginY = half.y + 1.0 / 64
        var shown: [(glyph: PangoGlyphInfo, cluster: Int32, position: Int)] = []
        shown.reserveCapacity(segments.reduce(0) { $0 + Int($1.glyphs.pointee.num_glyphs) })
        var firstInkRight = 0
        var position = 0
        for segment in segments {
            let glyphs = segment.glyphs
            guard let info = glyphs.pointee.glyphs else { continue }
            position = segment.offset
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let geometry = info[index].geometry
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, info[index].glyph, &ink, nil)
                let inkLeft = x + Double(position + Int(geometry.x_offset) + Int(ink.x)) / scale
                let inkTop = baseline + Double(Int(geometry.y_offset) + Int(ink.y)) / scale
                if ink.width > 0, inkLeft - marginX < clip.right,
                    inkLeft + Double(ink.width) / scale + marginX > clip.left, inkTop - marginY < clip.bottom,
                    inkTop + Double(ink.height) / scale + marginY > clip.top
                {
                    if shown.isEmpty { firstInkRight = Int(geometry.x_offset) + Int(ink.x) + Int(ink.width) }
                    shown.append((info[index], glyphs.pointee.log_clusters[index], position))
                }
                position += Int(geometry.width)
            }
        }
        guard let first = shown.first else { return }
        let originX = x + Double(first.position) / scale
        let decoys = 2
        // Two points left of the clip, the decoys' ink ends.
        let decoyOffset = Int32(
            clamping: Int(max(((clip.left - 2 - originX) * scale).rounded(.down) - Double(firstInkRight), -1e9)))
        if givesGlyphsToCairo,
            showCairoGlyphs(
                shown, decoys: decoys, decoyOffset: decoyOffset, font: font, in: cairo, originX: originX,
                baseline: baseline)
        {
            return
        }
        let string = pango_glyph_string_new()!
        defer { pango_glyph_string_free(string) }
        pango_glyph_string_set_size(string, Int32(shown.count + decoys))
        for slot in 0..<decoys {
            var decoy = first.glyph
            decoy.geometry.width = 0
            decoy.geometry.x_offset = decoyOffset
            string.pointee.glyphs[slot] = decoy
            string.pointee.log_clusters[slot] = 0
        }
        for (slot, glyph) in shown.enumerated() {
            var copy = glyph.glyph
            let next = slot + 1 < shown.count ? shown[slot + 1].position : position
            copy.geometry.width = Int32(next - glyph.position)
            string.pointee.glyphs[decoys + slot] = copy
            string.pointee.log_clusters[decoys + slot] = glyph.cluster
        }
        cairo_save(cairo)
        moveExactly(cairo, toX: originX, y: baseline)
        pango_cairo_show_glyph_string(cairo, font, string)
        cairo_restore(cairo)
    }

    /// `showGlyphs`' glyphs (after `decoys` copies of the first, `decoyOffset` pango units
    /// from `originX`) given to cairo directly, where they are as
    /// `pango_cairo_show_glyph_string` puts them: each at the sum of the widths before it
    /// plus its offset, in pango units over `PANGO_SCALE` (so the same doubles), with the
    /// font's scaled font; no glyph string or renderer made for them. False, having drawn
    /// nothing, when pango would draw something else (a box for a glyph the font lacks).
    private static func showCairoGlyphs(
        _ shown: [(glyph: PangoGlyphInfo, cluster: Int32, position: Int)], decoys: Int, decoyOffset: Int32,
        font: UnsafeMutablePointer<PangoFont>, in cairo: OpaquePointer, originX: Double, baseline: Double
    ) -> Bool {
        let unknown = PangoGlyph(PANGO_GLYPH_UNKNOWN_FLAG)
        let empty = PangoGlyph(PANGO_GLYPH_EMPTY)
        guard let first = shown.first, !shown.contains(where: { $0.glyph.glyph & unknown != 0 }),
            let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
            cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS
        else { return false }
        let scale = Double(PANGO_SCALE)
        func place(_ info: PangoGlyphInfo, at position: Int) -> cairo_glyph_t {
            let geometry = info.geometry
            return cairo_glyph_t(
                index: UInt(info.glyph), x: Double(position + Int(geometry.x_offset)) / scale,
                y: geometry.y_offset == 0 ? 0 : Double(geometry.y_offset) / scale)
        }
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(shown.count + decoys)
        var decoy = first.glyph
        decoy.geometry.x_offset = decoyOffset
        for _ in 0..<decoys { glyphs.append(place(decoy, at: 0)) }
        for glyph in shown where glyph.glyph.glyph != empty {
            glyphs.append(place(glyph.glyph, at: glyph.position - first.position))
        }
        cairo_save(cairo)
        moveExactly(cairo, toX: originX, y: baseline)
        cairo_set_scaled_font(cairo, scaledFont)
        cairo_show_glyphs(cairo, glyphs, Int32(glyphs.count))
        cairo_restore(cairo)
        return true
    }

    /// Draws the pieces that reach into the clip (a keystroke redraws from the edit
    /// to the line's end: the pieces left of it are not drawn at all).
    private func drawPieces(in surface: DrawingSurface, x: Double, y: Double, color: PixelColor) {
        if drawShapedPiecesAtOnce(in: surface, x: x, y: y, color: color) { return }
        for piece in pieces {
            if let shaped = piece.layout.shaped {
                piece.layout.drawShaped(shaped, in: surface, x: x + piece.x, y: y, color: color)
                continue
            }
            let layout = piece.layout.wholeLayout()
            let reach = Self.ink(of: layout, x: x + piece.x, y: y)
            guard reach.width > 0 else { continue }
            surface.withCairoContext(inking: reach) { cairo in
                let (left, top, right, bottom) = DrawingSurface.clipExtents(of: cairo)
                guard reach.x < right, reach.x + reach.width > left, reach.y < bottom, reach.y + reach.height > top
                else { return }
                cairo_save(cairo)
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                if !piece.layout.showLinesInClip(in: cairo, x: x + piece.x, y: y) {
                    Self.moveExactly(cairo, toX: x + piece.x, y: y)
                    pango_cairo_show_layout(cairo, layout)
                }
                cairo_restore(cairo)
            }
        }
    }

    /// Half a device pixel in `cairo`'s user space, along each axis (how far cairo may move
    /// a glyph to put it on a whole pixel).
    private static func halfPixel(in cairo: OpaquePointer) -> (x: Double, y: Double) {
        var x = 0.5
        var y = 0.5
        cairo_device_to_user_distance(cairo, &x, &y)
        return (abs(x), abs(y))
    }

    /// Moves cairo's origin to (`x`, `y`) and leaves no current point, between a save
    /// and a restore: pango draws from the current point (the origin when there is
    /// none), which cairo keeps in 1/256 of a device pixel while pango places glyphs
    /// in 1/1024 of a point. A line drawn from its own baseline was rounded apart from
    /// the same line drawn from its paragraph's top: at 7 points its glyphs a pixel
    /// lower where their baseline fell within 1/512 of a half pixel. The translation
    /// is exact (doubles), as pango's offsets from it are.
    private static func moveExactly(_ cairo: OpaquePointer, toX x: Double, y: Double) {
        cairo_translate(cairo, x, y)
        cairo_new_path(cairo)
    }

    /// Draws the pieces that reach into the clip in one call when all are shaped
    /// (`init?(ascii:shapedLike:font:alignment:)`) in one font: one mask and one
    /// pass for the glyphs from the edit to the line's end, not one a piece. False
    /// (nothing drawn) otherwise.
    private func drawShapedPiecesAtOnce(in surface: DrawingSurface, x: Double, y: Double, color: PixelColor) -> Bool {
        guard let font = pieces.first?.layout.shaped?.analysis.font,
            pieces.allSatisfy({ $0.layout.shaped?.analysis.font == font })
        else { return false }
        let clip = surface.clipExtents
        let baseline = y + firstBaseline
        var segments: [(glyphs: UnsafeMutablePointer<PangoGlyphString>, offset: Int)] = []
        var union: (left: Double, top: Double, right: Double, bottom: Double)?
        for piece in pieces {
            guard let shaped = piece.layout.shaped else { continue }
            let reach = shaped.reach(x: x + piece.x, baseline: baseline)
            guard reach.width > 2, reach.x < clip.right, reach.x + reach.width > clip.left, reach.y < clip.bottom,
                reach.y + reach.height > clip.top
            else { continue }
            // The piece's left edge in pango units: a sum of widths in them, so exact.
            segments.append((shaped.glyphs, Int((piece.x * Double(PANGO_SCALE)).rounded())))
            union = (
                min(union?.left ?? reach.x, reach.x), min(union?.top ?? reach.y, reach.y),
                max(union?.right ?? -Double.infinity, reach.x + reach.width),
                max(union?.bottom ?? -Double.infinity, reach.y + reach.height)
            )
        }
        guard let union else { return true }
        let reach = (x: union.left, y: union.top, width: union.right - union.left, height: union.bottom - union.top)
        surface.withCairoContext(inking: reach) { cairo in
            let (left, top, right, bottom) = DrawingSurface.clipExtents(of: cairo)
            cairo_save(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            Self.showGlyphs(segments, font: font, in: cairo, x: x, baseline: baseline, clip: (left, top, right, bottom))
            cairo_restore(cairo)
        }
        return true
    }

    /// Where `layout` drawn at (`x`, `y`) puts glyphs, in points: pango's ink extents,
    /// a point wider on every side (glyphs drawn hinted may reach a pixel beyond them).
    private static func ink(of layout: OpaquePointer, x: Double, y: Double) -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return (
            x + Double(ink.x) / scale - 1, y + Double(ink.y) / scale - 1, Double(ink.width) / scale + 2,
            Double(ink.height) / scale + 2
        )
    }

    /// The caret before the UTF-8 byte `index` of the text: its x and the top and
    /// height of its line, in points from the layout's top-left (pango's strong
    /// cursor, pango_layout_get_cursor_pos).
    package func caret(atByteIndex index: Int) -> (x: Double, top: Double, height: Double) {
        if !pieces.isEmpty {
            let piece = piece(atByte: min(max(index, 0), byteCount))
            let caret = piece.layout.caret(atByteIndex: min(max(index, 0), byteCount) - piece.byteStart)
            return (piece.x + caret.x, caret.top, caret.height)
        }
        if let shaped {
            let x = Double(shaped.caretX(atByteIndex: min(max(index, 0), byteCount))) / Double(PANGO_SCALE)
            return (x, lineYRanges[0].top, lineYRanges[0].bottom - lineYRanges[0].top)
        }
        let layout = wholeLayout()
        var strong = PangoRectangle()
        let scale = Double(PANGO_SCALE)
        if breaksAtEnd, index >= byteCount, let text = pango_layout_get_text(layout),
            let last = g_utf8_find_prev_char(text, text + byteCount)
        {
            // Before the following text is the next line's start: the caret stays after the last cluster.
            let lastIndex = Int32(UnsafePointer(last) - text)
            var cluster = PangoRectangle()
            pango_layout_index_to_pos(layout, lastIndex, &cluster)
            pango_layout_get_cursor_pos(layout, lastIndex, &strong, nil)
            let right = Double(max(cluster.x, cluster.x + cluster.width)) / scale
            return (right + alignmentOffset, Double(strong.y) / scale, Double(strong.height) / scale)
        }
        pango_layout_get_cursor_pos(layout, Int32(clamping: min(index, byteCount)), &strong, nil)
        return (Double(strong.x) / scale + alignmentOffset, Double(strong.y) / scale, Double(strong.height) / scale)
    }

    /// The UTF-8 byte index of the grapheme cluster at (`x`, `y`) points from the
    /// layout's top-left, and whether the point is in its trailing half (the caret
    /// then goes after it); points outside the text give its nearest end
    /// (pango_layout_xy_to_index).
    package func byteIndex(atX x: Double, y: Double) -> (index: Int, trailing: Bool) {
        if !pieces.isEmpty {
            let piece = pieces.last { $0.x <= x } ?? pieces[0]
            let hit = piece.layout.byteIndex(atX: x - piece.x, y: y)
            return (piece.byteStart + hit.index, hit.trailing)
        }
        let layout = wholeLayout()
        let scale = Double(PANGO_SCALE)
        func fixed(_ value: Double) -> Int32 {
            Int32(clamping: Int((min(max(value, -1e6), 1e6) * scale).rounded()))
        }
        var index: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(layout, fixed(x - alignmentOffset), fixed(y), &index, &trailing)
        // A point over the following text (laid out, not shown) is the text's end.
        if Int(index) >= byteCount { return (byteCount, false) }
        return (Int(index), trailing > 0)
    }

    /// The UTF-8 byte index of the caret one grapheme cluster to the left
    /// (`rightward` false) or right of the caret before byte `index`, on screen:
    /// in right-to-left text, Left moves on through the text
    /// (pango_layout_move_cursor_visually, strong cursor). Nil when the caret is
    /// already at that edge of its line.
    package func byteIndexMovedVisually(fromByteIndex index: Int, rightward: Bool) -> Int? {
        let layout = wholeLayout()
        var newIndex: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_move_cursor_visually(
            layout, 1, Int32(clamping: index), 0, rightward ? 1 : -1, &newIndex, &trailing)
        guard newIndex >= 0, newIndex < Int32.max, let text = pango_layout_get_text(layout) else { return nil }
        // The caret is `trailing` characters after the byte pango names.
        var position = text + Int(newIndex)
        for _ in 0..<max(trailing, 0) {
            guard let next = g_utf8_find_next_char(position, nil) else { break }
            position = UnsafePointer(next)
        }
        return min(position - text, byteCount)
    }

    /// A line of the layout as `showLinesInClip` draws it: its ink, left edge and baseline
    /// from the layout's top-left (pango units).
    private struct LineMeasure {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        let ink: PangoRectangle
        let logicalX: Int32
        let baseline: Int32
    }

    /// `lineMeasures`, read from pango the first time; nil when pango gives no lines.
    private func measuredLines() -> [LineMeasure]? {
        if let lineMeasures { return lineMeasures }
        guard let iterator = pango_layout_get_iter(wholeLayout()) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        var lines: [LineMeasure] = []
        repeat {
            var ink = PangoRectangle()
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { return nil }
            lines.append(
                LineMeasure(
                    line: line, ink: ink, logicalX: logical.x, baseline: pango_layout_iter_get_baseline(iterator)))
        } while pango_layout_iter_next_line(iterator) != 0
        lineMeasures = lines
        return lines
    }

    private func wholeLayout() -> OpaquePointer {
        let layout = layout ?? makeWholeLayout()
        self.layout = layout
        return layout
    }

    private static func makeLayout(
        context: TextContext, text: String, font: FontDescription, alignment: Alignment, wrapWidth: Double?,
        charWrapping: Bool
    ) -> OpaquePointer {
        let layout = pango_layout_new(context.pointer)!
        // pango ends its text at a NUL, even with the length given: U+0001, one byte as
        // well (line offsets stay the same), is another control character and takes its place.
        let text = text.utf8.contains(0) ? String(decoding: text.utf8.map { $0 == 0 ? 1 : $0 }, as: UTF8.self) : text
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
        font.withPangoDescription { pango_layout_set_font_description(layout, $0) }
        switch alignment {
        case .natural:
            // pango mirrors left for right-to-left paragraphs while it finds their direction itself.
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .left, .justified:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center:
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_justify(layout, alignment == .justified ? 1 : 0)
        if let wrapWidth {
            pango_layout_set_width(layout, Int32((wrapWidth * Double(PANGO_SCALE)).rounded(.down)))
            // Words that are wider than a line are broken between characters, as UIKit does.
            pango_layout_set_wrap(layout, charWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        }
        return layout
    }

    /// The lines of `text` wrapped to `wrapWidth`, laid out a piece of a few lines at a
    /// time (pango's time for a word wider than the line grows with the square of what
    /// it lays out): of each piece all lines but the last two are kept, and the next
    /// piece starts where the first of those two does. Also the first baseline.
    private static func measureInPieces(
        _ text: String, context: TextContext, font: FontDescription, alignment: Alignment, wrapWidth: Double,
        charWrapping: Bool
    ) -> (lines: [LineExtent], firstBaseline: Double) {
        let scale = Double(PANGO_SCALE)
        let utf8 = text.utf8
        var lines: [LineExtent] = []
        var firstBaseline: Double?
        var start = utf8.startIndex
        var startOffset = 0
        var top = 0.0
        var pieceLength = 1024
        while true {
            let end = utf8.index(start, offsetBy: pieceLength, limitedBy: utf8.endIndex) ?? utf8.endIndex
            let isLast = end == utf8.endIndex
            let piece = makeLayout(
                context: context, text: String(text.unicodeScalars[start..<end]), font: font, alignment: alignment,
                wrapWidth: wrapWidth, charWrapping: charWrapping)
            defer { g_object_unref(UnsafeMutableRawPointer(piece)) }
            let pieceLines = lineExtents(of: piece)
            if !isLast, pieceLines.count < 3 || pieceLines[pieceLines.count - 2].startIndex == 0 {
                pieceLength *= 2
                continue
            }
            if firstBaseline == nil { firstBaseline = Double(pango_layout_get_baseline(piece)) / scale }
            let kept = isLast ? pieceLines.count : pieceLines.count - 2
            for line in pieceLines.prefix(kept) {
                lines.append(
                    LineExtent(
                        startIndex: startOffset + line.startIndex, top: top + line.top, bottom: top + line.bottom,
                        width: line.width))
            }
            if isLast { return (lines, firstBaseline ?? 0) }
            // Pieces of about ten lines: longer ones cost more per line.
            if pieceLines.count > 20 { pieceLength = max(pieceLength / 2, 256) }
            let next = pieceLines[kept]
            top += next.top
            startOffset += next.startIndex
            start = utf8.index(start, offsetBy: next.startIndex)
        }
    }

    private struct LineExtent {
        var startIndex: Int
        var top: Double
        var bottom: Double
        var width: Double
    }

    /// Each line's first byte and its logical extent, in points.
    private static func lineExtents(of layout: OpaquePointer) -> [LineExtent] {
        let scale = Double(PANGO_SCALE)
        var lines: [LineExtent] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var top: Int32 = 0
            var bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let line = pango_layout_iter_get_line_readonly(iterator)
            lines.append(
                LineExtent(
                    startIndex: Int(line?.pointee.start_index ?? 0), top: Double(top) / scale,
                    bottom: Double(bottom) / scale, width: Double(logical.width) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }
}

/// A run of glyphs shaped without a layout: pango's analysis (holding a reference
/// to its font), the text and its glyphs; freed once.
private final class ShapedRun {
    var analysis: PangoAnalysis
    /// The text's UTF-8, NUL-terminated for pango.
    let text: [CChar]
    let glyphs: UnsafeMutablePointer<PangoGlyphString>

    init(analysis: PangoAnalysis, text: String) {
        var analysis = analysis
        g_object_ref(UnsafeMutableRawPointer(analysis.font))
        self.text = Array(text.utf8CString)
        let glyphs = pango_glyph_string_new()!
        let count = Int32(self.text.count - 1)
        self.text.withUnsafeBufferPointer { text in
            pango_shape_with_flags(
                text.baseAddress, count, text.baseAddress, count, &analysis, glyphs, PANGO_SHAPE_NONE)
        }
        self.analysis = analysis
        self.glyphs = glyphs
    }

    /// Where its glyphs drawn from (`x`, `baseline`) reach, in points: their ink a
    /// point wider on every side, as `TextLayout.ink(of:x:y:)`.
    func reach(x: Double, baseline: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let ink = self.ink
        let scale = Double(PANGO_SCALE)
        return (
            x + Double(ink.x) / scale - 1, baseline + Double(ink.y) / scale - 1, Double(ink.width) / scale + 2,
            Double(ink.height) / scale + 2
        )
    }

    /// The glyphs' ink from the origin on the baseline, in pango units (found once).
    private(set) lazy var ink: PangoRectangle = {
        var ink = PangoRectangle()
        pango_glyph_string_extents(glyphs, analysis.font, &ink, nil)
        return ink
    }()

    /// Whether a glyph is missing from the font (pango's unknown glyph): a layout would take another font.
    var hasMissingGlyph: Bool {
        (0..<Int(glyphs.pointee.num_glyphs)).contains {
            let glyph = glyphs.pointee.glyphs[$0].glyph
            return glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 || glyph == PANGO_GLYPH_EMPTY
        }
    }

    /// The caret's x before byte `index` (0...count), in pango units: the trailing edge of
    /// the character before it, as `pango_layout_get_cursor_pos` gives in left-to-right text.
    func caretX(atByteIndex index: Int) -> Int32 {
        guard index > 0 else { return 0 }
        var x: Int32 = 0
        text.withUnsafeBufferPointer { text in
            pango_glyph_string_index_to_x(
                glyphs, text.baseAddress, Int32(text.count - 1), &analysis, Int32(index - 1), 1, &x)
        }
        return x
    }

    deinit {
        pango_glyph_string_free(glyphs)
        g_object_unref(UnsafeMutableRawPointer(analysis.font))
    }
}
