import XCTest

@testable import Compositing

/// Content painted opaque all over and drawn at full opacity hides what is below it,
/// as an opaque fill does: a damage within it composes the content alone (nothing
/// below is drawn, nothing cleared to black first), with the same pixels as the
/// whole frame.
final class OpaqueContentVisibilityTests: XCTestCase {
    private let frame = PixelRect(x: 0, y: 0, width: 48, height: 40)
    private let damage = PixelRect(x: 10, y: 8, width: 12, height: 10)

    /// A window's fill, then 16x16 content at (8, 6) painted opaque (a background
    /// over every pixel, then a disc), at `opacity`.
    private func operations(opacity: Double, opaque: Bool) -> [DrawOperation] {
        let surface = DrawingSurface(pixelWidth: 16, pixelHeight: 16, scale: 1)
        surface.setColor(PixelColor(red: 0.2, green: 0.7, blue: 0.3, alpha: opaque ? 1 : 0.9))
        surface.fillRect(x: 0, y: 0, width: 16, height: 16)
        if opaque { surface.markOpaque() }
        surface.setColor(PixelColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        surface.fillEllipse(x: 3.5, y: 2.25, width: 10, height: 10)
        return [
            .fill(frame, color: PixelColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1), clip: frame),
            .image(surface, x: 8, y: 6, opacity: opacity, clip: frame),
        ]
    }

    func testOpaqueContentHidesTheFillBelowIt() {
        let visibility = OperationVisibility(operations(opacity: 1, opaque: true), damage: DamageRegion([damage]))
        XCTAssertEqual(visibility.visible.map(\.index), [1])
        XCTAssertEqual(visibility.uncovered, [])
    }

    func testTranslucentContentOrContentAtPartialOpacityHidesNothing() {
        for (opacity, opaque) in [(0.99, true), (1, false)] {
            let visibility = OperationVisibility(
                operations(opacity: opacity, opaque: opaque), damage: DamageRegion([damage]))
            XCTAssertEqual(visibility.visible.map(\.index), [0, 1], "opacity \(opacity), opaque \(opaque)")
        }
    }

    /// The damaged part composed over a frame of garbage has the whole frame's pixels.
    func testADamageWithinOpaqueContentHasTheWholeFramesPixels() {
        let operations = operations(opacity: 1, opaque: true)
        func composed(region: DamageRegion?) -> [UInt32] {
            var pixels = [UInt32](repeating: 0x1234_5678, count: frame.width * frame.height)
            pixels.withUnsafeMutableBytes {
                if let region {
                    FrameComposer.compose(
                        operations, into: $0.baseAddress!, width: frame.width, height: frame.height,
                        bytesPerRow: frame.width * 4, region: region)
                } else {
                    FrameComposer.compose(
                        operations, into: $0.baseAddress!, width: frame.width, height: frame.height,
                        bytesPerRow: frame.width * 4)
                }
            }
            return pixels
        }
        let whole = composed(region: nil)
        let part = composed(region: DamageRegion([damage]))
        for y in damage.y..<damage.maxY {
            for x in damage.x..<damage.maxX {
                XCTAssertEqual(part[y * frame.width + x], whole[y * frame.width + x], "(\(x), \(y))")
            }
        }
        XCTAssertEqual(part[0], 0x1234_5678, "outside the damage: untouched")
    }
}
