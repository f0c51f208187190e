import CTurboJPEG
import DirectDisplayCore
import Foundation
import XCTest

/// A JPEG file of `width`×`height` pixels coloured by `color`, made with TurboJPEG's
/// compressor (quality 95, no chroma subsampling, so colours survive closely).
private func makeJPEG(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Data {
    let compressor = try XCTUnwrap(tjInitCompress())
    defer { tjDestroy(compressor) }
    var rgb: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b) = color(x, y)
            rgb += [r, g, b]
        }
    }
    var jpeg: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(
        compressor, rgb, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &jpeg, &size,
        Int32(TJSAMP_444.rawValue), 95, 0)
    defer { tjFree(jpeg) }
    XCTAssertEqual(status, 0)
    return Data(bytes: try XCTUnwrap(jpeg), count: Int(size))
}

/// A PNG file (written by cairo) of the given premultiplied pixels.
private func makePNG(_ bitmap: CapturedImage, name: String = "image.png") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("directdisplay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try bitmap.writePNG(to: path)
    return path
}

final class ImageTests: DirectDisplayTestCase {
    /// 4×2 pixels: red, green, blue, white / half-transparent red, transparent, black, grey.
    private let quilt = CapturedImage(
        width: 4, height: 2, format: .argb8888,
        pixels: [
            0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF,
            0x8080_0000, 0x0000_0000, 0xFF00_0000, 0xFF80_8080,
        ])

