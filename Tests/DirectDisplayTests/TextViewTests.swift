import DirectDisplayCore
import Foundation
import XCTest

/// Records what a text view asks and tells its delegate; refuses changes when told to.
@MainActor private final class RecordingDelegate: TextViewDelegate {
    var log: [String] = []
    var allowsChanges = true
    var changes = 0
    var selectionChanges = 0
    var scrolls = 0
    var allowsEnd = true

    func textViewShouldBeginEditing(_ textView: TextView) -> Bool {
        log.append("shouldBegin")
        return true
    }
    func textViewDidBeginEditing(_ textView: TextView) { log.append("didBegin") }
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("change \(range.location),\(range.length) \(text.debugDescription)")
        return allowsChanges
    }
    func textViewDidChange(_ textView: TextView) { changes += 1 }
    func textViewDidChangeSelection(_ textView: TextView) { selectionChanges += 1 }
    func textViewShouldEndEditing(_ textView: TextView) -> Bool {
        log.append("shouldEnd")
        return allowsEnd
    }
    func textViewDidEndEditing(_ textView: TextView) { log.append("didEnd") }
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
}

/// Records the keys of the presses that reach it.
@MainActor private final class PressRecordingView: View {
    var keys: [String] = []

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        keys += presses.compactMap { $0.key?.characters }
    }
}

