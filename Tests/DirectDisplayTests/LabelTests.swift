import DirectDisplayCore
import Foundation
import XCTest

final class LabelTests: DirectDisplayTestCase {
    private let sentence = "The quick brown fox jumps over the lazy dog"

    private func label(_ text: String, frame: CGRect, in window: Window) -> Label {
        let label = Label(frame: frame)
        label.text = text
        label.textColor = .red
        window.addSubview(label)
        return label
    }

    func testTextIsDrawnInItsColourWithinTheBoundsOnly() async throws {
        let screen = connect(width: 240, height: 80)
        let window = showWindow(on: screen)
        let frame = CGRect(x: 30, y: 20, width: 150, height: 40)
        _ = label("Hello, world", frame: frame, in: window)
        let image = try display.capture(screen)
        keepForInspection(image, "label")
        let ink = InkMap(image: image, background: .white)
        let inside = ink.inkPixels(in: frame)
        XCTAssertGreaterThan(inside.count, 100, "the text leaves ink")
        XCTAssertTrue(
            inside.contains { image.pixel(x: $0.x, y: $0.y).isClose(to: .red, tolerance: 2.0 / 255) },
            "the strokes' cores are the text colour")
        XCTAssertTrue(
            inside.allSatisfy {
                let c = image.pixel(x: $0.x, y: $0.y)
                return c.red > 0.99 && abs(c.green - c.blue) < 0.02
            },
            "every ink pixel is red blended over white")
        XCTAssertTrue(ink.inkOutside(frame).isEmpty, "no ink outside the label")
        // The single line is centred vertically, as UIKit does.
        let bounds = try XCTUnwrap(ink.inkBounds())
        XCTAssertEqual(bounds.midY, frame.midY, accuracy: 5)
        XCTAssertEqual(bounds.minX, frame.minX, accuracy: 3, "natural alignment is left for Latin text")
    }

    func testAllLinesWrapTallerThanOneLine() async throws {
        let probe = Label()
        probe.text = sentence
        let oneLine = probe.sizeThatFits(CGSize(width: 100, height: 0))
        XCTAssertGreaterThan(oneLine.width, 100, "one line keeps the whole sentence's width")
        probe.numberOfLines = 0
        let wrapped = probe.sizeThatFits(CGSize(width: 100, height: 0))
        XCTAssertLessThanOrEqual(wrapped.width, 100)
        XCTAssertGreaterThan(wrapped.height, oneLine.height * 2.5, "the sentence needs at least three lines")
        probe.numberOfLines = 2
        let two = probe.sizeThatFits(CGSize(width: 100, height: 0))
        XCTAssertEqual(two.height, oneLine.height * 2, accuracy: 1.5, "at most two lines")

        let screen = connect(width: 160, height: 200)
        let window = showWindow(on: screen)
        let wrappedLabel = label(sentence, frame: CGRect(x: 10, y: 10, width: 100, height: 10), in: window)
        wrappedLabel.numberOfLines = 0
        wrappedLabel.sizeToFit()
        XCTAssertEqual(wrappedLabel.frame.size, wrapped)
        let image = try display.capture(screen)
        keepForInspection(image, "label-wrapped")
        let ink = InkMap(image: image, background: .white)
        XCTAssertGreaterThanOrEqual(ink.inkRowRuns(in: wrappedLabel.frame), 3, "three or more lines of ink")
        XCTAssertTrue(ink.inkOutside(wrappedLabel.frame).isEmpty)
    }

    func testLongTextMeasuresAsItIsDrawn() async throws {
        // Long text measured whole (sizeThatFits, every line) is laid out in pieces; in
        // a bounds that holds every line it is laid out at once: both give one size.
        let word = String(repeating: "w", count: 700)
        let text = (0..<40).map { "\(sentence) \($0)\n\(word) \(sentence)\n\n" }.joined()
        XCTAssertGreaterThan(text.utf8.count, 8192 * 3)
        let probe = Label()
        probe.text = text
        probe.numberOfLines = 0
        for width: CGFloat in [97, 300] {
            let measured = probe.sizeThatFits(CGSize(width: width, height: 0))
            let held = probe.textRect(
                forBounds: CGRect(x: 0, y: 0, width: width, height: 900_000), limitedToNumberOfLines: 0)
            XCTAssertEqual(measured, held.size, "width \(width)")
        }
    }

