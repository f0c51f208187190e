import XCTest

@testable import Compositing

/// When a scroll is a move of pixels, and what is composed besides (`ScrollMovePlanner`).
final class ScrollMovePlannerTests: XCTestCase {
    /// The scroll view shows its content in this rectangle.
    private let visible = PixelRect(x: 10, y: 20, width: 100, height: 80)
    private let white = PixelColor(red: 1, green: 1, blue: 1, alpha: 1)
    private let frame = PixelRect(x: 0, y: 0, width: 200, height: 200)

    /// A fill element inside the scroll view with its top-left corner at (`x`, `y`).
    private func fill(_ key: UInt64, x: Int, y: Int, width: Int = 100, height: Int = 30, look: Int = 1) -> SceneElement
    {
        let placement = PixelRect(x: x, y: y, width: width, height: height)
        let area = placement.intersection(visible)
        return SceneElement(
            key: key, area: area, signature: area.hashValue ^ look,
            motion: ElementMotion(placement: placement, clip: visible, look: look))
    }

    private func span(originY: Double, originX: Double = 10, elements: Range<Int>) -> ScrollSpan {
        ScrollSpan(key: 7, visible: visible, originX: originX, originY: originY, elements: elements, operations: 1..<1)
    }

    private var background: SceneElement { SceneElement(key: 1, area: frame, signature: 1) }
    private var opaqueBackdrop: [ScrollMovePlanner.Backdrop] {
        [([.fill(frame, color: white, clip: frame)], [0])]
    }

    private func plan(
        old: [SceneElement], oldOrigin: Double, new: [SceneElement], newOrigin: Double, above: [SceneElement] = [],
        backdrop: [ScrollMovePlanner.Backdrop]? = nil
    ) -> (move: ScrollMove, damage: DamageRegion)? {
        ScrollMovePlanner.plan(
            old: [background] + old, oldSpan: span(originY: oldOrigin, elements: 1..<(1 + old.count)),
            new: [background] + new, newSpan: span(originY: newOrigin, elements: 1..<(1 + new.count)), above: above,
            oldBackdrop: backdrop ?? opaqueBackdrop, newBackdrop: backdrop ?? opaqueBackdrop)
    }

