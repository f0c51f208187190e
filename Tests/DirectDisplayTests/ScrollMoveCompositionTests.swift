import Compositing
import Foundation
import XCTest

@testable import DirectDisplayCore

/// Rows in titled sections, alternating backgrounds, for scrolls to move
/// (and ScrollSpliceTests' subtrees to flatten again).
@MainActor final class StripedRows: TableViewDataSource {
    let counts: [Int]

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        cell.backgroundColor =
            indexPath.row % 2 == 0
            ? Color(red: 1, green: 0.95, blue: 0.85, alpha: 1) : Color(red: 0.85, green: 0.9, blue: 1, alpha: 1)
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
}

/// A scroll by whole pixels moves the previous frame's pixels and composes only the rest
/// (`ScrollMovePlanner`): every such frame must equal the same scene composed whole.
/// Moves are made whenever they can be proven (`ScrollMovePolicy.always`): these scenes
/// are cheaper to compose than to move, which the last test checks.
final class ScrollMoveCompositionTests: DirectDisplayTestCase {
    private var rows: StripedRows?

    override func setUp() async throws {
        try await super.setUp()
        ScreenCompositor.scrollMoves = .always
    }

    override func tearDown() async throws {
        ScreenCompositor.scrollMoves = .whenCheaper
        try await super.tearDown()
    }

