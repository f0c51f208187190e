import DirectDisplay
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
