import CCairo
import CTurboJPEG
import Compositing

/// Decodes PNG and JPEG files into premultiplied ARGB pixels that the compositor
/// draws (`CapturedImage` in `.argb8888`).
///
/// PNG goes through cairo's reader: cairo is linked already, and its reader hands
/// back premultiplied ARGB, the very layout drawing needs, with libpng's errors
/// turned into a status. JPEG goes through TurboJPEG rather than plain libjpeg:
/// libjpeg reports a damaged file by calling an error handler that must not return
/// (its default calls exit; the usual way out is longjmp, which Swift cannot do
/// safely), while TurboJPEG's few calls return an error code, and it decodes
/// straight into BGRA, which on little-endian machines is 0xAARRGGBB.
package enum ImageDecoder {
    /// Larger images are refused rather than allocated (256 MiB of pixels); cairo
    /// cannot draw more than 32767 pixels a side either.
    package static let maximumPixelCount = 1 << 26
    package static let maximumSide = 32767

    /// The file's pixels, or nil when the bytes are neither a PNG nor a JPEG
    /// file, are damaged beyond decoding, or are too large.
    package static func decode(_ bytes: [UInt8]) -> CapturedImage? {
        try? decoding(bytes)
    }

    /// The file's pixels, or why there are none. The size in the file's header is
    /// checked before any pixel memory is taken: a small file may claim a huge picture.
    package static func decoding(_ bytes: [UInt8]) throws(ImageDecodingError) -> CapturedImage {
        if bytes.starts(with: pngSignature) {
            let (width, height) = try pngSize(bytes)
            try check(width: width, height: height)
            guard let image = decodePNG(bytes) else { throw .damaged("PNG") }
            return image
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try decodeJPEG(bytes) }
        throw .unknownFormat
    }

    private static func check(width: Int, height: Int) throws(ImageDecodingError) {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide, width * height <= maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
    }

    // MARK: PNG

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width and height in the IHDR chunk, which the PNG format puts first,
    /// right after the signature (length 13, "IHDR", then both sizes big-endian).
    private static func pngSize(_ bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { throw .damaged("PNG") }
        func bigEndian(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (bigEndian(at: 16), bigEndian(at: 20))
    }

    /// Where cairo's PNG reader is in the bytes.
    private final class PNGStream {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    }

    private static func decodePNG(_ bytes: [UInt8]) -> CapturedImage? {
        let surface = bytes.withUnsafeBytes { buffer -> OpaquePointer? in
            let stream = PNGStream(buffer)
            return withExtendedLifetime(stream) {
                cairo_image_surface_create_from_png_stream(
                    { closure, data, length in
                        let stream = Unmanaged<PNGStream>.fromOpaque(closure!).takeUnretainedValue()
                        let length = Int(length)
                        guard let data, length <= stream.bytes.count - stream.offset else {
                            return CAIRO_STATUS_READ_ERROR
                        }
                        UnsafeMutableRawPointer(data).copyMemory(
                            from: stream.bytes.baseAddress! + stream.offset, byteCount: length)
                        stream.offset += length
                        return CAIRO_STATUS_SUCCESS
                    }, Unmanaged.passUnretained(stream).toOpaque())
            }
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard (try? check(width: width, height: height)) != nil else { return nil }
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            return copy(surface, width: width, height: height)
        }
        // Opaque PNGs come as RGB24, and newer cairo reads 16-bit ones as floats:
        // painting onto an ARGB32 surface gives every one the same layout.
        let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(converted) }
        guard cairo_surface_status(converted) == CAIRO_STATUS_SUCCESS else { return nil }
        let cairo = cairo_create(converted)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return copy(converted, width: width, height: height)
    }

    private static func copy(_ surface: OpaquePointer?, width: Int, height: Int) -> CapturedImage? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return CapturedImage(
            width: width, height: height, format: .argb8888, copying: data,
            bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    }

    // MARK: JPEG

    private static func decodeJPEG(_ bytes: [UInt8]) throws(ImageDecodingError) -> CapturedImage {
        guard let decompressor = tjInitDecompress() else { throw .damaged("JPEG") }
        defer { tjDestroy(decompressor) }
        let decoded = bytes.withUnsafeBufferPointer { buffer -> Result<CapturedImage, ImageDecodingError> in
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard
                tjDecompressHeader3(
                    decompressor, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling,
                    &colorspace) == 0
            else { return .failure(.damaged("JPEG")) }
            do throws(ImageDecodingError) {
                try check(width: Int(width), height: Int(height))
            } catch {
                return .failure(error)
            }
            var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
            let status = pixels.withUnsafeMutableBytes { destination in
                tjDecompress2(
                    decompressor, buffer.baseAddress, UInt(buffer.count),
                    destination.baseAddress!.assumingMemoryBound(to: UInt8.self), width, width * 4, height,
                    Int32(TJPF_BGRA.rawValue), 0)
            }
            // A warning (a file cut short, a bad marker) still leaves a picture, as UIImage shows one.
            guard status == 0 || tjGetErrorCode(decompressor) == Int32(TJERR_WARNING.rawValue) else {
                return .failure(.damaged("JPEG"))
            }
            return .success(CapturedImage(width: Int(width), height: Int(height), format: .argb8888, pixels: pixels))
        }
        return try decoded.get()
    }
}

/// Why image bytes gave no picture.
package enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// Neither a PNG nor a JPEG file.
    case unknownFormat
    /// A PNG or JPEG file (named) that cannot be decoded: truncated, or corrupt.
    case damaged(String)
    /// The header's size is beyond what is allocated (or empty).
    case tooLarge(width: Int, height: Int)

    package var description: String {
        switch self {
        case .unknownFormat: "neither a PNG nor a JPEG file"
        case .damaged(let format): "a damaged \(format) file"
        case .tooLarge(let width, let height):
            "\(width)x\(height) pixels, refused before decoding: the limit is \(ImageDecoder.maximumPixelCount) pixels"
                + " and \(ImageDecoder.maximumSide) a side"
        }
    }
}
