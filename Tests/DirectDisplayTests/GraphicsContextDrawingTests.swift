import DirectDisplayCore
import Foundation
import XCTest

/// Runs a closure as its `draw(_:)`.
private final class ClosureView: View {
    var body: (GraphicsContext) -> Void = { _ in }
    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        body(context)
    }
}

final class GraphicsContextDrawingTests: DirectDisplayTestCase {
    private func render(width: Int = 100, height: Int = 100, _ body: @escaping (GraphicsContext) -> Void) throws
        -> CapturedImage
    {
        let screen = connect(width: width, height: height)
        let window = showWindow(on: screen)
        let view = ClosureView(frame: window.bounds)
        view.body = body
        window.addSubview(view)
        return try display.capture(screen)
    }

    func testAFilledPathCoversItsInsideOnly() async throws {
        let image = try render { context in
            context.move(to: CGPoint(x: 10, y: 10))
            context.addLine(to: CGPoint(x: 90, y: 10))
            context.addLine(to: CGPoint(x: 10, y: 90))
            context.closePath()
            context.fillPath(with: .red)
        }
        keepForInspection(image, "path-triangle")
        XCTAssertTrue(image.pixel(x: 20, y: 20).isClose(to: .red))
        XCTAssertTrue(image.pixel(x: 45, y: 40).isClose(to: .red), "just inside the diagonal")
        XCTAssertTrue(image.pixel(x: 60, y: 60).isClose(to: .white), "beyond the diagonal")
        XCTAssertTrue(image.pixel(x: 5, y: 5).isClose(to: .white))
    }

    func testCurvesAndStrokesAndThePathEmptiesAfterUse() async throws {
        let image = try render { context in
            // A curve bulging down from (10, 50) to (90, 50), its lowest point at y = 80.
            context.move(to: CGPoint(x: 10, y: 50))
            context.addCurve(
                to: CGPoint(x: 90, y: 50), control1: CGPoint(x: 10, y: 90), control2: CGPoint(x: 90, y: 90))
            context.strokePath(with: .blue, lineWidth: 4)
            // Filling now fills nothing: the stroke emptied the path.
            context.fillPath(with: .red)
            context.addEllipse(in: CGRect(x: 40, y: 10, width: 20, height: 20))
            context.fillPath(with: .green)
        }
        keepForInspection(image, "path-curve")
        XCTAssertTrue(image.pixel(x: 50, y: 79).isClose(to: .blue), "the curve's lowest point")
        XCTAssertTrue(image.pixel(x: 50, y: 60).isClose(to: .white), "inside the curve: only stroked")
        XCTAssertTrue(image.pixel(x: 50, y: 20).isClose(to: .green), "the ellipse")
        XCTAssertTrue(image.pixel(x: 41, y: 11).isClose(to: .white), "outside the ellipse's curve")
    }

    /// A view drawn again reuses its surface: cleared first, unless its first call is
    /// an opaque fill of every pixel (then what it held is painted over). A
    /// translucent fill, or an opaque one that misses a pixel, still gets the clear.
    func testARedrawShowsOnlyWhatItDraws() async throws {
        let screen = connect(width: 100, height: 100)
        let window = showWindow(on: screen)
        let view = ClosureView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(view)
        let cases: [(String, CGRect, Color, Color)] = [
            ("opaque, every pixel", CGRect(x: 0, y: 0, width: 40, height: 40), .blue, .blue),
            (
                "translucent, every pixel", CGRect(x: 0, y: 0, width: 40, height: 40),
                Color(red: 0, green: 0, blue: 1, alpha: 0.5), Color(red: 0.5, green: 0.5, blue: 1)
            ),
            ("opaque, all but a column", CGRect(x: 0, y: 0, width: 39, height: 40), .blue, .white),
        ]
        for (what, background, color, expected) in cases {
            // First a red spot where the background is checked, then the background alone.
            view.body = { context in context.fill(CGRect(x: 30, y: 30, width: 10, height: 10), with: .red) }
            view.setNeedsDisplay()
            _ = try display.capture(screen)
            view.body = { context in
                context.fill(background, with: color)
                context.fill(CGRect(x: 0, y: 0, width: 5, height: 5), with: .green)
            }
            view.setNeedsDisplay()
            let image = try display.capture(screen)
            XCTAssertTrue(
                image.pixel(x: 39, y: 39).isClose(to: expected, tolerance: 2.0 / 255),
                "\(what): \(image.pixel(x: 39, y: 39)), not \(expected)")
            XCTAssertTrue(image.pixel(x: 2, y: 2).isClose(to: .green), what)
        }
    }