    func testContentScrolledUpMovesAndComposesTheUncoveredStrip() throws {
        // Rows 30 pixels high; the content scrolls up by 12 pixels.
        let old = [fill(2, x: 10, y: 20), fill(3, x: 10, y: 50), fill(4, x: 10, y: 80)]
        let new = [fill(2, x: 10, y: 8), fill(3, x: 10, y: 38), fill(4, x: 10, y: 68), fill(5, x: 10, y: 98)]
        let (move, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: new, newOrigin: 8))
        XCTAssertEqual(move, ScrollMove(rect: PixelRect(x: 10, y: 20, width: 100, height: 68), dx: 0, dy: -12))
        XCTAssertEqual(move.source, PixelRect(x: 10, y: 32, width: 100, height: 68))
        // The strip at the bottom, which the new row is all of (it was not there before).
        XCTAssertEqual(damage.rects, [PixelRect(x: 10, y: 88, width: 100, height: 12)])
    }

    func testAnElementThatStaysOnScreenIsComposedWhereItIsAndWhereItWouldBeCarried() throws {
        // An indicator (a fill that keeps its place on screen) and a row moving down by 5.
        let old = [fill(2, x: 10, y: 40), fill(9, x: 105, y: 30, width: 3, height: 20, look: 2)]
        let new = [fill(2, x: 10, y: 45), fill(9, x: 105, y: 30, width: 3, height: 20, look: 2)]
        let (move, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: new, newOrigin: 25))
        XCTAssertEqual(move.dy, 5)
        XCTAssertEqual(move.rect, PixelRect(x: 10, y: 25, width: 100, height: 75))
        let composed = Set(damage.rects)
        XCTAssertTrue(composed.contains(PixelRect(x: 10, y: 20, width: 100, height: 5)), "the strip: \(damage)")
        // Where it is (30…50) and where the move carried its old pixels (35…55): one box.
        XCTAssertTrue(composed.contains(PixelRect(x: 105, y: 30, width: 3, height: 25)), "the indicator: \(damage)")
    }

    func testWhatLiesAboveIsComposedInItsOldPlaceMovedAndItsNewOne() throws {
        let old = [fill(2, x: 10, y: 20)]
        let new = [fill(2, x: 10, y: 10)]
        let header = SceneElement(key: 40, area: PixelRect(x: 10, y: 20, width: 100, height: 10), signature: 4)
        let (_, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: new, newOrigin: 10, above: [header]))
        // The header at 20…30 and its old pixels carried to 10…20 (clipped to the visible part): 20…30 only,
        // plus the strip 90…100.
        XCTAssertEqual(
            Set(damage.rects),
            [PixelRect(x: 10, y: 20, width: 100, height: 10), PixelRect(x: 10, y: 90, width: 100, height: 10)])
    }

    func testRowsThatChangedPlacesAreComposed() throws {
        let old = [fill(2, x: 10, y: 20), fill(3, x: 10, y: 30)]
        // Both moved by -10, but now 3 is drawn below 2: where they overlap the order changed.
        let new = [fill(3, x: 10, y: 20), fill(2, x: 10, y: 10)]
        let (_, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: new, newOrigin: 10))
        // 2 is composed where it is now (20…40 of the visible part) and where its old pixels were carried.
        let reordered = PixelRect(x: 10, y: 20, width: 100, height: 20)
        XCTAssertTrue(damage.rects.contains { $0.intersection(reordered) == reordered }, "\(damage)")
    }

    func testAFractionalScrollMovesByTheShiftTheElementsShare() throws {
        // 9.6 pixels up: the rows rounded their places 10 pixels up; one rounded to 9 and is composed.
        let old = [fill(2, x: 10, y: 20), fill(3, x: 10, y: 50, height: 10), fill(4, x: 10, y: 80)]
        let new = [fill(2, x: 10, y: 10), fill(3, x: 10, y: 41, height: 10), fill(4, x: 10, y: 70)]
        let (move, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: new, newOrigin: 10.4))
        XCTAssertEqual(move.dy, -10)
        XCTAssertTrue(
            damage.rects.contains {
                $0.intersection(PixelRect(x: 10, y: 40, width: 100, height: 11))
                    == PixelRect(x: 10, y: 40, width: 100, height: 11)
            }, "\(damage)")
    }

    func testRedrawnContentIsComposed() throws {
        let old = [fill(2, x: 10, y: 20)]
        var redrawn = fill(2, x: 10, y: 15)
        redrawn.contentDamage = DamageRegion([PixelRect(x: 10, y: 20, width: 5, height: 5)])
        let (_, damage) = try XCTUnwrap(plan(old: old, oldOrigin: 20, new: [redrawn], newOrigin: 15))
        XCTAssertGreaterThanOrEqual(damage.area, 100 * 25)
    }

    func testMovingPaysWhereMoreThanHalfTheRectangleIsBlended() {
        let move = ScrollMove(rect: PixelRect(x: 0, y: 0, width: 100, height: 100), dx: 0, dy: -5)
        let opaque: [DrawOperation] = [.fill(frame, color: white, clip: frame)]
        XCTAssertFalse(
            ScrollMovePlanner.movingIsCheaper(move, composing: DamageRegion(), operations: opaque[...], depths: [0]),
            "opaque fills")
        let translucent = PixelColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        let half: [DrawOperation] = [
            .fill(frame, color: white, clip: frame),
            .fill(PixelRect(x: 0, y: 0, width: 100, height: 50), color: translucent, clip: frame),
        ]
        XCTAssertFalse(
            ScrollMovePlanner.movingIsCheaper(move, composing: DamageRegion(), operations: half[...], depths: [0, 0]),
            "half blended")
        let most = half + [.fill(PixelRect(x: 0, y: 50, width: 100, height: 10), color: translucent, clip: frame)]
        XCTAssertTrue(
            ScrollMovePlanner.movingIsCheaper(
                move, composing: DamageRegion(), operations: most[...], depths: [0, 0, 0]), "60% blended")
        let grouped: [DrawOperation] = [.beginGroup(opacity: 0.5, bounds: frame), .endGroup]
        XCTAssertTrue(
            ScrollMovePlanner.movingIsCheaper(
                move, composing: DamageRegion(), operations: grouped[...], depths: [0, 0]), "a group")
        let mostlyDamaged = DamageRegion([PixelRect(x: 0, y: 0, width: 100, height: 60)])
        XCTAssertFalse(
            ScrollMovePlanner.movingIsCheaper(
                move, composing: mostlyDamaged, operations: grouped[...], depths: [0, 0]),
            "composed again after the move anyway")
    }

    func testNoMoveWithoutProof() {
        let old = [fill(2, x: 10, y: 20)]
        let new = [fill(2, x: 10, y: 10)]
        XCTAssertNil(plan(old: old, oldOrigin: 20, new: new, newOrigin: 13), "moved otherwise than the scroll")
        XCTAssertNil(plan(old: old, oldOrigin: 20, new: old, newOrigin: 20), "no scroll")
        XCTAssertNil(plan(old: old, oldOrigin: 20, new: new, newOrigin: -70), "scrolled by the whole height")
        let image = [
            (
                [
                    DrawOperation.fill(frame, color: white, clip: frame),
                    .fill(PixelRect(x: 0, y: 0, width: 50, height: 50), color: white, clip: frame),
                ][...], [0, 0][...]
            )
        ]
        XCTAssertNil(
            plan(old: old, oldOrigin: 20, new: new, newOrigin: 10, backdrop: image),
            "a backdrop not alike all over the visible rectangle")
        let translucent = [
            (
                [DrawOperation.fill(frame, color: PixelColor(red: 0, green: 0, blue: 0, alpha: 0.5), clip: frame)][...],
                [0][...]
            )
        ]
        XCTAssertNotNil(
            plan(old: old, oldOrigin: 20, new: new, newOrigin: 10, backdrop: translucent),
            "a translucent fill over the frame's black covering it: alike all over")
        XCTAssertNotNil(plan(old: old, oldOrigin: 20, new: new, newOrigin: 10, backdrop: []), "the frame's black alone")
        let grouped = [
            (
                [
                    DrawOperation.beginGroup(opacity: 0.5, bounds: frame), .fill(frame, color: white, clip: frame),
                    .endGroup,
                ][...], [0, 1, 0][...]
            )
        ]
        XCTAssertNil(plan(old: old, oldOrigin: 20, new: new, newOrigin: 10, backdrop: grouped), "in a group")
    }
}
