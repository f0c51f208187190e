import XCTest

@testable import Compositing

/// Damage found in a turned screen's own pixels is turned into the panel's with
/// the composition's own quarter turns, exactly.
final class PanelRotationTests: XCTestCase {
    private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    /// An odd-sized 5×3 image: a rectangle inside, each corner pixel, an edge row and the whole.
    func testRectanglesOfAnOddSizedImageTurnIntoThePanel() {
        let table: [(logical: PixelRect, turned90: PixelRect, turned180: PixelRect, turned270: PixelRect)] = [
            (rect(1, 0, 2, 1), rect(2, 1, 1, 2), rect(2, 2, 2, 1), rect(0, 2, 1, 2)),
            (rect(0, 0, 1, 1), rect(2, 0, 1, 1), rect(4, 2, 1, 1), rect(0, 4, 1, 1)),
            (rect(4, 0, 1, 1), rect(2, 4, 1, 1), rect(0, 2, 1, 1), rect(0, 0, 1, 1)),
            (rect(0, 2, 1, 1), rect(0, 0, 1, 1), rect(4, 0, 1, 1), rect(2, 4, 1, 1)),
            (rect(4, 2, 1, 1), rect(0, 4, 1, 1), rect(0, 0, 1, 1), rect(2, 0, 1, 1)),
            (rect(0, 2, 5, 1), rect(0, 0, 1, 5), rect(0, 0, 5, 1), rect(2, 0, 1, 5)),
            (rect(1, 1, 3, 2), rect(0, 1, 2, 3), rect(1, 0, 3, 2), rect(1, 1, 2, 3)),
            (rect(0, 0, 5, 3), rect(0, 0, 3, 5), rect(0, 0, 5, 3), rect(0, 0, 3, 5)),
        ]
        for row in table {
            for (rotation, expected) in [
                (PanelRotation.none, row.logical), (.clockwise90, row.turned90), (.clockwise180, row.turned180),
                (.clockwise270, row.turned270),
            ] {
                let panel = rotation.panelRect(row.logical, logicalWidth: 5, logicalHeight: 3)
                XCTAssertEqual(panel, expected, "\(row.logical) turned \(rotation)")
                let panelWidth = rotation.swapsAxes ? 3 : 5
                let panelHeight = rotation.swapsAxes ? 5 : 3
                XCTAssertEqual(
                    rotation.logicalRect(panel, panelWidth: panelWidth, panelHeight: panelHeight), row.logical,
                    "\(row.logical) turned \(rotation) and back")
            }
        }
    }

    func testInverseTurnsBack() {
        XCTAssertEqual(PanelRotation.allCases.map(\.inverse), [.none, .clockwise270, .clockwise180, .clockwise90])
    }

    /// The mapping agrees with where `FrameComposer` puts the pixels of a turned frame:
    /// a fill of every rectangle of a 7×4 image lands exactly on its turned rectangle.
    func testMappingMatchesTheComposedTurn() {
        let (width, height) = (7, 4)
        let rects = [rect(0, 0, 1, 1), rect(6, 3, 1, 1), rect(2, 1, 3, 2), rect(0, 3, 7, 1), rect(5, 0, 2, 4)]
        for rotation in PanelRotation.allCases {
            let panelWidth = rotation.swapsAxes ? height : width
            let panelHeight = rotation.swapsAxes ? width : height
            for logical in rects {
                var pixels = [UInt32](repeating: 0, count: panelWidth * panelHeight)
                let fill = DrawOperation.fill(
                    logical, color: PixelColor(red: 1, green: 1, blue: 1, alpha: 1), clip: rect(0, 0, width, height))
                pixels.withUnsafeMutableBytes {
                    FrameComposer.compose(
                        [fill], into: $0.baseAddress!, width: panelWidth, height: panelHeight,
                        bytesPerRow: panelWidth * 4, rotation: rotation)
                }
                let expected = rotation.panelRect(logical, logicalWidth: width, logicalHeight: height)
                for y in 0..<panelHeight {
                    for x in 0..<panelWidth {
                        let inside = x >= expected.x && x < expected.maxX && y >= expected.y && y < expected.maxY
                        XCTAssertEqual(
                            pixels[y * panelWidth + x] & 0xFF_FFFF, inside ? 0xFF_FFFF : 0,
                            "\(logical) turned \(rotation): panel pixel (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// A region turns rectangle by rectangle: none merges, none is lost.
    func testRegionsTurnRectangleByRectangle() {
        let region = DamageRegion([rect(0, 0, 2, 2), rect(5, 5, 3, 1), rect(9, 0, 1, 10)])
        for rotation in PanelRotation.allCases {
            let turned = region.turned(rotation, logicalWidth: 10, logicalHeight: 10)
            XCTAssertEqual(
                Set(turned.rects), Set(region.rects.map { rotation.panelRect($0, logicalWidth: 10, logicalHeight: 10) })
            )
            XCTAssertEqual(turned.area, region.area)
        }
        XCTAssertTrue(DamageRegion().turned(.clockwise90, logicalWidth: 10, logicalHeight: 4).isEmpty)
    }

    /// Drawing only a turned frame's damage gives the whole turned frame's pixels:
    /// every other pixel of the target keeps what it held.
    func testDamageOfATurnedFrameIsDrawnInPlace() {
        let (width, height) = (9, 5)
        let operations: [DrawOperation] = [
            .fill(rect(0, 0, 9, 5), color: PixelColor(red: 0, green: 0, blue: 1, alpha: 1), clip: rect(0, 0, 9, 5)),
            .fill(rect(2, 1, 4, 3), color: PixelColor(red: 1, green: 0, blue: 0, alpha: 0.5), clip: rect(0, 0, 9, 5)),
        ]
        for rotation in PanelRotation.allCases {
            let panelWidth = rotation.swapsAxes ? height : width
            let panelHeight = rotation.swapsAxes ? width : height
            var whole = [UInt32](repeating: 0, count: panelWidth * panelHeight)
            whole.withUnsafeMutableBytes {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: panelWidth, height: panelHeight,
                    bytesPerRow: panelWidth * 4, rotation: rotation)
            }
            let damage = DamageRegion([rect(1, 0, 3, 2), rect(6, 3, 3, 2)]).turned(
                rotation, logicalWidth: width, logicalHeight: height)
            var partial = [UInt32](repeating: 0xFF12_3456, count: panelWidth * panelHeight)
            partial.withUnsafeMutableBytes {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: panelWidth, height: panelHeight,
                    bytesPerRow: panelWidth * 4, region: damage, rotation: rotation)
            }
            for y in 0..<panelHeight {
                for x in 0..<panelWidth {
                    let damaged = damage.rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                    XCTAssertEqual(
                        partial[y * panelWidth + x] & 0xFF_FFFF,
                        damaged ? whole[y * panelWidth + x] & 0xFF_FFFF : 0x12_3456,
                        "turned \(rotation): panel pixel (\(x), \(y))")
                }
            }
        }
    }
}
