import DirectDisplayCore
import Foundation
import XCTest

final class ProgressViewTests: DirectDisplayTestCase {
    func testProgressIsClampedAndFillsFromTheLeadingEdge() async throws {
        let screen = connect(width: 200, height: 40)
        let window = showWindow(on: screen)
        let bar = ProgressView(frame: CGRect(x: 0, y: 10, width: 200, height: 4))
        XCTAssertEqual(bar.sizeThatFits(.zero), CGSize(width: 200, height: 4))
        window.addSubview(bar)
        bar.progress = 0.5
        bar.progressTintColor = .red
        bar.trackTintColor = .green
        let image = try display.capture(screen)
        assertPixel(image, 90, 11, .red)
        assertPixel(image, 110, 11, .green)
        bar.progress = 2
        XCTAssertEqual(bar.progress, 1)
        bar.progress = -1
        XCTAssertEqual(bar.progress, 0)
        bar.progress = .nan
        XCTAssertEqual(bar.progress, 0)
        bar.progress = .infinity
        XCTAssertEqual(bar.progress, 1)
    }

    func testSetProgressAnimatedMovesOnTheDisplayClockThenStops() async throws {
        let screen = connect(width: 200, height: 40)
        let window = showWindow(on: screen)
        let bar = ProgressView(frame: CGRect(x: 0, y: 10, width: 200, height: 4))
        bar.progressTintColor = .red
        bar.trackTintColor = .green
        window.addSubview(bar)
        display.advanceTime(by: 1)
        bar.setProgress(1, animated: true)
        XCTAssertEqual(bar.progress, 1)
        assertPixel(try display.capture(screen), 150, 11, .green)
        let before = screen.frameStatistics.framesComposed
        display.advanceTime(by: 0.125)
        let midway = try display.capture(screen)
        assertPixel(midway, 50, 11, .red)
        assertPixel(midway, 150, 11, .green)
        display.advanceTime(by: 0.15)
        assertPixel(try display.capture(screen), 190, 11, .red)
        let frames = screen.frameStatistics.framesComposed
        XCTAssertGreaterThan(frames - before, 10, "a frame each refresh while it moves")
        display.advanceTime(by: 1)
        XCTAssertEqual(screen.frameStatistics.framesComposed, frames, "none after")
    }
}

final class ActivityIndicatorViewTests: DirectDisplayTestCase {
    /// The frames composed over `refreshes` refresh periods at 60 Hz, each run to idle as a display's loop would.
    private func framesComposed(on screen: Screen, refreshes: Int) -> Int {
        let before = screen.frameStatistics.framesComposed
        for _ in 0..<refreshes {
            display.advanceTime(by: 1.0 / 60)
            display.runUntilIdle()
        }
        return screen.frameStatistics.framesComposed - before
    }

    func testSizesAndHidingWhenStopped() async {
        let medium = ActivityIndicatorView(style: .medium)
        XCTAssertEqual(medium.frame.size, CGSize(width: 20, height: 20))
        XCTAssertTrue(medium.isHidden, "hidden while stopped")
        XCTAssertTrue(medium.hidesWhenStopped)
        medium.center = CGPoint(x: 50, y: 50)
        medium.style = .large
        XCTAssertEqual(medium.frame.size, CGSize(width: 37, height: 37))
        XCTAssertEqual(medium.center, CGPoint(x: 50, y: 50))
        medium.startAnimating()
        XCTAssertTrue(medium.isAnimating)
        XCTAssertFalse(medium.isHidden)
        medium.stopAnimating()
        XCTAssertTrue(medium.isHidden)
        medium.hidesWhenStopped = false
        XCTAssertFalse(medium.isHidden)
    }

