import Compositing
import Foundation
import XCTest

@testable import DirectDisplayCore

/// A change inside one scroll view's subtree flattens that subtree alone and splices it into the
/// window's kept scene (`FlattenedScene.splice`): the scene must be the one flattening the whole
/// window makes, and every frame the whole composition.
final class ScrollSpliceTests: DirectDisplayTestCase {
    private var rows: StripedRows?

    /// A table with sticky section headers beside a label and a block, over the window's background.
    private func showTable(on screen: Screen, in container: View? = nil) -> (Window, TableView, View) {
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        let table = TableView(frame: CGRect(x: 10, y: 10, width: 200, height: 150))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = StripedRows([6, 30, 9])
        self.rows = rows
        table.dataSource = rows
        (container ?? window).addSubview(table)
        if let container { window.addSubview(container) }
        let block = View(frame: CGRect(x: 215, y: 10, width: 20, height: 60))
        block.backgroundColor = Color(red: 0.8, green: 0.3, blue: 0.2, alpha: 1)
        let label = Label(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        label.text = "x"
        block.addSubview(label)
        window.addSubview(block)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        return (window, table, block)
    }

    /// The window's kept scene against the window flattened whole.
    private func assertKeptSceneIsWhole(_ window: Window, _ message: String, line: UInt = #line) {
        guard let kept = window.keptScene else { return XCTFail("\(message): no kept scene", line: line) }
        var flattener = ViewTreeFlattener(scale: kept.scale)
        flattener.add(window, clip: kept.clip)
        /// The first entry that differs, named.
        func assertSame(_ kept: [String], _ whole: [String], _ what: String) {
            guard kept != whole else { return }
            let index = zip(kept, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            XCTFail(
                "\(message): \(what) differ: \(kept.count) against \(whole.count)"
                    + (index.map { ", at \($0): \(kept[$0]) against \(whole[$0])" } ?? ""), line: line)
        }
        func parts(_ elements: [SceneElement]) -> [String] {
            elements.map { "\($0.key) \($0.area) \($0.signature) \(String(describing: $0.motion))" }
        }
        assertSame(parts(kept.elements), parts(flattener.elements), "elements")
        assertSame(kept.operations.map { "\($0)" }, flattener.operations.map { "\($0)" }, "operations")
        XCTAssertEqual(kept.scrollSpans, flattener.scrollSpans, "\(message): scroll spans", line: line)
        XCTAssertEqual(kept.scrollSpanStarts, flattener.scrollSpanStarts, "\(message): span starts", line: line)
    }

    /// Runs the frames; `spliced`, when given: whether the window's scene was spliced; `shifted`,
    /// when given: whether the scroll moved the kept rows rather than walking them again.
    private func frame(
        _ window: Window, on screen: Screen, spliced: Bool?, shifted: Bool? = nil, _ message: String,
        line: UInt = #line
    ) {
        let before = FlattenedScene.subtreesSpliced
        let shiftedBefore = FlattenedScene.subtreesShifted
        display.runUntilIdle()
        if let spliced {
            XCTAssertEqual(FlattenedScene.subtreesSpliced > before, spliced, "\(message): spliced", line: line)
        }
        if let shifted {
            XCTAssertEqual(FlattenedScene.subtreesShifted > shiftedBefore, shifted, "\(message): shifted", line: line)
        }
        assertKeptSceneIsWhole(window, message, line: line)
        assertLastFrameIsWhole(screen, message, line: line)
    }

    func testScrolledTableIsSplicedAcrossReusedCellsAndStickyHeaders() async {
        let screen = connect(width: 240, height: 180)
        let (window, table, _) = showTable(on: screen)
        for y: CGFloat in [1, 13.5, 40, 130, 262.25, 340, 329, 600, 200, 7, 0] {
            table.contentOffset = CGPoint(x: 0, y: y)
            frame(window, on: screen, spliced: true, "offset \(y)")
        }
        // A row reloaded (its cell given again) and a cell's label redrawn.
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        frame(window, on: screen, spliced: true, "a row reloaded")
        // A label drawn again in place (no new scene) while the table scrolls: taken by the splice.
        table.visibleCells.first?.textLabel?.text = "Changed"
        table.contentOffset = CGPoint(x: 0, y: 3)
        frame(window, on: screen, spliced: true, "a label changed")
    }

    /// A scroll by whole pixels moves the kept rows' parts of the scene and walks only what
    /// changed (the indicator, the sticky header, cells reused or recoloured, a label redrawn):
    /// every frame the scene is the one flattening the window makes, and the composition whole.
    func testScrollsByWholePixelsMoveTheKeptRows() async {
        for scale: CGFloat in [1, 2] {
            let screen = connect(width: Int(240 * scale), height: Int(180 * scale), scale: scale)
            let (window, table, _) = showTable(on: screen)
            // (A frame whose scroll view gains a subview, a new cell or header or the indicator
            // shown first, walks it all: its own state changed.)
            let walkedBefore = FlattenedScene.subtreesShifted
            for y: CGFloat in [1, 2, 14, 40, 130, 262, 340, 329, 600, 200, 7, 0] {
                table.contentOffset = CGPoint(x: 0, y: y)
                frame(window, on: screen, spliced: true, "scale \(scale), offset \(y)")
            }
            XCTAssertGreaterThanOrEqual(FlattenedScene.subtreesShifted - walkedBefore, 8, "scale \(scale): moved")
            // Half a point: whole pixels at scale 2 only (through `bounds`: `contentOffset`
            // lands on a pixel).
            table.bounds.origin = CGPoint(x: 0, y: 20.5)
            frame(window, on: screen, spliced: true, shifted: scale == 2, "scale \(scale), offset 20.5")
            table.contentOffset = CGPoint(x: 0, y: 31)
            frame(window, on: screen, spliced: true, shifted: scale == 2, "scale \(scale), from 20.5 to 31")
            table.contentOffset = CGPoint(x: 0, y: 35)
            frame(window, on: screen, spliced: true, shifted: true, "scale \(scale), offset 35")
            // Changes inside rows while it scrolls: a label redrawn, a row recoloured, a row reloaded.
            table.visibleCells[1].textLabel?.text = "Changed"
            table.contentOffset = CGPoint(x: 0, y: 38)
            frame(window, on: screen, spliced: true, shifted: true, "scale \(scale), a label changed")
            table.visibleCells[2].backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.6, alpha: 1)
            table.contentOffset = CGPoint(x: 0, y: 45)
            frame(window, on: screen, spliced: true, shifted: true, "scale \(scale), a row recoloured")
            table.reloadRows(at: [IndexPath(row: 3, section: 0)], with: .none)
            table.contentOffset = CGPoint(x: 0, y: 47)
            frame(window, on: screen, spliced: true, "scale \(scale), a row reloaded")
            // A flick through the touchscreen: its coast lands on pixels and moves the rows.
            let shiftedBefore = FlattenedScene.subtreesShifted
            let point = CGPoint(x: 100, y: 150)
            display.touchDown(0, at: point, on: screen)
            for step in 1...8 {
                display.advanceTime(by: 0.01)
                display.touchMove(0, at: CGPoint(x: 100, y: 150 - 15 * CGFloat(step)), on: screen)
                frame(window, on: screen, spliced: nil, "scale \(scale), drag \(step)")
            }
            display.touchUp(0, at: CGPoint(x: 100, y: 30), on: screen)
            var frames = 0
            while table.isDecelerating, frames < 600 {
                display.advanceTime(by: 1.0 / 60)
                frame(window, on: screen, spliced: nil, "scale \(scale), coast frame \(frames)")
                frames += 1
            }
            XCTAssertGreaterThan(frames, 20, "the coast ran")
            XCTAssertGreaterThan(FlattenedScene.subtreesShifted - shiftedBefore, frames / 2, "scale \(scale): moved")
            Application.shared.reset()
            display = HeadlessDisplay()
        }
    }

    /// A change outside the table in the same frame as a scroll: the whole window is flattened.
    func testChangeOutsideTheScrollViewInTheSameFrameFlattensTheWindow() async {
        let screen = connect(width: 240, height: 180)
        let (window, table, block) = showTable(on: screen)
        table.contentOffset = CGPoint(x: 0, y: 30)
        block.frame.origin.y += 7
        frame(window, on: screen, spliced: false, "the block moved")
        // A recolour in place outside, pending when the table scrolls: the splice would miss it.
        block.backgroundColor = Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
        XCTAssertTrue(window.hasChangesInPlace, "recoloured in place")
        table.contentOffset = CGPoint(x: 0, y: 50)
        frame(window, on: screen, spliced: false, "the block recoloured")
        // A recolour inside the table, pending while it scrolls, is taken by the splice.
        table.visibleCells.last?.backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.6, alpha: 1)
        table.contentOffset = CGPoint(x: 0, y: 61)
        frame(window, on: screen, spliced: true, "a cell recoloured")
        // The window's own background, recoloured in place, then the table scrolled.
        window.backgroundColor = Color(red: 0.3, green: 0.2, blue: 0.2, alpha: 1)
        table.contentOffset = CGPoint(x: 0, y: 80)
        frame(window, on: screen, spliced: false, "the window recoloured")
        table.contentOffset = CGPoint(x: 0, y: 85)
        frame(window, on: screen, spliced: true, "scrolled alone again")
    }

