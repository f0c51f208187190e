import Compositing
import Foundation
import XCTest

@testable import DirectDisplayCore

/// The compositor blends a view's drawn content only where drawing reached
/// (`DrawingSurface.inked`: a label's text, not the rest of its width). That is
/// the same frame only if no pixel outside it is other than transparent.
final class DrawnInkTests: DirectDisplayTestCase {
    /// Every pixel of `surface` that is not transparent lies inside `inked`.
    private func assertInkedHoldsEveryDrawnPixel(
        _ surface: DrawingSurface?, _ message: String, wholeAllowed: Bool = false, line: UInt = #line
    ) {
        guard let surface else { return XCTFail("\(message): nothing drawn", line: line) }
        let inked = surface.inked
        var drawn = 0
        var outside: (x: Int, y: Int)?
        surface.withPixels { data, stride in
            for y in 0..<surface.pixelHeight {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.pixelWidth where row[x] != 0 {
                    drawn += 1
                    if x < inked.x || x >= inked.maxX || y < inked.y || y >= inked.maxY { outside = outside ?? (x, y) }
                }
            }
        }
        XCTAssertGreaterThan(drawn, 0, "\(message): something is drawn", line: line)
        if let outside { XCTFail("\(message): pixel \(outside) drawn outside \(inked)", line: line) }
        guard !wholeAllowed else { return }
        XCTAssertLessThan(
            inked.width * inked.height, surface.pixelWidth * surface.pixelHeight, "\(message): less than the whole",
            line: line)
    }

    func testLabelsInkOnlyWhereTheirTextIs() async throws {
        for scale in [1.0, 2.5] {
            Application.shared.reset()
            display = HeadlessDisplay()
            let screen = connect(width: 900, height: 300, scale: scale)
            let window = showWindow(on: screen)
            let texts: [(String, Font, TextAlignment, Int)] = [
                ("Row 12345", .systemFont(ofSize: 17), .natural, 1),
                ("Wide ÉÅjgqpÿ glyphs, descenders and accents", .boldSystemFont(ofSize: 23), .center, 1),
                ("שלום עולם مرحبا", .systemFont(ofSize: 19), .natural, 1),
                (
                    "a long line that is cut off at the end because it is far wider than the label",
                    .systemFont(ofSize: 15), .right, 1
                ),
                (
                    "several lines of text that wrap within the label and are then cut at the second one",
                    .systemFont(ofSize: 15), .left, 2
                ),
            ]
            var labels: [Label] = []
            for (index, (text, font, alignment, lines)) in texts.enumerated() {
                let label = Label(frame: CGRect(x: 10, y: 10 + CGFloat(index) * 50, width: 300, height: 44))
                label.text = text
                label.font = font
                label.textAlignment = alignment
                label.numberOfLines = lines
                window.addSubview(label)
                labels.append(label)
            }
            _ = try display.capture(screen)
            for (label, (text, _, _, _)) in zip(labels, texts) {
                assertInkedHoldsEveryDrawnPixel(label.contentSurface, "\(text) at scale \(scale)")
            }
        }
    }

    func testDrawingCallsInkWhereTheyReach() async throws {
        let screen = connect(width: 200, height: 200)
        let window = showWindow(on: screen)
        let view = SpotView(frame: CGRect(x: 20, y: 20, width: 150, height: 150))
        view.spots = [CGRect(x: 10.5, y: 20.25, width: 30, height: 7): .red]
        window.addSubview(view)
        _ = try display.capture(screen)
        assertInkedHoldsEveryDrawnPixel(view.contentSurface, "a fill between pixels")
        XCTAssertEqual(view.contentSurface?.inked, PixelRect(x: 9, y: 19, width: 33, height: 10))
        view.spots = [CGRect(x: 100, y: 100, width: 10, height: 10): .blue]
        view.setNeedsDisplay()
        _ = try display.capture(screen)
        XCTAssertEqual(
            view.contentSurface?.inked, PixelRect(x: 99, y: 99, width: 12, height: 12), "cleared, then drawn again")
    }

    func testAFillWithAPathBeingBuiltInksEverything() async throws {
        let screen = connect(width: 200, height: 200)
        let window = showWindow(on: screen)
        let view = PathThenFillView(frame: CGRect(x: 20, y: 20, width: 150, height: 150))
        window.addSubview(view)
        _ = try display.capture(screen)
        let surface = try XCTUnwrap(view.contentSurface)
        XCTAssertEqual(surface.inked, PixelRect(x: 0, y: 0, width: 150, height: 150), "the path is filled too")
        assertInkedHoldsEveryDrawnPixel(surface, "a path and a rectangle", wholeAllowed: true)
    }
}

/// Builds a path, then fills a rectangle: cairo fills both (as CGContext does).
private final class PathThenFillView: View {
    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        context.move(to: CGPoint(x: 100, y: 100))
        context.addLine(to: CGPoint(x: 140, y: 110))
        context.addLine(to: CGPoint(x: 120, y: 140))
        context.fill(CGRect(x: 5, y: 5, width: 10, height: 10), with: .red)
    }
}
