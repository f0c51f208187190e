import Foundation
import XCTest

@testable import DirectDisplayCore

/// A cell that counts how many were made and how often one was prepared for reuse.
@MainActor private final class CountingCell: TableViewCell {
    static var made = 0
    static var prepared = 0
    /// Whether `prepareForReuse()` ran since the cell was last configured.
    var wasPrepared = false

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        Self.made += 1
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        Self.prepared += 1
        wasPrepared = true
    }
}

/// Rows "s.r" in sections of `counts`, recording the delegate's calls.
@MainActor private final class Rows: TableViewDataSource, TableViewDelegate {
    /// The rows' labels, per section.
    var items: [[String]]
    /// Sections of rows labelled "s.r".
    var counts: [Int] {
        get { items.map(\.count) }
        set { items = newValue.enumerated().map { section, count in (0..<max(count, 0)).map { "\(section).\($0)" } } }
    }
    /// Overrides the counts the data source reports (a count that disagrees with the items).
    var reportedCounts: [Int]?
    var titles: [String?] = []
    /// A height per row; nil: the delegate does not give heights (the table's rowHeight).
    var height: ((IndexPath) -> CGFloat)?
    var log: [String] = []
    /// Whether each cell given was prepared for reuse (or new) before it was configured.
    var configuredPreparedCells = true
    /// When set, willSelectRowAt answers this.
    var redirectSelection: IndexPath??

    init(_ counts: [Int]) {
        items = []
        self.counts = counts
    }

