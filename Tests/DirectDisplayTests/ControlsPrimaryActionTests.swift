import DirectDisplayCore
import Foundation
import XCTest

/// Controls with a value run their primary action when a touch changes the value, as UIKit's.
final class ControlsPrimaryActionTests: DirectDisplayTestCase {
    func testAValueChangeIsThePrimaryAction() async {
        let screen = connect(width: 400, height: 400)
        let window = showWindow(on: screen)
        var ran: [String] = []
        let toggle = Switch(
            frame: CGRect(x: 10, y: 10, width: 0, height: 0), primaryAction: Action { _ in ran.append("switch") })
        let slider = Slider(
            frame: CGRect(x: 10, y: 60, width: 200, height: 30), primaryAction: Action { _ in ran.append("slider") })
        let segments = SegmentedControl(
            frame: CGRect(x: 10, y: 110, width: 200, height: 32), primaryAction: Action { _ in ran.append("segments") })
        segments.insertSegment(withTitle: "A", at: 0, animated: false)
        segments.insertSegment(withTitle: "B", at: 1, animated: false)
        let stepper = Stepper(
            frame: CGRect(x: 10, y: 160, width: 0, height: 0), primaryAction: Action { _ in ran.append("stepper") })
        let pages = PageControl(
            frame: CGRect(x: 10, y: 210, width: 200, height: 26), primaryAction: Action { _ in ran.append("pages") })
        pages.numberOfPages = 3
        for control in [toggle, slider, segments, stepper, pages] as [Control] { window.addSubview(control) }
        toggle.isOn = true
        slider.value = 0.5
        segments.selectedSegmentIndex = 1
        stepper.value = 3
        pages.currentPage = 1
        XCTAssertEqual(ran, [], "values set in code run nothing")
        tap(CGPoint(x: 30, y: 25), on: screen)
        drag(from: CGPoint(x: 110, y: 75), to: CGPoint(x: 150, y: 75), steps: 1, on: screen)
        display.advanceTime(by: 1)
        tap(CGPoint(x: 50, y: 126), on: screen)
        tap(CGPoint(x: 90, y: 176), on: screen)
        tap(CGPoint(x: 180, y: 223), on: screen)
        XCTAssertEqual(ran, ["switch", "slider", "segments", "stepper", "pages"])
    }
}