    func testAllLinesAreCutToWhatTheBoundsHold() async throws {
        let screen = connect(width: 160, height: 120)
        let window = showWindow(on: screen)
        let probe = Label()
        probe.text = "Hg"
        let lineHeight = probe.sizeThatFits(.zero).height
        // Room for two lines of the many the sentence needs.
        let frame = CGRect(x: 10, y: 10, width: 100, height: lineHeight * 2 + 4)
        let cut = label(sentence, frame: frame, in: window)
        cut.numberOfLines = 0
        cut.lineBreakMode = .byWordWrapping
        XCTAssertEqual(
            cut.textRect(forBounds: cut.bounds, limitedToNumberOfLines: 0).height, lineHeight * 2, accuracy: 1)
        let ink = InkMap(image: try display.capture(screen), background: .white)
        XCTAssertEqual(ink.inkRowRuns(in: frame), 2)
        XCTAssertTrue(ink.inkOutside(frame).isEmpty)
    }

    /// The columns of the last (or first) few pixels of ink, and how far below the
    /// top of the capitals their highest ink is, as a fraction of the capitals' height.
    private func dropOfInk(_ ink: InkMap, in frame: CGRect, atEnd: Bool, columns: Int = 3) throws -> CGFloat {
        let all = try XCTUnwrap(ink.inkBounds(in: frame))
        let startX = atEnd ? all.maxX - CGFloat(columns) : all.minX
        let edge = try XCTUnwrap(
            ink.inkBounds(in: CGRect(x: startX, y: frame.minY, width: CGFloat(columns), height: frame.height)))
        return (edge.minY - all.minY) / all.height
    }

    func testTruncationEndsInAnEllipsisWithinTheBounds() async throws {
        let screen = connect(width: 200, height: 160)
        let window = showWindow(on: screen)
        let text = String(repeating: "H", count: 30)
        let frames = (0..<4).map { CGRect(x: 20, y: 10 + CGFloat($0) * 36, width: 120, height: 30) }
        let modes: [LineBreakMode] = [.byClipping, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]
        for (frame, mode) in zip(frames, modes) {
            label(text, frame: frame, in: window).lineBreakMode = mode
        }
        let image = try display.capture(screen)
        keepForInspection(image, "label-truncation")
        let ink = InkMap(image: image, background: .white)
        for (frame, mode) in zip(frames, modes) {
            XCTAssertTrue(ink.inkOutside(frames.reduce(frame) { $0.union($1) }).isEmpty, "\(mode)")
            XCTAssertNotNil(ink.inkBounds(in: frame), "\(mode) draws")
        }
        // Clipped: capitals run to the edge (and are cut there). The ellipsis' dots sit on the baseline.
        XCTAssertLessThan(try dropOfInk(ink, in: frames[0], atEnd: true), 0.1, "clipped capitals reach the right edge")
        XCTAssertGreaterThan(try dropOfInk(ink, in: frames[1], atEnd: true), 0.6, "the tail ends in dots")
        XCTAssertLessThan(try dropOfInk(ink, in: frames[1], atEnd: false), 0.1, "the tail keeps the start")
        XCTAssertGreaterThan(try dropOfInk(ink, in: frames[2], atEnd: false), 0.6, "the head starts with dots")
        XCTAssertLessThan(try dropOfInk(ink, in: frames[2], atEnd: true), 0.1, "the head keeps the end")
        XCTAssertLessThan(try dropOfInk(ink, in: frames[3], atEnd: false), 0.1, "the middle keeps the start")
        XCTAssertLessThan(try dropOfInk(ink, in: frames[3], atEnd: true), 0.1, "the middle keeps the end")
        // Truncated text is no wider than the label.
        let tail = try XCTUnwrap(ink.inkBounds(in: frames[1]))
        XCTAssertLessThanOrEqual(tail.maxX, frames[1].maxX)
    }

