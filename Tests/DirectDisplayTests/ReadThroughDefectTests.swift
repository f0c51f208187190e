import DirectDisplayCore
import Foundation
import XCTest

/// Showing an already visible window raises it in the model (UIKit's order);
/// the screen must then be composed again so pixels agree with hit-testing.
final class WindowRaiseCompositeTests: DirectDisplayTestCase {
    /// Two overlapping visible windows of the same level: blue at the back, red in front, overlapping in x 10..<30.
    private func twoOverlappingWindows(log: EventLog) -> (back: Window, front: Window) {
        let back = Window(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        back.backgroundColor = .blue
        back.addSubview(LoggingView("back", frame: back.bounds, log: log))
        back.isHidden = false
        let front = Window(frame: CGRect(x: 10, y: 0, width: 30, height: 20))
        front.backgroundColor = .red
        front.addSubview(LoggingView("front", frame: front.bounds, log: log))
        front.isHidden = false
        return (back, front)
    }

    private func overlapPixel(_ screen: Screen, file: StaticString = #filePath, line: UInt = #line) throws -> Color {
        let frame = try XCTUnwrap(display.lastFrames[screen.name], "a frame was composed", file: file, line: line)
        return frame.pixel(x: 20, y: 10)
    }

    private func touchedWindow(_ screen: Screen, log: EventLog) -> [String] {
        display.touchDown(1, at: CGPoint(x: 20, y: 10), on: screen)
        display.touchUp(1, at: CGPoint(x: 20, y: 10), on: screen)
        return log.take()
    }

    func testShowingAVisibleWindowAgainRaisesItOnScreenToo() async throws {
        let screen = connect(width: 40, height: 20)
        let log = EventLog()
        let (back, front) = twoOverlappingWindows(log: log)
        display.runUntilIdle()
        XCTAssertTrue(try overlapPixel(screen).isClose(to: .red, tolerance: 2.0 / 255), "red in front at first")
        XCTAssertEqual(touchedWindow(screen, log: log), ["front began 1", "front ended"])

        back.isHidden = false
        assertSameObjects(Application.shared.windows, [front, back], "the model raised the shown window")
        XCTAssertEqual(
            touchedWindow(screen, log: log), ["back began 1", "back ended"], "hit-testing follows the model")
        display.runUntilIdle()
        let pixel = try overlapPixel(screen)
        XCTAssertTrue(
            pixel.isClose(to: .blue, tolerance: 2.0 / 255), "the overlap shows the raised window, not \(pixel)")
    }

    func testMakeKeyAndVisibleOnAVisibleWindowRaisesItOnScreenToo() async throws {
        let screen = connect(width: 40, height: 20)
        let log = EventLog()
        let (back, front) = twoOverlappingWindows(log: log)
        front.makeKey()
        display.runUntilIdle()
        XCTAssertTrue(try overlapPixel(screen).isClose(to: .red, tolerance: 2.0 / 255), "red in front at first")

        back.makeKeyAndVisible()
        assertSameObjects(Application.shared.windows, [front, back], "the model raised the window")
        XCTAssertTrue(back.isKeyWindow)
        XCTAssertEqual(touchedWindow(screen, log: log), ["back began 1", "back ended"])
        display.runUntilIdle()
        let pixel = try overlapPixel(screen)
        XCTAssertTrue(
            pixel.isClose(to: .blue, tolerance: 2.0 / 255), "the overlap shows the raised window, not \(pixel)")
    }

    func testShowingTheFrontWindowAgainComposesNothing() async throws {
        let screen = connect(width: 40, height: 20)
        let log = EventLog()
        let (back, front) = twoOverlappingWindows(log: log)
        display.runUntilIdle()
        front.isHidden = false
        assertSameObjects(Application.shared.windows, [back, front], "nothing moved")
        XCTAssertFalse(screen.needsComposite, "an unchanged order needs no new frame")
    }
}

/// Reordering a view among its superview's subviews keeps it in its window:
/// as in UIKit its touches go on, it stays first responder, and no move
/// callbacks are sent. Moving it to another superview still removes it first.
final class SubviewReorderTests: DirectDisplayTestCase {
    /// A window filling the screen with three side-by-side logging views a, b, c (each 20 wide).
    private func windowWithThreeViews(on screen: Screen, log: EventLog) -> (Window, [LoggingView]) {
        let window = Window(screen: screen)
        let views = ["a", "b", "c"].enumerated().map { index, name in
            LoggingView(name, frame: CGRect(x: CGFloat(index) * 20, y: 0, width: 20, height: 20), log: log)
        }
        for view in views { window.addSubview(view) }
        window.makeKeyAndVisible()
        return (window, views)
    }

