import XCTest

@testable import Compositing

/// Copies into a scanout buffer go by streaming stores where rows are long (a
/// kilobyte or more): every byte of the region must arrive, whatever the
/// alignment, and nothing outside it may be written.
final class ShadowFrameCopyTests: XCTestCase {
    func testRegionsArriveWhole() {
        let frame = ShadowFrame(width: 700, height: 40)
        let words = frame.pixels.assumingMemoryBound(to: UInt32.self)
        for index in 0..<(700 * 40) { words[index] = UInt32(truncatingIfNeeded: index &* 2_654_435_761) }
        // Long rows at odd offsets (heads and tails around the 16-byte stores), short rows, a padded pitch.
        let region = DamageRegion([
            PixelRect(x: 3, y: 1, width: 601, height: 5), PixelRect(x: 0, y: 10, width: 700, height: 3),
            PixelRect(x: 650, y: 20, width: 7, height: 9), PixelRect(x: 1, y: 30, width: 257, height: 4),
        ])
        let pitch = 703
        var target = [UInt32](repeating: 0xDEAD_BEEF, count: pitch * 40)
        let copied = target.withUnsafeMutableBytes { frame.copy(region, to: $0.baseAddress!, bytesPerRow: pitch * 4) }
        XCTAssertEqual(copied, region.area)
        for y in 0..<40 {
            for x in 0..<700 {
                let inside = region.rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                let expected = inside ? words[y * 700 + x] : 0xDEAD_BEEF
                guard target[y * pitch + x] == expected else {
                    XCTFail("pixel (\(x), \(y)): \(target[y * pitch + x]), expected \(expected)")
                    return
                }
            }
            XCTAssertEqual(target[y * pitch + 700], 0xDEAD_BEEF, "the padding of row \(y)")
        }
    }

    /// A frame nothing was drawn into copies out as zeros (black) without being read;
    /// once its pixels were handed out, it copies what they hold.
    func testABlankFrameCopiesBlackUntilItsPixelsAreTaken() {
        let frame = ShadowFrame(width: 300, height: 4)
        XCTAssertTrue(frame.isBlank)
        let region = DamageRegion([PixelRect(x: 2, y: 1, width: 290, height: 2)])
        var target = [UInt32](repeating: 0xDEAD_BEEF, count: 300 * 4)
        target.withUnsafeMutableBytes { _ = frame.copy(region, to: $0.baseAddress!, bytesPerRow: 300 * 4) }
        XCTAssertEqual(target[1 * 300 + 2], 0, "black inside the region")
        XCTAssertEqual(target[2 * 300 + 291], 0)
        XCTAssertEqual(target[1 * 300 + 1], 0xDEAD_BEEF, "nothing outside it")
        XCTAssertEqual(target[0], 0xDEAD_BEEF)

        frame.pixels.assumingMemoryBound(to: UInt32.self)[1 * 300 + 2] = 0x00FF_0000
        XCTAssertFalse(frame.isBlank)
        target.withUnsafeMutableBytes { _ = frame.copy(region, to: $0.baseAddress!, bytesPerRow: 300 * 4) }
        XCTAssertEqual(target[1 * 300 + 2], 0x00FF_0000)
    }
}