    func testPNGDecodesToTheSamePixels() async throws {
        let path = try makePNG(quilt)
        let image = try XCTUnwrap(Image(contentsOfFile: path))
        XCTAssertEqual(image.size, CGSize(width: 4, height: 2))
        XCTAssertEqual(image.scale, 1)
        XCTAssertEqual(image.bitmap.format, .argb8888)
        for y in 0..<2 {
            for x in 0..<4 {
                XCTAssertTrue(
                    image.bitmap.pixel(x: x, y: y).isClose(to: quilt.pixel(x: x, y: y), tolerance: 2.0 / 255),
                    "(\(x), \(y)): \(image.bitmap.pixel(x: x, y: y)) is not \(quilt.pixel(x: x, y: y))")
            }
        }
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Image(data: data)?.bitmap, image.bitmap, "from data as from the file")
    }

    func testAnAt2xFileNameHalvesTheSizeInPoints() async throws {
        let image = try XCTUnwrap(Image(contentsOfFile: try makePNG(quilt, name: "icon@2x.png")))
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 2, height: 1))
        XCTAssertEqual(image.bitmap.width, 4)
        XCTAssertEqual(
            Image(data: try XCTUnwrap(FileManager.default.contents(atPath: makePNG(quilt))), scale: 3)?.scale, 3)
    }

    func testJPEGDecodesWithinTolerance() async throws {
        // Left half orange, right half teal, a soft gradient down.
        let jpeg = try makeJPEG(width: 32, height: 16) { x, y in
            x < 16 ? (240, 120, UInt8(y * 4)) : (20, UInt8(100 + y * 4), 160)
        }
        let image = try XCTUnwrap(Image(data: jpeg))
        XCTAssertEqual(image.size, CGSize(width: 32, height: 16))
        let tolerance: CGFloat = 10.0 / 255
        for (x, y) in [(2, 2), (12, 8), (6, 14)] {
            let expected = Color(red: 240.0 / 255, green: 120.0 / 255, blue: CGFloat(y * 4) / 255)
            XCTAssertTrue(image.bitmap.pixel(x: x, y: y).isClose(to: expected, tolerance: tolerance), "(\(x), \(y))")
        }
        for (x, y) in [(20, 2), (28, 8), (30, 14)] {
            let expected = Color(red: 20.0 / 255, green: CGFloat(100 + y * 4) / 255, blue: 160.0 / 255)
            XCTAssertTrue(image.bitmap.pixel(x: x, y: y).isClose(to: expected, tolerance: tolerance), "(\(x), \(y))")
        }
        XCTAssertTrue(image.bitmap.pixels.allSatisfy { $0 >> 24 == 0xFF }, "JPEG pixels are opaque")
    }

    func testAHeaderBeyondTheLimitIsRefusedNamingItsSize() async throws {
        var png = try XCTUnwrap(FileManager.default.contents(atPath: try makePNG(quilt)))
        png.replaceSubrange(20..<24, with: [0, 0, 0x80, 0xE8])  // IHDR's height: 33000
        let jpeg = try makeJPEG(width: 40000, height: 1) { _, _ in (0, 0, 0) }
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        XCTAssertNil(Image(data: png), "a PNG whose header says 4x33000")
        XCTAssertNil(Image(data: jpeg), "a JPEG 40000 pixels wide")
        let lines = StderrLog.kept.withLock { $0 } ?? []
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.contains("4x33000 pixels") == true, "\(lines)")
        XCTAssertTrue(lines.last?.contains("40000x1 pixels") == true, "\(lines)")
    }

    func testBadDataGivesNoImage() async throws {
        XCTAssertNil(Image(data: Data()))
        XCTAssertNil(Image(data: Data("not an image at all".utf8)))
        let png = try XCTUnwrap(FileManager.default.contents(atPath: try makePNG(quilt)))
        XCTAssertNil(Image(data: png.prefix(40)), "a PNG cut short")
        var damaged = png
        damaged[damaged.count / 2] ^= 0xFF  // the image data's checksum no longer matches
        XCTAssertNil(Image(data: damaged), "a PNG with a damaged chunk")
        XCTAssertNil(Image(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 1, 2, 3])), "a JPEG header and nothing else")
        XCTAssertNil(Image(contentsOfFile: "/nonexistent/picture.png"))
    }

    func testImageDrawsAtItsSizeAndScaledIntoARect() async throws {
        let screen = connect(width: 40, height: 30)
        let window = showWindow(on: screen, color: .white)
        let painter = ImagePainter(frame: window.bounds)
        painter.image = Image(bitmap: quilt)
        window.addSubview(painter)
        let frame = try display.capture(screen)
        keepForInspection(frame, "image-quilt")
        // At its size (at 0, 25): every pixel as it is, blended over white.
        let overWhite: [Color] = [
            .red, .green, .blue, .white, Color(red: 1, green: 127.0 / 255, blue: 127.0 / 255), .white, .black,
            Color(white: 128.0 / 255),
        ]
        for y in 0..<2 {
            for x in 0..<4 {
                let pixel = frame.pixel(x: x, y: 25 + y)
                XCTAssertTrue(pixel.isClose(to: overWhite[y * 4 + x], tolerance: 1.0 / 255), "(\(x), \(y)) is \(pixel)")
            }
        }
        // Scaled ten times into (0, 0, 40, 20), filtered: near each source pixel's centre its colour.
        let tolerance: CGFloat = 16.0 / 255
        XCTAssertTrue(frame.pixel(x: 4, y: 4).isClose(to: .red, tolerance: tolerance))
        XCTAssertTrue(frame.pixel(x: 25, y: 4).isClose(to: .blue, tolerance: tolerance))
        XCTAssertTrue(
            frame.pixel(x: 15, y: 15).isClose(to: .white, tolerance: tolerance), "transparent shows the window")
        XCTAssertTrue(frame.pixel(x: 4, y: 15).isClose(to: overWhite[4], tolerance: tolerance), "half-transparent red")
        XCTAssertTrue(frame.pixel(x: 36, y: 4).isClose(to: .white, tolerance: 1.0 / 255), "the edge is not faded")
        XCTAssertTrue(frame.pixel(x: 0, y: 0).isClose(to: .red, tolerance: 1.0 / 255), "the edge is not faded")
    }
}

/// Draws its image scaled into (0, 0, 40, 20) and at its size at (0, 25).
private final class ImagePainter: View {
    var image: Image?
    override func draw(_ rect: CGRect) {
        image?.draw(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        image?.draw(at: CGPoint(x: 0, y: 25))
    }
}

final class ImageViewTests: DirectDisplayTestCase {
    /// A 20×10-point solid image of `color`.
    private func solid(_ color: UInt32, width: Int = 20, height: Int = 10) -> Image {
        Image(
            bitmap: CapturedImage(
                width: width, height: height, format: .argb8888, pixels: Array(repeating: color, count: width * height))
        )
    }

