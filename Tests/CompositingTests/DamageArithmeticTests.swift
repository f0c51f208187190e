import XCTest

@testable import Compositing

final class DamageArithmeticTests: XCTestCase {
    private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    func testRegionsMergeWhatTouchesAndKeepTheRestApart() {
        let table: [(added: [PixelRect], expected: Set<PixelRect>, area: Int)] = [
            ([], [], 0),
            ([rect(0, 0, 0, 5)], [], 0),
            ([rect(0, 0, 10, 10)], [rect(0, 0, 10, 10)], 100),
            ([rect(0, 0, 10, 10), rect(20, 0, 10, 10)], [rect(0, 0, 10, 10), rect(20, 0, 10, 10)], 200),
            ([rect(0, 0, 10, 10), rect(5, 5, 10, 10)], [rect(0, 0, 15, 15)], 225),
            ([rect(0, 0, 10, 10), rect(10, 0, 10, 10)], [rect(0, 0, 20, 10)], 200),
            ([rect(0, 0, 10, 10), rect(30, 0, 10, 10), rect(8, 0, 25, 2)], [rect(0, 0, 40, 10)], 400),
        ]
        for (index, row) in table.enumerated() {
            let region = DamageRegion(row.added)
            XCTAssertEqual(Set(region.rects), row.expected, "row \(index)")
            XCTAssertEqual(region.area, row.area, "row \(index)")
        }
    }

    func testManySeparateRectanglesBecomeTheirBoundingBox() {
        let region = DamageRegion((0..<(DamageRegion.limit + 1)).map { rect($0 * 20, 0, 5, 5) })
        XCTAssertEqual(region.rects, [rect(0, 0, DamageRegion.limit * 20 + 5, 5)])
    }

    func testClippingToTheFrame() {
        let region = DamageRegion([rect(-5, -5, 10, 10), rect(95, 45, 10, 10)]).clipped(to: rect(0, 0, 100, 50))
        XCTAssertEqual(Set(region.rects), [rect(0, 0, 5, 5), rect(95, 45, 5, 5)])
    }

    /// What a buffer composed in place copies: what it missed minus what is composed
    /// into it, in rectangles that do not overlap and cover exactly the difference.
    func testSubtractionLeavesExactlyThePixelsOutside() {
        let table: [(region: [PixelRect], minus: [PixelRect], area: Int)] = [
            ([rect(0, 0, 100, 50)], [rect(0, 0, 100, 50)], 0),
            ([rect(0, 0, 100, 50)], [], 5000),
            ([rect(0, 0, 100, 50)], [rect(10, 10, 20, 20)], 5000 - 400),
            ([rect(0, 0, 100, 50)], [rect(90, 40, 20, 20)], 5000 - 100),
            ([rect(0, 0, 10, 10), rect(50, 0, 10, 10)], [rect(5, 0, 50, 10)], 100),
            ([], [rect(0, 0, 10, 10)], 0),
        ]
        for (index, row) in table.enumerated() {
            let minus = DamageRegion(row.minus)
            let pieces = DamageRegion(row.region).subtracting(minus)
            XCTAssertEqual(pieces.reduce(0) { $0 + $1.width * $1.height }, row.area, "row \(index)")
            for (first, piece) in pieces.enumerated() {
                for other in minus.rects { XCTAssertTrue(piece.intersection(other).isEmpty, "row \(index)") }
                for later in pieces[(first + 1)...] { XCTAssertTrue(piece.intersection(later).isEmpty, "row \(index)") }
            }
        }
    }

