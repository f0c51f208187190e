import XCTest

@testable import Compositing

/// A filled ellipse has the pixels of the same ellipse filled by cairo as a path in
/// the scaled space, within one level at a few edge pixels (`fillEllipse` blends
/// through the coverage mask cairo made, with pixman's arithmetic, where cairo's
/// own fill of an opaque colour rounds some edge pixels one level lower).
final class DrawingSurfaceEllipseTests: XCTestCase {
    private func largestDifference(_ one: [UInt8], _ other: [UInt8]) -> Int {
        guard one.count == other.count else { return Int.max }
        return zip(one, other).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    private func pixels(scale: Double = 1.5, side: Int = 64, _ draw: (DrawingSurface) -> Void) -> [UInt8] {
        let surface = DrawingSurface(pixelWidth: side, pixelHeight: side, scale: scale)
        surface.setColor(PixelColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8))
        draw(surface)
        var bytes: [UInt8] = []
        surface.withPixels { data, stride in
            for row in 0..<side {
                bytes += UnsafeRawBufferPointer(start: data + row * stride, count: side * 4)
            }
        }
        return bytes
    }

    func testACircleIsFilledAsTheSameCircleInAScaledSpace() {
        for (x, y, side) in [(3.3, 4.1, 28.0), (10, 2.5, 17.25), (-5, 20, 40)] {
            let filled = pixels { $0.fillEllipse(x: x, y: y, width: side, height: side) }
            let path = pixels {
                $0.addEllipse(x: x, y: y, width: side, height: side)
                $0.fillPath()
            }
            XCTAssertGreaterThan(filled.filter { $0 != 0 }.count, 1000, "circle at (\(x), \(y)), \(side)")
            XCTAssertLessThanOrEqual(largestDifference(filled, path), 1, "circle at (\(x), \(y)), \(side)")
        }
    }

    /// An ellipse filled again at a place moved by whole pixels is blended through the
    /// coverage mask cairo made the first time: the pixels are those cairo fills for
    /// it as a path (within a level), over an opaque background and over a translucent one, for an
    /// opaque colour and a translucent one, at several scales and sub-pixel places.
    func testAnEllipseFilledAgainThroughItsKeptMaskHasCairosPixels() {
        let opaque = PixelColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        let translucent = PixelColor(red: 0.7, green: 0.2, blue: 0.05, alpha: 0.55)
        for scale in [1.0, 1.5, 2] {
            for (background, color) in [(opaque, translucent), (translucent, opaque), (opaque, opaque)] {
                for (x, y, width, height) in [(30.0, 12.0, 28.0, 28.0), (3.3, 4.1, 17.0, 11.5), (10, 2.25, 19, 19)] {
                    func draw(_ surface: DrawingSurface, asPath: Bool) {
                        surface.setColor(background)
                        surface.fillRect(x: 0, y: 0, width: 200, height: 200)
                        surface.setColor(color)
                        // The same shape three times, moved by whole pixels: the second and third from the mask.
                        for shift in [0.0, 2, 5] {
                            let (left, top) = (x + shift / scale, y + shift * 2 / scale)
                            if asPath {
                                surface.addEllipse(x: left, y: top, width: width, height: height)
                                surface.fillPath()
                            } else {
                                surface.fillEllipse(x: left, y: top, width: width, height: height)
                            }
                        }
                    }
                    let filled = pixels(scale: scale, side: 160) { draw($0, asPath: false) }
                    let path = pixels(scale: scale, side: 160) { draw($0, asPath: true) }
                    let place = "ellipse \(width)x\(height) at (\(x), \(y)), scale \(scale), colour \(color)"
                    XCTAssertEqual(filled.count, path.count, place)
                    XCTAssertLessThanOrEqual(largestDifference(filled, path), 1, place)
                    // Only at the edges: a handful of the ellipses' edge pixels.
                    XCTAssertLessThanOrEqual(zip(filled, path).filter { $0 != $1 }.count, 12, place)
                }
            }
        }
    }

    /// The first fill of a shape is cairo's; the second (at a place moved by whole
    /// pixels) makes its mask, which later fills use; a clipped fill is cairo's own
    /// and keeps nothing.
    func testAMaskIsMadeOncePerShapeAndPlaceWithinAPixelDrawnAgain() {
        let surface = DrawingSurface(pixelWidth: 64, pixelHeight: 64, scale: 1)
        surface.setColor(PixelColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1))
        for _ in 0..<3 {
            surface.clipped(x: 0, y: 0, width: 32, height: 32) {
                surface.fillEllipse(x: 4, y: 4, width: 20, height: 20)
            }
        }
        XCTAssertEqual(surface.ellipseMasks.count, 0)
        surface.fillEllipse(x: 4, y: 4, width: 20, height: 20)
        XCTAssertEqual(surface.ellipseMasks.count, 0, "drawn once")
        for x in [7.0, 12, 20] { surface.fillEllipse(x: x, y: 4, width: 20, height: 20) }
        XCTAssertEqual(surface.ellipseMasks.count, 1)
        surface.fillEllipse(x: 4.5, y: 4, width: 20, height: 20)
        XCTAssertEqual(surface.ellipseMasks.count, 1, "another place within a pixel, drawn once")
        surface.fillEllipse(x: 5.5, y: 4, width: 20, height: 20)
        XCTAssertEqual(surface.ellipseMasks.count, 2)
    }
}