    private func capture(_ mode: View.ContentMode, frame: CGRect = CGRect(x: 10, y: 10, width: 40, height: 40)) throws
        -> InkMap
    {
        Application.shared.reset()
        display = HeadlessDisplay()
        let screen = connect(width: 60, height: 60)
        let window = showWindow(on: screen, color: .blue)
        let view = ImageView(image: solid(0xFFFF_0000))
        view.contentMode = mode
        view.frame = frame
        window.addSubview(view)
        let image = try display.capture(screen)
        keepForInspection(image, "imageview-\(mode)")
        return InkMap(image: image, background: .blue)
    }

    func testAspectFitLetterboxesAndAspectFillCovers() async throws {
        let frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        let fit = try capture(.scaleAspectFit)
        // 20×10 fitted into 40×40: 40×20, centred: rows 20..<40 red, the bands above and below blue.
        XCTAssertEqual(fit.inkBounds(), CGRect(x: 10, y: 20, width: 40, height: 20))
        XCTAssertFalse(fit.isInk(30, 15), "letterbox above")
        XCTAssertFalse(fit.isInk(30, 45), "letterbox below")
        let fill = try capture(.scaleAspectFill)
        XCTAssertEqual(fill.inkBounds(), frame, "aspect fill covers the bounds and is cropped to them")
        XCTAssertEqual(fill.inkPixels().count, 40 * 40)
        let stretched = try capture(.scaleToFill)
        XCTAssertEqual(stretched.inkBounds(), frame)
    }

    func testFixedSizeModesPinTheImage() async throws {
        XCTAssertEqual(try capture(.center).inkBounds(), CGRect(x: 20, y: 25, width: 20, height: 10))
        XCTAssertEqual(try capture(.topLeft).inkBounds(), CGRect(x: 10, y: 10, width: 20, height: 10))
        XCTAssertEqual(try capture(.bottomRight).inkBounds(), CGRect(x: 30, y: 40, width: 20, height: 10))
    }

    func testChangingTheModeOrImageRedraws() async throws {
        let screen = connect(width: 60, height: 60)
        let window = showWindow(on: screen, color: .blue)
        let view = ImageView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        window.addSubview(view)
        XCTAssertNil(
            InkMap(image: try display.capture(screen), background: .blue).inkBounds(), "no image, nothing drawn")
        view.image = solid(0xFFFF_0000)
        view.contentMode = .scaleAspectFit
        XCTAssertEqual(InkMap(image: try display.capture(screen), background: .blue).inkBounds()?.height, 20)
        view.contentMode = .scaleAspectFill
        XCTAssertEqual(InkMap(image: try display.capture(screen), background: .blue).inkBounds()?.height, 40)
    }

    func testSizeThatFitsIsTheImageSize() async {
        let view = ImageView(image: solid(0xFF00_FF00, width: 30, height: 12))
        XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 30, height: 12))
        view.frame = CGRect(x: 5, y: 5, width: 100, height: 100)
        XCTAssertEqual(view.sizeThatFits(.zero), CGSize(width: 30, height: 12))
        view.sizeToFit()
        XCTAssertEqual(view.frame, CGRect(x: 5, y: 5, width: 30, height: 12))
        XCTAssertEqual(ImageView().sizeThatFits(CGSize(width: 10, height: 10)), .zero)
        XCTAssertFalse(view.isUserInteractionEnabled)
    }

    func testARetinaScreenDrawsEveryPixelOfAnAt2xImage() async throws {
        let screen = connect(width: 20, height: 10, scale: 2)
        let window = showWindow(on: screen, color: .white)
        let quilt = CapturedImage(
            width: 4, height: 2, format: .argb8888,
            pixels: [
                0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF00_0000, 0xFF00_0000, 0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000,
            ])
        let view = ImageView(image: Image(bitmap: quilt, scale: 2))
        view.contentMode = .topLeft
        window.addSubview(view)
        XCTAssertEqual(view.frame.size, CGSize(width: 2, height: 1))
        let frame = try display.capture(screen)
        for y in 0..<2 {
            for x in 0..<4 {
                XCTAssertEqual(
                    frame.rawPixel(x: x, y: y) & 0xFF_FFFF, quilt.rawPixel(x: x, y: y) & 0xFF_FFFF, "(\(x), \(y))")
            }
        }
    }
}
