import DirectDisplayCore
import Foundation
import XCTest

/// Left and Right move the caret on screen, as pango does, in right-to-left and
/// mixed text; the caret is drawn at pango's strong cursor.
final class TextEditingRightToLeftTests: DirectDisplayTestCase {
    private var window: Window!
    private var field: TextField!

    override func setUp() async throws {
        try await super.setUp()
        let screen = connect(width: 400, height: 200)
        window = showWindow(on: screen)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(field)
        display.runUntilIdle()
    }

    /// The caret's offsets and x positions as `key` is pressed `count` times.
    private func walk(_ key: UInt32, _ count: Int) -> [(offset: Int, x: CGFloat)] {
        var steps: [(offset: Int, x: CGFloat)] = []
        for _ in 0..<count {
            press(key)
            let offset = field.selectedRange.location
            steps.append((offset, field.caretRect(atOffset: offset).minX))
        }
        return steps
    }

    func testInHebrewLeftGoesOnThroughTheTextAndRightBack() async {
        field.text = "שלום"
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0))
        XCTAssertLessThan(
            field.caretRect(atOffset: 4).minX, field.caretRect(atOffset: 0).minX,
            "the end of right-to-left text is on its left")
        let rightward = walk(KeyCode.right, 5)
        XCTAssertEqual(rightward.map(\.offset), [3, 2, 1, 0, 0], "Right goes back through the text")
        XCTAssertEqual(rightward.map(\.x), rightward.map(\.x).sorted())
        let leftward = walk(KeyCode.left, 5)
        XCTAssertEqual(leftward.map(\.offset), [1, 2, 3, 4, 4], "Left goes on, and stops at the left edge")
        XCTAssertEqual(leftward.map(\.x), leftward.map(\.x).sorted(by: >))
    }

    /// English then Hebrew: Right from the start crosses the Latin letters, then the
    /// Hebrew word from its left end (its last letter) back to its first; every
    /// place is visited once, each to the right of the one before.
    func testMixedEnglishThenHebrewIsWalkedOnScreen() async {
        field.text = "abc שלום"
        XCTAssertTrue(field.becomeFirstResponder())
        press(KeyCode.home)
        let rightward = walk(KeyCode.right, 9)
        XCTAssertEqual(rightward.map(\.offset), [1, 2, 3, 4, 7, 6, 5, 8, 8])
        let xs = rightward.dropLast().map(\.x)
        XCTAssertEqual(xs, xs.sorted())
        XCTAssertEqual(Set(xs).count, xs.count, "each step moves right")
        let leftward = walk(KeyCode.left, 9)
        XCTAssertEqual(leftward.map(\.offset), [5, 6, 7, 4, 3, 2, 1, 0, 0])
    }

    /// The same walk in a text view's second paragraph; off its ends the caret goes
    /// on through the text.
    func testATextViewWalksRightToLeftTextOnScreen() async {
        let textView = TextView(frame: CGRect(x: 0, y: 80, width: 300, height: 100))
        textView.text = "x\nabc שלום\ny"
        window.addSubview(textView)
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 2, length: 0)
        var offsets: [Int] = []
        for _ in 0..<9 {
            press(KeyCode.right)
            offsets.append(textView.selectedRange.location)
        }
        XCTAssertEqual(offsets, [3, 4, 5, 6, 9, 8, 7, 10, 11], "on screen, then into the next paragraph")
    }

    func testTheCaretIsDrawnAtPangosStrongCursor() async throws {
        field.text = "שלום"
        XCTAssertTrue(field.becomeFirstResponder())
        display.runUntilIdle()
        let caret = field.caretRect(atOffset: 4)
        let image = try display.capture(XCTUnwrap(window.screen))
        let caretColor = Color(red: 0, green: 122.0 / 255, blue: 1)
        assertPixel(image, Int(20 + caret.minX), Int(20 + caret.midY), caretColor)
        XCTAssertGreaterThan(caret.minX, 200, "right-aligned: the text sits at the right")
        XCTAssertLessThan(caret.minX, 290, "the end's caret is left of the text, not at the right edge")
    }
}
