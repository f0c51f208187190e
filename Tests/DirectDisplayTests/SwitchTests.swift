import DirectDisplayCore
import Foundation
import XCTest

final class SwitchTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var control: Switch!
    private var log: ControlEventLog!
    private let green = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
    private let offTrack = Color(red: 233.0 / 255, green: 233.0 / 255, blue: 234.0 / 255)

    /// A switch at (100, 100) on a 300×250 white screen.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 300, height: 250)
        let window = showWindow(on: screen)
        control = Switch(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        window.addSubview(control)
        log = ControlEventLog(control)
    }

    /// The track above the thumb's middle, which shows the track's colour.
    private func trackPixel() throws -> Color { try display.capture(screen).pixel(x: 125, y: 101) }

    func testUIKitsSizeWhateverTheFrame() async {
        XCTAssertEqual(control.frame, CGRect(x: 100, y: 100, width: 51, height: 31))
        XCTAssertEqual(control.sizeThatFits(.zero), CGSize(width: 51, height: 31))
        XCTAssertFalse(control.isOn)
    }

    func testATapTogglesAndSendsValueChanged() async throws {
        XCTAssertTrue(try trackPixel().isClose(to: offTrack, tolerance: 2.0 / 255))
        tap(CGPoint(x: 120, y: 115), on: screen)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(log.take(), ["down", "valueChanged", "upInside"])
        display.advanceTime(by: 0.3)
        let on = try display.capture(screen)
        keepForInspection(on, "switch-on")
        assertPixel(on, 125, 101, green)
        tap(CGPoint(x: 120, y: 115), on: screen)
        XCTAssertFalse(control.isOn)
        XCTAssertEqual(log.takeValueChanges(), 1)
    }

    func testSetOnSendsNoEventAndSlidesOnTheDisplayClock() async throws {
        control.setOn(true, animated: true)
        XCTAssertTrue(control.isOn, "the value is at once")
        XCTAssertEqual(log.take(), [])
        display.advanceTime(by: 0.125)
        let halfway = try trackPixel()
        XCTAssertFalse(halfway.isClose(to: green, tolerance: 8.0 / 255), "still sliding: \(halfway)")
        XCTAssertFalse(halfway.isClose(to: offTrack, tolerance: 8.0 / 255), "still sliding: \(halfway)")
        display.advanceTime(by: 0.15)
        assertPixel(try display.capture(screen), 125, 101, green)
        let frames = screen.frameStatistics.framesComposed
        display.advanceTime(by: 1)
        XCTAssertEqual(screen.frameStatistics.framesComposed, frames, "no frames once it has slid")
        control.isOn = false
        assertPixel(try display.capture(screen), 125, 101, offTrack)
        XCTAssertEqual(log.take(), [])
    }

    func testTheOnTintColour() async throws {
        control.onTintColor = .orange
        control.isOn = true
        assertPixel(try display.capture(screen), 125, 101, .orange)
    }

    func testTheThumbIsDraggedAcrossAndTheValueIsWhereItEnds() async {
        drag(from: CGPoint(x: 113, y: 115), to: CGPoint(x: 140, y: 115), on: screen)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(log.takeValueChanges(), 1)
        // Across and back: where it ends is where it was: no change.
        display.advanceTime(by: 1)
        display.touchDown(2, at: CGPoint(x: 137, y: 115), on: screen)
        display.touchMove(2, at: CGPoint(x: 110, y: 115), on: screen)
        display.touchMove(2, at: CGPoint(x: 140, y: 115), on: screen)
        display.touchUp(2, at: CGPoint(x: 140, y: 115), on: screen)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(log.takeValueChanges(), 0)
    }

    func testDraggingOutsideAndBackIsStillATap() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 115), on: screen)
        display.touchMove(1, at: CGPoint(x: 120, y: 240), on: screen)
        XCTAssertFalse(control.isHighlighted, "beyond the slack")
        display.touchMove(1, at: CGPoint(x: 120, y: 116), on: screen)
        display.touchUp(1, at: CGPoint(x: 120, y: 116), on: screen)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(log.takeValueChanges(), 1)
        display.advanceTime(by: 1)
        display.touchDown(2, at: CGPoint(x: 120, y: 115), on: screen)
        display.touchUp(2, at: CGPoint(x: 120, y: 240), on: screen)
        XCTAssertTrue(control.isOn, "lifted outside: no tap")
        XCTAssertEqual(log.take(), ["down", "upOutside"])
    }

    func testACancelledDragLeavesTheValue() async throws {
        drag(from: CGPoint(x: 113, y: 115), to: CGPoint(x: 145, y: 115), on: screen, lifting: false)
        display.touchCancel(1)
        XCTAssertFalse(control.isOn)
        XCTAssertEqual(log.take(), ["down", "cancel"])
        display.advanceTime(by: 0.3)
        assertPixel(try display.capture(screen), 125, 101, offTrack)
    }

    func testADisabledSwitchIgnoresTouchesAndLooksDimmed() async throws {
        control.isOn = true
        let enabled = try trackPixel()
        control.isEnabled = false
        tap(CGPoint(x: 120, y: 115), on: screen)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(log.take(), [])
        let disabled = try trackPixel()
        XCTAssertFalse(disabled.isClose(to: enabled, tolerance: 16.0 / 255), "dimmed: \(disabled)")
    }

    func testSettingTheValueWhileTrackingIsKeptUntilTheTouchEnds() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 115), on: screen)
        control.isOn = true
        display.touchUp(1, at: CGPoint(x: 120, y: 115), on: screen)
        XCTAssertFalse(control.isOn, "the tap toggled the value set meanwhile")
        XCTAssertEqual(log.takeValueChanges(), 1)
    }
}
