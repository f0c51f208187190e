import Compositing
import Foundation
import ImageDecoding

/// A decoded picture, as UIKit's `UIImage`: PNG or JPEG pixels and the scale that
/// turns them into points. Immutable, so it can be shared between views and threads.
public final class Image: Sendable {
    /// The size in points: pixels divided by `scale`.
    public let size: CGSize
    /// Pixels per point (2 for an "@2x" file).
    public let scale: CGFloat
    /// The pixels, premultiplied ARGB, as the compositor draws them.
    public let bitmap: CapturedImage

    /// Pixels made in code (e.g. a captured frame), at `scale` pixels per point.
    public init(bitmap: CapturedImage, scale: CGFloat = 1) {
        self.bitmap = bitmap
        self.scale = scale > 0 ? scale : 1
        size = CGSize(width: CGFloat(bitmap.width) / self.scale, height: CGFloat(bitmap.height) / self.scale)
    }

    /// The image in PNG or JPEG `data`; nil when the data is neither, is damaged,
    /// or its header claims more pixels than are allocated (as `UIImage(data:)`);
    /// one log line says which.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        let bitmap: CapturedImage
        do {
            bitmap = try ImageDecoder.decoding([UInt8](data))
        } catch {
            StderrLog.info("Image(data:) gives nil: \(error)")
            return nil
        }
        self.init(bitmap: bitmap, scale: scale)
    }

    /// The image in a PNG or JPEG file; nil when it cannot be read or decoded. As
    /// UIKit does, a name ending in "@2x" or "@3x" before the extension sets the scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scale(inFileName: path))
    }

    /// 2 for "icon@2x.png", 3 for "icon@3x.jpg", else 1.
    static func scale(inFileName path: String) -> CGFloat {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if name.hasSuffix("@2x") { return 2 }
        if name.hasSuffix("@3x") { return 3 }
        return 1
    }

    /// Draws the image scaled into `rect` of the current context (in `draw(_:)`).
    @MainActor public func draw(in rect: CGRect) {
        GraphicsContext.current?.draw(self, in: rect)
    }

    /// Draws the image at its size with its top-left corner at `point` of the current context.
    @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}
