import XCTest

@testable import Compositing

/// A circle is filled without a scaled space (the fast path of `fillEllipse`):
/// its pixels are those of the same circle as a path in the scaled space.
final class DrawingSurfaceEllipseTests: XCTestCase {
    private func pixels(_ draw: (DrawingSurface) -> Void) -> [UInt8] {
        let surface = DrawingSurface(pixelWidth: 64, pixelHeight: 64, scale: 1.5)
        surface.setColor(PixelColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8))
        draw(surface)
        var bytes: [UInt8] = []
        surface.withPixels { data, stride in
            for row in 0..<64 {
                bytes += UnsafeRawBufferPointer(start: data + row * stride, count: 64 * 4)
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
            XCTAssertEqual(filled, path, "circle at (\(x), \(y)), \(side)")
        }
    }
}