    func numberOfSections(in tableView: TableView) -> Int { (reportedCounts ?? counts).count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        (reportedCounts ?? counts)[section]
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        if let counting = cell as? CountingCell {
            let isNew = counting.textLabel?.text == nil
            configuredPreparedCells = configuredPreparedCells && (isNew || counting.wasPrepared)
            counting.wasPrepared = false
        }
        cell.textLabel?.text = items[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < titles.count ? titles[section] : nil
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        height?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        redirectSelection ?? indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        log.append("select \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("deselect \(indexPath.section).\(indexPath.row)")
    }
}

/// TableView on the headless display: cells and reuse, selection by touch, row updates
/// animated on `advanceTime(by:)`, geometry, and bad input.
final class TableViewTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var rows: Rows!

    /// A 320×480 table filling its screen, showing `counts` rows of CountingCells.
    private func table(_ counts: [Int]) -> TableView {
        screen = connect(width: 320, height: 480)
        let window = Window(screen: screen)
        let table = TableView(frame: window.bounds)
        table.register(CountingCell.self, forCellReuseIdentifier: "row")
        CountingCell.made = 0
        CountingCell.prepared = 0
        rows = Rows(counts)
        table.dataSource = rows
        table.delegate = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        return table
    }

    private func label(_ cell: TableViewCell) -> String { cell.textLabel?.text ?? "" }

    /// The visible cells are those of indexPathsForVisibleRows, at their rows' rectangles.
    private func assertCellsMatchRows(_ table: TableView, file: StaticString = #filePath, line: UInt = #line) {
        let cells = table.visibleCells
        let paths = table.indexPathsForVisibleRows ?? []
        XCTAssertEqual(cells.count, paths.count, file: file, line: line)
        for (cell, path) in zip(cells, paths) {
            XCTAssertEqual(label(cell), rows.items[path.section][path.row], file: file, line: line)
            XCTAssertEqual(cell.frame, table.rectForRow(at: path), file: file, line: line)
            XCTAssertFalse(cell.isHidden, file: file, line: line)
        }
    }

    func testIndexPathRowAndSection() {
        let path = IndexPath(row: 3, section: 1)
        XCTAssertEqual(path.row, 3)
        XCTAssertEqual(path.section, 1)
        XCTAssertEqual(Array(path), [1, 3])
        var changed = path
        changed.row = 7
        XCTAssertEqual(changed, IndexPath(row: 7, section: 1))
        XCTAssertEqual(IndexPath(index: 4).row, -1, "no row: out of range, not a trap")
        XCTAssertEqual(IndexPath().section, -1)
    }

    /// Scrolling through 10,000 rows makes no more cells than the rows on screen plus two,
    /// and every cell handed out again was prepared for reuse.
    func testOnlyRowsOnScreenHaveCellsAndCellsAreReused() async {
        let table = table([10_000])
        XCTAssertEqual(table.contentSize.height, 440_000)
        // 480 / 44: rows 0–10 show.
        XCTAssertEqual(table.visibleCells.count, 11)
        assertCellsMatchRows(table)
        var mostVisible = 0
        var offset: CGFloat = 0
        while offset < 440_000 - 480 {
            offset += 233
            table.contentOffset = CGPoint(x: 0, y: offset)
            display.runUntilIdle()
            mostVisible = max(mostVisible, table.indexPathsForVisibleRows?.count ?? 0)
        }
        assertCellsMatchRows(table)
        XCTAssertEqual(table.indexPathsForVisibleRows?.last, IndexPath(row: 9_999, section: 0))
        XCTAssertLessThanOrEqual(CountingCell.made, mostVisible + 2, "cells made while scrolling 10,000 rows")
        XCTAssertGreaterThan(CountingCell.prepared, 9_000, "cells were reused")
        XCTAssertTrue(rows.configuredPreparedCells, "each reused cell was prepared before the data source had it")
        let hidden = table.subviews.compactMap { $0 as? TableViewCell }.filter(\.isHidden)
        XCTAssertEqual(hidden.count + table.visibleCells.count, CountingCell.made, "the rest wait in the pool")

        // A flick through the headless touchscreen, a frame composed every 1/60 s.
        table.contentOffset = .zero
        display.runUntilIdle()
        display.touchDown(0, at: CGPoint(x: 160, y: 400), on: screen)
        for step in 1...10 {
            display.advanceTime(by: 0.01)
            display.touchMove(0, at: CGPoint(x: 160, y: 400 - 30 * CGFloat(step)), on: screen)
            display.runUntilIdle()
        }
        display.touchUp(0, at: CGPoint(x: 160, y: 100), on: screen)
        while table.isDecelerating {
            display.advanceTime(by: 1.0 / 60)
            display.runUntilIdle()
            mostVisible = max(mostVisible, table.indexPathsForVisibleRows?.count ?? 0)
        }
        XCTAssertGreaterThan(table.contentOffset.y, 1_500, "3 pt/ms coasts about 1,500 points")
        assertCellsMatchRows(table)
        XCTAssertLessThanOrEqual(CountingCell.made, mostVisible + 2)
    }

    /// A layout and display pass walks only the branches where something is marked: a scroll
    /// step showing the same rows marks the table's chain, not its rows' views; a label marked
    /// deep in a row is drawn at the next pass all the same.
    func testAPassWalksOnlyTheBranchesMarked() async {
        let table = table([100])
        guard let window = table.window else { return XCTFail("no window") }
        func marked(_ root: View) -> [View] {
            var found: [View] = []
            var pending = [root]
            while let view = pending.popLast() {
                if view.subtreeNeedsLayout || view.subtreeNeedsDisplay { found.append(view) }
                pending.append(contentsOf: view.subviews)
            }
            return found
        }
        let cell = table.visibleCells[2]
        table.contentOffset = CGPoint(x: 0, y: 3)
        display.runUntilIdle()
        XCTAssertEqual(marked(window).count, 0, "a scroll step's pass leaves nothing marked")
        table.contentOffset = CGPoint(x: 0, y: 6)
        XCTAssertTrue(window.subtreeNeedsLayout && table.subtreeNeedsLayout, "the scroll marks the table's chain")
        XCTAssertFalse(cell.subtreeNeedsLayout || cell.subtreeNeedsDisplay, "and not the rows")
        cell.textLabel?.text = "changed"
        XCTAssertTrue(cell.subtreeNeedsDisplay, "a label marked: its row's branch is walked")
        display.runUntilIdle()
        XCTAssertEqual(cell.textLabel?.needsDisplay, false, "the label was drawn")
        table.contentOffset = CGPoint(x: 0, y: 9)
        display.runUntilIdle()
        XCTAssertEqual(marked(window).count, 0, "what a pass marked after walking by is walked at the next")
        XCTAssertEqual(table.visibleCells.first?.frame.minY, 0, "the rows stayed where they are in the content")
    }

    /// A quick tap selects the row (the delegate told); a tap on another selects it instead.
    func testATapSelectsARow() async throws {
        let table = table([50])
        display.touchDown(0, at: CGPoint(x: 100, y: 100), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 100), on: screen)
        XCTAssertEqual(rows.log, ["select 0.2"])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 2, section: 0))
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        XCTAssertTrue(cell.isSelected)
        XCTAssertTrue(cell.showsSelectionBackground)
        display.touchDown(0, at: CGPoint(x: 100, y: 230), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 230), on: screen)
        XCTAssertEqual(rows.log, ["select 0.2", "deselect 0.2", "select 0.5"])
        XCTAssertFalse(cell.isSelected)
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 5, section: 0)])
        // The delegate may redirect or refuse a selection.
        rows.redirectSelection = .some(nil)
        display.touchDown(0, at: CGPoint(x: 100, y: 10), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 10), on: screen)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 5, section: 0), "refused")
        table.allowsSelection = false
        rows.redirectSelection = nil
        display.touchDown(0, at: CGPoint(x: 100, y: 10), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 10), on: screen)
        XCTAssertNil(table.indexPathForSelectedRow, "no selection while it is not allowed")
    }

    /// A finger held on a row highlights it after the content-touch delay; the lift selects.
    func testAHeldRowIsHighlightedAfterTheDelay() async throws {
        let table = table([50])
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        display.touchDown(0, at: CGPoint(x: 100, y: 150), on: screen)
        display.advanceTime(by: 0.1)
        XCTAssertFalse(cell.isHighlighted, "not before 150 ms")
        display.advanceTime(by: 0.1)
        XCTAssertTrue(cell.isHighlighted)
        display.runUntilIdle()
        let frame = try display.capture(screen)
        assertPixel(frame, 200, 150, Color(white: 0.82))
        display.touchUp(0, at: CGPoint(x: 100, y: 150), on: screen)
        XCTAssertFalse(cell.isHighlighted)
        XCTAssertTrue(cell.isSelected)
        XCTAssertEqual(rows.log, ["select 0.3"])
    }

    /// A drag that starts on a row scrolls, and selects nothing.
    func testADragSelectsNothing() async {
        let table = table([50])
        display.touchDown(0, at: CGPoint(x: 100, y: 300), on: screen)
        for step in 1...8 {
            display.advanceTime(by: 0.01)
            display.touchMove(0, at: CGPoint(x: 100, y: 300 - 20 * CGFloat(step)), on: screen)
        }
        display.touchUp(0, at: CGPoint(x: 100, y: 140), on: screen)
        display.advanceTime(by: 3)
        XCTAssertGreaterThan(table.contentOffset.y, 100)
        XCTAssertEqual(rows.log, [])
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertFalse(table.visibleCells.contains(where: \.isHighlighted))
    }

    func testMultipleSelection() async {
        let table = table([50])
        table.allowsMultipleSelection = true
        for y in [10.0, 100, 10] {
            display.touchDown(0, at: CGPoint(x: 100, y: y), on: screen)
            display.touchUp(0, at: CGPoint(x: 100, y: y), on: screen)
        }
        XCTAssertEqual(rows.log, ["select 0.0", "select 0.2", "deselect 0.0"])
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)])
        table.selectRow(at: IndexPath(row: 40, section: 0), animated: false, scrollPosition: .bottom)
        XCTAssertEqual(
            table.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0), IndexPath(row: 40, section: 0)])
        XCTAssertEqual(table.contentOffset.y, 41 * 44 - 480)
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 40, section: 0))?.isSelected, true)
        table.allowsMultipleSelection = false
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)], "one kept")
        table.deselectRow(at: IndexPath(row: 2, section: 0), animated: false)
        XCTAssertNil(table.indexPathsForSelectedRows)
        XCTAssertEqual(rows.log.count, 3, "selectRow and deselectRow do not tell the delegate")
    }

    /// A deleted row fades out while the rows after it slide up; an inserted one fades in while
    /// the rows after it slide down; at the end every cell is at its row's rectangle.
    func testDeleteAndInsertRowsAnimate() async throws {
        let table = table([20])
        table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        let deleted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let sliding = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        rows.items[0].remove(at: 1)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        XCTAssertIdentical(table.cellForRow(at: IndexPath(row: 1, section: 0)), sliding, "row 2 is row 1 now")
        XCTAssertEqual(sliding.frame.minY, 44, "the model frame is the end")
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 4, section: 0), "the selection moved up")
        display.advanceTime(by: 0.15)
        let halfway = sliding.presentation.frame.minY
        XCTAssertGreaterThan(halfway, 44)
        XCTAssertLessThan(halfway, 88)
        XCTAssertGreaterThan(deleted.presentation.alpha, 0)
        XCTAssertLessThan(deleted.presentation.alpha, 1)
        XCTAssertFalse(deleted.isHidden, "still fading")
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertEqual(sliding.presentation.frame.minY, 44)
        XCTAssertTrue(deleted.isHidden, "pooled once faded")
        assertCellsMatchRows(table)
        XCTAssertEqual(table.visibleCells.map(label).first(where: { $0 == "0.11" }), "0.11", "row 11 slid on")

        rows.items[0].insert("new", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        XCTAssertIdentical(table.cellForRow(at: IndexPath(row: 1, section: 0)), table.visibleCells[1])
        let inserted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(inserted.frame.minY, 0)
        XCTAssertIdentical(table.cellForRow(at: IndexPath(row: 2, section: 0)), sliding)
        display.advanceTime(by: 0.15)
        XCTAssertLessThan(inserted.presentation.alpha, 1)
        XCTAssertGreaterThan(sliding.presentation.frame.minY, 44)
        XCTAssertLessThan(sliding.presentation.frame.minY, 88)
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertEqual(sliding.presentation.frame.minY, 88)
        XCTAssertEqual(inserted.presentation.alpha, 1)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 5, section: 0))
        assertCellsMatchRows(table)
        XCTAssertEqual(table.contentSize.height, 20 * 44)
    }

    /// `.left` slides a deleted row out to the left and an inserted one in from the left, unfaded.
    func testDirectionalRowAnimations() async throws {
        let table = table([20])
        let deleted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        rows.items[0].remove(at: 2)
        table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .left)
        display.advanceTime(by: 0.15)
        XCTAssertLessThan(deleted.presentation.frame.minX, -10, "going left")
        XCTAssertGreaterThan(deleted.presentation.frame.minX, -310)
        XCTAssertEqual(deleted.presentation.alpha, 1, "not faded")
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertTrue(deleted.isHidden)
        rows.items[0].insert("new", at: 2)
        table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .bottom)
        let inserted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        XCTAssertEqual(inserted.frame, table.rectForRow(at: IndexPath(row: 2, section: 0)), "the model is the end")
        display.advanceTime(by: 0.15)
        XCTAssertGreaterThan(inserted.presentation.frame.minY, 88, "coming up from below")
        XCTAssertLessThan(inserted.presentation.alpha, 1)
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertEqual(inserted.presentation.frame.minY, 88)
        XCTAssertEqual(inserted.presentation.alpha, 1)
        assertCellsMatchRows(table)
    }

    /// reloadRows asks again for the cells of those rows only: the old cell fades out, the new
    /// one in, the rows after slide to the new height; the reloaded row is deselected.
    func testReloadRows() async throws {
        let table = table([20])
        let kept = table.cellForRow(at: IndexPath(row: 0, section: 0))
        let old = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        let below = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 4, section: 0)))
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        rows.height = { $0.row == 3 ? 100 : 44 }
        rows.items[0][3] = "reloaded"
        table.reloadRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
        let new = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        XCTAssertNotIdentical(new, old)
        XCTAssertEqual(new.textLabel?.text, "reloaded")
        XCTAssertNil(table.indexPathForSelectedRow)
        display.advanceTime(by: 0.15)
        XCTAssertGreaterThan(old.presentation.alpha, 0, "the old cell fades out")
        XCTAssertLessThan(new.presentation.alpha, 1, "the new one in")
        XCTAssertGreaterThan(below.presentation.frame.minY, 176, "the next row slides down")
        display.advanceTime(by: 0.3)
        display.runUntilIdle()
        XCTAssertTrue(old.isHidden, "pooled")
        XCTAssertIdentical(table.cellForRow(at: IndexPath(row: 0, section: 0)), kept)
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 3, section: 0)).height, 100)
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 4, section: 0)).minY, 232)
        XCTAssertEqual(below.presentation.frame.minY, 232)
        assertCellsMatchRows(table)
    }

    /// A data source that keeps one cell per row gives the same cell again on reload: it stays.
    func testReloadingARowWhoseCellIsKept() async throws {
        final class KeptCells: TableViewDataSource {
            let cells = (0..<5).map { _ in TableViewCell(style: .default, reuseIdentifier: nil) }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                cells[indexPath.row]
            }
        }
        let table = table([5])
        let kept = KeptCells()
        table.dataSource = kept
        display.runUntilIdle()
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        display.advanceTime(by: 0.5)
        display.runUntilIdle()
        XCTAssertIdentical(table.cellForRow(at: IndexPath(row: 1, section: 0)), kept.cells[1])
        XCTAssertIdentical(kept.cells[1].superview, table)
        XCTAssertEqual(kept.cells[1].alpha, 1)
        XCTAssertFalse(kept.cells[1].isHidden)
    }

    /// Variable heights: the row at a point is found by the running sum, as a walk would find it.
    func testIndexPathForRowAtAPointWithVariableHeights() async {
        let table = table([60_000, 40_000])
        rows.titles = ["A", "B"]
        rows.height = { CGFloat(20 + ($0.row % 3) * 10) }
        table.reloadData()
        display.runUntilIdle()
        // Section 0: header 28, rows of 20, 30, 40… (60,000 rows: 1,800,000 points).
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: 27)), "the header")
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 28)), IndexPath(row: 0, section: 0))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 28 + 20 + 30 + 39)), IndexPath(row: 2, section: 0))
        XCTAssertEqual(
            table.indexPathForRow(at: CGPoint(x: 10, y: 28 + 90 * 1000 + 25)), IndexPath(row: 3001, section: 0))
        let sectionOneRows: CGFloat = 28 + 1_800_000 + 28
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: sectionOneRows - 1)), "section 1's header")
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: sectionOneRows + 60)), IndexPath(row: 2, section: 1))
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: table.contentSize.height)), "below the rows")
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: -1, y: 100)))
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: CGFloat.nan)))
        XCTAssertEqual(table.contentSize.height, sectionOneRows + CGFloat(13_333 * 90 + 20))
    }

    /// scrollToRow puts the row at the top (under its section's header), middle or bottom,
    /// or scrolls as little as shows it; always within the scrollable range.
    func testScrollToRowPositions() async {
        let table = table([100])
        let row = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: row, at: .top, animated: false)
        XCTAssertEqual(table.contentOffset.y, 50 * 44)
        table.scrollToRow(at: row, at: .middle, animated: false)
        XCTAssertEqual(table.contentOffset.y, 50 * 44 + 22 - 240)
        table.scrollToRow(at: row, at: .bottom, animated: false)
        XCTAssertEqual(table.contentOffset.y, 51 * 44 - 480)
        table.scrollToRow(at: row, at: .none, animated: false)
        XCTAssertEqual(table.contentOffset.y, 51 * 44 - 480, "already showing: no scroll")
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .none, animated: false)
        XCTAssertEqual(table.contentOffset.y, 10 * 44, "above: to the top")
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        XCTAssertEqual(table.contentOffset.y, 100 * 44 - 480, "clamped to the end")
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(table.contentOffset.y, 0)
        display.runUntilIdle()
        assertCellsMatchRows(table)
    }

    /// A section's header stays at the top while its rows scroll under it; the next pushes it up.
    func testSectionHeadersStickToTheTop() async throws {
        let table = table([20, 20])
        rows.titles = ["First", "Second"]
        table.reloadData()
        display.runUntilIdle()
        func headers() -> [SectionHeaderView] {
            table.subviews.compactMap { $0 as? SectionHeaderView }.filter { !$0.isHidden }
        }
        XCTAssertEqual(headers().map(\.title.text), ["First"])
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 28)
        table.contentOffset = CGPoint(x: 0, y: 300)
        display.runUntilIdle()
        XCTAssertEqual(try XCTUnwrap(headers().first).frame.minY, 300, "held at the top")
        // Section 1's header is at 28 + 880 = 908; at offset 890 it pushes the first up.
        table.contentOffset = CGPoint(x: 0, y: 890)
        display.runUntilIdle()
        let shown = headers().sorted { $0.frame.minY < $1.frame.minY }
        XCTAssertEqual(shown.map(\.title.text), ["First", "Second"])
        XCTAssertEqual(shown[0].frame.minY, 908 - 28)
        XCTAssertEqual(shown[1].frame.minY, 908)
        rows.titles = ["Erste", "Zweite"]
        table.reloadData()
        display.runUntilIdle()
        XCTAssertEqual(Set(headers().map(\.title.text)), ["Erste", "Zweite"], "titles asked again")
        XCTAssertGreaterThan(
            try XCTUnwrap(table.indexOfSubview(shown[0])), try XCTUnwrap(table.indexOfSubview(table.visibleCells[0])),
            "in front of the cells")
    }

    // MARK: Bad input

    private func keptLog(_ body: () -> Void) -> [String] {
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        body()
        return StderrLog.kept.withLock { $0 } ?? []
    }

    /// No rows, no sections, no data source: an empty table, no cells, no crash.
    func testEmptyTables() async {
        let table = table([0])
        XCTAssertEqual(table.visibleCells.count, 0)
        XCTAssertNil(table.indexPathsForVisibleRows)
        XCTAssertEqual(table.contentSize.height, 0)
        rows.counts = []
        table.reloadData()
        display.runUntilIdle()
        XCTAssertEqual(table.numberOfSections, 0)
        table.dataSource = nil
        display.runUntilIdle()
        XCTAssertEqual(table.visibleCells.count, 0)
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: 10)))
    }

    /// A count changed without reloadData is said once, and the table shows the new count at
    /// the next layout.
    func testACountChangedWithoutReloadIsLoggedAndShown() async {
        let table = table([30])
        let lines = keptLog {
            rows.counts = [3]
            table.setNeedsLayout()
            display.runUntilIdle()
            XCTAssertEqual(table.visibleCells.count, 3)
            rows.counts = [5]
            table.setNeedsLayout()
            display.runUntilIdle()
            XCTAssertEqual(table.visibleCells.count, 5)
            // An insertion that does not match the count reloads.
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            display.runUntilIdle()
            XCTAssertEqual(table.visibleCells.count, 5)
        }
        XCTAssertEqual(lines.filter { $0.contains("changed without reloadData") }.count, 1, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("do not match") }.count, 1, "\(lines)")
        assertCellsMatchRows(table)
    }

    /// Negative or NaN heights are 0 (logged once); negative counts none.
    func testBadHeightsAndCounts() async {
        let table = table([10])
        let lines = keptLog {
            rows.height = { $0.row == 1 ? -5 : $0.row == 2 ? .nan : 44 }
            table.reloadData()
            display.runUntilIdle()
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)).height, 0)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 3, section: 0)).minY, 44)
            XCTAssertEqual(table.contentSize.height, 8 * 44)
            table.rowHeight = .nan
            table.rowHeight = -1
            XCTAssertEqual(table.rowHeight, 44)
            rows.reportedCounts = [-3]
            table.reloadData()
            display.runUntilIdle()
            XCTAssertEqual(table.numberOfRows(inSection: 0), 0)
        }
        XCTAssertEqual(lines.filter { $0.contains("heightForRowAt") }.count, 1, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("rowHeight refused the non-finite value nan") }.count, 1, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("negative value -5") }.count, 1, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("returned -3") }.count, 1, "\(lines)")
    }

    /// Index paths that are not rows are ignored (logged) by every method; nil comes back.
    func testIndexPathsOutOfRange() async {
        let table = table([10])
        let bad = [
            IndexPath(row: 10, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: -1, section: 0),
            IndexPath(index: 0), IndexPath(),
        ]
        let lines = keptLog {
            for path in bad {
                XCTAssertNil(table.cellForRow(at: path))
                XCTAssertEqual(table.rectForRow(at: path), .null)
                table.scrollToRow(at: path, at: .top, animated: false)
                table.selectRow(at: path, animated: false, scrollPosition: .top)
                table.deselectRow(at: path, animated: false)
                table.reloadRows(at: [path], with: .none)
            }
            table.deleteRows(at: bad, with: .fade)
            table.insertRows(at: bad, with: .fade)
            display.runUntilIdle()
        }
        XCTAssertEqual(table.contentOffset, .zero)
        XCTAssertNil(table.indexPathForSelectedRow)
        assertCellsMatchRows(table)
        XCTAssertEqual(table.visibleCells.count, 10)
        for method in ["scrollToRow", "selectRow", "reloadRows", "deleteRows", "insertRows"] {
            XCTAssertEqual(lines.filter { $0.contains(method) }.count, 1, "\(method): \(lines)")
        }
    }

    /// A data source that hands out one cell for two rows, or an unregistered identifier.
    func testMisbehavingDataSource() async {
        final class SameCell: TableViewDataSource {
            let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { cell }
        }
        let table = table([5])
        let same = SameCell()
        let lines = keptLog {
            table.dataSource = same
            display.runUntilIdle()
            XCTAssertEqual(table.visibleCells.count, 1)
            let cell = table.dequeueReusableCell(withIdentifier: "nobody", for: IndexPath(row: 0, section: 0))
            XCTAssertEqual(cell.reuseIdentifier, "nobody")
        }
        XCTAssertEqual(lines.filter { $0.contains("already shows") }.count, 1, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("nobody") }.count, 1, "\(lines)")
    }

    /// The cell's standard subviews by style, the accessory drawn, the separator.
    func testCellStylesAndAccessories() async throws {
        let plain = TableViewCell(style: .default, reuseIdentifier: nil)
        XCTAssertNil(plain.detailTextLabel)
        XCTAssertNotNil(plain.imageView)
        let subtitle = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        subtitle.textLabel?.text = "Title"
        subtitle.detailTextLabel?.text = "Detail"
        subtitle.frame = CGRect(x: 0, y: 0, width: 320, height: 60)
        subtitle.layoutIfNeeded()
        let text = try XCTUnwrap(subtitle.textLabel)
        let detail = try XCTUnwrap(subtitle.detailTextLabel)
        XCTAssertLessThan(text.frame.maxY, detail.frame.maxY, "the detail under the title")
        XCTAssertNil(TableViewCell(style: .value1, reuseIdentifier: nil).imageView)

        let table = table([3])
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        cell.accessoryType = .checkmark
        display.runUntilIdle()
        var frame = try display.capture(screen)
        // The tick is blue, somewhere in the accessory's box at the right.
        let box = (280..<304).flatMap { x in (10..<34).map { y in frame.pixel(x: x, y: y) } }
        XCTAssertTrue(box.contains { $0.blue > 0.8 && $0.red < 0.3 }, "a blue tick")
        cell.accessoryType = .disclosureIndicator
        display.runUntilIdle()
        frame = try display.capture(screen)
        let chevron = (280..<304).flatMap { x in (10..<34).map { y in frame.pixel(x: x, y: y) } }
        XCTAssertTrue(chevron.contains { $0.red < 0.85 && abs($0.red - $0.blue) < 0.05 }, "a grey chevron")
        XCTAssertLessThan(cell.contentView.frame.width, 320, "room for the accessory")
        // The separator: a grey hairline at the bottom of each row, from the margin.
        assertPixel(frame, 100, 43, Color(white: 0.78))
        assertPixel(frame, 5, 43, .white)
        table.separatorColor = .red
        frame = try display.capture(screen)
        assertPixel(frame, 100, 87, .red)
        table.separatorStyle = .none
        frame = try display.capture(screen)
        assertPixel(frame, 100, 87, .white)
        XCTAssertEqual(TableView(frame: .zero, style: .plain).style, .plain)
    }
}

