import Foundation
import XCTest

@testable import DirectDisplayCore

/// Records a scroll view's delegate calls; repeated didScroll calls count once in `log`.
@MainActor private final class ScrollRecorder: ScrollViewDelegate {
    var log: [String] = []
    var releaseVelocity = CGPoint.zero
    /// When set, the target the delegate gives in willEndDragging.
    var overriddenTarget: CGPoint?

    /// Called at each didScroll.
    var onScroll: (() -> Void)?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        onScroll?()
        if log.last != "didScroll" { log.append("didScroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
    ) {
        releaseVelocity = velocity
        if let overriddenTarget { targetContentOffset = overriddenTarget }
        log.append("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.append("didEndDragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("didEndScrollingAnimation") }
}

/// ScrollView driven by the headless touchscreen and wheel, timed by `advanceTime(by:)`.
final class ScrollViewTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var recorder: ScrollRecorder!
    /// The refresh period of the 60 Hz headless screen: the scroll view steps once per period.
    private let period = 1.0 / 60

    /// A 200×150 scroll view filling its screen (of `scale` pixels a point), with `contentSize`.
    private func scrollView(contentSize: CGSize, scale: CGFloat = 1) -> ScrollView {
        screen = connect(width: Int(200 * scale), height: Int(150 * scale), scale: scale)
        let window = Window(screen: screen)
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = contentSize
        recorder = ScrollRecorder()
        scrollView.delegate = recorder
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        return scrollView
    }

    /// A finger from `start` moved by `step` points `steps` times, one move every 10 ms; lifted
    /// at once (a flick) or after `hold` seconds still.
    private func drag(from start: CGPoint, step: CGPoint, steps: Int, hold: Double = 0) {
        display.touchDown(0, at: start, on: screen)
        var point = start
        for _ in 0..<steps {
            display.advanceTime(by: 0.01)
            point = CGPoint(x: point.x + step.x, y: point.y + step.y)
            display.touchMove(0, at: point, on: screen)
        }
        if hold > 0 { display.advanceTime(by: hold) }
        display.touchUp(0, at: point, on: screen)
    }

    /// `offset` lies on a device pixel of a screen of `scale` and within half a pixel of
    /// `expected` (the formula's unrounded value): scrolling lands on pixels, as UIKit's does.
    private func assertOnPixel(
        _ offset: CGFloat, near expected: CGFloat, scale: CGFloat = 1, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(offset * scale, (offset * scale).rounded(), "on a pixel: \(message)", file: file, line: line)
        XCTAssertEqual(offset, expected, accuracy: 0.5 / scale + 1e-9, message, file: file, line: line)
    }

    /// After a flick at v points/ms the offset is v·(1−rateᵗ)/(1−rate) from the release, t ms on.
    func testDecelerationFollowsTheFormula() async {
        for rate in [ScrollView.DecelerationRate.normal, .fast] {
            let scrollView = scrollView(contentSize: CGSize(width: 200, height: 100_000))
            scrollView.decelerationRate = rate
            drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
            let released = scrollView.contentOffset.y
            XCTAssertEqual(released, 100, accuracy: 1e-9, "the content followed the finger")
            let v = recorder.releaseVelocity.y
            XCTAssertEqual(v, 1, accuracy: 0.05, "1000 pt/s up is 1 pt/ms of content offset")
            XCTAssertTrue(scrollView.isDecelerating)
            var frames = 0
            for checkpoint in [1, 6, 30, 90] {
                display.advanceTime(by: Double(checkpoint - frames) * period)
                frames = checkpoint
                let r = Double(rate.rawValue)
                // Until it stops, below 0.006 pt/ms (0.99: after 509 ms).
                let t = min(Double(frames) * period * 1000, log(0.006 / v) / log(r))
                let expected = released + v * (1 - pow(r, t)) / (1 - r)
                assertOnPixel(scrollView.contentOffset.y, near: expected, "rate \(r), \(t) ms")
            }
            display.advanceTime(by: 10)
            XCTAssertFalse(scrollView.isDecelerating)
            let r = Double(rate.rawValue)
            XCTAssertEqual(scrollView.contentOffset.y, released + v / (1 - r), accuracy: 3.5, "rests near v/(1−rate)")
            XCTAssertEqual(recorder.log.last, "didEndDecelerating")
            Application.shared.reset()
            display = HeadlessDisplay()
        }
    }

    /// Every offset a drag, a coast, the rubber band, the spring back and an animation show
    /// lies on a device pixel (halves on a screen of scale 2), so the content moves by whole
    /// pixels; so does an app's own `contentOffset =`, as UIKit's.
    func testScrollingLandsOnDevicePixels() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 100_000), scale: 2)
        scrollView.contentOffset = CGPoint(x: 0, y: 10.3)
        XCTAssertEqual(scrollView.contentOffset.y, 10.5, "set by the app: on the nearest pixel")
        var offsets: [CGFloat] = []
        recorder.onScroll = { offsets.append(scrollView.contentOffset.y) }
        // A drag by thirds of a point, a flick, its coast.
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10.0 / 3), steps: 10)
        XCTAssertTrue(scrollView.isDecelerating)
        display.advanceTime(by: 10)
        XCTAssertFalse(scrollView.isDecelerating)
        // Beyond the top and back (the rubber band and the spring), then an animation.
        scrollView.contentOffset = .zero
        drag(from: CGPoint(x: 100, y: 10), step: CGPoint(x: 0, y: 130.0 / 7), steps: 7, hold: 0.3)
        XCTAssertLessThan(scrollView.contentOffset.y, 0, "pulled beyond the top")
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        scrollView.setContentOffset(CGPoint(x: 0, y: 333.3), animated: true)
        display.advanceTime(by: 1)
        XCTAssertGreaterThan(offsets.count, 60, "the drags, the coast, the spring and the animation scrolled")
        for offset in offsets { XCTAssertEqual(offset * 2, (offset * 2).rounded(), "\(offset) on a pixel") }
        XCTAssertEqual(scrollView.contentOffset.y, 333.5, "the animation's end, on the nearest pixel")
    }

    /// UIKit's order: will begin, scrolls, will end, did end (decelerating), scrolls, did end decelerating.
    func testDelegateOrderAndStates() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 5000))
        display.touchDown(0, at: CGPoint(x: 100, y: 140), on: screen)
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 100, y: 120), on: screen)
        XCTAssertTrue(scrollView.isDragging)
        XCTAssertTrue(scrollView.isTracking)
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 100, y: 100), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 100), on: screen)
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertFalse(scrollView.isTracking)
        XCTAssertTrue(scrollView.isDecelerating)
        display.advanceTime(by: 10)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(
            recorder.log,
            [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging true", "willBeginDecelerating",
                "didScroll", "didEndDecelerating",
            ])
        // At rest nothing is scheduled: time passing scrolls nothing.
        recorder.log = []
        display.advanceTime(by: 5)
        XCTAssertEqual(recorder.log, [])
    }

    /// A pull beyond the top follows the rubber band; on release it springs back to the edge.
    func testRubberBandAndSpringBack() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        drag(from: CGPoint(x: 100, y: 20), step: CGPoint(x: 0, y: 10), steps: 10, hold: 0.3)
        // Pull 100 over 150: (1 − 1/(100·0.55/150 + 1))·150 = 40.24.
        let expected = -(1 - 1 / (100 * 0.55 / 150 + 1)) * 150
        assertOnPixel(scrollView.contentOffset.y, near: expected)
        XCTAssertEqual(recorder.log.suffix(2), ["didEndDragging true", "willBeginDecelerating"])
        display.advanceTime(by: 0.1)
        XCTAssertGreaterThan(scrollView.contentOffset.y, expected)
        XCTAssertLessThan(scrollView.contentOffset.y, 0)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        XCTAssertEqual(recorder.log.last, "didEndDecelerating")
    }

    func testWithoutBouncesADragStopsAtTheEdge() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        scrollView.bounces = false
        drag(from: CGPoint(x: 100, y: 20), step: CGPoint(x: 0, y: 10), steps: 10, hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        // A flick towards the end stops at it, without going beyond.
        scrollView.contentOffset = CGPoint(x: 0, y: 800)
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        var furthest = 0.0
        for _ in 0..<120 {
            display.advanceTime(by: period)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertEqual(furthest, 850, "the end: 1000 − 150")
        XCTAssertEqual(scrollView.contentOffset.y, 850)
    }

    /// A flick beyond the end bounces past it and comes back to rest on it.
    func testACoastBouncesOffTheEnd() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        scrollView.contentOffset = CGPoint(x: 0, y: 700)
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        var furthest = 0.0
        for _ in 0..<180 {
            display.advanceTime(by: period)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertGreaterThan(furthest, 860, "went beyond the end")
        XCTAssertEqual(scrollView.contentOffset.y, 850)
        XCTAssertFalse(scrollView.isDecelerating)
    }

    /// Paging: a slow drag under half a page goes back, a flick turns one page.
    func testPaging() async {
        let scrollView = scrollView(contentSize: CGSize(width: 1000, height: 150))
        scrollView.isPagingEnabled = true
        drag(from: CGPoint(x: 150, y: 75), step: CGPoint(x: -6, y: 0), steps: 10, hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset.x, 60, accuracy: 1e-9)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.x, 0)
        drag(from: CGPoint(x: 150, y: 75), step: CGPoint(x: -6, y: 0), steps: 10)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.x, 200, "the next page")
        drag(from: CGPoint(x: 150, y: 75), step: CGPoint(x: -12, y: 0), steps: 10, hold: 0.3)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.x, 400, "past half a page, slowly: the nearest page")
        drag(from: CGPoint(x: 50, y: 75), step: CGPoint(x: 10, y: 0), steps: 10)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.x, 200, "a flick back")
        XCTAssertEqual(scrollView.contentOffset.y, 0, "content no taller than the view does not scroll down")
    }

    /// The delegate may choose where a drag comes to rest.
    func testTheDelegateMovesTheTarget() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 5000))
        recorder.overriddenTarget = CGPoint(x: 0, y: 300)
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        display.advanceTime(by: 3)
        XCTAssertEqual(scrollView.contentOffset.y, 300)
    }

    func testSetContentOffsetAnimatedAndScrollRectToVisible() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        scrollView.setContentOffset(CGPoint(x: 0, y: 400), animated: true)
        XCTAssertEqual(scrollView.contentOffset.y, 0, "animations start at the next frame")
        display.advanceTime(by: 0.15)
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0)
        XCTAssertLessThan(scrollView.contentOffset.y, 400)
        display.advanceTime(by: 0.2)
        XCTAssertEqual(scrollView.contentOffset.y, 400)
        XCTAssertEqual(recorder.log, ["didScroll", "didEndScrollingAnimation"])

        scrollView.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 20), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 470, "just enough to show the rect's bottom")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 20), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 470, "already visible: no scroll")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 20), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 100, "above: its top at the top")
    }

    /// A wheel click over the scroll view scrolls it 15 points, within its range.
    func testWheelScrollsTheScrollViewUnderThePointer() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        display.pointerMove(to: CGPoint(x: 100, y: 75), on: screen)
        display.scrollWheel(dy: 2)
        XCTAssertEqual(scrollView.contentOffset.y, 30)
        display.scrollWheel(dy: -5)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        XCTAssertEqual(recorder.log, ["didScroll"])
    }

    /// Two fingers on a touchpad drag the content; lifted while moving (libinput's axis stop)
    /// it coasts on with their speed, as after a flick; lifted after holding still, it stays.
    func testTouchpadScrollingIsKinetic() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 100_000))
        display.pointerMove(to: CGPoint(x: 100, y: 75), on: screen)
        for _ in 0..<10 {
            display.advanceTime(by: 0.01)
            display.touchpadScroll(dy: 10)
        }
        XCTAssertEqual(scrollView.contentOffset.y, 100, "the content follows the fingers")
        XCTAssertTrue(scrollView.isDragging)
        display.touchpadScrollEnded()
        let v = recorder.releaseVelocity.y
        XCTAssertEqual(v, 1, accuracy: 1e-9, "10 points every 10 ms is 1 pt/ms")
        XCTAssertTrue(scrollView.isDecelerating)
        XCTAssertEqual(
            recorder.log,
            ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging true", "willBeginDecelerating"])
        display.advanceTime(by: 30 * period)
        let r = Double(ScrollView.DecelerationRate.normal.rawValue)
        assertOnPixel(scrollView.contentOffset.y, near: 100 + v * (1 - pow(r, 500)) / (1 - r), "500 ms on")
        display.advanceTime(by: 10)
        XCTAssertEqual(scrollView.contentOffset.y, 100 + v / (1 - r), accuracy: 3.5, "rests near v/(1−rate)")
        XCTAssertEqual(recorder.log.last, "didEndDecelerating")

        // Held still for 0.3 s before lifting: no speed, no coast.
        let offset = scrollView.contentOffset.y
        recorder.log = []
        for _ in 0..<3 {
            display.advanceTime(by: 0.01)
            display.touchpadScroll(dy: -10)
        }
        display.advanceTime(by: 0.3)
        display.touchpadScrollEnded()
        XCTAssertEqual(scrollView.contentOffset.y, offset - 30)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(recorder.log.suffix(2), ["willEndDragging", "didEndDragging false"])
    }

    /// Touchpad scrolling beyond an edge rubber-bands and springs back after the lift; a
    /// scroll along an axis the content does not scroll is left to the views behind.
    func testTouchpadScrollingRubberBandsAtTheEdge() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        display.pointerMove(to: CGPoint(x: 100, y: 75), on: screen)
        display.touchpadScroll(dy: 0, dx: 30)
        XCTAssertEqual(scrollView.contentOffset, .zero, "no sideways scrolling")
        XCTAssertFalse(scrollView.isDragging)
        for _ in 0..<10 {
            display.advanceTime(by: 0.01)
            display.touchpadScroll(dy: -10)
        }
        let expected = -(1 - 1 / (100 * 0.55 / 150 + 1)) * 150
        assertOnPixel(scrollView.contentOffset.y, near: expected, "the rubber band")
        display.advanceTime(by: 0.2)
        display.touchpadScrollEnded()
        XCTAssertTrue(scrollView.isDecelerating, "springing back")
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        XCTAssertEqual(recorder.log.last, "didEndDecelerating")
    }

    // MARK: Frames

    /// The motion rides on the animator's frames: it keeps its screen's frames coming, each
    /// frame shows it at that frame's time (a vblank's on KMS, not the time of composing), no
    /// timer of its own runs, and at rest the frames stop.
    func testTheMotionIsSteppedWithTheFramesToTheirTime() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 100_000))
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        let released = scrollView.contentOffset.y
        let releaseTime = display.eventLoop.clock.now
        let v = recorder.releaseVelocity.y
        let animator = Application.shared.animator
        XCTAssertTrue(animator.hasRunningAnimations(on: screen), "a coast keeps the frames coming")
        XCTAssertEqual(animator.nextChange(on: screen, after: releaseTime), releaseTime)
        XCTAssertEqual(display.eventLoop.pendingTimerNames.filter { $0.contains("scroll") }, [])
        // A frame stepped to a vblank 50 ms ahead shows the offset of that time.
        animator.step(screen, to: releaseTime + 0.05)
        let r = Double(ScrollView.DecelerationRate.normal.rawValue)
        assertOnPixel(scrollView.contentOffset.y, near: released + v * (1 - pow(r, 50)) / (1 - r))
        display.advanceTime(by: 10)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertFalse(animator.hasRunningAnimations(on: screen), "at rest no frames are needed")
        XCTAssertEqual(display.eventLoop.pendingTimerNames, [])
    }

    /// A scroll view that leaves its window while it coasts gets no more frames: its motion
    /// ends at once where it would have come to rest.
    func testAMotionOffScreenEndsAtOnce() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 100_000))
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        let rest =
            scrollView.contentOffset.y + recorder.releaseVelocity.y
            / (1 - Double(ScrollView.DecelerationRate.normal.rawValue))
        scrollView.removeFromSuperview()
        display.runUntilIdle()
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(scrollView.contentOffset.y, rest, accuracy: 3.5)
        XCTAssertEqual(recorder.log.last, "didEndDecelerating")
        XCTAssertFalse(Application.shared.animator.hasRunningAnimations(on: screen))
    }

    /// Bad input: offsets outside the range are clamped, non-finite ones and sizes refused; a
    /// content smaller than the bounds does not scroll (unless it always bounces).
    func testHostileValues() async {
        let scrollView = scrollView(contentSize: CGSize(width: 100, height: 100))
        scrollView.contentOffset = CGPoint(x: 50, y: 50)
        XCTAssertEqual(scrollView.contentOffset, .zero, "content smaller than the bounds rests at zero")
        scrollView.contentSize = CGSize(width: 400, height: 400)
        scrollView.contentOffset = CGPoint(x: -50, y: 1e9)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 250))
        scrollView.contentOffset = CGPoint(x: CGFloat.nan, y: 10)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 250), "NaN refused")
        scrollView.setContentOffset(CGPoint(x: 10, y: CGFloat.infinity), animated: true)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 250))
        scrollView.contentSize = CGSize(width: -5, height: 10)
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 400, height: 400), "negative refused")
        scrollView.contentSize = CGSize(width: CGFloat.nan, height: 10)
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 400, height: 400), "NaN refused")
        scrollView.contentInset = EdgeInsets(top: .nan)
        XCTAssertEqual(scrollView.contentInset, .zero)
        scrollView.scrollRectToVisible(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 250))
        scrollView.decelerationRate = ScrollView.DecelerationRate(rawValue: .nan)
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 5)
        display.advanceTime(by: 5)
        XCTAssertEqual(scrollView.contentOffset.y, 250, "a NaN rate coasts as .normal, to the end")

        scrollView.contentSize = CGSize(width: 100, height: 100)
        scrollView.contentOffset = .zero
        drag(from: CGPoint(x: 100, y: 20), step: CGPoint(x: 0, y: 10), steps: 10, hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero, "short content does not bounce")
        scrollView.alwaysBounceVertical = true
        drag(from: CGPoint(x: 100, y: 20), step: CGPoint(x: 0, y: 10), steps: 10, hold: 0.3)
        XCTAssertLessThan(scrollView.contentOffset.y, 0, "unless it always bounces")
        XCTAssertEqual(scrollView.contentOffset.x, 0)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    /// A scroll view scrolled while disabled does nothing.
    func testScrollDisabled() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        scrollView.isScrollEnabled = false
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        display.advanceTime(by: 1)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(recorder.log, [])
        display.pointerMove(to: CGPoint(x: 100, y: 75), on: screen)
        display.touchpadScroll(dy: 20)
        display.scrollWheel(dy: 1)
        XCTAssertEqual(scrollView.contentOffset, .zero, "neither the touchpad nor the wheel scrolls it")
        // Disabled during a touchpad scroll: the drag ends where it is.
        scrollView.isScrollEnabled = true
        display.touchpadScroll(dy: 20)
        XCTAssertTrue(scrollView.isDragging)
        scrollView.isScrollEnabled = false
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(recorder.log.suffix(2), ["willEndDragging", "didEndDragging false"])
        display.touchpadScrollEnded()
        XCTAssertEqual(scrollView.contentOffset.y, 20)
    }

    // MARK: Indicators

    /// The bar shows while the content moves, where the bounds are in it, and fades after.
    func testTheIndicatorShowsWhileScrollingAndFadesAfter() async throws {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 600))
        XCTAssertTrue(scrollView.visibleIndicators.isEmpty, "none at rest")
        display.touchDown(0, at: CGPoint(x: 100, y: 140), on: screen)
        for step in 1...5 {
            display.advanceTime(by: 0.05)
            display.touchMove(0, at: CGPoint(x: 100, y: 140 - 10 * CGFloat(step)), on: screen)
        }
        let bar = try XCTUnwrap(scrollView.visibleIndicators.first)
        XCTAssertEqual(scrollView.visibleIndicators.count, 1, "vertical only: the content is as wide as the view")
        XCTAssertIdentical(scrollView.subviews.last, bar, "in front of the content")
        // Track 150 − 4 − 3 = 143, bar 143·150/600 = 35.75, at 50/450 of the rest below the margin.
        XCTAssertEqual(bar.frame.height, 143 * 150 / 600, accuracy: 1e-9)
        XCTAssertEqual(bar.frame.minY - scrollView.contentOffset.y, 2 + 50.0 / 450 * (143 - 35.75), accuracy: 1e-9)
        XCTAssertEqual(bar.frame.maxX, scrollView.bounds.maxX - 2)
        display.advanceTime(by: 0.4)
        XCTAssertEqual(scrollView.visibleIndicators.count, 1, "held still: still shown while dragging")
        display.touchUp(0, at: CGPoint(x: 100, y: 90), on: screen)
        display.advanceTime(by: 2)
        XCTAssertTrue(scrollView.visibleIndicators.isEmpty, "faded once at rest")
        scrollView.showsVerticalScrollIndicator = false
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        XCTAssertTrue(scrollView.visibleIndicators.isEmpty)
    }

    // MARK: Zooming

    func testZoomScaleScalesTheViewForZooming() async {
        let scrollView = scrollView(contentSize: CGSize(width: 100, height: 100))
        let photo = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scrollView.addSubview(photo)
        let zoomer = Zoomer(photo)
        scrollView.delegate = zoomer
        scrollView.zoomScale = 2
        XCTAssertEqual(scrollView.zoomScale, 1, "the maximum is 1 by default")
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 4
        scrollView.zoomScale = 2
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(photo.frame, CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 200, height: 200))
        XCTAssertEqual(zoomer.zooms, 1)
        scrollView.zoomScale = 10
        XCTAssertEqual(scrollView.zoomScale, 4, "clamped to the maximum")
        scrollView.zoomScale = .nan
        scrollView.maximumZoomScale = -1
        scrollView.minimumZoomScale = .infinity
        XCTAssertEqual(scrollView.zoomScale, 4, "NaN refused")
        XCTAssertEqual(scrollView.maximumZoomScale, 4)
        XCTAssertEqual(scrollView.minimumZoomScale, 0.5)
    }

    /// Two fingers apart zoom by their scale, the point between them staying under them.
    func testAPinchZoomsAboutTheFingers() async {
        let scrollView = scrollView(contentSize: CGSize(width: 100, height: 100))
        let photo = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scrollView.addSubview(photo)
        let zoomer = Zoomer(photo)
        scrollView.delegate = zoomer
        scrollView.maximumZoomScale = 3
        scrollView.zoomScale = 1
        photo.isMultipleTouchEnabled = true
        display.touchDown(0, at: CGPoint(x: 60, y: 75), on: screen)
        display.touchDown(1, at: CGPoint(x: 140, y: 75), on: screen)
        for step in 1...10 {
            display.advanceTime(by: 0.02)
            display.touchMove(0, at: CGPoint(x: 60 - 4 * CGFloat(step), y: 75), on: screen)
            display.touchMove(1, at: CGPoint(x: 140 + 4 * CGFloat(step), y: 75), on: screen)
        }
        // 80 points apart, then 160: twice as large. The pinch began when finger 0 had moved alone
        // (centroid at 98, 75); that content point is under the fingers' centroid (100, 75) now.
        XCTAssertEqual(scrollView.zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.x, 98 * 2 - 100, accuracy: 1e-6)
        XCTAssertEqual(scrollView.contentOffset.y, 75, accuracy: 1e-6)
        display.touchUp(0, at: CGPoint(x: 20, y: 75), on: screen)
        display.touchUp(1, at: CGPoint(x: 180, y: 75), on: screen)
        display.advanceTime(by: 2)
        XCTAssertEqual(scrollView.zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqual(photo.frame.size.width, 800, accuracy: 1e-6)
    }

    // MARK: Keyboard

    /// As first responder: arrows scroll 40 points, pages the bounds less 40, Home/End to the ends.
    func testKeyboardScrollsTheFirstResponder() async {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        display.keyDown(108)
        display.keyUp(108)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(scrollView.contentOffset.y, 0, "not first responder: keys do not scroll it")
        XCTAssertTrue(scrollView.becomeFirstResponder())
        let steps: [(UInt32, CGFloat)] = [(108, 40), (109, 150), (104, 40), (103, 0), (103, 0), (107, 850), (102, 0)]
        for (key, expected) in steps {
            display.keyDown(key)
            display.keyUp(key)
            display.advanceTime(by: 0.5)
            XCTAssertEqual(scrollView.contentOffset.y, expected, "key \(key)")
        }
        // Two presses in a row add up, each from where the last is going.
        display.keyDown(108)
        display.keyUp(108)
        display.advanceTime(by: 0.1)
        display.keyDown(108)
        display.keyUp(108)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(scrollView.contentOffset.y, 80)
        XCTAssertEqual(recorder.log.last, "didEndScrollingAnimation")
    }

    // MARK: Content touches

    /// A button at (50, 50)–(150, 90) in a tall scroll view; its actions are counted in `fired`.
    private func scrollViewWithButton() -> (ScrollView, Button) {
        let scrollView = scrollView(contentSize: CGSize(width: 200, height: 1000))
        let button = Button(frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        button.addAction(Action { [unowned self] _ in fired.append("touchUpInside") }, for: .touchUpInside)
        button.addAction(Action { [unowned self] _ in fired.append("touchUpOutside") }, for: .touchUpOutside)
        scrollView.addSubview(button)
        return (scrollView, button)
    }

    private var fired: [String] = []

    /// A quick tap reaches the button (at the lift, before the 150 ms are up) and fires it.
    func testAQuickTapOnAButtonFiresIt() async {
        let (scrollView, button) = scrollViewWithButton()
        display.touchDown(0, at: CGPoint(x: 100, y: 70), on: screen)
        display.advanceTime(by: 0.05)
        XCTAssertFalse(button.isHighlighted, "the button does not see the touch yet")
        display.touchUp(0, at: CGPoint(x: 100, y: 70), on: screen)
        XCTAssertEqual(fired, ["touchUpInside"])
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    /// A touch held still for 150 ms goes to the button, which highlights; its lift fires it.
    func testAStillTouchReachesTheButtonAfterTheDelay() async {
        let (_, button) = scrollViewWithButton()
        display.touchDown(0, at: CGPoint(x: 100, y: 70), on: screen)
        display.advanceTime(by: 0.14)
        XCTAssertFalse(button.isHighlighted)
        display.advanceTime(by: 0.02)
        XCTAssertTrue(button.isHighlighted, "after 150 ms")
        display.touchUp(0, at: CGPoint(x: 100, y: 70), on: screen)
        XCTAssertEqual(fired, ["touchUpInside"])
    }

    /// A finger on a coasting scroll view stops it where it is, and the button under it gets nothing.
    func testATouchCatchesACoast() async {
        let (scrollView, button) = scrollViewWithButton()
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 1000)
        drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), steps: 10)
        display.advanceTime(by: 0.2)
        XCTAssertTrue(scrollView.isDecelerating)
        let caught = scrollView.contentOffset
        display.touchDown(0, at: CGPoint(x: 100, y: 70), on: screen)
        XCTAssertFalse(scrollView.isDecelerating)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(scrollView.contentOffset, caught, "stopped under the finger")
        XCTAssertFalse(button.isHighlighted, "the touch that caught it is not the button's")
        display.touchUp(0, at: CGPoint(x: 100, y: 70), on: screen)
        display.advanceTime(by: 1)
        XCTAssertEqual(scrollView.contentOffset, caught)
        XCTAssertEqual(fired, [])
        XCTAssertEqual(recorder.log.suffix(2), ["willBeginDecelerating", "didScroll"], "no didEndDecelerating")
    }

    /// A drag that starts on the button scrolls; the button never sees it and fires nothing.
    func testADragOnAButtonScrollsAndTheButtonFiresNothing() async {
        let (scrollView, button) = scrollViewWithButton()
        var highlighted = false
        display.touchDown(0, at: CGPoint(x: 100, y: 80), on: screen)
        for step in 1...6 {
            display.advanceTime(by: 0.01)
            display.touchMove(0, at: CGPoint(x: 100, y: 80 - 10 * CGFloat(step)), on: screen)
            highlighted = highlighted || button.isHighlighted
        }
        display.touchUp(0, at: CGPoint(x: 100, y: 20), on: screen)
        display.advanceTime(by: 3)
        XCTAssertFalse(highlighted)
        XCTAssertEqual(fired, [])
        XCTAssertGreaterThan(scrollView.contentOffset.y, 60)
    }

    /// Once the button has the touch it keeps it (touchesShouldCancel(in:) is false for a
    /// Control), unless a subclass lets the scroll view take it: then it cancels.
    func testTouchesShouldCancelDecidesWhoKeepsAHeldTouch() async {
        let (scrollView, button) = scrollViewWithButton()
        func holdThenDrag() {
            display.touchDown(0, at: CGPoint(x: 100, y: 80), on: screen)
            display.advanceTime(by: 0.2)
            for step in 1...6 {
                display.advanceTime(by: 0.01)
                display.touchMove(0, at: CGPoint(x: 100, y: 80 - 10 * CGFloat(step)), on: screen)
            }
            display.touchUp(0, at: CGPoint(x: 100, y: 20), on: screen)
            display.advanceTime(by: 3)
        }
        holdThenDrag()
        XCTAssertEqual(scrollView.contentOffset, .zero, "the button kept the touch")
        XCTAssertEqual(fired, ["touchUpInside"], "lifted 30 pt above it: within a control's touch slop")

        fired = []
        let taking = TakingScrollView(frame: scrollView.frame)
        taking.contentSize = scrollView.contentSize
        scrollView.superview?.addSubview(taking)
        taking.addSubview(button)
        holdThenDrag()
        XCTAssertGreaterThan(taking.contentOffset.y, 50, "the scroll view took the touch")
        XCTAssertEqual(fired, [], "the button's touch was cancelled")
        XCTAssertFalse(button.isHighlighted)

        fired = []
        taking.contentOffset = .zero
        taking.canCancelContentTouches = false
        holdThenDrag()
        XCTAssertEqual(taking.contentOffset, .zero, "canCancelContentTouches false: the content keeps it")
        XCTAssertEqual(fired, ["touchUpInside"])
    }

    /// Without delaysContentTouches the button highlights at once.
    func testWithoutTheDelayTheButtonSeesTheTouchAtOnce() async {
        let (scrollView, button) = scrollViewWithButton()
        scrollView.delaysContentTouches = false
        display.touchDown(0, at: CGPoint(x: 100, y: 70), on: screen)
        XCTAssertTrue(button.isHighlighted)
        display.touchUp(0, at: CGPoint(x: 100, y: 70), on: screen)
        XCTAssertEqual(fired, ["touchUpInside"])
    }
}

/// A scroll view that takes touches from controls too.
private final class TakingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

/// Zooms one view.
@MainActor private final class Zoomer: ScrollViewDelegate {
    let view: View
    var zooms = 0
    init(_ view: View) { self.view = view }
    func viewForZooming(in scrollView: ScrollView) -> View? { view }
    func scrollViewDidZoom(_ scrollView: ScrollView) { zooms += 1 }
}
