import Foundation
import XCTest

@testable import DirectDisplayCore

/// Paints the top-left quarter of its bounds red and counts its draws.
final class QuarterView: View {
    private(set) var draws: [CGRect] = []

    override func draw(_ rect: CGRect) {
        draws.append(rect)
        GraphicsContext.current?.fill(
            CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height / 2), with: .red)
    }
}

/// As in UIKit, a view's drawn content is kept when its bounds' size changes and
/// placed by `contentMode`; only `.redraw` draws again.
final class ContentModeTests: DirectDisplayTestCase {
    private func isRed(_ image: CapturedImage, _ x: Int, _ y: Int) -> Bool {
        image.pixel(x: x, y: y).isClose(to: .red, tolerance: 2.0 / 255)
    }

    /// Red exactly in `rect` (screen pixels), give or take a filtered pixel at its edges.
    private func assertRed(
        _ image: CapturedImage, in rect: CGRect, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let (x0, y0, x1, y1) = (Int(rect.minX), Int(rect.minY), Int(rect.maxX), Int(rect.maxY))
        for (x, y) in [(x0 + 1, y0 + 1), (x1 - 2, y0 + 1), (x0 + 1, y1 - 2), (x1 - 2, y1 - 2)] {
            XCTAssertTrue(isRed(image, x, y), "\(message): (\(x), \(y)) inside \(rect)", file: file, line: line)
        }
        let midX = (x0 + x1) / 2
        let midY = (y0 + y1) / 2
        for (x, y) in [(x0 - 2, midY), (x1 + 1, midY), (midX, y0 - 2), (midX, y1 + 1)] {
            XCTAssertFalse(isRed(image, x, y), "\(message): (\(x), \(y)) outside \(rect)", file: file, line: line)
        }
    }

    /// A 20×20 view at (50, 50) drawn once, then resized to 40×30 in place.
    private func resized(_ mode: View.ContentMode) throws -> (QuarterView, CapturedImage) {
        Application.shared.reset()
        display = HeadlessDisplay()
        let screen = connect(width: 120, height: 120)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let view = QuarterView(frame: CGRect(x: 50, y: 50, width: 20, height: 20))
        view.contentMode = mode
        window.addSubview(view)
        assertRed(try display.capture(screen), in: CGRect(x: 50, y: 50, width: 10, height: 10), "\(mode) drawn")
        view.frame = CGRect(x: 50, y: 50, width: 40, height: 30)
        return (view, try display.capture(screen))
    }

    /// Where the 10×10 red quarter of 20×20 content goes in 40×30 bounds at (50, 50).
    func testKeptContentIsPlacedByContentModeWithoutDrawing() async throws {
        let cases: [(View.ContentMode, CGRect)] = [
            (.scaleToFill, CGRect(x: 50, y: 50, width: 20, height: 15)),
            (.scaleAspectFit, CGRect(x: 55, y: 50, width: 15, height: 15)),  // 30×30, centred
            (.scaleAspectFill, CGRect(x: 50, y: 45, width: 20, height: 20)),  // 40×40 beyond the bounds, not clipped
            (.center, CGRect(x: 60, y: 55, width: 10, height: 10)),
            (.top, CGRect(x: 60, y: 50, width: 10, height: 10)),
            (.bottom, CGRect(x: 60, y: 60, width: 10, height: 10)),
            (.left, CGRect(x: 50, y: 55, width: 10, height: 10)),
            (.right, CGRect(x: 70, y: 55, width: 10, height: 10)),
            (.topLeft, CGRect(x: 50, y: 50, width: 10, height: 10)),
            (.topRight, CGRect(x: 70, y: 50, width: 10, height: 10)),
            (.bottomLeft, CGRect(x: 50, y: 60, width: 10, height: 10)),
            (.bottomRight, CGRect(x: 70, y: 60, width: 10, height: 10)),
        ]
        for (mode, red) in cases {
            let (view, image) = try resized(mode)
            XCTAssertEqual(view.draws.count, 1, "\(mode) does not draw again")
            assertRed(image, in: red, "\(mode)")
        }
    }

    func testRedrawDrawsAgainForTheNewBounds() async throws {
        let (view, image) = try resized(.redraw)
        XCTAssertEqual(
            view.draws, [CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 0, y: 0, width: 40, height: 30)])
        assertRed(image, in: CGRect(x: 50, y: 50, width: 20, height: 15), "redraw")
    }

    /// Clipping cuts content placed beyond the bounds (aspect fill).
    func testClipsToBoundsCutsPlacedContent() async throws {
        let (view, _) = try resized(.scaleAspectFill)
        view.clipsToBounds = true
        let screen = try XCTUnwrap(Application.shared.screens.first)
        assertRed(try display.capture(screen), in: CGRect(x: 50, y: 50, width: 20, height: 15), "clipped")
    }

    /// Part of kept content cannot be drawn again at another size: it is drawn whole.
    func testAPartialRedrawOfResizedContentDrawsItWhole() async throws {
        let (view, _) = try resized(.scaleToFill)
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        let screen = try XCTUnwrap(Application.shared.screens.first)
        assertRed(try display.capture(screen), in: CGRect(x: 50, y: 50, width: 20, height: 15), "drawn for 40×30")
        XCTAssertEqual(view.draws.last, CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    /// An image view places its image anew in its new bounds (here aspect fit: a
    /// 2×1 red image in 40×40 bounds, then 80×20).
    func testImageViewPlacesItsImageOnResize() async throws {
        let screen = connect(width: 120, height: 120)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let bitmap = CapturedImage(width: 2, height: 1, format: .argb8888, pixels: [0xFFFF_0000, 0xFFFF_0000])
        let imageView = ImageView(image: Image(bitmap: bitmap))
        imageView.contentMode = .scaleAspectFit
        imageView.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        window.addSubview(imageView)
        assertRed(try display.capture(screen), in: CGRect(x: 10, y: 20, width: 40, height: 20), "40×40")
        imageView.frame = CGRect(x: 10, y: 10, width: 80, height: 20)
        assertRed(try display.capture(screen), in: CGRect(x: 30, y: 10, width: 40, height: 20), "80×20")
    }
}
