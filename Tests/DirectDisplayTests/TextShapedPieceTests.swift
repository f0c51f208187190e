import Compositing
import Typesetting
import XCTest

/// ASCII pieces of a line shaped without a layout (`TextLayout.init?(ascii:shapedLike:...)`,
/// what a keystroke into a line laid out in pieces makes) measure, place carets and
/// draw exactly as pango's layout of the same text.
final class TextShapedPieceTests: XCTestCase {
    private let font = FontDescription(family: FontDescription.systemFamily, size: 17)

    func testASCIIShapedWithoutALayoutIsItsLayout() throws {
        let template = try XCTUnwrap(TextLayout.asciiTemplate(font: font, alignment: .natural))
        // Pairs fonts kern, ligatures where fonts have them, every printable character.
        let samples = [
            "kiosk display ", "x", "AV To, Wa. Yo; ", "\"LT\" j'y T-V f) ", "office fi fl ffi ffl ",
            "Hello, world! 123 ", "a{b}[c](d) <e> ~`^_|\\@#$%&*+=?/ ", "  spaced   words  ", "Wo.W'A'y,y",
        ]
        for text in samples {
            let shaped = try XCTUnwrap(
                TextLayout(ascii: text, shapedLike: template, font: font, alignment: .natural), text)
            let laidOut = TextLayout(text: text, font: font, boxWidth: nil, alignment: .natural)
            XCTAssertEqual(shaped.width, laidOut.width, text)
            XCTAssertEqual(shaped.height, laidOut.height, text)
            XCTAssertEqual(shaped.firstBaseline, laidOut.firstBaseline, text)
            XCTAssertEqual(shaped.lineYRanges.map(\.top), laidOut.lineYRanges.map(\.top), text)
            XCTAssertEqual(shaped.lineYRanges.map(\.bottom), laidOut.lineYRanges.map(\.bottom), text)
            for byte in 0...text.utf8.count {
                let (a, b) = (shaped.caret(atByteIndex: byte), laidOut.caret(atByteIndex: byte))
                XCTAssertTrue(a == b, "\(text.debugDescription) byte \(byte): \(a) against \(b)")
            }
            for x in stride(from: -3.0, to: laidOut.width + 3, by: 1.7) {
                let (a, b) = (shaped.byteIndex(atX: x, y: 5), laidOut.byteIndex(atX: x, y: 5))
                XCTAssertTrue(a == b, "\(text.debugDescription) x \(x)")
            }
            for scale in [1.0, 2.0] {
                let drawn = pixels(of: shaped, scale: scale)
                // Compared whole, not printed: two arrays of pixels make no message. Scale 2 as
                // well: glyphs moved a little may round to the same pixels at scale 1.
                XCTAssertTrue(
                    drawn == pixels(of: laidOut, scale: scale), "\(text.debugDescription) drawn at scale \(scale)")
                XCTAssertGreaterThan(drawn.count { $0 != 0 }, 20 * Int(scale), "\(text.debugDescription) inked")
            }
        }
    }

    /// A label's one line of ASCII (`TextLayout.shapedLine`) is shaped only where pango would
    /// neither wrap nor truncate it, and then measures and draws as the label's layout.
    func testALabelsOneLineShapedIsItsLayout() throws {
        let template = try XCTUnwrap(TextLayout.asciiTemplate(font: font, alignment: .natural))
        var shapedCount = 0
        var laidOutCount = 0
        for text in ["Row 12345", "AV To, Wa. ", "office fi ffl", "Hello, world! 123"] {
            let natural = TextLayout(text: text, font: font, boxWidth: nil).width
            for boxWidth in [nil, 600, natural + 0.5, natural, natural - 1, 12] as [Double?] {
                for lineBreak in [TextLayout.LineBreak.truncatingTail, .clipping, .wordWrapping] {
                    for lines in [1, 0] {
                        let laidOut = TextLayout(
                            text: text, font: font, boxWidth: boxWidth, alignment: .natural, lineBreak: lineBreak,
                            maximumLines: lines, maximumHeight: 44)
                        let what =
                            "\(text.debugDescription) in \(boxWidth.map { "\($0)" } ?? "nil") \(lineBreak) \(lines)"
                        guard
                            let shaped = TextLayout.shapedLine(
                                text, shapedLike: template, font: font, boxWidth: boxWidth, alignment: .natural)
                        else {
                            laidOutCount += 1
                            continue
                        }
                        shapedCount += 1
                        XCTAssertEqual(shaped.width, laidOut.width, what)
                        XCTAssertEqual(shaped.height, laidOut.height, what)
                        XCTAssertEqual(shaped.lineCount, laidOut.lineCount, what)
                        XCTAssertEqual(shaped.isTruncated, laidOut.isTruncated, what)
                        XCTAssertEqual(shaped.firstBaseline, laidOut.firstBaseline, what)
                        for scale in [1.0, 2.0] {
                            XCTAssertTrue(
                                pixels(of: shaped, scale: scale) == pixels(of: laidOut, scale: scale),
                                "\(what) drawn at scale \(scale)")
                        }
                    }
                }
            }
            // Too narrow: pango wraps or truncates it, so it is laid out.
            XCTAssertNil(TextLayout.shapedLine(text, shapedLike: template, font: font, boxWidth: 12, alignment: .left))
            XCTAssertNil(
                TextLayout.shapedLine(text, shapedLike: template, font: font, boxWidth: natural, alignment: .left))
            // Centred or right-aligned lines are placed by pango within the box.
            XCTAssertNil(
                TextLayout.shapedLine(text, shapedLike: template, font: font, boxWidth: 600, alignment: .center))
        }
        XCTAssertGreaterThan(shapedCount, 0)
        XCTAssertGreaterThan(laidOutCount, 0)
    }