    /// Scroll views in a scroll view, and one after them: each spliced in turn, the spans that
    /// enclose or follow a spliced subtree moved to where its new parts end.
    func testNestedAndFollowingScrollViewsAreSplicedInTurn() async {
        let screen = connect(width: 240, height: 180)
        let window = Window(screen: screen)
        window.backgroundColor = Color(white: 1, alpha: 1)
        let outer = ScrollView(frame: CGRect(x: 5, y: 5, width: 150, height: 160))
        outer.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)
        outer.contentSize = CGSize(width: 150, height: 600)
        let inner = ScrollView(frame: CGRect(x: 10, y: 10, width: 120, height: 80))
        inner.backgroundColor = Color(red: 0.7, green: 0.8, blue: 0.9, alpha: 1)
        inner.contentSize = CGSize(width: 400, height: 80)
        func block(_ index: Int, in view: View) {
            let block = View(frame: CGRect(x: index * 33, y: (index * 17) % 50, width: 25, height: 30))
            block.backgroundColor = Color(red: Double(index % 4) / 3, green: 0.4, blue: Double(index % 3) / 2, alpha: 1)
            view.addSubview(block)
        }
        for index in 0..<10 { block(index, in: inner) }
        outer.addSubview(inner)
        for index in 0..<8 {
            let row = View(frame: CGRect(x: 0, y: 100 + index * 50, width: 150, height: 40))
            row.backgroundColor = Color(red: 0.3, green: Double(index) / 8, blue: 0.5, alpha: 1)
            outer.addSubview(row)
        }
        let after = ScrollView(frame: CGRect(x: 160, y: 5, width: 75, height: 160))
        after.contentSize = CGSize(width: 75, height: 400)
        for index in 0..<12 { block(index, in: after) }
        window.addSubview(outer)
        window.addSubview(after)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        inner.contentOffset = CGPoint(x: 31, y: 0)
        frame(window, on: screen, spliced: true, "the inner one scrolled")
        // The inner one gains elements: what follows it moves on.
        block(10, in: inner)
        block(11, in: inner)
        frame(window, on: screen, spliced: true, "the inner one grew")
        outer.contentOffset = CGPoint(x: 0, y: 45)
        frame(window, on: screen, spliced: true, "the outer one scrolled")
        after.contentOffset = CGPoint(x: 0, y: 33)
        frame(window, on: screen, spliced: true, "the one after scrolled")
        inner.subviews.first?.removeFromSuperview()
        frame(window, on: screen, spliced: true, "the inner one shrank")
        after.contentOffset = CGPoint(x: 0, y: 70)
        frame(window, on: screen, spliced: true, "the one after scrolled again")
        // Both in one frame: neither encloses the other.
        inner.contentOffset = CGPoint(x: 60, y: 0)
        after.contentOffset = CGPoint(x: 0, y: 20)
        frame(window, on: screen, spliced: false, "two apart")
        // The inner and the outer in one frame: the outer encloses both.
        inner.contentOffset = CGPoint(x: 20, y: 0)
        outer.contentOffset = CGPoint(x: 0, y: 90)
        frame(window, on: screen, spliced: true, "the inner in the outer")
        inner.isHidden = true
        frame(window, on: screen, spliced: true, "the inner one hidden")
    }

    /// A scroll view under a transformed view is no span (inside a group): the window is flattened.
    func testScrollViewUnderATransformIsFlattenedWhole() async {
        let screen = connect(width: 240, height: 180)
        let container = View(frame: CGRect(x: 0, y: 0, width: 215, height: 170))
        container.transform = CGAffineTransform(rotationAngle: 0.05)
        let (window, table, _) = showTable(on: screen, in: container)
        for y: CGFloat in [20, 45.5] {
            table.contentOffset = CGPoint(x: 0, y: y)
            frame(window, on: screen, spliced: false, "offset \(y), turned above")
        }
    }
}