    func testTheLastOfTheLinesAllowedIsTruncatedAtItsTail() async throws {
        let screen = connect(width: 160, height: 120)
        let window = showWindow(on: screen)
        let frame = CGRect(x: 10, y: 10, width: 120, height: 100)
        let twoLines = label(String(repeating: "HHH ", count: 20), frame: frame, in: window)
        twoLines.numberOfLines = 2
        let ink = InkMap(image: try display.capture(screen), background: .white)
        XCTAssertEqual(ink.inkRowRuns(in: frame), 2)
        let all = try XCTUnwrap(ink.inkBounds(in: frame))
        // The second line's end: dots, low in that line.
        let secondLine = CGRect(x: frame.minX, y: all.midY, width: frame.width, height: all.maxY - all.midY)
        let lineInk = try XCTUnwrap(ink.inkBounds(in: secondLine))
        let end = try XCTUnwrap(
            ink.inkBounds(in: CGRect(x: lineInk.maxX - 3, y: secondLine.minY, width: 3, height: secondLine.height)))
        XCTAssertGreaterThan((end.minY - lineInk.minY) / lineInk.height, 0.6)
    }

    func testAlignmentMovesTheInk() async throws {
        let screen = connect(width: 240, height: 200)
        let window = showWindow(on: screen)
        let alignments: [TextAlignment] = [.left, .center, .right, .natural, .justified]
        let frames = alignments.indices.map { CGRect(x: 20, y: 10 + CGFloat($0) * 36, width: 200, height: 30) }
        for (frame, alignment) in zip(frames, alignments) {
            label("Hi there", frame: frame, in: window).textAlignment = alignment
        }
        let ink = InkMap(image: try display.capture(screen), background: .white)
        let bounds = try frames.map { try XCTUnwrap(ink.inkBounds(in: $0)) }
        XCTAssertEqual(bounds[0].minX, 20, accuracy: 3, "left")
        XCTAssertEqual(bounds[1].midX, 120, accuracy: 2, "centre")
        XCTAssertEqual(bounds[2].maxX, 220, accuracy: 3, "right")
        XCTAssertEqual(bounds[3].minX, bounds[0].minX, "natural is left for left-to-right text")
        XCTAssertEqual(bounds[4].minX, bounds[0].minX, "a single justified line stays left")
        XCTAssertEqual(
            bounds[0].width, bounds[2].width, accuracy: 1, "the same text, moved (subpixel positions differ)")
    }

    func testRightToLeftTextIsNaturallyRightAligned() async throws {
        let screen = connect(width: 240, height: 50)
        let window = showWindow(on: screen)
        let frame = CGRect(x: 20, y: 10, width: 200, height: 30)
        _ = label("שלום עולם", frame: frame, in: window)
        let ink = InkMap(image: try display.capture(screen), background: .white)
        XCTAssertEqual(try XCTUnwrap(ink.inkBounds(in: frame)).maxX, frame.maxX, accuracy: 3)
    }

    func testChangingTextFontOrColourRedraws() async throws {
        let screen = connect(width: 200, height: 60)
        let window = showWindow(on: screen)
        let frame = CGRect(x: 10, y: 10, width: 180, height: 40)
        let changing = label("Short", frame: frame, in: window)
        let first = try XCTUnwrap(InkMap(image: try display.capture(screen), background: .white).inkBounds())
        changing.text = "Much longer text"
        let longer = try XCTUnwrap(InkMap(image: try display.capture(screen), background: .white).inkBounds())
        XCTAssertGreaterThan(longer.width, first.width * 2)
        changing.font = .boldSystemFont(ofSize: 24)
        let bold = try XCTUnwrap(InkMap(image: try display.capture(screen), background: .white).inkBounds())
        XCTAssertGreaterThan(bold.height, longer.height)
        changing.textColor = .blue
        let image = try display.capture(screen)
        let inked = InkMap(image: image, background: .white).inkPixels()
        XCTAssertTrue(inked.contains { image.pixel(x: $0.x, y: $0.y).isClose(to: .blue, tolerance: 2.0 / 255) })
        XCTAssertFalse(
            inked.contains { image.pixel(x: $0.x, y: $0.y).red > 0.99 && image.pixel(x: $0.x, y: $0.y).blue < 0.5 })
        changing.text = nil
        XCTAssertTrue(InkMap(image: try display.capture(screen), background: .white).inkPixels().isEmpty)
        XCTAssertEqual(changing.sizeThatFits(CGSize(width: 100, height: 100)), .zero)
    }

