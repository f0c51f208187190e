import Compositing
import Foundation

/// Pixels read back from a screen or made in code (width, height, format, row-major
/// `pixels`). A type alias, not a re-export, so that importing DirectDisplay names
/// the type without making the compositor's module part of the public API.
public typealias CapturedImage = Compositing.CapturedImage

extension CapturedImage {
    /// The colour of a pixel, with 8-bit precision (compare with `Color.isClose(to:)`
    /// for colours that are not multiples of 1/255). Premultiplied ARGB is un-premultiplied.
    public func pixel(x: Int, y: Int) -> Color {
        let value = rawPixel(x: x, y: y)
        let red = CGFloat((value >> 16) & 0xFF) / 255
        let green = CGFloat((value >> 8) & 0xFF) / 255
        let blue = CGFloat(value & 0xFF) / 255
        guard format == .argb8888 else { return Color(red: red, green: green, blue: blue) }
        let alpha = CGFloat(value >> 24) / 255
        guard alpha > 0 else { return .clear }
        return Color(red: min(red / alpha, 1), green: min(green / alpha, 1), blue: min(blue / alpha, 1), alpha: alpha)
    }
}
