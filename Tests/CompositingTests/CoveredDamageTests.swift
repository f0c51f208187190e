import XCTest

@testable import Compositing

/// A damage of one rectangle that every operation touching it covers whole (a faded
/// view over its window's background, content redrawn over it) is drawn without
/// visibility regions, translucent fills over an opaque one as the one colour they
/// make: the pixels must be those of the whole frame, and of the regions' path.
final class CoveredDamageTests: XCTestCase {
    private let frame = PixelRect(x: 0, y: 0, width: 40, height: 32)
    private let spot = PixelRect(x: 8, y: 6, width: 16, height: 12)
    /// Far from `spot`: with it, the damage is two rectangles, drawn through the regions.
    private let elsewhere = PixelRect(x: 36, y: 28, width: 2, height: 2)

    /// A window's background, another window's fill beside the spot, then fills over the spot.
    private func operations(over spotColors: [PixelColor]) -> [DrawOperation] {
        [
            .fill(frame, color: PixelColor(red: 0.13, green: 0.52, blue: 0.77, alpha: 1), clip: frame),
            .fill(
                PixelRect(x: 30, y: 0, width: 10, height: 10), color: PixelColor(red: 1, green: 0, blue: 0, alpha: 1),
                clip: frame),
        ] + spotColors.map { .fill(spot, color: $0, clip: frame) }
    }

    private func composed(
        _ operations: [DrawOperation], region: [PixelRect]?, transparent: Bool = false
    ) -> [UInt32] {
        var pixels = [UInt32](repeating: 0x1234_5678, count: frame.width * frame.height)
        pixels.withUnsafeMutableBytes {
            if let region {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: frame.width, height: frame.height,
                    bytesPerRow: frame.width * 4, region: DamageRegion(region), transparent: transparent)
            } else {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: frame.width, height: frame.height,
                    bytesPerRow: frame.width * 4)
            }
        }
        return pixels
    }

    private func assertSameInSpot(_ one: [UInt32], _ other: [UInt32], _ message: String) {
        for y in spot.y..<spot.maxY {
            for x in spot.x..<spot.maxX {
                let index = y * frame.width + x
                guard one[index] == other[index] else {
                    return XCTFail(
                        "\(message) at (\(x), \(y)): \(String(one[index], radix: 16)) != \(String(other[index], radix: 16))"
                    )
                }
            }
        }
    }

    func testTranslucentFillsOverAnOpaqueOneHaveTheWholeFramesPixels() {
        let stacks: [[PixelColor]] = [
            [PixelColor(red: 1, green: 0, blue: 0, alpha: 0.5)],
            [PixelColor(red: 1, green: 0.33, blue: 0, alpha: 0.6)],
            [PixelColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.01)],
            [
                PixelColor(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.37),
                PixelColor(red: 0.7, green: 0.1, blue: 0.95, alpha: 0.81),
            ],
            [PixelColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.5), PixelColor(red: 0, green: 0, blue: 0, alpha: 0)],
        ]
        for colors in stacks {
            let operations = operations(over: colors)
            let part = composed(operations, region: [spot])
            assertSameInSpot(part, composed(operations, region: nil), "\(colors) against the whole frame")
            assertSameInSpot(part, composed(operations, region: [spot, elsewhere]), "\(colors) against the regions")
            XCTAssertEqual(part[0], 0x1234_5678, "outside the damage: untouched")
            let transparent = composed(operations, region: [spot], transparent: true)
            assertSameInSpot(
                transparent, composed(operations, region: [spot, elsewhere], transparent: true),
                "\(colors), ARGB, against the regions")
        }
    }

    /// Content painted opaque all over with a translucent fill over it: the content, then the fill.
    func testAFillOverOpaqueContentHasTheWholeFramesPixels() {
        let surface = DrawingSurface(pixelWidth: 16, pixelHeight: 12, scale: 1)
        surface.setColor(PixelColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1))
        surface.fillRect(x: 0, y: 0, width: 16, height: 12)
        surface.markOpaque()
        surface.setColor(PixelColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        surface.fillEllipse(x: 3.5, y: 1.25, width: 9, height: 9)
        let operations: [DrawOperation] = [
            .fill(frame, color: PixelColor(red: 0.13, green: 0.52, blue: 0.77, alpha: 1), clip: frame),
            .image(surface, x: spot.x, y: spot.y, opacity: 1, clip: frame),
            .fill(spot, color: PixelColor(red: 0.1, green: 0.1, blue: 0.9, alpha: 0.4), clip: frame),
        ]
        let part = composed(operations, region: [spot])
        assertSameInSpot(part, composed(operations, region: nil), "against the whole frame")
        assertSameInSpot(part, composed(operations, region: [spot, elsewhere]), "against the regions")
        XCTAssertNotEqual(part[spot.y * frame.width + spot.x], part[(spot.y + 6) * frame.width + spot.x + 8])
    }
}
