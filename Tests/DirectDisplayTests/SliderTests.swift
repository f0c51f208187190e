import DirectDisplayCore
import Foundation
import XCTest

final class SliderTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var slider: Slider!
    private var log: ControlEventLog!

    /// A 200-point slider from x 100 on a 400×200 screen, at 0: the thumb's centre at x 114, y 115.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 200)
        let window = showWindow(on: screen)
        slider = Slider(frame: CGRect(x: 100, y: 100, width: 200, height: 30))
        window.addSubview(slider)
        log = ControlEventLog(slider)
    }

    /// The value for a thumb centre at `x` (screen points).
    private func value(atThumbCentre x: CGFloat) -> Float { Float((x - 114) / 172) }

    func testTheThumbFollowsTheFingerFromWhereItWasGrabbed() async {
        // Grabbed 6 points right of its centre: moved by 86 points, the value is half, not where the finger is.
        drag(from: CGPoint(x: 120, y: 115), to: CGPoint(x: 206, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0.5, accuracy: 0.001)
        XCTAssertEqual(log.take().filter { $0 == "valueChanged" }.count, 5, "continuous: one per move")
        display.advanceTime(by: 1)
        drag(from: CGPoint(x: 200, y: 115), to: CGPoint(x: 800, y: 115), on: screen)
        XCTAssertEqual(slider.value, 1, "clamped at the end")
        display.advanceTime(by: 1)
        drag(from: CGPoint(x: 286, y: 110), to: CGPoint(x: 0, y: 110), on: screen)
        XCTAssertEqual(slider.value, 0)
    }

    func testATouchOffTheThumbDoesNotMoveIt() async {
        tap(CGPoint(x: 250, y: 115), on: screen)
        drag(from: CGPoint(x: 250, y: 115), to: CGPoint(x: 290, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(log.takeValueChanges(), 0)
    }

    func testNotContinuousSendsOnceAtTheEnd() async {
        slider.isContinuous = false
        drag(from: CGPoint(x: 114, y: 115), to: CGPoint(x: 200, y: 115), on: screen, lifting: false)
        XCTAssertEqual(slider.value, 0.5, accuracy: 0.001)
        XCTAssertEqual(log.takeValueChanges(), 0, "nothing while tracking")
        display.touchUp(1, at: CGPoint(x: 200, y: 115), on: screen)
        XCTAssertEqual(log.takeValueChanges(), 1)
        display.advanceTime(by: 1)
        drag(from: CGPoint(x: 200, y: 115), to: CGPoint(x: 240, y: 115), on: screen, lifting: false)
        display.touchCancel(1)
        XCTAssertEqual(slider.value, value(atThumbCentre: 240), accuracy: 0.001, "a cancel keeps the value")
        XCTAssertEqual(log.take(), ["down", "valueChanged", "cancel"], "and reports it")
    }

    func testDragOutsideAndBackKeepsFollowing() async {
        display.touchDown(1, at: CGPoint(x: 114, y: 115), on: screen)
        display.touchMove(1, at: CGPoint(x: 157, y: 190), on: screen)
        XCTAssertEqual(slider.value, 0.25, accuracy: 0.001, "the thumb follows the finger's x wherever it is")
        display.touchMove(1, at: CGPoint(x: 200, y: 115), on: screen)
        display.touchUp(1, at: CGPoint(x: 200, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0.5, accuracy: 0.001)
    }

    func testADisabledSliderIgnoresTouches() async {
        slider.isEnabled = false
        drag(from: CGPoint(x: 114, y: 115), to: CGPoint(x: 200, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(log.take(), [])
    }

    func testHostileValuesAreClamped() async {
        slider.value = .nan
        XCTAssertEqual(slider.value, 0, "NaN is the minimum")
        slider.value = .infinity
        XCTAssertEqual(slider.value, 1)
        slider.value = -.infinity
        XCTAssertEqual(slider.value, 0)
        slider.value = 7
        XCTAssertEqual(slider.value, 1)
        slider.minimumValue = 5
        XCTAssertEqual(slider.maximumValue, 5, "a minimum above the maximum raises it")
        XCTAssertEqual(slider.value, 5)
        slider.maximumValue = -1
        XCTAssertEqual(slider.minimumValue, -1)
        XCTAssertEqual(slider.value, -1)
        slider.maximumValue = .nan
        slider.minimumValue = -.infinity
        XCTAssertEqual([slider.minimumValue, slider.maximumValue], [-1, -1], "non-finite bounds are refused")
        // An empty range: dragging does nothing wrong.
        drag(from: CGPoint(x: 114, y: 115), to: CGPoint(x: 200, y: 115), on: screen)
        XCTAssertEqual(slider.value, -1)
        XCTAssertEqual(log.takeValueChanges(), 0)
        XCTAssertEqual(log.takeValueChanges(), 0)
    }

    func testSettingTheValueWhileTracking() async {
        display.touchDown(1, at: CGPoint(x: 114, y: 115), on: screen)
        slider.setValue(1, animated: true)
        XCTAssertEqual(slider.value, 1)
        display.touchMove(1, at: CGPoint(x: 157, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0.25, accuracy: 0.001, "the finger rules while it tracks")
        display.touchUp(1, at: CGPoint(x: 157, y: 115), on: screen)
        XCTAssertEqual(slider.value, 0.25, accuracy: 0.001)
    }

    func testSetValueAnimatedMovesTheThumbOnTheDisplayClock() async throws {
        slider.setValue(1, animated: true)
        XCTAssertEqual(slider.value, 1)
        XCTAssertEqual(log.take(), [])
        let start = try display.capture(screen)
        assertPixel(start, 250, 115, Color(red: 228.0 / 255, green: 228.0 / 255, blue: 230.0 / 255))
        display.advanceTime(by: 0.3)
        let end = try display.capture(screen)
        keepForInspection(end, "slider-end")
        assertPixel(end, 250, 115, Color(red: 0, green: 122.0 / 255, blue: 1))
        assertPixel(end, 286, 115, .white)
    }

    func testTheTracksColours() async throws {
        slider.value = 0.5
        slider.minimumTrackTintColor = .red
        slider.maximumTrackTintColor = .green
        let image = try display.capture(screen)
        assertPixel(image, 150, 115, .red)
        assertPixel(image, 260, 115, .green)
        assertPixel(image, 200, 115, .white)
    }
}