    /// Content painted opaque all over is copied into the frame instead of blended;
    /// once part of it is redrawn (cleared there) or drawn again without covering
    /// every pixel, it is blended again: what it leaves transparent shows what is below.
    func testOpaqueContentCopiedOnlyWhileOpaque() async throws {
        let screen = connect(width: 100, height: 100)
        let window = showWindow(on: screen)
        let view = ClosureView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        window.addSubview(view)
        view.body = { context in
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40), with: .blue)
            context.fill(
                CGRect(x: 10, y: 10, width: 10, height: 10), with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        }
        view.setNeedsDisplay()
        var image = try display.capture(screen)
        XCTAssertTrue(image.pixel(x: 12, y: 12).isClose(to: .blue), "\(image.pixel(x: 12, y: 12))")
        XCTAssertTrue(
            image.pixel(x: 25, y: 25).isClose(to: Color(red: 0.5, green: 0, blue: 0.5), tolerance: 2.0 / 255),
            "translucent red over the opaque blue: \(image.pixel(x: 25, y: 25))")
        // A part redrawn with nothing in it: cleared, so the window shows there.
        view.body = { _ in }
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 20, height: 20))
        image = try display.capture(screen)
        XCTAssertTrue(image.pixel(x: 12, y: 12).isClose(to: .white), "the cleared part: \(image.pixel(x: 12, y: 12))")
        XCTAssertTrue(image.pixel(x: 40, y: 40).isClose(to: .blue), "the rest as drawn before")
        // Drawn whole again, opaque but for a column.
        view.body = { context in context.fill(CGRect(x: 0, y: 0, width: 39, height: 40), with: .blue) }
        view.setNeedsDisplay()
        image = try display.capture(screen)
        XCTAssertTrue(
            image.pixel(x: 49, y: 30).isClose(to: .white), "the column not drawn: \(image.pixel(x: 49, y: 30))")
        XCTAssertTrue(image.pixel(x: 12, y: 12).isClose(to: .blue))
    }

    func testTextInARectIsClippedAndWrapped() async throws {
        let rect = CGRect(x: 10, y: 10, width: 60, height: 40)
        let image = try render { context in
            context.draw(
                "Wrapped words in a small box that cannot hold them all", in: rect, font: .systemFont(ofSize: 12),
                color: .black)
        }
        keepForInspection(image, "text-in-rect")
        let ink = InkMap(image: image, background: .white)
        XCTAssertTrue(ink.inkOutside(rect).isEmpty)
        XCTAssertGreaterThanOrEqual(ink.inkRowRuns(in: rect), 2)
        XCTAssertEqual(try XCTUnwrap(ink.inkBounds()).minY, rect.minY, accuracy: 5, "from the rect's top")
    }

    func testTextAtABaseline() async throws {
        let image = try render { context in
            context.drawText("Hxxxx", at: CGPoint(x: 10, y: 50), fontSize: 20, color: .black)
        }
        let ink = InkMap(image: image, background: .white)
        let bounds = try XCTUnwrap(ink.inkBounds())
        XCTAssertEqual(bounds.maxY, 50, accuracy: 1.5, "the capitals stand on the baseline")
        XCTAssertEqual(bounds.height, 20 * 0.73, accuracy: 2.5, "a capital's height, about 0.73 em in DejaVu Sans")
        XCTAssertEqual(bounds.minX, 10, accuracy: 3)
    }

    func testExtremeSizesDrawWithoutTrapping() async throws {
        let image = try render { context in
            context.draw(
                "Unbounded", in: CGRect(x: 0, y: 0, width: CGFloat.greatestFiniteMagnitude, height: 40),
                font: .systemFont(ofSize: 12), color: .black)
            context.draw(
                "Negative", in: CGRect(x: 0, y: 50, width: 100, height: 40), font: .systemFont(ofSize: -4),
                color: .black)
            context.draw(
                "", in: CGRect(x: 0, y: 0, width: 100, height: 100), font: .systemFont(ofSize: 12), color: .black)
        }
        XCTAssertNotNil(
            InkMap(image: image, background: .white).inkBounds(in: CGRect(x: 0, y: 0, width: 100, height: 40)))
        let label = Label()
        label.text = "Any size"
        label.numberOfLines = 0
        let size = label.sizeThatFits(
            CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
        XCTAssertEqual(size, label.sizeThatFits(.zero), "no limit is no limit")
    }
}
