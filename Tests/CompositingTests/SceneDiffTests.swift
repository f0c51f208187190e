import XCTest

@testable import Compositing

/// `SceneDiff` compares the elements before and after the first and last that differ by key
/// in place, and looks up only those between: the damage must be what comparing every element
/// by key makes, rectangle for rectangle (its merges depend on the order damage is added in).
final class SceneDiffTests: XCTestCase {
    /// Every element found by key, its stacking order among those present in both frames compared.
    private func damageByKey(from old: [SceneElement], to new: [SceneElement]) -> DamageRegion {
        var region = DamageRegion()
        var oldByKey: [UInt64: SceneElement] = [:]
        for element in old { oldByKey[element.key] = element }
        let newKeys = Set(new.map(\.key))
        var oldRank: [UInt64: Int] = [:]
        for (rank, element) in old.filter({ newKeys.contains($0.key) }).enumerated() { oldRank[element.key] = rank }
        var rank = 0
        for element in new {
            guard let before = oldByKey[element.key] else {
                region.add(element.area)
                continue
            }
            defer { rank += 1 }
            if before.area != element.area || before.signature != element.signature || oldRank[element.key] != rank {
                region.add(before.area)
                region.add(element.area)
            } else {
                for redrawn in element.contentDamage.rects { region.add(redrawn.intersection(element.area)) }
            }
        }
        for element in old where !newKeys.contains(element.key) { region.add(element.area) }
        return region
    }

    /// Rows of a list (key `n`, at 10 * n), as a scroll changes them.
    private func row(_ key: UInt64, y: Int, signature: Int = 0, redrawn: PixelRect? = nil) -> SceneElement {
        SceneElement(
            key: key, area: PixelRect(x: 0, y: y, width: 50, height: 10), signature: signature,
            contentDamage: DamageRegion(redrawn.map { [$0] } ?? []))
    }

    func testRowsShownHiddenMovedAndReorderedDamageAsComparedByKey() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<400 {
            let count = Int.random(in: 0...30, using: &generator)
            let old = (0..<count).map { row(UInt64($0), y: 10 * $0, signature: $0 % 3) }
            var new = old
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0 where !new.isEmpty:
                    new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                case 1:
                    let key = UInt64(100 + Int.random(in: 0..<50, using: &generator))
                    if !new.contains(where: { $0.key == key }) {
                        new.insert(row(key, y: 7 * Int(key)), at: Int.random(in: 0...new.count, using: &generator))
                    }
                case 2 where new.count > 1:
                    // A view brought to the front: its element moves in the stacking order.
                    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                    new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
                case 3 where !new.isEmpty:
                    new[Int.random(in: 0..<new.count, using: &generator)].area.y += 3
                case 4 where !new.isEmpty:
                    new[Int.random(in: 0..<new.count, using: &generator)].signature += 1
                case 5 where !new.isEmpty:
                    let index = Int.random(in: 0..<new.count, using: &generator)
                    new[index].contentDamage = DamageRegion([
                        PixelRect(x: 2, y: new[index].area.y + 1, width: 5, height: 2)
                    ])
                default:
                    break
                }
            }
            // Every row scrolled by a pixel, at times.
            if trial % 3 == 0 { for index in new.indices { new[index].area.y -= 1 } }
            XCTAssertEqual(
                SceneDiff.damage(from: old, to: new).rects, damageByKey(from: old, to: new).rects,
                "trial \(trial): \(old.map(\.key)) -> \(new.map(\.key))")
        }
    }

    /// Rows swapped in the middle, the same elements around them: both rows' old and new pixels.
    func testSwappedRowsBetweenUnchangedOnesAreDamaged() {
        let old = (0..<6).map { row(UInt64($0), y: 10 * $0) }
        var new = old
        new.swapAt(2, 3)
        let damage = SceneDiff.damage(from: old, to: new)
        XCTAssertEqual(damage.rects, [PixelRect(x: 0, y: 20, width: 50, height: 20)])
    }
}