    func testTextKeepsItsSizeInPointsOnADoubleScaleScreen() async throws {
        let frame = CGRect(x: 10, y: 10, width: 200, height: 40)
        var inkBounds: [CGRect] = []
        for scale in [1, 2] as [CGFloat] {
            Application.shared.reset()
            display = HeadlessDisplay()
            let screen = connect(width: Int(240 * scale), height: Int(60 * scale), scale: scale)
            let window = showWindow(on: screen)
            let text = label("Scaled text", frame: frame, in: window)
            text.font = .systemFont(ofSize: 20)
            let image = try display.capture(screen)
            keepForInspection(image, "label-scale\(Int(scale))")
            let bounds = try XCTUnwrap(InkMap(image: image, background: .white).inkBounds())
            inkBounds.append(
                CGRect(
                    x: bounds.minX / scale, y: bounds.minY / scale, width: bounds.width / scale,
                    height: bounds.height / scale))
        }
        XCTAssertEqual(inkBounds[1].width, inkBounds[0].width, accuracy: 1.5, "the same width in points")
        XCTAssertEqual(inkBounds[1].height, inkBounds[0].height, accuracy: 1.5)
        XCTAssertEqual(inkBounds[1].minX, inkBounds[0].minX, accuracy: 1)
    }

    func testLabelsLetTouchesThrough() async {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        XCTAssertFalse(label.isUserInteractionEnabled)
    }
}

final class FontTests: DirectDisplayTestCase {
    func testFontsAreFoundThroughFontconfig() async throws {
        XCTAssertTrue(Font.familyNames.contains("DejaVu Sans"), "fonts-dejavu-core is installed: \(Font.familyNames)")
        let named = try XCTUnwrap(Font(name: "dejavu sans", size: 20))
        XCTAssertEqual(named.familyName, "DejaVu Sans")
        XCTAssertEqual(named.pointSize, 20)
        let boldOblique = try XCTUnwrap(Font(name: "DejaVu Sans Bold Oblique", size: 12))
        XCTAssertEqual(boldOblique.weight, .bold)
        XCTAssertTrue(boldOblique.isItalic)
        XCTAssertEqual(Font(name: boldOblique.fontName, size: 12), boldOblique, "fontName reads back")
        XCTAssertNil(Font(name: "No Such Family Anywhere", size: 12))
        XCTAssertEqual(Font.boldSystemFont(ofSize: 10).weight, .bold)
        XCTAssertEqual(Font.systemFont(ofSize: 10).withSize(30).pointSize, 30)
    }

    func testMetricsScaleWithTheSize() async {
        let small = Font.systemFont(ofSize: 10)
        let large = small.withSize(40)
        XCTAssertGreaterThan(small.ascender, 5)
        XCTAssertLessThan(small.descender, 0)
        XCTAssertEqual(large.lineHeight, small.lineHeight * 4, accuracy: 0.5)
        XCTAssertGreaterThanOrEqual(small.lineHeight, small.ascender - small.descender - 0.01)
    }

    func testBoldIsWiderAndANamedFamilyIsUsed() async throws {
        let label = Label()
        label.text = "Wide words"
        label.font = .systemFont(ofSize: 20)
        let regular = label.sizeThatFits(.zero)
        label.font = .boldSystemFont(ofSize: 20)
        XCTAssertGreaterThan(label.sizeThatFits(.zero).width, regular.width)
        label.font = try XCTUnwrap(Font(name: "DejaVu Sans Mono", size: 20))
        label.text = "iiii"
        let narrow = label.sizeThatFits(.zero).width
        label.text = "WWWW"
        XCTAssertEqual(label.sizeThatFits(.zero).width, narrow, accuracy: 0.5, "monospaced")
        label.font = .systemFont(ofSize: 20)
        label.text = "iiii"
        XCTAssertLessThan(label.sizeThatFits(.zero).width, narrow, "… and the system font is not")
    }
}