    /// Each way of reordering `view` within `parent`, by name.
    private let reorders: [(String, @MainActor (View, View, [View]) -> Void)] = [
        ("insertSubview(at: 0)", { parent, view, _ in parent.insertSubview(view, at: 0) }),
        ("insertSubview(at: end)", { parent, view, _ in parent.insertSubview(view, at: parent.subviews.count) }),
        ("insertSubview(aboveSubview:)", { parent, view, all in parent.insertSubview(view, aboveSubview: all[2]) }),
        ("insertSubview(belowSubview:)", { parent, view, all in parent.insertSubview(view, belowSubview: all[0]) }),
        ("addSubview", { parent, view, _ in parent.addSubview(view) }),
        ("bringSubviewToFront", { parent, view, _ in parent.bringSubviewToFront(view) }),
        ("sendSubviewToBack", { parent, view, _ in parent.sendSubviewToBack(view) }),
    ]

    func testReorderingKeepsTheViewsTouches() async {
        for (name, reorder) in reorders {
            Application.shared.reset()
            display = HeadlessDisplay()
            let screen = connect(width: 60, height: 20)
            let log = EventLog()
            let (window, views) = windowWithThreeViews(on: screen, log: log)
            display.touchDown(1, at: CGPoint(x: 30, y: 10), on: screen)
            reorder(window, views[1], views)
            display.touchUp(1, at: CGPoint(x: 30, y: 10), on: screen)
            XCTAssertEqual(log.take(), ["b began 1", "b ended"], name)
            XCTAssertTrue(views[1].superview === window, name)
        }
    }

    func testReorderingKeepsTheFirstResponder() async {
        for (name, reorder) in reorders {
            Application.shared.reset()
            display = HeadlessDisplay()
            let screen = connect(width: 60, height: 20)
            let (window, views) = windowWithThreeViews(on: screen, log: EventLog())
            views[1].acceptsFirstResponder = true
            XCTAssertTrue(views[1].becomeFirstResponder(), name)
            reorder(window, views[1], views)
            XCTAssertTrue(views[1].isFirstResponder, name)
        }
    }

    func testReorderingSendsNoMoveCallbacksAndKeepsOrder() async {
        final class Hooked: View {
            var log: [String] = []
            override func willMove(toSuperview newSuperview: View?) { log.append("willMove superview") }
            override func didMoveToSuperview() { log.append("didMove superview") }
            override func willMove(toWindow newWindow: Window?) { log.append("willMove window") }
            override func didMoveToWindow() { log.append("didMove window") }
        }
        let screen = connect(width: 60, height: 20)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let a = Hooked()
        let b = Hooked()
        let c = Hooked()
        for view in [a, b, c] { window.addSubview(view) }
        for view in [a, b, c] { view.log = [] }
        window.insertSubview(b, at: 0)
        assertSameObjects(window.subviews, [b, a, c])
        window.insertSubview(b, aboveSubview: c)
        assertSameObjects(window.subviews, [a, c, b])
        window.insertSubview(b, belowSubview: a)
        assertSameObjects(window.subviews, [b, a, c])
        window.insertSubview(b, at: 99)
        assertSameObjects(window.subviews, [a, c, b])
        window.bringSubviewToFront(a)
        window.sendSubviewToBack(c)
        assertSameObjects(window.subviews, [c, b, a])
        XCTAssertEqual(b.log, [], "a reorder is not a move")
        XCTAssertEqual(a.log, [])
    }

    func testReorderingComposesTheScreenAgain() async throws {
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        let red = View(frame: window.bounds)
        red.backgroundColor = .red
        let blue = View(frame: window.bounds)
        blue.backgroundColor = .blue
        window.addSubview(red)
        window.addSubview(blue)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        XCTAssertTrue(try XCTUnwrap(display.lastFrames[screen.name]).pixel(x: 5, y: 5).isClose(to: .blue))
        window.insertSubview(red, at: 1)
        display.runUntilIdle()
        XCTAssertTrue(try XCTUnwrap(display.lastFrames[screen.name]).pixel(x: 5, y: 5).isClose(to: .red))
    }

    func testMovingToAnotherSuperviewStillCancelsTouchesAndResigns() async {
        let screen = connect(width: 60, height: 20)
        let log = EventLog()
        let (window, views) = windowWithThreeViews(on: screen, log: log)
        let other = View(frame: window.bounds)
        window.insertSubview(other, at: 0)
        display.touchDown(1, at: CGPoint(x: 30, y: 10), on: screen)
        views[1].acceptsFirstResponder = true
        XCTAssertTrue(views[1].becomeFirstResponder())
        other.insertSubview(views[1], at: 0)
        XCTAssertEqual(log.take(), ["b began 1", "b cancelled"], "a new superview is a removal first")
        XCTAssertFalse(views[1].isFirstResponder)
        XCTAssertTrue(views[1].superview === other)
    }
}
