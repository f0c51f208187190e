import XCTest

@testable import Compositing

/// A rectangle on whole pixels filled with an opaque colour (by pixman, past cairo)
/// has the pixels cairo fills for it as a path, byte for byte.
final class DrawingSurfaceRectTests: XCTestCase {
    private func pixels(scale: Double, _ draw: (DrawingSurface) -> Void) -> [UInt8] {
        let surface = DrawingSurface(pixelWidth: 48, pixelHeight: 40, scale: scale)
        surface.setColor(PixelColor(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.5))
        surface.addRect(x: 0, y: 0, width: 100, height: 100)
        surface.fillPath()
        draw(surface)
        var bytes: [UInt8] = []
        surface.withPixels { data, stride in
            for row in 0..<40 { bytes += UnsafeRawBufferPointer(start: data + row * stride, count: 48 * 4) }
        }
        return bytes
    }

    func testAnOpaqueRectangleOnWholePixelsHasCairosPixels() {
        let colors = [
            PixelColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1),
            PixelColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1),
            PixelColor(red: 1.2, green: -0.1, blue: 0.333, alpha: 1),
        ]
        let rects: [(Double, Double, Double, Double)] = [
            (0, 0, 64, 64), (4, 4, 24, 24), (-3, 5, 10, 50), (3.5, 2, 10, 10), (1.25, 0.5, 7, 7.3),
        ]
        for scale in [1.0, 1.5, 2] {
            for color in colors {
                for (x, y, width, height) in rects {
                    let filled = pixels(scale: scale) {
                        $0.setColor(color)
                        $0.fillRect(x: x, y: y, width: width, height: height)
                    }
                    let path = pixels(scale: scale) {
                        $0.setColor(color)
                        $0.addRect(x: x, y: y, width: width, height: height)
                        $0.fillPath()
                    }
                    XCTAssertEqual(filled, path, "\(width)x\(height) at (\(x), \(y)), scale \(scale), \(color)")
                }
            }
        }
    }
}