    /// A table with sticky section headers and indicators, in a window with a translucent window over part of it.
    private func showTable(on screen: Screen, translucentOver: Bool) -> TableView {
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        let table = TableView(frame: CGRect(x: 10, y: 10, width: 200, height: 150))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = StripedRows([7, 3, 40, 12])
        self.rows = rows
        table.dataSource = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        if translucentOver {
            let over = Window(screen: screen)
            over.frame = CGRect(x: 120, y: 60, width: 150, height: 50)
            over.backgroundColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.4)
            over.isHidden = false
        }
        display.runUntilIdle()
        return table
    }

    /// `moves` nil: moved or not, the frame must be right.
    private func scroll(_ table: TableView, to y: CGFloat, on screen: Screen, moves: Bool?, _ message: String) {
        table.contentOffset = CGPoint(x: 0, y: y)
        display.runUntilIdle()
        if moves == true {
            XCTAssertGreaterThan(screen.compositor.lastFramePixelsMoved, 0, "\(message): moved")
        } else if moves == false {
            XCTAssertEqual(screen.compositor.lastFramePixelsMoved, 0, "\(message): composed")
        }
        assertLastFrameIsWhole(screen, message)
    }

    func testTableScrolledUpAndDownAcrossStickyHeadersEqualsWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: false)
        // Section 0 is a 28-point header and 7 rows of 44: its header is pushed off by the next one.
        for y: CGFloat in [1, 13, 40, 130, 230, 262, 340, 330, 329, 200, 100, 7, 0] {
            scroll(table, to: y, on: screen, moves: true, "offset \(y)")
        }
        // Farther than the table is high: nothing to move.
        scroll(table, to: 400, on: screen, moves: false, "a jump")
    }

    /// A turned screen composes the scroll (its damage turned into the panel's pixels).
    func testTurnedScreenComposesTheScroll() async {
        let screen = connect(width: 240, height: 180)
        screen.orientation = .landscapeLeft
        let table = showTable(on: screen, translucentOver: false)
        for y: CGFloat in [6, 30, 29] {
            scroll(table, to: y, on: screen, moves: false, "offset \(y), turned")
        }
    }

    /// Dragged by a finger: the indicator shows over the moving rows.
    func testDraggedTableWithItsIndicatorEqualsWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: false)
        var point = CGPoint(x: 100, y: 140)
        display.touchDown(0, at: point, on: screen)
        var moved = 0
        for step in 0..<12 {
            display.advanceTime(by: 0.01)
            point.y -= 7
            display.touchMove(0, at: point, on: screen)
            display.runUntilIdle()
            if screen.compositor.lastFramePixelsMoved > 0 { moved += 1 }
            assertLastFrameIsWhole(screen, "drag step \(step)")
        }
        XCTAssertFalse(table.visibleIndicators.isEmpty, "the indicator shows while dragging")
        XCTAssertGreaterThan(moved, 6, "most of the drag's frames moved")
        display.touchUp(0, at: point, on: screen)
        display.runUntilIdle()
        assertLastFrameIsWhole(screen, "released")
    }

    /// A row recoloured in place, then scrolled and recoloured back in one frame: its old pixels
    /// show the recolour, not the colour it was flattened with, so they are not moved as unchanged.
    func testRowRecolouredInPlaceThenScrolledAndRecolouredBackEqualsWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: false)
        guard let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)), let color = cell.backgroundColor else {
            return XCTFail("row 1 is shown")
        }
        let kept = table.window?.keptScene
        cell.backgroundColor = Color(red: 0.1, green: 0.6, blue: 0.1, alpha: 1)
        display.runUntilIdle()
        XCTAssertTrue(table.window?.keptScene === kept, "recoloured in the kept scene")
        assertLastFrameIsWhole(screen, "recoloured")
        cell.backgroundColor = color
        scroll(table, to: 20, on: screen, moves: true, "scrolled and recoloured back")
    }

    func testTableUnderATranslucentWindowEqualsWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: true)
        for y: CGFloat in [5, 60, 61, 120, 90, 3] {
            scroll(table, to: y, on: screen, moves: true, "offset \(y), under a translucent window")
        }
    }

    /// On a fractional offset each element rounds its own place: the pixels move by the shift most
    /// elements share, and those whose rounding took them elsewhere are composed.
    func testFractionalPixelOffsetsEqualWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: false)
        for y: CGFloat in [10.5, 20.25, 20.75, 30, 41.5, 41.49, 3.333] {
            scroll(table, to: y, on: screen, moves: nil, "offset \(y)")
        }
        scroll(table, to: 50.5, on: screen, moves: true, "from 3.333 to 50.5: most rows moved by 47 pixels")
        // Rows of fractional heights: the elements round apart.
        let heights = FractionalHeights()
        table.delegate = heights
        table.reloadData()
        display.runUntilIdle()
        for y: CGFloat in [60, 61.5, 75.25, 74, 120.5] {
            scroll(table, to: y, on: screen, moves: nil, "offset \(y), rows 33.3 points high")
        }
    }

    func testHalfPointsOnADoubleScaleScreenMove() async {
        let screen = connect(width: 480, height: 360, scale: 2)
        let table = showTable(on: screen, translucentOver: false)
        for y: CGFloat in [0.5, 3, 2.5, 77.5, 60] {
            scroll(table, to: y, on: screen, moves: true, "offset \(y) at scale 2")
        }
    }

    func testScrollViewScrolledSidewaysEqualsWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        let window = Window(screen: screen)
        window.backgroundColor = Color(white: 1, alpha: 1)
        let scrollView = ScrollView(frame: CGRect(x: 20, y: 20, width: 160, height: 120))
        scrollView.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)
        scrollView.contentSize = CGSize(width: 800, height: 300)
        for index in 0..<20 {
            let block = View(frame: CGRect(x: index * 37, y: (index * 53) % 250, width: 30, height: 45))
            block.backgroundColor = Color(red: Double(index % 5) / 4, green: 0.3, blue: Double(index % 3) / 2, alpha: 1)
            scrollView.addSubview(block)
        }
        // A label that draws: content moved with the rest.
        let label = Label(frame: CGRect(x: 5, y: 5, width: 300, height: 30))
        label.text = "Sideways and down"
        scrollView.addSubview(label)
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        for offset in [CGPoint(x: 9, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 31, y: 12), CGPoint(x: 140, y: 100)] {
            scrollView.contentOffset = offset
            display.runUntilIdle()
            XCTAssertGreaterThan(screen.compositor.lastFramePixelsMoved, 0, "\(offset): moved")
            assertLastFrameIsWhole(screen, "offset \(offset)")
        }
        // No background at all: the frame's black is the backdrop.
        window.backgroundColor = nil
        scrollView.backgroundColor = nil
        display.runUntilIdle()
        for offset in [CGPoint(x: 120, y: 90), CGPoint(x: 150, y: 95)] {
            scrollView.contentOffset = offset
            display.runUntilIdle()
            XCTAssertGreaterThan(screen.compositor.lastFramePixelsMoved, 0, "\(offset) over black: moved")
            assertLastFrameIsWhole(screen, "offset \(offset) over black")
        }
    }

    /// A jump farther than an Int holds (a hostile offset) is composed, never a trap: the
    /// default policy's estimate took the shift as an Int before the planner refused it.
    func testAHugeJumpIsComposedNotTrapped() async {
        ScreenCompositor.scrollMoves = .whenCheaper
        let screen = connect(width: 240, height: 180)
        let window = Window(screen: screen)
        window.backgroundColor = Color(white: 1, alpha: 1)
        let scrollView = ScrollView(frame: CGRect(x: 20, y: 20, width: 160, height: 120))
        scrollView.contentSize = CGSize(width: 160, height: 1e300)
        let block = View(frame: CGRect(x: 10, y: 10, width: 30, height: 45))
        block.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        scrollView.addSubview(block)
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        for offset in [CGPoint(x: 0, y: 1e299), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: -1e299)] {
            scrollView.contentOffset = offset
            display.runUntilIdle()
            XCTAssertEqual(screen.compositor.lastFramePixelsMoved, 0, "\(offset): composed")
            assertLastFrameIsWhole(screen, "offset \(offset)")
        }
    }

    /// By default a scroll is moved only where composing it would cost more (what is blended
    /// in the scroll view over the moved rectangle covers more than half of it): opaque rows
    /// are composed, translucent ones moved; under a translucent window over most of the table
    /// (composed after the move anyway), composed.
    func testMovedOnlyWhereComposingCostsMore() async {
        ScreenCompositor.scrollMoves = .whenCheaper
        let screen = connect(width: 240, height: 180)
        let table = showTable(on: screen, translucentOver: false)
        scroll(table, to: 20, on: screen, moves: false, "opaque rows")
        for cell in table.visibleCells { cell.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.3) }
        display.runUntilIdle()
        scroll(table, to: 35, on: screen, moves: true, "translucent rows")
        scroll(table, to: 28, on: screen, moves: true, "and back")
        let veil = Window(screen: screen)
        veil.frame = CGRect(x: 0, y: 0, width: 240, height: 140)
        veil.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
        veil.isHidden = false
        display.runUntilIdle()
        scroll(table, to: 33, on: screen, moves: false, "under a translucent window")
    }

    /// Composing in place: the moved pixels come from the buffer holding the previous frame.
    func testInPlaceScrolledFramesEqualWholeComposition() async {
        let screen = connect(width: 240, height: 180)
        screen.compositor.composesInPlace = true
        let table = showTable(on: screen, translucentOver: true)
        let buffers = (0..<3).map { _ in PlainFrame(width: 240, height: 180) }
        // Every buffer drawn once (a buffer new to its slot is composed whole).
        for slot in 0..<3 { screen.compositor.draw(into: buffers[slot], slot: slot) }
        for (index, y) in [CGFloat(4), 50, 49, 130, 20, 21].enumerated() {
            table.contentOffset = CGPoint(x: 0, y: y)
            display.runUntilIdle()
            // A frame that changes nothing before the draw (as a loop's extra pass composes) keeps the move.
            screen.compositor.compose(screen)
            let buffer = buffers[(index + 1) % 3]
            screen.compositor.draw(into: buffer, slot: (index + 1) % 3)
            XCTAssertGreaterThan(screen.compositor.lastFramePixelsMoved, 0, "offset \(y): moved")
            let full = Application.shared.captureFrame(of: screen)
            XCTAssertTrue(buffer.image.pixels == full.pixels, "offset \(y): in place, not the whole composition")
        }
    }

    /// Composing in place, opaque fills of rows of a kilobyte or more go by streaming stores
    /// (`frame_fill_rows`): rows narrower than the buffer, under a translucent window, composed.
    func testInPlaceFillsOfWideRowsEqualWholeComposition() async {
        ScreenCompositor.scrollMoves = .never
        let screen = connect(width: 600, height: 200)
        screen.compositor.composesInPlace = true
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0.3, green: 0.5, blue: 0.2, alpha: 1)
        let table = TableView(frame: CGRect(x: 23, y: 7, width: 551, height: 180))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = StripedRows([7, 3, 40, 12])
        self.rows = rows
        table.dataSource = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        let over = Window(screen: screen)
        over.frame = CGRect(x: 100, y: 60, width: 450, height: 50)
        over.backgroundColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.4)
        over.isHidden = false
        display.runUntilIdle()
        let buffers = (0..<3).map { _ in PlainFrame(width: 600, height: 200) }
        for slot in 0..<3 { screen.compositor.draw(into: buffers[slot], slot: slot) }
        for (index, y) in [CGFloat(4), 50.5, 49, 130, 20, 21].enumerated() {
            table.contentOffset = CGPoint(x: 0, y: y)
            display.runUntilIdle()
            let buffer = buffers[(index + 1) % 3]
            screen.compositor.draw(into: buffer, slot: (index + 1) % 3)
            let full = Application.shared.captureFrame(of: screen)
            XCTAssertTrue(buffer.image.pixels == full.pixels, "offset \(y): in place, not the whole composition")
        }
    }
}

/// Rows a third of a point off whole pixels.
@MainActor private final class FractionalHeights: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 33 + 1.0 / 3 }
}

/// Cached memory composed into in place, as a vkms buffer is.
private final class PlainFrame: FrameTarget {
    let width: Int
    let height: Int
    var bytesPerRow: Int { width * 4 }
    let pixels: UnsafeMutableRawPointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(byteCount: width * height * 4, alignment: 64)
        pixels.initializeMemory(as: UInt8.self, repeating: 0x5a, count: width * height * 4)
    }

    deinit { pixels.deallocate() }

    var image: CapturedImage { CapturedImage(width: width, height: height, copying: pixels, bytesPerRow: bytesPerRow) }
}
