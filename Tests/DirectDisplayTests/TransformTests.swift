import Foundation
import XCTest

@testable import DirectDisplayCore

/// View.transform: about the centre, in frame, hit-testing, conversion and pixels.
final class TransformTests: DirectDisplayTestCase {
    private func assertRect(_ rect: CGRect, _ expected: CGRect, _ message: String = "", line: UInt = #line) {
        for (value, want) in [
            (rect.minX, expected.minX), (rect.minY, expected.minY), (rect.width, expected.width),
            (rect.height, expected.height),
        ] {
            XCTAssertEqual(value, want, accuracy: 1e-9, "\(message): \(rect) != \(expected)", line: line)
        }
    }

    private func assertPoint(_ point: CGPoint, _ x: CGFloat, _ y: CGFloat, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(point.x, x, accuracy: 1e-9, "\(message): \(point)", line: line)
        XCTAssertEqual(point.y, y, accuracy: 1e-9, "\(message): \(point)", line: line)
    }

    private func isRed(_ image: CapturedImage, _ x: Int, _ y: Int) -> Bool {
        image.pixel(x: x, y: y).isClose(to: .red, tolerance: 2.0 / 255)
    }

    private func redCount(_ image: CapturedImage) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where isRed(image, x, y) { count += 1 } }
        return count
    }

    /// A 100×50 view centred at (100, 100) and a white window around it.
    private func redView(on screen: Screen) -> (Window, View) {
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let view = View(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        view.backgroundColor = .red
        window.addSubview(view)
        return (window, view)
    }

    func testFrameIsTheBoundingBoxAndBoundsAndCenterStay() async {
        let view = View(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        assertRect(view.frame, CGRect(x: 75, y: 50, width: 50, height: 100), "quarter turn")
        assertRect(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50), "bounds")
        assertPoint(view.center, 100, 100, "center")
        view.transform = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 0)
        assertRect(view.frame, CGRect(x: 20, y: 25, width: 200, height: 150), "scaled and moved")
        view.transform = .identity
        assertRect(view.frame, CGRect(x: 50, y: 75, width: 100, height: 50), "identity again")
    }

    /// Setting frame with a transform (undefined in UIKit): centre to the frame's
    /// centre, bounds sized so that the transformed box has the frame's size when
    /// one does (scales, quarter turns), else scaled with the frame.
    func testSettingFrameWithATransform() async {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.frame = CGRect(x: 0, y: 0, width: 400, height: 200)
        assertRect(view.frame, CGRect(x: 0, y: 0, width: 400, height: 200), "scale: as asked")
        assertRect(view.bounds, CGRect(x: 0, y: 0, width: 200, height: 100), "scale: bounds")
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        view.frame = CGRect(x: 10, y: 10, width: 30, height: 80)
        assertRect(view.frame, CGRect(x: 10, y: 10, width: 30, height: 80), "quarter turn: as asked")
        assertRect(view.bounds, CGRect(x: 0, y: 0, width: 80, height: 30), "quarter turn: bounds turned")
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let before = view.frame
        view.frame = CGRect(x: 0, y: 0, width: before.width * 2, height: before.height * 2)
        assertPoint(view.center, before.width, before.height, "45°: centred on the frame")
        XCTAssertEqual(view.bounds.width, 160, accuracy: 1e-9, "45°: bounds scaled with the frame")
        XCTAssertEqual(view.bounds.height, 60, accuracy: 1e-9)
    }

    /// A 100×50 red view turned a quarter about its centre covers 50×100 pixels
    /// (bilinear edges tolerated), and nothing where it was.
    func testRotatedViewCoversTheTurnedPixels() async throws {
        let screen = connect(width: 200, height: 200)
        let (_, view) = redView(on: screen)
        XCTAssertEqual(redCount(try display.capture(screen)), 5000)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let image = try display.capture(screen)
        for (x, y) in [(76, 51), (123, 51), (76, 148), (123, 148), (100, 100)] {
            XCTAssertTrue(isRed(image, x, y), "(\(x), \(y)) inside the turned view")
        }
        for (x, y) in [(60, 100), (140, 100), (100, 45), (100, 155), (73, 100), (126, 100)] {
            XCTAssertTrue(image.pixel(x: x, y: y).isClose(to: .white, tolerance: 2.0 / 255), "(\(x), \(y)) white")
        }
        XCTAssertEqual(Double(redCount(image)), 5000, accuracy: 300)
    }

    func testScaledViewAndItsSubviewsGrowAboutTheCentre() async throws {
        let screen = connect(width: 200, height: 200)
        let (_, view) = redView(on: screen)
        let corner = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        corner.backgroundColor = .blue
        view.addSubview(corner)
        view.transform = CGAffineTransform(scaleX: 1.5, y: 2)
        let image = try display.capture(screen)
        // Bounds 100×50 about (100, 100): 150×100 from (25, 50); the corner is 15×20 at its top-left.
        XCTAssertTrue(image.pixel(x: 30, y: 60).isClose(to: .blue, tolerance: 2.0 / 255), "the subview scales too")
        XCTAssertTrue(isRed(image, 45, 75))
        XCTAssertTrue(isRed(image, 170, 145))
        XCTAssertTrue(image.pixel(x: 23, y: 100).isClose(to: .white, tolerance: 2.0 / 255))
        XCTAssertTrue(image.pixel(x: 100, y: 152).isClose(to: .white, tolerance: 2.0 / 255))
        // Bilinear edges: the outline's pixels (about 500) blend with their neighbours.
        XCTAssertEqual(Double(redCount(image)), 150 * 100 - 15 * 20, accuracy: 600)
    }

    /// A translucent turned view is blended as one group with its scaled subview
    /// (which reaches beyond it: not clipped); nested transforms compose.
    func testNestedTransformsAndGroupOpacity() async throws {
        let screen = connect(width: 200, height: 200)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let parent = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        parent.backgroundColor = .blue
        parent.alpha = 0.5
        let child = View(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        child.backgroundColor = .red
        window.addSubview(parent)
        parent.addSubview(child)
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // The child spans parent points x -10…30, y -5…15; turned about (100, 100): (x, y) → (150 - y, 50 + x).
        let image = try display.capture(screen)
        let pink = Color(red: 1, green: 0.5, blue: 0.5)
        for (x, y, color) in [
            (145, 60, pink), (137, 42, pink), (153, 78, pink), (145, 45, pink),
            (100, 100, Color(red: 0.5, green: 0.5, blue: 1)),
            (160, 60, Color.white), (145, 35, Color.white), (145, 85, Color(red: 0.5, green: 0.5, blue: 1)),
        ] {
            XCTAssertTrue(
                image.pixel(x: x, y: y).isClose(to: color, tolerance: 3.0 / 255),
                "(\(x), \(y)) is \(image.pixel(x: x, y: y)), not \(color)")
        }
        assertRect(
            child.convert(child.bounds, to: nil), CGRect(x: 135, y: 40, width: 20, height: 40), "child on screen")
    }

    /// Turning a view damages its old and new bounding boxes only, and frames
    /// composed through the damage equal a whole recomposition.
    func testTransformDamagesOldAndNewBoundingBoxes() async throws {
        let screen = connect(width: 200, height: 200)
        let (_, view) = redView(on: screen)
        _ = try display.capture(screen)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        display.runUntilIdle()
        let damage = screen.frameStatistics.lastFrameDamage.reduce(CGRect.null) { $0.union($1) }
        XCTAssertTrue(damage.contains(CGRect(x: 50, y: 75, width: 100, height: 50)), "old place: \(damage)")
        XCTAssertTrue(damage.contains(CGRect(x: 75, y: 50, width: 50, height: 100)), "new place: \(damage)")
        XCTAssertLessThanOrEqual(screen.frameStatistics.lastFramePixelsComposed, 102 * 102)
        let full = Application.shared.captureFrame(of: screen)
        XCTAssertEqual(display.lastFrames[screen.name]?.pixels, full.pixels)
    }

    /// A 200×200 window holding a parent with `transform` holding a child.
    private func nested(parent parentFrame: CGRect, child childFrame: CGRect, _ transform: CGAffineTransform)
        -> (Window, View, View)
    {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.isHidden = false
        let parent = View(frame: parentFrame)
        let child = View(frame: childFrame)
        window.addSubview(parent)
        parent.addSubview(child)
        parent.transform = transform
        return (window, parent, child)
    }

    /// Part of a turned view drawn again damages only that part, turned.
    func testPartialRedrawInATurnedViewDamagesItsTurnedBox() async throws {
        let screen = connect(width: 200, height: 200)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let view = SpotView(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        view.spots[CGRect(x: 40, y: 20, width: 10, height: 10)] = .blue  // drawn content to keep
        window.addSubview(view)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        _ = try display.capture(screen)
        let spot = CGRect(x: 0, y: 0, width: 6, height: 6)
        view.spots[spot] = .green
        view.setNeedsDisplay(spot)
        display.runUntilIdle()
        // Bounds (0, 0)…(6, 6) turned about (100, 100) land at x 119…125, y 50…56.
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 119, y: 50, width: 6, height: 6)])
        let image = try XCTUnwrap(display.lastFrames[screen.name])
        XCTAssertTrue(image.pixel(x: 122, y: 53).isClose(to: .green, tolerance: 2.0 / 255))
        XCTAssertEqual(image.pixels, Application.shared.captureFrame(of: screen).pixels)
    }

    /// Touches and conversions go through a turned superview (quarter turn about
    /// (100, 100): bounds (0, 0) lands at (125, 50), +x goes down, +y goes left).
    func testHitTestingAndConversionThroughARotatedSuperview() async {
        let (window, parent, child) = nested(
            parent: CGRect(x: 50, y: 75, width: 100, height: 50), child: CGRect(x: 0, y: 0, width: 20, height: 10),
            CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertTrue(window.hitTest(CGPoint(x: 120, y: 60), with: nil) === child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 80, y: 60), with: nil) === parent)
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 100), with: nil) === window, "where it was before turning")
        assertPoint(child.convert(CGPoint.zero, to: nil), 125, 50, "to the window")
        assertPoint(child.convert(CGPoint(x: 20, y: 10), to: window), 115, 70)
        assertPoint(child.convert(CGPoint(x: 120, y: 60), from: nil), 10, 5, "from the window")
        assertPoint(window.convert(child.convert(CGPoint(x: 3, y: 7), to: window), to: child), 3, 7, "round trip")
        assertRect(child.convert(child.bounds, to: window), CGRect(x: 115, y: 50, width: 10, height: 20), "rect")
        XCTAssertTrue(parent.point(inside: parent.convert(CGPoint(x: 100, y: 140), from: window), with: nil))
    }

    func testHitTestingAndConversionThroughAScaledSuperview() async {
        let (window, parent, child) = nested(
            parent: CGRect(x: 50, y: 50, width: 100, height: 100), child: CGRect(x: 60, y: 60, width: 20, height: 20),
            CGAffineTransform(scaleX: 0.5, y: 0.5))
        // Scaled about (100, 100): the parent spans 75…125, the child 105…115.
        XCTAssertTrue(window.hitTest(CGPoint(x: 110, y: 110), with: nil) === child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 80, y: 80), with: nil) === parent)
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === window)
        assertRect(child.convert(child.bounds, to: nil), CGRect(x: 105, y: 105, width: 10, height: 10))
        assertPoint(child.convert(CGPoint(x: 110, y: 110), from: nil), 10, 10)
        parent.transform = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === window, "a flattened view is not hit")
    }

    /// A touch through a turned superview reaches the subview under the finger,
    /// at the point in its own coordinates.
    func testTouchThroughATurnedSuperview() async {
        let screen = connect(width: 200, height: 200)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let parent = View(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        let child = TouchLocationView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)
        display.runUntilIdle()
        display.touchDown(1, at: CGPoint(x: 120, y: 60), on: screen)
        display.runUntilIdle()
        XCTAssertEqual(child.began.count, 1)
        if let point = child.began.first {
            assertPoint(point, 10, 5, "location in the child")
        }
        display.touchUp(1, at: CGPoint(x: 120, y: 60), on: screen)
        display.runUntilIdle()
    }

    /// Transforms that flatten, explode or are not numbers draw nothing and touch
    /// nothing, without trapping; a view still composes next to them.
    func testDegenerateTransformsDrawNothingAndDoNotTrap() async throws {
        let screen = connect(width: 100, height: 100)
        let (window, view) = redView(on: connect("HDMI-A-2", width: 200, height: 200))
        window.screen = screen
        let transforms: [CGAffineTransform] = [
            CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(scaleX: 1e-150, y: 1e-150),
            CGAffineTransform(scaleX: 1e150, y: 1e150), CGAffineTransform(rotationAngle: .nan),
            CGAffineTransform(translationX: .infinity, y: 0), CGAffineTransform(translationX: 1e12, y: -1e12),
            CGAffineTransform(scaleX: 1e-5, y: 1e-5),
        ]
        for transform in transforms {
            view.transform = transform
            let image = try display.capture(screen)
            XCTAssertEqual(image.width, 100, "\(transform)")
            _ = window.hitTest(CGPoint(x: 50, y: 50), with: nil)
            _ = view.frame
        }
        view.transform = .identity
        XCTAssertTrue(isRed(try display.capture(screen), 60, 80), "drawn again once the transform is sane")
    }

    /// A window's own transform moves what it shows and where it is touched.
    func testScaledWindowShowsAndIsTouchedWhereItIsShown() async throws {
        let screen = connect(width: 200, height: 200)
        let window = Window(screen: screen)
        window.backgroundColor = .red
        let content = TouchLocationView(frame: window.bounds)
        window.addSubview(content)
        window.makeKeyAndVisible()
        window.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        assertRect(window.frame, CGRect(x: 50, y: 50, width: 100, height: 100), "frame")
        let image = try display.capture(screen)
        XCTAssertTrue(isRed(image, 60, 60))
        XCTAssertTrue(image.pixel(x: 20, y: 20).isClose(to: .black, tolerance: 2.0 / 255), "nothing outside it")
        for (id, point) in [(1, CGPoint(x: 20, y: 20)), (2, CGPoint(x: 60, y: 60))] {
            display.touchDown(id, at: point, on: screen)
            display.runUntilIdle()
            display.touchUp(id, at: point, on: screen)
            display.runUntilIdle()
        }
        XCTAssertEqual(content.began.count, 1, "only the touch on the shown window")
        if let point = content.began.first { assertPoint(point, 20, 20, "in the window's own coordinates") }
    }

    /// A window with a transformed view is never shown from its own buffer (overlay plane).
    func testTransformAnywhereInTheTreeIsFound() async {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let view = View(frame: .zero)
        let deep = View(frame: .zero)
        window.addSubview(view)
        view.addSubview(deep)
        XCTAssertFalse(window.hasTransformInTree)
        deep.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertTrue(window.hasTransformInTree)
    }
}

/// Records where touches begin, in its own coordinates.
final class TouchLocationView: View {
    private(set) var began: [CGPoint] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        began += touches.map { $0.location(in: self) }
    }
}
