import KMS
import XCTest

/// The slot rotation every per-slot buffer uses: made on first use, kept while it fits.
final class ScanoutSlotsTests: XCTestCase {
    private struct Refused: Error {}

    func testAFrameIsMadeOnceKeptWhileItFitsAndReplacedWhenNot() throws {
        var slots = ScanoutSlots<(id: Int, size: Int)>()
        var made = 0
        func frame(_ slot: Int, size: Int) -> Int {
            slots.frame(
                slot, fits: { $0.size == size },
                make: {
                    made += 1
                    return (made, size)
                }
            ).id
        }
        XCTAssertEqual(ScanoutSlots<Int>.count, 3)
        XCTAssertEqual([frame(0, size: 1), frame(1, size: 1), frame(0, size: 1)], [1, 2, 1])
        XCTAssertEqual(frame(0, size: 2), 3, "a frame that no longer fits is made again")
        XCTAssertEqual(slots[1]?.id, 2, "the other slots keep theirs")
        XCTAssertThrowsError(try slots.frame(2) { () throws(Refused) in throw Refused() })
        XCTAssertNil(slots[2], "a failed make leaves the slot empty")
        slots.removeAll()
        XCTAssertTrue(slots.indices.allSatisfy { slots[$0] == nil })
        XCTAssertEqual(ScanoutSlots(first: 7)[0], 7)
    }
}