    func testTextPangoWouldLayOutOtherwiseIsNotShaped() throws {
        let template = try XCTUnwrap(TextLayout.asciiTemplate(font: font, alignment: .natural))
        // No letter: pango gives the run the Common script, not the template's Latin.
        XCTAssertNil(TextLayout(ascii: "123 ", shapedLike: template, font: font, alignment: .natural))
        XCTAssertNil(TextLayout(ascii: "caf\u{E9} ", shapedLike: template, font: font, alignment: .natural))
        XCTAssertNil(TextLayout(ascii: "tab\there", shapedLike: template, font: font, alignment: .natural))
        XCTAssertNil(TextLayout(ascii: "", shapedLike: template, font: font, alignment: .natural))
        // A template that is not one Latin run (Hebrew is right to left) shapes nothing.
        let hebrew = TextLayout(text: "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", font: font, boxWidth: nil)
        XCTAssertNil(TextLayout(ascii: "word", shapedLike: hebrew, font: font, alignment: .natural))
    }

    /// A line laid out with the text that follows it in its paragraph (a line cut from
    /// it, as a keystroke cuts one) inks only its own rows: the lines after it are not
    /// drawn, so a keystroke redraws none of their rows.
    func testTheInkOfALineLaidOutWithTheTextAfterItIsItsOwn() throws {
        let text = "kiosk hello "
        let alone = TextLayout(text: text, font: font, boxWidth: nil)
        let line = TextLayout(text: text, font: font, boxWidth: alone.width + 2, following: "pgqy jumps")
        XCTAssertEqual(line.lineCount, 1)
        let ink = try XCTUnwrap(line.inkYRange)
        let own = try XCTUnwrap(alone.inkYRange)
        XCTAssertEqual(ink.top, own.top)
        XCTAssertEqual(ink.bottom, own.bottom, "the descenders of the line after it are not its ink")
    }

    /// Glyphs given to cairo directly (`TextLayout.givesGlyphsToCairo`) draw exactly as
    /// through `pango_cairo_show_glyph_string`: laid out and shaped text, wrapped lines,
    /// several sizes, scales and colours, drawn whole and within a clip.
    func testGlyphsGivenToCairoDrawAsPangoDrawsThem() throws {
        defer { TextLayout.givesGlyphsToCairo = true }
        let texts = [
            "Hello, world! AV To, Wa. office fi ffl 123", "Grüße, naïve café — ÉTÉ ñ ø å",
            "kiosk display text laid out on several lines as a paragraph wraps it at its box width",
        ]
        let colors = [
            PixelColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1),
            PixelColor(red: 0.9, green: 0.5, blue: 0, alpha: 0.6),
        ]
        for size in [7.0, 8, 17] {
            let font = FontDescription(family: FontDescription.systemFamily, size: size)
            let template = try XCTUnwrap(TextLayout.asciiTemplate(font: font, alignment: .natural))
            for text in texts {
                var layouts = [TextLayout(text: text, font: font, boxWidth: 15 * size, alignment: .natural)]
                if let shaped = TextLayout(ascii: text, shapedLike: template, font: font, alignment: .natural) {
                    layouts.append(shaped)
                }
                for layout in layouts {
                    for scale in [1.0, 1.5, 2] {
                        for color in colors {
                            for clipped in [false, true] {
                                let what =
                                    "\(text.debugDescription) at \(size) points, scale \(scale), clipped \(clipped)"
                                TextLayout.givesGlyphsToCairo = true
                                let direct = pixels(of: layout, scale: scale, color: color, clipped: clipped)
                                TextLayout.givesGlyphsToCairo = false
                                let throughPango = pixels(of: layout, scale: scale, color: color, clipped: clipped)
                                XCTAssertTrue(direct == throughPango, what)
                                XCTAssertGreaterThan(direct.count { $0 != 0 }, 20, what)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `layout` drawn at a fractional place on a transparent surface: its pixels.
    /// `clipped`: drawn within a clip from a third of its width on (what a keystroke redraws).
    private func pixels(
        of layout: TextLayout, scale: Double,
        color: PixelColor = PixelColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1), clipped: Bool = false
    ) -> [UInt8] {
        let width = Int((layout.width + 10) * scale)
        let height = Int((layout.height + 6) * scale)
        let surface = DrawingSurface(pixelWidth: width, pixelHeight: height, scale: scale)
        if clipped {
            surface.clipped(x: layout.width / 3, y: 0, width: layout.width, height: layout.height + 6) {
                layout.draw(in: surface, x: 3.3, y: 2.7, color: color)
            }
        } else {
            layout.draw(in: surface, x: 3.3, y: 2.7, color: color)
        }
        var bytes: [UInt8] = []
        surface.withPixels { pixels, bytesPerRow in
            for row in 0..<height {
                bytes += UnsafeRawBufferPointer(start: pixels + row * bytesPerRow, count: width * 4)
            }
        }
        return bytes
    }
}