/// The row arithmetic against a walk over the rows, on random tables.
final class TableRowGeometryTests: XCTestCase {
    func testLookupsMatchAWalk() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let counts = (0..<Int.random(in: 0...5, using: &random)).map { _ in Int.random(in: 0...30, using: &random) }
            let headers = counts.map { _ in Bool.random(using: &random) ? CGFloat(28) : 0 }
            let heights: [[CGFloat]] = counts.map { count in
                (0..<count).map { _ in CGFloat([0, 10, 44, 100].randomElement(using: &random)!) }
            }
            let geometry = TableRowGeometry(
                rowCounts: counts, headerHeight: { headers[$0] }, rowHeight: { heights[$0][$1] })
            // The walk: each row's path, top and height.
            var rows: [(IndexPath, CGFloat, CGFloat)] = []
            var y: CGFloat = 0
            for (section, count) in counts.enumerated() {
                y += headers[section]
                for row in 0..<count {
                    rows.append((IndexPath(row: row, section: section), y, heights[section][row]))
                    y += heights[section][row]
                }
            }
            XCTAssertEqual(geometry.height, y)
            XCTAssertEqual(geometry.numberOfRows, rows.count)
            for (global, (path, top, height)) in rows.enumerated() {
                XCTAssertEqual(geometry.indexPath(ofGlobalRow: global), path)
                XCTAssertEqual(geometry.globalRow(path), global)
                XCTAssertEqual(
                    geometry.rect(ofGlobalRow: global, width: 10), CGRect(x: 0, y: top, width: 10, height: height))
            }
            for probe in stride(from: -5, through: y + 5, by: 3) {
                let hit = rows.firstIndex { $0.1 <= probe && probe < $0.1 + $0.2 }
                XCTAssertEqual(geometry.globalRow(at: probe), hit, "y \(probe)")
                let low = probe
                let high = probe + 37
                let expected = rows.indices.filter { rows[$0].1 + rows[$0].2 > low && rows[$0].1 < high }
                XCTAssertEqual(Array(geometry.rows(from: low, to: high)), expected, "\(low)–\(high)")
            }
        }
    }

    /// Old rows keep their order around deletions and insertions; the two maps invert each other.
    func testRowChangesMapOldToNewAndBack() {
        let changes = RowChanges(deleted: [[1, 4]], inserted: [[0, 3, 7]])
        // Old 0…7 less 1 and 4: 0, 2, 3, 5, 6, 7 take the new places not inserted: 1, 2, 4, 5, 6, 8.
        let expected: [Int?] = [1, nil, 2, 4, nil, 5, 6, 8]
        for (old, new) in expected.enumerated() {
            XCTAssertEqual(changes.newIndexPath(ofOld: IndexPath(row: old, section: 0))?.row, new, "old \(old)")
            if let new {
                XCTAssertEqual(changes.oldIndexPath(ofNew: IndexPath(row: new, section: 0))?.row, old)
            }
        }
        for inserted in [0, 3, 7] { XCTAssertNil(changes.oldIndexPath(ofNew: IndexPath(row: inserted, section: 0))) }
        XCTAssertNil(changes.newIndexPath(ofOld: IndexPath(row: 0, section: 1)), "no such section")
    }
}