final class TextViewTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var textView: TextView!

    /// A 300×200 text view at (20, 20) in a key window filling a 400×300 screen.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 300)
        window = showWindow(on: screen)
        textView = TextView(frame: CGRect(x: 20, y: 20, width: 300, height: 200))
        window.addSubview(textView)
        display.runUntilIdle()
    }

    /// The number of lines of paragraph `index` as laid out now.
    private func lineCount(ofParagraph index: Int) -> Int? {
        textView.paragraphs.paragraphs[index].layout?.lineCount
    }

    // MARK: Typing

    func testTypingAndReturnMakeLinesAndContentSizeFollows() async {
        XCTAssertTrue(textView.becomeFirstResponder())
        XCTAssertTrue(textView.isEditing)
        typeKeys("hi")
        let oneLine = textView.contentSize.height
        press(KeyCode.enter)
        typeKeys("a b")
        XCTAssertEqual(textView.text, "hi\na b")
        XCTAssertEqual(textView.selectedRange, NSRange(location: 6, length: 0))
        XCTAssertGreaterThan(textView.contentSize.height, oneLine, "a second line makes the content taller")
        let first = textView.caretRect(atOffset: 0)
        let second = textView.caretRect(atOffset: 3)
        XCTAssertGreaterThan(second.minY, first.maxY - 1, "the text after Return is on the next line")
        XCTAssertEqual(second.minX, first.minX)
    }

    func testKeysTypeNothingIntoAViewThatIsNotEditableAndTapsDoNotFocusIt() async {
        textView.isEditable = false
        textView.text = "read only"
        display.touchDown(1, at: CGPoint(x: 60, y: 40), on: screen)
        display.touchUp(1, at: CGPoint(x: 60, y: 40), on: screen)
        display.runUntilIdle()
        XCTAssertFalse(textView.isFirstResponder, "selectable only: a tap puts no caret")
        XCTAssertTrue(textView.becomeFirstResponder(), "selectable: it may be first responder")
        XCTAssertFalse(textView.isEditing)
        XCTAssertFalse(textView.isCaretBlinking)
        typeKeys("ab")
        press(KeyCode.enter)
        XCTAssertEqual(textView.text, "read only")
        press(KeyCode.letters["a"]!, with: KeyCode.leftControl)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 0, length: 9), "Ctrl+A selects")
        press(KeyCode.letters["c"]!, with: KeyCode.leftControl)
        XCTAssertEqual(Pasteboard.general.string, "read only", "and Ctrl+C copies")
    }

    /// A view that is only selectable, first responder, takes no typed text: the keys go
    /// on as presses (Space pages it, as a scroll view) and up the responder chain.
    func testASelectableOnlyViewPassesTypedKeysUpTheResponderChain() async {
        let container = PressRecordingView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(container)
        container.addSubview(textView)
        textView.isEditable = false
        textView.text = (0..<60).map { "line \($0)" }.joined(separator: "\n")
        display.runUntilIdle()
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("ab")
        XCTAssertEqual(container.keys, ["a", "b"], "typed keys reach the view's superview")
        XCTAssertEqual(textView.text.prefix(6), "line 0")
        typeKeys(" ")
        display.advanceTime(by: 1)
        display.runUntilIdle()
        XCTAssertGreaterThan(textView.contentOffset.y, 100, "Space pages it")
    }

    func testWordWrapFollowsTheWidth() async {
        textView.text = "the quick brown fox jumps over the lazy dog and runs away"
        display.runUntilIdle()
        let wide = lineCount(ofParagraph: 0) ?? 0
        textView.frame = CGRect(x: 20, y: 20, width: 120, height: 200)
        display.runUntilIdle()
        let narrow = lineCount(ofParagraph: 0) ?? 0
        XCTAssertGreaterThan(narrow, wide, "a narrower view wraps into more lines")
        XCTAssertGreaterThan(wide, 1)
        textView.text = String(repeating: "x", count: 200)
        display.runUntilIdle()
        XCTAssertGreaterThan(lineCount(ofParagraph: 0) ?? 0, 1, "one unbroken word wraps between characters")
    }

    func testUpAndDownMoveByLineKeepingTheColumn() async {
        textView.text = "abcdef\nab\nabcdef"
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 5, length: 0)
        press(KeyCode.down)
        XCTAssertEqual(textView.selectedRange.location, 9, "the short line's end")
        press(KeyCode.down)
        XCTAssertEqual(textView.selectedRange.location, 15, "the column is kept over a short line")
        press(KeyCode.down)
        XCTAssertEqual(textView.selectedRange.location, 16, "past the last line: the end")
        press(KeyCode.up)
        XCTAssertEqual(textView.selectedRange.location, 9)
        press(KeyCode.up, with: KeyCode.leftShift)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 5, length: 4), "Shift extends up, in the column")
        press(KeyCode.up)
        XCTAssertEqual(textView.selectedRange.location, 0, "past the first line: the start")
        press(KeyCode.end)
        XCTAssertEqual(textView.selectedRange.location, 6, "End: the line's end")
        press(KeyCode.home)
        XCTAssertEqual(textView.selectedRange.location, 0)
        press(KeyCode.end, with: KeyCode.leftControl)
        XCTAssertEqual(textView.selectedRange.location, 16, "Ctrl+End: the text's end")
    }

    /// Home and End go to the ends of the caret's line through the text, in
    /// right-to-left lines too (where the start is on the right), wrapped or not.
    func testHomeAndEndGoToTheLinesEndsInRightToLeftText() async {
        textView.text = "abc\nשלום עולם"
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 7, length: 0)
        press(KeyCode.home)
        XCTAssertEqual(textView.selectedRange.location, 4, "Home: the line's first character, on its right")
        XCTAssertGreaterThan(textView.caretRect(atOffset: 4).minX, textView.caretRect(atOffset: 7).minX)
        press(KeyCode.end)
        XCTAssertEqual(textView.selectedRange.location, 13, "End: after its last character, on its left")
        textView.text = String(repeating: "שלום ", count: 30)
        textView.selectedRange = NSRange(location: 2, length: 0)
        XCTAssertGreaterThan(lineCount(ofParagraph: 0) ?? 0, 1)
        press(KeyCode.end)
        let end = textView.selectedRange.location
        XCTAssertEqual(textView.caretRect(atOffset: end).minY, textView.caretRect(atOffset: 2).minY, "the same line")
        XCTAssertEqual(Array(textView.text.utf16)[end], 0x20, "before the wrapped line's last space")
        press(KeyCode.home)
        XCTAssertEqual(textView.selectedRange.location, 0)
    }

    func testPageDownMovesAScreenful() async {
        textView.text = (0..<60).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 0, length: 0)
        press(KeyCode.pageDown)
        let line = textView.caretRect(atOffset: 0).height
        let moved =
            textView.caretRect(atOffset: textView.selectedRange.location).minY - textView.caretRect(atOffset: 0).minY
        XCTAssertEqual(moved, 200 - line, accuracy: line + 1, "a screenful less a line")
        XCTAssertGreaterThan(textView.contentOffset.y, 0, "and the view follows the caret")
        press(KeyCode.pageUp)
        XCTAssertEqual(textView.selectedRange.location, 0)
    }

    func testBackspaceAndArrowsMoveByGraphemeCluster() async {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        textView.text = "a\(family)e\u{301}"
        XCTAssertTrue(textView.becomeFirstResponder())
        XCTAssertEqual(textView.selectedRange.location, 1 + 8 + 2)
        press(KeyCode.left)
        XCTAssertEqual(textView.selectedRange.location, 9, "left over e + combining acute")
        press(KeyCode.right)
        press(KeyCode.backspace)
        XCTAssertEqual(textView.text, "a\(family)")
        press(KeyCode.backspace)
        XCTAssertEqual(textView.text, "a", "the family emoji is one cluster")
    }

    // MARK: Delegate

    func testDelegateSeesUTF16RangesMayRefuseAndIsToldOfChanges() async {
        let delegate = RecordingDelegate()
        textView.delegate = delegate
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("ab")
        press(KeyCode.enter)
        XCTAssertEqual(
            delegate.log, ["shouldBegin", "didBegin", "change 0,0 \"a\"", "change 1,0 \"b\"", "change 2,0 \"\\n\""])
        XCTAssertEqual(delegate.changes, 3)
        delegate.allowsChanges = false
        typeKeys("c")
        press(KeyCode.backspace)
        XCTAssertEqual(textView.text, "ab\n", "refused: nothing changes")
        XCTAssertEqual(delegate.changes, 3, "and nothing is told")
        let selections = delegate.selectionChanges
        press(KeyCode.left)
        XCTAssertEqual(delegate.selectionChanges, selections + 1)
        XCTAssertTrue(textView.resignFirstResponder())
        XCTAssertEqual(delegate.log.suffix(2), ["shouldEnd", "didEnd"])
    }

    // MARK: Scrolling and taps

    func testTheViewScrollsToKeepTheCaretShown() async {
        XCTAssertTrue(textView.becomeFirstResponder())
        for _ in 0..<30 { press(KeyCode.enter) }
        typeKeys("a")
        display.runUntilIdle()
        XCTAssertGreaterThan(textView.contentSize.height, 200)
        let caret = textView.caretRect(atOffset: textView.selectedRange.location)
        XCTAssertTrue(textView.bounds.contains(caret), "the caret \(caret) is in the bounds \(textView.bounds)")
        XCTAssertGreaterThan(textView.contentOffset.y, 0)
        press(KeyCode.home, with: KeyCode.leftControl)
        XCTAssertEqual(textView.contentOffset.y, 0, "back to the start")
        textView.scrollRangeToVisible(NSRange(location: 30, length: 0))
        XCTAssertTrue(textView.bounds.contains(textView.caretRect(atOffset: 30)))
    }

    func testTapFocusesAndPutsTheCaretWhereItLanded() async {
        textView.text = "abcdefgh\nsecond line"
        let afterD = textView.caretRect(atOffset: 4)
        let tap = CGPoint(x: 20 + afterD.minX + 1, y: 20 + afterD.midY)
        display.touchDown(1, at: tap, on: screen)
        display.touchUp(1, at: tap, on: screen)
        display.runUntilIdle()
        XCTAssertTrue(textView.isFirstResponder)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 4, length: 0))
        let second = textView.caretRect(atOffset: 9)
        display.touchDown(2, at: CGPoint(x: 300, y: 20 + second.midY), on: screen)
        display.touchUp(2, at: CGPoint(x: 300, y: 20 + second.midY), on: screen)
        XCTAssertEqual(textView.selectedRange.location, 20, "right of the second line: its end")
    }

    func testCaretBlinksOnTheDisplayClockOnlyWhileEditing() async throws {
        let composedBefore = screen.frameStatistics.framesComposed
        display.advanceTime(by: 3)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedBefore, "idle: no frames")
        XCTAssertFalse(textView.isCaretBlinking)
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        let caret = textView.caretRect(atOffset: 0)
        let x = Int(20 + caret.midX.rounded(.down))
        let y = Int(20 + caret.midY)
        XCTAssertNotEqual(try display.capture(screen).pixel(x: x, y: y), .white, "the caret is drawn")
        display.advanceTime(by: TextView.caretBlinkInterval)
        display.runUntilIdle()
        assertPixel(try display.capture(screen), x, y, .white)
        XCTAssertTrue(textView.isCaretBlinking)
        XCTAssertTrue(textView.resignFirstResponder())
        XCTAssertFalse(textView.isCaretBlinking)
        display.runUntilIdle()
        // The on-screen keyboard (shown: the seat has no keyboard device) slides away first.
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        let composedAfter = screen.frameStatistics.framesComposed
        display.advanceTime(by: 3)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedAfter, "resigned: no more frames")
    }

    // MARK: Speed

    /// A keystroke into 10,000 characters of paragraphs lays out one line and
    /// redraws it only; a new line redraws from there down.
    func testAKeystrokeLaysOutAndRedrawsOnlyItsLine() async throws {
        let paragraph = String(repeating: "word ", count: 20)
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        textView.text = Array(repeating: paragraph, count: 100).joined(separator: "\n")
        XCTAssertGreaterThanOrEqual(textView.text.utf16.count, 10_000)
        XCTAssertTrue(textView.becomeFirstResponder())
        // In the second paragraph's first line, well into it.
        let caret = paragraph.utf16.count + 1 + 40
        textView.selectedRange = NSRange(location: caret, length: 0)
        display.runUntilIdle()
        let second = textView.paragraphs.paragraphs[1]
        typeKeys("x")
        display.runUntilIdle()
        XCTAssertEqual(
            textView.paragraphs.paragraphs.count, 101, "the edited paragraph is cut into its two lines")
        XCTAssertEqual(textView.paragraphs.paragraphs[1].layout?.lineCount, 1)
        XCTAssertEqual(textView.paragraphs.paragraphs[2].top, second.top + textView.paragraphs.paragraphs[1].height)
        let layouts = textView.paragraphs.layoutCount
        textView.pageDrawCount = 0
        textView.pageDrawnArea = .null
        typeKeys("y")
        display.runUntilIdle()
        XCTAssertEqual(textView.paragraphs.layoutCount, layouts + 1, "one line laid out again")
        XCTAssertGreaterThan(textView.pageDrawCount, 0)
        let line = textView.caretRect(atOffset: caret).height
        XCTAssertGreaterThan(second.height, line * 1.5, "the paragraph has two lines or more")
        // (The line's rows rounded out to pixels: its fractional top may add one.)
        XCTAssertLessThanOrEqual(
            textView.pageDrawnArea.height, line + 2, "only the edited line: \(textView.pageDrawnArea)")
        XCTAssertEqual(
            textView.pageDrawnArea.minX, textView.caretRect(atOffset: caret - 1).minX, accuracy: 4,
            "from just before the edit: the text before it did not move")
        // The page covers the bounds: its y is the content's less the offset.
        // (Its first row is the first its ink reaches: within two of the line's top.)
        let top = TextViewTestsGeometry.inset + second.top - textView.contentOffset.y
        XCTAssertEqual(textView.pageDrawnArea.minY, top, accuracy: 2)

        textView.pageDrawnArea = .null
        textView.selectedRange = NSRange(location: caret + 5, length: 30)
        XCTAssertEqual(textView.text.utf16.count, 100 * paragraph.utf16.count + 99 + 2)
        display.runUntilIdle()
        textView.pageDrawnArea = .null
        press(KeyCode.backspace)
        display.runUntilIdle()
        XCTAssertLessThanOrEqual(textView.pageDrawnArea.height, second.height + 2, "lines moved: the paragraph")
        XCTAssertEqual(textView.pageDrawnArea.minX, 0, "whole lines")

        textView.pageDrawnArea = .null
        press(KeyCode.enter)
        display.runUntilIdle()
        XCTAssertEqual(
            textView.pageDrawnArea.maxY, top + second.height, accuracy: 1,
            "a paragraph split into two of the same total height: those two only")
        textView.pageDrawnArea = .null
        press(KeyCode.enter)
        display.runUntilIdle()
        XCTAssertEqual(
            textView.pageDrawnArea.maxY, 300, accuracy: 1, "an empty line moves the rest: drawn to the bottom")
        XCTAssertGreaterThan(textView.pageDrawnArea.minY, top, "from the edited paragraph")
    }

    /// What the edits redrew in parts is what the whole view drawn again shows.
    func testEditsRedrawnInPartsMatchTheWholeViewDrawnAgain() async throws {
        textView.text = (0..<6).map { "line \($0) of some words that wrap in the view's width" }.joined(separator: "\n")
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 30, length: 0)
        typeKeys("ab c")
        press(KeyCode.backspace)
        press(KeyCode.down)
        typeKeys("x")
        press(KeyCode.left, with: KeyCode.leftShift)
        press(KeyCode.left, with: KeyCode.leftShift)
        press(KeyCode.right)
        press(KeyCode.enter)
        typeKeys("hi")
        textView.selectedRange = NSRange(location: 2, length: 0)
        display.runUntilIdle()
        press(KeyCode.backspace)
        display.runUntilIdle()
        // The caret blinks off (drawn in part too); then the view ends editing and draws whole.
        display.advanceTime(by: TextView.caretBlinkInterval)
        display.runUntilIdle()
        let inParts = try display.capture(screen)
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let whole = try display.capture(screen)
        let differing = (0..<whole.height).flatMap { y in
            (0..<whole.width).filter { x in inParts.pixel(x: x, y: y) != whole.pixel(x: x, y: y) }.map { (x: $0, y: y) }
        }
        XCTAssertEqual(differing.count, 0, "pixels that differ, first: \(differing.prefix(5))")
    }

    /// Lines laid out on their own after edits (breaks moved down and up, a line
    /// emptied, words typed at a line's start) show what the whole paragraphs laid
    /// out again show.
    func testLinesEditedOnTheirOwnMatchTheirParagraphsLaidOutWhole() async throws {
        let words = ["alpha", "be", "gamma", "delta", "e", "zeta", "theta", "iota", "kappa", "mu"]
        let paragraph = (0..<60).map { words[$0 * 7 % words.count] }.joined(separator: " ")
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        textView.text = [paragraph, paragraph, "short", paragraph].joined(separator: "\n")
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        var edits = 0
        func edit(at location: Int, _ action: () -> Void) {
            textView.selectedRange = NSRange(location: location, length: 0)
            action()
            display.runUntilIdle()
            edits += 1
        }
        let textView = textView!
        let lines = { (index: Int) in textView.paragraphs.paragraphs[index] }
        edit(at: 30) { typeKeys("x") }
        XCTAssertTrue(lines(0).continues, "the paragraph is cut at its lines")
        // At the end of the first line: a long word pushes the breaks down the paragraph.
        edit(at: lines(1).start - 1) { typeKeys("longwordpushed") }
        // At the start of the second line: its first word may go up.
        edit(at: lines(1).start) { press(KeyCode.backspace) }
        edit(at: lines(1).start + 2) { for _ in 0..<6 { press(KeyCode.backspace) } }
        // A line's words deleted: the next line's words come up.
        let third = textView.paragraphs.index(containing: paragraph.utf16.count + 1 + 100)
        edit(at: lines(third).start + 3) { typeKeys("q") }
        edit(at: lines(third).end - 1) { for _ in 0..<25 { press(KeyCode.backspace) } }
        edit(at: lines(third).start) { typeKeys("new words at the start ") }
        edit(at: 5) { press(KeyCode.enter) }
        XCTAssertEqual(edits, 8)
        XCTAssertGreaterThan(textView.paragraphs.paragraphs.count, 7, "lines were edited on their own")
        // A selection across the cut lines, drawn as across the whole paragraph's.
        let selection = NSRange(location: lines(2).start - 10, length: lines(3).start - lines(2).start + 15)
        XCTAssertTrue(lines(1).continues && lines(2).continues)
        textView.selectedRange = selection
        display.runUntilIdle()
        let selectedInLines = try display.capture(screen)
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let inLines = try display.capture(screen)
        let height = textView.contentSize.height
        let text = textView.text!
        textView.text = text
        display.runUntilIdle()
        XCTAssertEqual(textView.paragraphs.paragraphs.count, text.count { $0 == "\n" } + 1)
        XCTAssertEqual(textView.contentSize.height, height)
        let whole = try display.capture(screen)
        XCTAssertEqual(differingPixels(inLines, whole).count, 0, "first: \(differingPixels(inLines, whole).prefix(5))")
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = selection
        display.runUntilIdle()
        let selectedWhole = try display.capture(screen)
        // The next line's selection is filled over the descenders of the line above before or
        // after they are drawn: a glyph's edge pixels blend a little differently.
        let selectionDiffering = differingPixels(selectedInLines, selectedWhole, tolerance: 0.02)
        XCTAssertEqual(selectionDiffering.count, 0, "first: \(selectionDiffering.prefix(5))")
    }

    /// A line laid out in pieces of a few words: a keystroke lays out only the piece
    /// it changed, and the line's carets, hits and pixels are those of the paragraph
    /// laid out whole (words fonts kern, a fallback font's emoji, a word joined across a cut).
    func testAKeystrokeLaysOutOnlyThePieceOfItsLineItChanged() async throws {
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let words = ["AV", "To,", "Wa.", "Yo;", "\"LT\"", "office", "j'y", "T-V", "kiosk", "display"]
        let paragraph = (0..<40).map { words[$0 * 3 % words.count] }.joined(separator: " ")
        textView.text = [paragraph, paragraph + " \u{1F600} end " + paragraph].joined(separator: "\n")
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        let textView = textView!
        func edit(at location: Int, _ action: () -> Void) {
            textView.selectedRange = NSRange(location: location, length: 0)
            action()
            display.runUntilIdle()
        }
        edit(at: 20) { typeKeys("x") }
        let line = textView.paragraphs.paragraphs[0]
        XCTAssertTrue(line.continues, "the paragraph is cut at its lines")
        XCTAssertGreaterThan(line.layout?.pieceCount ?? 0, 1, "the line is laid out in pieces")
        let pieces = textView.paragraphs.pieceLayoutCount
        let layouts = textView.paragraphs.layoutCount
        edit(at: 21) { typeKeys("y") }
        XCTAssertEqual(textView.paragraphs.layoutCount, layouts + 1)
        XCTAssertEqual(textView.paragraphs.pieceLayoutCount, pieces + 1, "one piece laid out again")
        XCTAssertGreaterThan(
            textView.paragraphs.paragraphs[0].layout?.shapedPieceCount ?? 0, 0, "ASCII pieces shaped without a layout")
        // The space at a cut deleted joins two pieces' words, then typed again.
        let cut = textView.paragraphs.paragraphs[0].start + 40
        edit(at: cut) { typeKeys("zz") }
        edit(at: 45) { press(KeyCode.backspace) }
        edit(at: 44) { typeKeys(" q") }
        // In the paragraph with an emoji (another font, taller): whole lines there.
        let second = paragraph.utf16.count + 1 + paragraph.utf16.count + 3
        edit(at: second) { typeKeys("w") }
        edit(at: second + 1) { typeKeys("v") }
        let carets = (0...textView.text.utf16.count).map { textView.caretRect(atOffset: $0) }
        let hits = stride(from: 0, to: 400, by: 7).map { textView.offset(at: CGPoint(x: CGFloat($0), y: 20)) }
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let inPieces = try display.capture(screen)
        textView.text = textView.text
        display.runUntilIdle()
        XCTAssertEqual(textView.paragraphs.paragraphs.count, 2)
        let whole = try display.capture(screen)
        XCTAssertEqual(
            differingPixels(inPieces, whole).count, 0, "first: \(differingPixels(inPieces, whole).prefix(5))")
        XCTAssertEqual((0...textView.text.utf16.count).map { textView.caretRect(atOffset: $0) }, carets)
        XCTAssertEqual(
            stride(from: 0, to: 400, by: 7).map { textView.offset(at: CGPoint(x: CGFloat($0), y: 20)) }, hits)
    }

    /// A line of ASCII pieces shaped without a layout, edited with text pango lays out
    /// otherwise (an accented letter, a word of digits alone, then a right-to-left letter,
    /// which makes its paragraph whole): carets and pixels stay those of the paragraphs
    /// laid out whole.
    func testShapedPiecesMixedWithOtherTextMatchTheParagraphsLaidOutWhole() async throws {
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        textView.font = .systemFont(ofSize: 9)
        // The first line has room for the edits (a word too long for the rest of it
        // follows): its break stays and it stays in pieces.
        let words = ["kiosk", "Type", "AV", "display", "window", "To,"]
        let start = (0..<12).map { words[$0 % words.count] }.joined(separator: " ")
        let paragraph = start + " " + String(repeating: "m", count: 25) + " " + start + " " + start
        textView.text = paragraph + "\n" + paragraph
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        let textView = textView!
        func edit(at location: Int, _ text: String) {
            textView.selectedRange = NSRange(location: location, length: 0)
            textView.insertText(text)
            display.runUntilIdle()
        }
        edit(at: 20, "x")
        let shaped = textView.paragraphs.paragraphs[0].layout?.shapedPieceCount ?? 0
        XCTAssertGreaterThan(shaped, 0, "the line's pieces are shaped without a layout")
        edit(at: 21, "\u{E9}")
        edit(at: 50, " 42 ")
        edit(at: 10, "q")
        let line = try XCTUnwrap(textView.paragraphs.paragraphs[0].layout)
        XCTAssertGreaterThan(line.shapedPieceCount, 0)
        XCTAssertLessThan(line.shapedPieceCount, line.pieceCount, "the accented piece is laid out by pango")
        XCTAssertTrue(textView.paragraphs.paragraphs[0].continues, "still a line of its paragraph")
        let second = textView.paragraphs.paragraphs[textView.paragraphs.index(containing: paragraph.utf16.count + 10)]
            .start
        edit(at: second + 30, "x")
        edit(at: second + 31, "\u{5E9}")
        let carets = (0...textView.text.utf16.count).map { textView.caretRect(atOffset: $0) }
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let inPieces = try display.capture(screen)
        textView.text = textView.text
        display.runUntilIdle()
        XCTAssertEqual(textView.paragraphs.paragraphs.count, 2)
        let whole = try display.capture(screen)
        XCTAssertEqual(
            differingPixels(inPieces, whole).count, 0, "first: \(differingPixels(inPieces, whole).prefix(5))")
        XCTAssertEqual((0...textView.text.utf16.count).map { textView.caretRect(atOffset: $0) }, carets)
    }

    /// The caret blinking off in a paragraph laid out whole redraws a sliver of one
    /// line (its other lines, and that line's glyphs away from the caret, are not
    /// drawn at all): the pixels are those of the paragraph drawn whole.
    func testTheCaretsSliverRedrawnMatchesTheParagraphDrawnWhole() async throws {
        textView.text = "Kiosk text that wraps over two lines in this view, AV To Wa. with pango's glyphs."
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 45, length: 0)
        display.runUntilIdle()
        XCTAssertGreaterThanOrEqual(lineCount(ofParagraph: 0) ?? 0, 2)
        textView.pageDrawnArea = .null
        display.advanceTime(by: TextView.caretBlinkInterval)
        display.runUntilIdle()
        XCTAssertLessThan(textView.pageDrawnArea.width, 10, "only the caret: \(textView.pageDrawnArea)")
        let blinkedOff = try display.capture(screen)
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let whole = try display.capture(screen)
        XCTAssertEqual(
            differingPixels(blinkedOff, whole).count, 0, "first: \(differingPixels(blinkedOff, whole).prefix(5))")
    }

    /// A paragraph cut at its lines by a keystroke, then drawn whole (editing ended),
    /// shows the pixels of the same text laid out as one paragraph, at small sizes and
    /// both scales: its lines sit on the same baselines.
    func testLinesCutFromTheirParagraphAtSmallSizesMatchItLaidOutWhole() async throws {
        let words = ["one", "two", "red", "cat", "sun", "map", "ink", "jam", "fog", "hut", "pen", "owl"]
        let paragraph =
            words.joined(separator: " ") + " " + String(repeating: "m", count: 25) + " "
            + (0..<24).map { words[$0 * 5 % words.count] }.joined(separator: " ")
        var differing: [String] = []
        for scale in [1, 2] as [CGFloat] {
            let screen = connect("DP-\(Int(scale))", width: 400 * Int(scale), height: 300 * Int(scale), scale: scale)
            let window = showWindow(on: screen)
            for size in 7...12 {
                let textView = TextView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
                window.addSubview(textView)
                textView.font = .systemFont(ofSize: CGFloat(size))
                textView.text = paragraph
                XCTAssertTrue(textView.becomeFirstResponder())
                textView.selectedRange = NSRange(location: 20, length: 0)
                display.runUntilIdle()
                typeKeys("x")
                display.runUntilIdle()
                XCTAssertTrue(textView.resignFirstResponder())
                display.runUntilIdle()
                XCTAssertGreaterThan(textView.paragraphs.paragraphs.count, 1, "\(size) pt: cut at its lines")
                let inLines = try display.capture(screen)
                textView.text = textView.text
                display.runUntilIdle()
                XCTAssertEqual(textView.paragraphs.paragraphs.count, 1)
                let whole = try display.capture(screen)
                let pixels = differingPixels(inLines, whole)
                if !pixels.isEmpty { differing.append("\(size) pt at \(scale)x: \(pixels.count), \(pixels.prefix(3))") }
                textView.removeFromSuperview()
            }
            display.disconnectScreen(screen)
        }
        XCTAssertEqual(differing, [])
    }

    /// A keystroke redraws only the pixel rows its line's glyphs reach (the caret is a
    /// view of its own), where cairo puts them at whole pixels (a descender's tip can
    /// land in the row below its line's box): typing and deleting tall and deep
    /// letters, at several sizes, both scales, scrolled by a fraction of a point and
    /// by whole points, leaves the pixels of the text drawn whole.
    func testKeystrokesRedrawingTheirLinesInkRowsMatchTheTextDrawnWhole() async throws {
        let line = "Kiosk display with tall lettering, deep pgqy jumps and lines of text to wrap"
        var differing: [String] = []
        for scale in [1, 2] as [CGFloat] {
            let screen = connect("DP-\(Int(scale))", width: 400 * Int(scale), height: 300 * Int(scale), scale: scale)
            let window = showWindow(on: screen)
            for size in [7, 8, 9, 10, 11, 12, 14, 17] as [CGFloat] {
                // Scrolled by whole points, and by a fraction of one: `contentOffset` lands on
                // pixels (as scrolling to the caret does), `bounds` is taken as it is.
                for fraction in [0, 0.5] as [CGFloat] {
                    let textView = TextView(frame: CGRect(x: 0, y: 0.25, width: 400, height: 120))
                    window.addSubview(textView)
                    textView.font = .systemFont(ofSize: size)
                    textView.text = Array(repeating: line, count: 30).joined(separator: "\n")
                    textView.contentOffset = CGPoint(x: 0, y: 11)
                    XCTAssertTrue(textView.becomeFirstResponder())
                    for location in [line.utf16.count + 20, 2 * line.utf16.count + 40, 2 * line.utf16.count + 2] {
                        textView.selectedRange = NSRange(location: location, length: 0)
                        display.runUntilIdle()
                        // After the scroll to the caret, which lands on a pixel.
                        textView.bounds.origin.y = textView.bounds.minY.rounded(.down) + fraction
                        display.runUntilIdle()
                        typeKeys("lp")
                        display.runUntilIdle()
                        press(KeyCode.backspace)
                        press(KeyCode.backspace)
                        press(KeyCode.backspace)
                        display.runUntilIdle()
                        // A frame each: the second redraws from the letter before the edit,
                        // whose stem cairo can put in the column left of its clip.
                        typeKeys("j")
                        display.runUntilIdle()
                        typeKeys("k")
                        display.runUntilIdle()
                    }
                    let offset = textView.bounds.origin
                    // The caret blinks off: what is shown is what the keystrokes redrew.
                    display.advanceTime(by: TextView.caretBlinkInterval)
                    display.runUntilIdle()
                    XCTAssertFalse(textView.isCaretViewShown)
                    let inParts = try display.capture(screen)
                    XCTAssertTrue(textView.resignFirstResponder())
                    textView.text = textView.text
                    textView.bounds.origin = offset
                    display.runUntilIdle()
                    let whole = try display.capture(screen)
                    let pixels = differingPixels(inParts, whole)
                    if !pixels.isEmpty {
                        differing.append(
                            "\(size) pt at \(scale)x scrolled to \(offset.y): \(pixels.count), \(pixels.prefix(3))"
                        )
                    }
                    textView.removeFromSuperview()
                }
            }
            display.disconnectScreen(screen)
        }
        XCTAssertEqual(differing, [])
    }

    private func differingPixels(_ one: CapturedImage, _ other: CapturedImage, tolerance: CGFloat = 0) -> [(
        x: Int, y: Int
    )] {
        (0..<one.height).flatMap { y in
            (0..<one.width).filter { x in
                let a = one.pixel(x: x, y: y)
                let b = other.pixel(x: x, y: y)
                return abs(a.red - b.red) > tolerance || abs(a.green - b.green) > tolerance
                    || abs(a.blue - b.blue) > tolerance
            }.map { (x: $0, y: y) }
        }
    }

    /// A word at a line's start shortened (not at its first letter) goes up to the
    /// line before, as in the paragraph laid out whole.
    func testAWordShortenedAtALinesStartGoesUpToTheLineBefore() async throws {
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let long = String(repeating: "long", count: 10)
        textView.text = String(repeating: "a ", count: 25) + long + " tail"
        XCTAssertTrue(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 4, length: 0)
        typeKeys("b")
        display.runUntilIdle()
        let paragraphs = textView.paragraphs.paragraphs
        XCTAssertEqual(paragraphs.count, 2, "cut at its two lines")
        XCTAssertEqual(paragraphs.last?.start, 51, "the long word starts the second line")
        textView.selectedRange = NSRange(location: 51 + long.utf16.count, length: 0)
        for _ in 0..<(long.utf16.count - 3) { press(KeyCode.backspace) }
        display.runUntilIdle()
        XCTAssertEqual(
            textView.text, String(repeating: "a ", count: 2) + "ba " + String(repeating: "a ", count: 22) + "lon tail")
        XCTAssertTrue(textView.resignFirstResponder())
        display.runUntilIdle()
        let inLines = try display.capture(screen)
        textView.text = textView.text
        display.runUntilIdle()
        XCTAssertEqual(textView.paragraphs.paragraphs.first?.layout?.lineCount, 1, "all of it fits on one line now")
        let whole = try display.capture(screen)
        let differing = (0..<whole.height).flatMap { y in
            (0..<whole.width).filter { x in inLines.pixel(x: x, y: y) != whole.pixel(x: x, y: y) }.map { (x: $0, y: y) }
        }
        XCTAssertEqual(differing.count, 0, "pixels that differ, first: \(differing.prefix(5))")
    }

    /// A point past the end of a line cut from its paragraph, and End on it, give the
    /// offset the paragraph laid out whole gives: before the line's last space.
    func testPastTheEndOfACutLineIsBeforeItsLastSpace() async {
        textView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        textView.text = String(repeating: "word ", count: 40)
        XCTAssertTrue(textView.becomeFirstResponder())
        func pointsPastLineEnds() -> [Int] {
            (0..<3).map { line in
                textView.offset(at: CGPoint(x: 395, y: TextViewTestsGeometry.inset + 7 + CGFloat(line) * 15))
            }
        }
        let whole = pointsPastLineEnds()
        textView.selectedRange = NSRange(location: 3, length: 0)
        typeKeys("x")
        press(KeyCode.backspace)
        display.runUntilIdle()
        XCTAssertGreaterThan(textView.paragraphs.paragraphs.count, 2, "cut at its lines")
        XCTAssertEqual(pointsPastLineEnds(), whole)
        XCTAssertEqual(whole[0], textView.paragraphs.paragraphs[0].end - 1)
        textView.selectedRange = NSRange(location: 3, length: 0)
        press(KeyCode.end)
        XCTAssertEqual(textView.selectedRange.location, whole[0], "End: before the line's last space")
    }

    // MARK: Hostile input

    func testAMegabyteOfTextIsSetAndEditedWithoutLayingItAllOut() async {
        let megabyte =
            String(repeating: String(repeating: "abcdefghi ", count: 50) + "\n", count: 2_000)
            + String(repeating: "z", count: 20_000)
        textView.text = megabyte
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        XCTAssertLessThan(textView.paragraphs.layoutCount, 100, "only what is shown is laid out")
        XCTAssertGreaterThan(textView.contentOffset.y, 0, "the caret at the end is shown")
        typeKeys("a")
        press(KeyCode.backspace)
        press(KeyCode.backspace)
        XCTAssertEqual(textView.text.utf16.count, megabyte.utf16.count - 1)
        press(KeyCode.home, with: KeyCode.leftControl)
        display.runUntilIdle()
        XCTAssertEqual(textView.contentOffset.y, 0)
    }

    func testScrollingThroughALongTextKeepsOnlyLayoutsNearTheBounds() async {
        textView.text = (0..<3_000).map { "paragraph \($0)" }.joined(separator: "\n")
        display.runUntilIdle()
        var offset: CGFloat = 0
        while offset < textView.contentSize.height - 200 {
            offset += 150
            textView.contentOffset = CGPoint(x: 0, y: offset)
            display.runUntilIdle()
        }
        XCTAssertGreaterThan(textView.paragraphs.layoutCount, 2_500, "every paragraph was shown")
        XCTAssertLessThan(
            textView.paragraphs.liveLayoutCount, 2 * TextParagraphs.layoutsBetweenDiscards,
            "layouts far from the bounds were dropped")
        let last = textView.paragraphs.paragraphs.count - 1
        XCTAssertNotNil(textView.paragraphs.paragraphs[last].layout, "the ones shown are kept")
    }

    func testAMegabytePastedIsLaidOutOnlyWhereShown() async {
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("ab")
        textView.selectedRange = NSRange(location: 1, length: 0)
        let line = String(repeating: "pasted text ", count: 40) + "\n"
        Pasteboard.general.string = String(repeating: line, count: 2_000)
        let layouts = textView.paragraphs.layoutCount
        press(KeyCode.letters["v"]!, with: KeyCode.leftControl)
        display.runUntilIdle()
        XCTAssertEqual(textView.text.utf16.count, 2 + line.utf16.count * 2_000)
        XCTAssertLessThan(textView.paragraphs.layoutCount - layouts, 100, "only the paragraphs shown are laid out")
        let caret = textView.caretRect(atOffset: textView.selectedRange.location)
        XCTAssertEqual(textView.selectedRange.location, 1 + line.utf16.count * 2_000)
        XCTAssertTrue(textView.bounds.contains(caret), "the caret after the paste is shown: \(caret)")
        press(KeyCode.backspace)
        XCTAssertTrue(textView.text.hasSuffix("pasted text b"))
    }

    func testNULAndBidiControlsAreTextLikeAnyOther() async throws {
        let odd = "a\u{0}b\u{202E}cd\u{202C}\u{200F}\u{200D}e\n\u{2029}f\r\ng"
        textView.text = odd
        XCTAssertTrue(textView.becomeFirstResponder())
        display.runUntilIdle()
        for _ in 0..<20 { press(KeyCode.left) }
        for _ in 0..<4 { press(KeyCode.down) }
        for _ in 0..<20 { press(KeyCode.right) }
        XCTAssertEqual(textView.selectedRange.location, odd.utf16.count)
        press(KeyCode.backspace)
        XCTAssertEqual(textView.text, String(odd.dropLast()))
        _ = try display.capture(screen)
    }

    func testEditingEndsWhenTheViewIsMadeUneditable() async {
        let delegate = RecordingDelegate()
        textView.delegate = delegate
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("a")
        textView.isEditable = false
        XCTAssertFalse(textView.isEditing)
        XCTAssertFalse(textView.isCaretBlinking)
        XCTAssertEqual(delegate.log.last, "didEnd")
        typeKeys("b")
        XCTAssertEqual(textView.text, "a")
    }

    func testTextSetWhileEditingPutsTheCaretAtTheEnd() async {
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("ab")
        textView.text = "new\ntext"
        XCTAssertEqual(textView.selectedRange, NSRange(location: 8, length: 0))
        typeKeys("c")
        XCTAssertEqual(textView.text, "new\ntextc")
        textView.text = nil
        XCTAssertEqual(textView.text, "")
    }

    func testEndEditingAsksTheDelegateUnlessForced() async {
        let delegate = RecordingDelegate()
        delegate.allowsEnd = false
        textView.delegate = delegate
        XCTAssertTrue(textView.becomeFirstResponder())
        XCTAssertFalse(window.endEditing(false), "the delegate keeps the view editing")
        XCTAssertTrue(textView.isEditing)
        XCTAssertTrue(window.endEditing(true))
        XCTAssertFalse(textView.isEditing)
        XCTAssertFalse(textView.isFirstResponder)
        XCTAssertEqual(delegate.log.filter { $0 == "shouldEnd" }.count, 1, "forced: not asked")
    }

    func testAViewRemovedFromItsWindowWhileEditingEndsEditing() async {
        let delegate = RecordingDelegate()
        textView.delegate = delegate
        XCTAssertTrue(textView.becomeFirstResponder())
        typeKeys("a")
        textView.removeFromSuperview()
        XCTAssertFalse(textView.isEditing)
        XCTAssertFalse(textView.isFirstResponder)
        XCTAssertFalse(textView.isCaretBlinking)
        XCTAssertEqual(delegate.log.last, "didEnd")
        typeKeys("b")
        XCTAssertEqual(textView.text, "a")
        display.advanceTime(by: 2)
        display.runUntilIdle()
    }
}

private enum TextViewTestsGeometry {
    /// The text's inset from the view's top.
    static let inset: CGFloat = 8
}
