import Geometry
import XCTest

@testable import Compositing

/// A transformed group holding one fill (a turned view with only a background) is
/// filled as its outline instead of drawn offscreen and sampled bilinearly: inside
/// and outside it the pixels are those of the sampled group, at its edges they
/// differ only as area coverage differs from a bilinear blend.
final class TransformedFillTests: XCTestCase {
    private let (width, height) = (80, 70)

    /// The group's pixels over white: by the outline fill, and by the offscreen
    /// group (a transparent fill added to the group keeps it off the outline path).
    private func composed(_ transform: CGAffineTransform, fill: PixelRect, source: PixelRect, opacity: Double)
        -> (outline: [UInt32], sampled: [UInt32])
    {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let color = PixelColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        func compose(_ inner: [DrawOperation]) -> [UInt32] {
            let operations: [DrawOperation] =
                [
                    .fill(frame, color: PixelColor(red: 1, green: 1, blue: 1, alpha: 1), clip: frame),
                    .beginTransformedGroup(
                        opacity: opacity, source: source, transform: transform,
                        bounds: transform.boundingBox(of: source).intersection(frame)),
                ] + inner + [.endGroup]
            var pixels = [UInt32](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBytes {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
            }
            return pixels
        }
        let transparent = PixelColor(red: 0, green: 0, blue: 0, alpha: 0)
        return (
            compose([.fill(fill, color: color, clip: source)]),
            compose([.fill(fill, color: color, clip: source), .fill(fill, color: transparent, clip: source)])
        )
    }

    private func channels(_ pixel: UInt32) -> [Int] {
        [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    private func assertAlike(
        _ transform: CGAffineTransform, fill: PixelRect, source: PixelRect, opacity: Double = 1, _ what: String
    ) {
        let (outline, sampled) = composed(transform, fill: fill, source: source, opacity: opacity)
        let shape = fill.intersection(source)
        let inverse = transform.inverted()
        var interior = 0
        var exterior = 0
        var totals = (outline: 0, sampled: 0)
        for y in 0..<height {
            for x in 0..<width {
                let a = channels(outline[y * width + x])
                let b = channels(sampled[y * width + x])
                totals.outline += a[1]
                totals.sampled += b[1]
                // How far the pixel's centre lies inside (positive) or outside the shape, in source pixels.
                let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
                let depth = min(
                    p.x - Double(shape.x), Double(shape.maxX) - p.x, p.y - Double(shape.y), Double(shape.maxY) - p.y)
                let largest = zip(a, b).map { abs($0 - $1) }.max()!
                if abs(depth) > 1.5 {
                    XCTAssertLessThanOrEqual(largest, 1, "\(what): (\(x), \(y)) \(a) against \(b)")
                    if depth > 0 { interior += 1 } else { exterior += 1 }
                } else {
                    XCTAssertLessThanOrEqual(largest, 80, "\(what): edge (\(x), \(y)) \(a) against \(b)")
                }
            }
        }
        XCTAssertGreaterThan(interior, 100, what)
        XCTAssertGreaterThan(exterior, 100, what)
        // Coverage over the whole outline agrees: the edges are as wide.
        XCTAssertEqual(Double(totals.outline), Double(totals.sampled), accuracy: Double(totals.sampled) * 0.002, what)
    }

    private func about(_ center: CGPoint, _ transform: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(translationX: -center.x, y: -center.y).concatenating(transform)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    func testTurnedFillMatchesTheSampledGroup() {
        let rect = PixelRect(x: 20, y: 15, width: 40, height: 30)
        for angle in [0.1, 0.5, 1.2, 3.0] {
            assertAlike(
                about(CGPoint(x: 40, y: 30), CGAffineTransform(rotationAngle: angle)), fill: rect,
                source: rect, "turned \(angle) rad")
        }
    }

    func testScaledMirroredAndFadedFillMatchesTheSampledGroup() {
        let rect = PixelRect(x: 25, y: 20, width: 30, height: 24)
        let transform = about(
            CGPoint(x: 40, y: 32), CGAffineTransform(scaleX: -1.3, y: 0.8).rotated(by: 0.4))
        assertAlike(transform, fill: rect, source: rect, opacity: 0.6, "mirrored, scaled, 0.6 opaque")
    }

    /// The group's source cuts the fill (a view clipped before it is turned).
    func testFillCutByTheSourceMatchesTheSampledGroup() {
        let transform = about(CGPoint(x: 40, y: 35), CGAffineTransform(rotationAngle: 0.7))
        assertAlike(
            transform, fill: PixelRect(x: 10, y: 10, width: 60, height: 50),
            source: PixelRect(x: 22, y: 18, width: 36, height: 34), "cut")
    }

    /// A turned fill's coverage mask is kept: recoloured, faded or moved by whole pixels
    /// the outline takes it again (the frame byte-equal to one composed without kept
    /// masks); a new angle or a move within a pixel makes one of its own.
    func testKeptOutlineMasksServeTheSameShapeAndOnlyIt() {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let masks = OutlineMaskCache()
        func compose(angle: Double, dx: Double, color: PixelColor, opacity: Double, masks: OutlineMaskCache?)
            -> [UInt32]
        {
            let rect = PixelRect(x: 20, y: 15, width: 40, height: 30)
            let transform = about(CGPoint(x: 40, y: 30), CGAffineTransform(rotationAngle: angle))
                .concatenating(CGAffineTransform(translationX: dx, y: 0))
            let operations: [DrawOperation] = [
                .fill(frame, color: PixelColor(red: 1, green: 1, blue: 1, alpha: 1), clip: frame),
                .beginTransformedGroup(
                    opacity: opacity, source: rect, transform: transform,
                    bounds: transform.boundingBox(of: rect).intersection(frame)),
                .fill(rect, color: color, clip: rect), .endGroup,
            ]
            var pixels = [UInt32](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBytes {
                FrameComposer.compose(
                    operations, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4,
                    region: DamageRegion([frame]), masks: masks)
            }
            return pixels
        }
        let red = PixelColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        let blue = PixelColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        let cases: [(angle: Double, dx: Double, color: PixelColor, opacity: Double, kept: Int, what: String)] = [
            (0.3, 0, red, 1, 1, "first"),
            (0.3, 0, blue, 1, 1, "recoloured"),
            (0.3, 0, blue, 0.5, 1, "faded"),
            (0.3, 3, blue, 1, 1, "moved 3 pixels"),
            (0.3, 2.5, blue, 1, 2, "moved within a pixel"),
            (0.7, 0, blue, 1, 3, "turned further"),
            (0.3, -2, red, 1, 3, "turned back, moved 2 pixels"),
        ]
        for (angle, dx, color, opacity, kept, what) in cases {
            XCTAssertEqual(
                compose(angle: angle, dx: dx, color: color, opacity: opacity, masks: masks),
                compose(angle: angle, dx: dx, color: color, opacity: opacity, masks: nil), what)
            XCTAssertEqual(masks.count, kept, what)
        }
    }
}
