import DirectDisplayCore
import Foundation
import XCTest

final class SegmentedControlTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var control: SegmentedControl!
    private var log: ControlEventLog!

    /// Segments A, B, C, 100 points each, from (50, 50) on a 400×200 screen.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 200)
        let window = showWindow(on: screen)
        control = SegmentedControl(items: ["A", "B", "C"])
        control.frame = CGRect(x: 50, y: 50, width: 300, height: 32)
        window.addSubview(control)
        log = ControlEventLog(control)
    }

    private func centre(ofSegment index: Int) -> CGPoint { CGPoint(x: 100 + 100 * CGFloat(index), y: 66) }

    func testItemsAndSizes() async {
        XCTAssertEqual(control.numberOfSegments, 3)
        XCTAssertEqual(control.titleForSegment(at: 1), "B")
        XCTAssertNil(control.titleForSegment(at: 3))
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        let fitted = control.sizeThatFits(.zero)
        XCTAssertEqual(fitted.height, 32)
        XCTAssertEqual(fitted.width.truncatingRemainder(dividingBy: 3), 0, "equal segments")
        XCTAssertGreaterThan(fitted.width, 3 * 24)
    }

    func testLiftingOnAnotherSegmentSelectsIt() async throws {
        tap(centre(ofSegment: 1), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, 1)
        XCTAssertEqual(log.take(), ["down", "valueChanged", "upInside"])
        tap(centre(ofSegment: 1), on: screen)
        XCTAssertEqual(log.takeValueChanges(), 0, "the selected segment again: no change")
        let image = try display.capture(screen)
        keepForInspection(image, "segmented")
        assertPixel(image, 230, 55, Color(red: 0, green: 122.0 / 255, blue: 1))
        assertPixel(image, 130, 55, .white)
        // Pressed on A, dragged to C: C.
        drag(from: centre(ofSegment: 0), to: centre(ofSegment: 2), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(log.takeValueChanges(), 1)
    }

    func testDraggingOutsideAndBackOrCancelling() async {
        drag(from: centre(ofSegment: 0), to: CGPoint(x: 100, y: 190), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment, "lifted outside")
        display.advanceTime(by: 1)
        display.touchDown(2, at: centre(ofSegment: 0), on: screen)
        display.touchMove(2, at: CGPoint(x: 100, y: 190), on: screen)
        display.touchMove(2, at: centre(ofSegment: 0), on: screen)
        display.touchUp(2, at: centre(ofSegment: 0), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, 0, "back inside")
        display.advanceTime(by: 1)
        display.touchDown(3, at: centre(ofSegment: 2), on: screen)
        display.touchCancel(3)
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        XCTAssertEqual(log.takeValueChanges(), 1)
    }

    func testDisabledSegmentsAndControl() async {
        control.setEnabled(false, forSegmentAt: 1)
        XCTAssertFalse(control.isEnabledForSegment(at: 1))
        tap(centre(ofSegment: 1), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        control.isEnabled = false
        tap(centre(ofSegment: 2), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        XCTAssertEqual(log.take(), ["down", "upInside"], "only the disabled segment's tap, no value change")
    }

    func testInsertingAndRemovingKeepTheSelectedSegment() async {
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, 2, "B is still selected")
        XCTAssertEqual(control.titleForSegment(at: 2), "B")
        control.insertSegment(withTitle: "end", at: 99, animated: true)
        XCTAssertEqual(control.titleForSegment(at: 4), "end", "past the end: appended")
        control.removeSegment(at: 0, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, 1)
        control.removeSegment(at: 1, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment, "the selected one went")
        control.removeSegment(at: -3, animated: false)
        control.removeSegment(at: 42, animated: false)
        XCTAssertEqual(control.numberOfSegments, 3)
        control.setTitle("new", forSegmentAt: 0)
        control.setTitle("nowhere", forSegmentAt: 9)
        XCTAssertEqual(control.titleForSegment(at: 0), "new")
        XCTAssertEqual(log.take(), [], "no events from code")
    }

    func testOutOfRangeSelectionSelectsNone() async {
        control.selectedSegmentIndex = 7
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        control.selectedSegmentIndex = -5
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
    }

    func testNoSegmentsBreaksNothing() async throws {
        control.selectedSegmentIndex = 0
        control.removeAllSegments()
        XCTAssertEqual(control.numberOfSegments, 0)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        tap(centre(ofSegment: 1), on: screen)
        drag(from: centre(ofSegment: 0), to: centre(ofSegment: 2), on: screen)
        XCTAssertEqual(log.takeValueChanges(), 0)
        _ = try display.capture(screen)
        let empty = SegmentedControl(items: [])
        XCTAssertEqual(empty.sizeThatFits(.zero), CGSize(width: 0, height: 32))
    }

    func testRemovingSegmentsWhileTracking() async {
        display.touchDown(1, at: centre(ofSegment: 2), on: screen)
        control.removeAllSegments()
        display.touchUp(1, at: centre(ofSegment: 2), on: screen)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        XCTAssertEqual(log.takeValueChanges(), 0)
    }
}