    /// Three buffers in turn: each takes the damage of every frame since it was last drawn.
    func testBufferAgeCollectsWhatEachBufferMissed() {
        var history = BufferDamageHistory()
        let a = DamageRegion([rect(0, 0, 1, 1)])
        let b = DamageRegion([rect(10, 0, 1, 1)])
        let c = DamageRegion([rect(20, 0, 1, 1)])
        let d = DamageRegion([rect(30, 0, 1, 1)])
        history.addFrame(a)
        XCTAssertNil(history.take(slot: 0), "never drawn: whole")
        history.addFrame(b)
        XCTAssertNil(history.take(slot: 1))
        history.addFrame(c)
        XCTAssertNil(history.take(slot: 2))
        history.addFrame(d)
        XCTAssertEqual(history.take(slot: 0), b.union(c).union(d), "slot 0 was drawn three frames ago")
        history.addFrame(a)
        XCTAssertEqual(history.take(slot: 1), c.union(d).union(a))
        history.addFrame(b)
        XCTAssertEqual(history.take(slot: 0), a.union(b), "drawn two frames ago")
        history.reset()
        XCTAssertNil(history.take(slot: 0), "after a reset every buffer is drawn whole")
        for _ in 0..<10 { history.addFrame(a) }
        XCTAssertNil(history.take(slot: 1), "older than the history kept: whole")
    }

    /// EGL_EXT_buffer_age: a buffer `age` frames old takes the new frame's damage and
    /// that of the `age - 1` frames swapped since; unknown, stale or too old: whole.
    func testEGLBufferAgeCollectsTheFramesSinceTheBufferWasShown() {
        var history = BufferDamageHistory(depth: 3)
        let a = DamageRegion([rect(0, 0, 1, 1)])
        let b = DamageRegion([rect(10, 0, 1, 1)])
        let c = DamageRegion([rect(20, 0, 1, 1)])
        let d = DamageRegion([rect(30, 0, 1, 1)])
        XCTAssertNil(history.damage(age: 1, adding: a), "nothing swapped since the reset: whole")
        history.addFrame(a)
        history.addFrame(b)
        history.addFrame(c)
        let cases: [(age: Int, expected: DamageRegion?, why: String)] = [
            (0, nil, "age 0: contents unknown"),
            (1, d, "the previous front buffer misses only the new frame"),
            (2, c.union(d), "two frames old"),
            (3, b.union(c).union(d), "three frames old"),
            (4, nil, "shown before the first frame since the reset"),
        ]
        for (age, expected, why) in cases {
            XCTAssertEqual(history.damage(age: age, adding: d), expected, why)
        }
        history.addFrame(d)
        history.addFrame(a)
        XCTAssertNil(history.damage(age: 5, adding: b), "older than the 3 frames kept: whole")
        XCTAssertEqual(history.damage(age: 4, adding: b), c.union(d).union(a).union(b))
        history.reset()
        XCTAssertNil(history.damage(age: 1, adding: b), "after a reset every buffer is drawn whole")
    }

    func testSceneDiffTable() {
        func element(_ key: UInt64, _ area: PixelRect, _ signature: Int = 0, content: PixelRect? = nil) -> SceneElement
        {
            SceneElement(
                key: key, area: area, signature: signature, contentDamage: DamageRegion(content.map { [$0] } ?? []))
        }
        let one = element(1, rect(0, 0, 10, 10))
        let two = element(2, rect(5, 5, 10, 10))
        let table: [(old: [SceneElement], new: [SceneElement], damage: Set<PixelRect>)] = [
            ([one, two], [one, two], []),
            ([one], [one, two], [rect(5, 5, 10, 10)]),
            ([one, two], [one], [rect(5, 5, 10, 10)]),
            ([one], [element(1, rect(20, 0, 10, 10))], [rect(0, 0, 10, 10), rect(20, 0, 10, 10)]),
            ([one], [element(1, rect(0, 0, 10, 10), 7)], [rect(0, 0, 10, 10)]),
            ([one, two], [two, one], [rect(0, 0, 15, 15)]),
            ([one], [element(1, rect(0, 0, 10, 10), content: rect(2, 2, 3, 3))], [rect(2, 2, 3, 3)]),
            ([one], [element(1, rect(0, 0, 10, 10), content: rect(8, 8, 30, 30))], [rect(8, 8, 2, 2)]),
        ]
        for (index, row) in table.enumerated() {
            XCTAssertEqual(Set(SceneDiff.damage(from: row.old, to: row.new).rects), row.damage, "row \(index)")
        }
    }
}
