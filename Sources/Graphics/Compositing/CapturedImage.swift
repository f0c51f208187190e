import CCairo

/// The pixels a screen shows, copied out of a frame: for tests, writeback
/// captures and PNG files.
public struct CapturedImage: Sendable, Equatable {
    /// How each `UInt32` of `pixels` is laid out.
    public enum Format: Sendable, Equatable {
        /// 0xXXRRGGBB, the top byte ignored (opaque).
        case xrgb8888
        /// 0xAARRGGBB, premultiplied alpha.
        case argb8888
    }

    /// Errors from writing a PNG file.
    public struct PNGWriteError: Error, CustomStringConvertible {
        public let path: String
        public let status: String
        public var description: String { "cannot write PNG \(path): \(status)" }
    }

    public let width: Int
    public let height: Int
    public let format: Format
    /// Row-major pixels, `width` per row, no padding.
    public let pixels: [UInt32]

    public init(width: Int, height: Int, format: Format = .xrgb8888, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// Copies a frame out of memory with any row stride.
    package init(
        width: Int, height: Int, format: Format = .xrgb8888, copying memory: UnsafeRawPointer, bytesPerRow: Int
    ) {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { destination in
            for row in 0..<height {
                destination.baseAddress!.advanced(by: row * width * 4)
                    .copyMemory(from: memory.advanced(by: row * bytesPerRow), byteCount: width * 4)
            }
        }
        self.init(width: width, height: height, format: format, pixels: pixels)
    }

    /// The raw 32-bit value at a pixel (0xXXRRGGBB or 0xAARRGGBB).
    public func rawPixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return pixels[y * width + x]
    }

    /// Writes the image as a PNG file with cairo.
    public func writePNG(to path: String) throws {
        var copy = pixels
        let status = copy.withUnsafeMutableBytes { bytes -> cairo_status_t in
            let cairoFormat = format == .xrgb8888 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
            let surface = cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), cairoFormat,
                Int32(width), Int32(height), Int32(width * 4))
            defer { cairo_surface_destroy(surface) }
            let created = cairo_surface_status(surface)
            guard created == CAIRO_STATUS_SUCCESS else { return created }
            return cairo_surface_write_to_png(surface, path)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGWriteError(path: path, status: String(cString: cairo_status_to_string(status)))
        }
    }
}
