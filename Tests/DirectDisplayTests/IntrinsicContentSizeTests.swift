import DirectDisplayCore
import Foundation
import XCTest

final class IntrinsicContentSizeTests: DirectDisplayTestCase {
    func testUIKitsIntrinsicSizes() async {
        let none = View.noIntrinsicMetric
        XCTAssertEqual(none, -1)
        XCTAssertEqual(
            View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).intrinsicContentSize,
            CGSize(width: none, height: none))
        XCTAssertEqual(Switch().intrinsicContentSize, CGSize(width: 51, height: 31))
        XCTAssertEqual(Stepper().intrinsicContentSize, CGSize(width: 94, height: 32))
        XCTAssertEqual(
            Slider(frame: CGRect(x: 0, y: 0, width: 200, height: 50)).intrinsicContentSize,
            CGSize(width: none, height: 30))
        XCTAssertEqual(
            ProgressView(frame: CGRect(x: 0, y: 0, width: 200, height: 9)).intrinsicContentSize,
            CGSize(width: none, height: 4))
        XCTAssertEqual(ActivityIndicatorView(style: .large).intrinsicContentSize, CGSize(width: 37, height: 37))
        let pages = PageControl()
        pages.numberOfPages = 4
        XCTAssertEqual(pages.intrinsicContentSize, CGSize(width: 64, height: 26))
        let segments = SegmentedControl(items: ["One", "Two"])
        XCTAssertEqual(segments.intrinsicContentSize, segments.sizeThatFits(.zero))
        XCTAssertEqual(segments.intrinsicContentSize.height, 32)
        XCTAssertEqual(ImageView().intrinsicContentSize, CGSize(width: none, height: none), "no image")
        let label = Label()
        label.text = "Hello"
        XCTAssertEqual(label.intrinsicContentSize, label.sizeThatFits(.zero))
        XCTAssertGreaterThan(label.intrinsicContentSize.width, 20)
        let button = Button(type: .system)
        button.setTitle("Go", for: .normal)
        XCTAssertEqual(button.intrinsicContentSize, button.sizeThatFits(.zero))
        XCTAssertGreaterThan(button.intrinsicContentSize.width, 0)
    }
}
