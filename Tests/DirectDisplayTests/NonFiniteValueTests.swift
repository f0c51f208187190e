import Foundation
import XCTest

@testable import DirectDisplayCore

/// The public setters refuse NaN and infinite values: a view's frame, bounds,
/// center and transform keep their last value, alpha clamps as UIKit's and refuses
/// NaN, a background colour with a non-finite component is refused, and
/// `setNeedsDisplay(_:)` ignores a NaN rect and takes an infinite one as the whole
/// view. Each refusal is said once per property and view type.
final class NonFiniteValueTests: DirectDisplayTestCase {
    private let hostile: [CGFloat] = [.nan, .infinity, -.infinity]

    override func setUp() async throws {
        try await super.setUp()
        StderrLog.kept.withLock { $0 = [] }
    }

    override func tearDown() async throws {
        StderrLog.kept.withLock { $0 = nil }
        try await super.tearDown()
    }

    private var refusals: [String] { StderrLog.kept.withLock { $0 ?? [] }.filter { $0.contains("non-finite") } }

    func testGeometryKeepsItsLastFiniteValue() async {
        let window = Window(screen: connect())
        let view = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.bounds.origin = CGPoint(x: 1, y: 2)
        window.addSubview(view)
        for target in [view, window] {
            let (frame, bounds) = (target.frame, target.bounds)
            for value in hostile {
                target.frame = CGRect(x: value, y: 0, width: 10, height: 10)
                target.frame.size.width = value
                target.bounds = CGRect(x: 0, y: value, width: 5, height: 5)
                target.bounds.size.height = value
                target.bounds.origin.x = value
                target.center = CGPoint(x: value, y: 0)
                target.center.y = value
                XCTAssertEqual(target.frame, frame, "\(type(of: target)) after \(value)")
                XCTAssertEqual(target.bounds, bounds, "\(type(of: target)) after \(value)")
            }
        }
        view.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 8, height: 8), "a finite value is taken again")
    }

    func testTransformedViewKeepsItsFrame() async {
        let view = View(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        let frame = view.frame
        for value in hostile { view.frame = CGRect(x: 0, y: 0, width: value, height: 10) }
        XCTAssertEqual(view.frame, frame)
        XCTAssertEqual(view.bounds.size, CGSize(width: 20, height: 10))
    }

    func testNonFiniteInitialFrameIsZero() async {
        for value in hostile {
            XCTAssertEqual(View(frame: CGRect(x: value, y: 0, width: 10, height: 10)).frame, .zero, "\(value)")
            XCTAssertEqual(Window(frame: CGRect(x: 0, y: 0, width: 10, height: value)).frame, .zero, "\(value)")
        }
    }

    func testTransformKeepsItsLastFiniteValue() async {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let turned = CGAffineTransform(rotationAngle: 0.5)
        view.transform = turned
        for value in hostile {
            view.transform = CGAffineTransform(rotationAngle: value)
            view.transform = CGAffineTransform(scaleX: value, y: 1)
            view.transform = CGAffineTransform(translationX: 0, y: value)
            XCTAssertEqual(view.transform, turned, "\(value)")
        }
    }

    func testWindowLevelRefusesNaN() async {
        let window = Window(screen: connect())
        window.windowLevel = .statusBar
        window.windowLevel = Window.Level(rawValue: .nan)
        XCTAssertEqual(window.windowLevel, .statusBar)
        window.windowLevel = Window.Level(rawValue: .infinity)
        XCTAssertEqual(window.windowLevel.rawValue, .infinity, "an infinite level is above every other")
    }

    func testAlphaClampsAndRefusesNaN() async {
        let view = View()
        view.alpha = 0.5
        view.alpha = .nan
        XCTAssertEqual(view.alpha, 0.5, "NaN is refused")
        let clamped: [(CGFloat, CGFloat)] = [(2, 1), (-1, 0), (.infinity, 1), (-.infinity, 0), (0.25, 0.25)]
        for (value, expected) in clamped {
            view.alpha = value
            XCTAssertEqual(view.alpha, expected, "\(value)")
        }
        XCTAssertEqual(refusals.count, 1, "only NaN is refused (and said): \(refusals)")
    }

    func testBackgroundColorKeepsItsLastFiniteValue() async {
        let view = View()
        view.backgroundColor = .orange
        for value in hostile {
            view.backgroundColor = Color(red: value, green: 0, blue: 0)
            view.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: value)
            XCTAssertEqual(view.backgroundColor, .orange, "\(value)")
        }
        view.backgroundColor = nil
        XCTAssertNil(view.backgroundColor, "no colour is a colour")
    }

    func testEachRefusalIsSaidOncePerPropertyAndType() async {
        let gauge = Gauge()
        let dial = Dial()
        for _ in 0..<3 {
            gauge.frame.origin.x = .nan
            gauge.center.x = .infinity
            dial.frame.size.width = -.infinity
        }
        let lines = refusals
        XCTAssertEqual(lines.count, 3, "\(lines)")
        for (line, named) in zip(lines, ["Gauge.frame", "Gauge.center", "Dial.frame"]) {
            XCTAssertTrue(line.contains(named), "\(line) does not name \(named)")
        }
    }

    func testAnimatingToNonFiniteValuesAnimatesNothing() async {
        let window = Window(screen: connect())
        let view = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        let before = view.presentation
        var finished: Bool?
        View.animate(
            withDuration: 1, delay: 0,
            animations: {
                view.frame.origin.x = .nan
                view.bounds.origin.y = .infinity
                view.center.x = -.infinity
                view.alpha = .nan
                view.backgroundColor = Color(red: .nan, green: 0, blue: 0)
                view.transform = CGAffineTransform(rotationAngle: .nan)
            }, completion: { finished = $0 })
        XCTAssertFalse(view.hasRunningAnimations)
        display.advanceTime(by: 0.5)
        display.runUntilIdle()
        XCTAssertEqual(view.presentation, before)
        XCTAssertEqual(finished, true, "nothing to animate completes at once, finished")
    }

    func testSetNeedsDisplayIgnoresNaNAndTakesInfiniteAsEverything() async throws {
        let window = Window(screen: connect())
        let canvas = Canvas(frame: CGRect(x: 4, y: 4, width: 20, height: 10))
        window.addSubview(canvas)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        canvas.drawn = []
        canvas.setNeedsDisplay(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        canvas.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: CGFloat.nan))
        display.runUntilIdle()
        XCTAssertEqual(canvas.drawn, [], "a NaN rect marks nothing")
        XCTAssertEqual(refusals.count, 1, "said once: \(refusals)")
        let everything: [CGRect] = [
            CGRect(x: -CGFloat.infinity, y: -.infinity, width: .infinity, height: .infinity),
            CGRect(x: 2, y: 2, width: CGFloat.infinity, height: 3),
            CGRect(x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308),
        ]
        for rect in everything {
            canvas.setNeedsDisplay(rect)
            display.runUntilIdle()
            XCTAssertEqual(canvas.drawn, [canvas.bounds], "\(rect)")
            canvas.drawn = []
        }
        assertPixel(try display.capture(window.screen!), 10, 10, .green)
    }

    /// A drawing call with a NaN or infinite number draws nothing (cairo would stop
    /// drawing the rest of the view; text in such a rect trapped), and what the view
    /// draws after it shows.
    func testDrawingCallsWithNonFiniteNumbersDrawNothing() async throws {
        let screen = connect()
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.addSubview(HostileDrawing(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        window.makeKeyAndVisible()
        display.runUntilIdle()
        let image = try display.capture(screen)
        assertPixel(image, 5, 5, .green)
        assertPixel(image, 15, 15, .white)
        XCTAssertEqual(refusals.count, 3, "one line per call: \(refusals)")
    }

    /// What gets past the setters (a finite position far beyond any pixel count, a
    /// NaN colour drawn with GraphicsContext) is composed without a trap.
    func testCompositionSurvivesValuesPastTheSetters() async throws {
        let screen = connect()
        let window = Window(screen: screen)
        window.backgroundColor = .white
        for origin in [CGPoint(x: 1e300, y: 0), CGPoint(x: -1e300, y: -1e300), CGPoint(x: 5, y: 1e19)] {
            let far = View(frame: CGRect(origin: origin, size: CGSize(width: 10, height: 10)))
            far.backgroundColor = .red
            window.addSubview(far)
        }
        let painter = NaNPainter(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        window.addSubview(painter)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        let image = try display.capture(screen)
        assertPixel(image, 30, 30, .white)
        // NaN components become 0 on the way to cairo: transparent, the window shows through.
        assertPixel(image, 4, 4, .white)
    }
}

private final class Gauge: View {}
private final class Dial: View {}

/// Fills what it is asked to draw with green and notes each rect.
private final class Canvas: View {
    var drawn: [CGRect] = []

    override func draw(_ rect: CGRect) {
        drawn.append(rect)
        GraphicsContext.current?.fill(rect, with: .green)
    }
}

/// Draws an ellipse in a NaN rect, an infinite ellipse and text in an infinite
/// rect (none of which draws), then a green square at the top left.
private final class HostileDrawing: View {
    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let infinite = CGRect(x: -CGFloat.infinity, y: -.infinity, width: .infinity, height: .infinity)
        context.fillEllipse(in: CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10), with: .red)
        context.addEllipse(in: infinite)
        context.fillPath(with: .red)
        context.draw("Boiler", in: infinite, font: .systemFont(ofSize: 10), color: .red)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10), with: .green)
    }
}

/// Draws with a colour whose components are NaN.
private final class NaNPainter: View {
    override func draw(_ rect: CGRect) {
        GraphicsContext.current?.fill(rect, with: Color(red: .nan, green: .nan, blue: 0, alpha: .nan))
    }
}
