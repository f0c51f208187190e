import Foundation
import XCTest

@testable import DirectDisplayCore

/// autoresizingMask and autoresizesSubviews, applied whenever a superview's bounds size changes.
final class AutoresizingTests: DirectDisplayTestCase {
    /// A 300×100 parent holding a pinned-right, a stretching and a fixed subview.
    private func tree() -> (parent: View, right: View, stretch: View, fixed: View) {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let right = View(frame: CGRect(x: 250, y: 10, width: 40, height: 20))
        right.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        let stretch = View(frame: CGRect(x: 10, y: 40, width: 280, height: 50))
        stretch.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let fixed = View(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        for view in [right, stretch, fixed] { parent.addSubview(view) }
        return (parent, right, stretch, fixed)
    }

    func testSubviewsFollowAFrameChange() async {
        let (parent, right, stretch, fixed) = tree()
        XCTAssertTrue(parent.autoresizesSubviews, "true by default, as in UIKit")
        XCTAssertEqual(fixed.autoresizingMask, [], "none by default")
        parent.frame = CGRect(x: 5, y: 5, width: 400, height: 150)
        XCTAssertEqual(right.frame, CGRect(x: 350, y: 10, width: 40, height: 20), "keeps its right margin")
        XCTAssertEqual(stretch.frame, CGRect(x: 10, y: 40, width: 380, height: 100), "keeps its margins")
        XCTAssertEqual(fixed.frame, CGRect(x: 10, y: 10, width: 40, height: 20))
        parent.bounds = CGRect(x: 0, y: 0, width: 300, height: 100)
        XCTAssertEqual(right.frame, CGRect(x: 250, y: 10, width: 40, height: 20), "setting bounds resizes too")
        XCTAssertEqual(stretch.frame, CGRect(x: 10, y: 40, width: 280, height: 50))
        parent.frame = CGRect(x: 50, y: 50, width: 300, height: 100)
        XCTAssertEqual(right.frame, CGRect(x: 250, y: 10, width: 40, height: 20), "moving does not resize")
    }

    func testAutoresizesSubviewsFalseKeepsThem() async {
        let (parent, right, stretch, _) = tree()
        parent.autoresizesSubviews = false
        parent.frame = CGRect(x: 0, y: 0, width: 400, height: 150)
        XCTAssertEqual(right.frame, CGRect(x: 250, y: 10, width: 40, height: 20))
        XCTAssertEqual(stretch.frame, CGRect(x: 10, y: 40, width: 280, height: 50))
    }

    /// A resized subview resizes its own subviews in turn.
    func testResizingCascades() async {
        let (parent, _, stretch, _) = tree()
        let inner = View(frame: CGRect(x: 0, y: 0, width: 280, height: 50))
        inner.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        stretch.addSubview(inner)
        parent.frame = CGRect(x: 0, y: 0, width: 580, height: 100)
        XCTAssertEqual(inner.frame, CGRect(x: 0, y: 0, width: 560, height: 50))
    }

    /// A window covering its screen takes the turned screen's bounds, and its
    /// subviews follow their masks (a view controller's root view is sized to the window).
    func testRotationAndModeChangeResizeThroughTheWindow() async throws {
        let screen = display.connectScreen(
            name: "HDMI-A-1", width: 80, height: 60, otherModes: [Screen.Mode(width: 100, height: 60)])
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let bar = View(frame: CGRect(x: 0, y: 50, width: 80, height: 10))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        window.addSubview(bar)
        screen.orientation = .landscapeLeft
        display.runUntilIdle()
        XCTAssertEqual(window.frame.size, CGSize(width: 60, height: 80))
        XCTAssertEqual(bar.frame, CGRect(x: 0, y: 70, width: 60, height: 10), "pinned to the bottom, full width")
        screen.orientation = .portrait
        try display.apply(Screen.Mode(width: 100, height: 60), to: screen)
        display.runUntilIdle()
        XCTAssertEqual(bar.frame, CGRect(x: 0, y: 50, width: 100, height: 10), "after a mode change")
    }

    /// Standard views answer the size of their content (sizeToFit uses it).
    func testButtonFitsItsImageAndTitle() async {
        let button = Button(frame: .zero)
        button.setTitle("OK", for: .normal)
        let title = button.sizeThatFits(.zero)
        XCTAssertGreaterThan(title.width, 0)
        XCTAssertGreaterThan(title.height, 0)
        let bitmap = CapturedImage(width: 30, height: 40, format: .argb8888, pixels: Array(repeating: 0, count: 1200))
        button.setImage(Image(bitmap: bitmap), for: .normal)
        XCTAssertEqual(button.sizeThatFits(.zero), CGSize(width: title.width + 30, height: max(40, title.height)))
        button.sizeToFit()
        XCTAssertEqual(button.bounds.size, button.sizeThatFits(.zero))
    }
}