    func testSpinsOnTheDisplayClockAndStoppedComposesNoFrames() async throws {
        let screen = connect(width: 100, height: 100)
        let window = showWindow(on: screen)
        let spinner = ActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 50, y: 50)
        window.addSubview(spinner)
        display.advanceTime(by: 1)
        let idle = screen.frameStatistics.framesComposed
        display.advanceTime(by: 1)
        XCTAssertEqual(screen.frameStatistics.framesComposed, idle, "stopped and hidden: no frames")
        spinner.startAnimating()
        let first = try display.capture(screen)
        keepForInspection(first, "spinner")
        XCTAssertNotNil(InkMap(image: first, background: .white).inkBounds())
        let spinning = screen.frameStatistics.framesComposed
        display.advanceTime(by: 0.25)
        let later = try display.capture(screen)
        XCTAssertNotEqual(first, later, "it turned")
        XCTAssertEqual(framesComposed(on: screen, refreshes: 45), 6, "a frame per step (8 a second), not one a refresh")
        XCTAssertGreaterThan(screen.frameStatistics.framesComposed, spinning)
        spinner.hidesWhenStopped = false
        spinner.stopAnimating()
        display.advanceTime(by: 0.1)
        let stopped = screen.frameStatistics.framesComposed
        display.advanceTime(by: 2)
        XCTAssertEqual(screen.frameStatistics.framesComposed, stopped, "stopped: 0 frames")
        XCTAssertNotNil(InkMap(image: try display.capture(screen), background: .white).inkBounds(), "still shown")
    }

    func testItSpinsOnWhenItComesBackToTheScreen() async throws {
        let screen = connect(width: 100, height: 100)
        let window = showWindow(on: screen)
        let spinner = ActivityIndicatorView(style: .medium)
        spinner.startAnimating()
        display.advanceTime(by: 1)
        window.addSubview(spinner)
        XCTAssertEqual(framesComposed(on: screen, refreshes: 30), 1 + 4, "the one showing it, then 8 a second")
        spinner.removeFromSuperview()
        display.advanceTime(by: 0.1)
        let gone = screen.frameStatistics.framesComposed
        display.advanceTime(by: 1)
        XCTAssertEqual(screen.frameStatistics.framesComposed, gone, "off screen: no frames")
        XCTAssertEqual(display.eventLoop.pendingTimerNames, [], "and no timer")
        XCTAssertTrue(spinner.isAnimating)
    }
}

final class PageControlTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var control: PageControl!
    private var log: ControlEventLog!

    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 300, height: 300)
        let window = showWindow(on: screen)
        control = PageControl(frame: CGRect(x: 50, y: 30, width: 200, height: 26))
        control.numberOfPages = 5
        window.addSubview(control)
        log = ControlEventLog(control)
    }

    func testATapOnAHalfTurnsOnePage() async throws {
        tap(CGPoint(x: 200, y: 43), on: screen)
        XCTAssertEqual(control.currentPage, 1)
        XCTAssertEqual(log.take(), ["down", "valueChanged", "upInside"])
        tap(CGPoint(x: 100, y: 43), on: screen)
        tap(CGPoint(x: 100, y: 43), on: screen)
        XCTAssertEqual(control.currentPage, 0, "not below the first page")
        XCTAssertEqual(log.takeValueChanges(), 1)
        control.currentPage = 4
        tap(CGPoint(x: 200, y: 43), on: screen)
        XCTAssertEqual(control.currentPage, 4)
        XCTAssertEqual(log.takeValueChanges(), 0)
        display.touchDown(1, at: CGPoint(x: 100, y: 43), on: screen)
        display.touchCancel(1)
        display.touchDown(2, at: CGPoint(x: 100, y: 43), on: screen)
        display.touchUp(2, at: CGPoint(x: 100, y: 250), on: screen)
        XCTAssertEqual(control.currentPage, 4, "cancelled or lifted outside: no page turn")
        control.isEnabled = false
        tap(CGPoint(x: 100, y: 43), on: screen)
        XCTAssertEqual(control.currentPage, 4)
    }

    func testTheCurrentDotIsDarker() async throws {
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .green
        control.currentPage = 2
        let image = try display.capture(screen)
        keepForInspection(image, "page-control")
        assertPixel(image, 150, 43, .red)
        assertPixel(image, 134, 43, .green)
        assertPixel(image, 166, 43, .green)
        XCTAssertEqual(control.sizeThatFits(.zero), CGSize(width: 80, height: 26))
    }

    func testPagesAreClamped() async throws {
        control.currentPage = 9
        XCTAssertEqual(control.currentPage, 4)
        control.currentPage = -2
        XCTAssertEqual(control.currentPage, 0)
        control.currentPage = 3
        control.numberOfPages = 2
        XCTAssertEqual(control.currentPage, 1)
        control.numberOfPages = -1
        XCTAssertEqual(control.numberOfPages, 0)
        XCTAssertEqual(control.currentPage, 0)
        tap(CGPoint(x: 200, y: 43), on: screen)
        XCTAssertEqual(log.takeValueChanges(), 0)
        control.numberOfPages = 1
        control.hidesForSinglePage = true
        XCTAssertNil(InkMap(image: try display.capture(screen), background: .white).inkBounds(), "hidden")
        control.hidesForSinglePage = false
        XCTAssertNotNil(InkMap(image: try display.capture(screen), background: .white).inkBounds())
    }
}
