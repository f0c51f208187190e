import Compositing
import Foundation

/// A colour with straight (not premultiplied) RGBA components in 0…1, as
/// `UIColor(red:green:blue:alpha:)` takes them.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey; `white` 0 is black and 1 is white.
    public init(white: CGFloat, alpha: CGFloat = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether every component is within `tolerance` of `other`'s (pixels are 8-bit).
    public func isClose(to other: Color, tolerance: CGFloat = 1.0 / 255) -> Bool {
        abs(red - other.red) <= tolerance + 1e-9 && abs(green - other.green) <= tolerance + 1e-9
            && abs(blue - other.blue) <= tolerance + 1e-9 && abs(alpha - other.alpha) <= tolerance + 1e-9
    }

    public var description: String {
        func f(_ v: CGFloat) -> String { String(format: "%.3f", Double(v)) }
        return "Color(red: \(f(red)), green: \(f(green)), blue: \(f(blue)), alpha: \(f(alpha)))"
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let clear = Color(white: 0, alpha: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    /// Whether every component is finite (neither NaN nor infinite).
    package var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// The compositor's form of this colour, with an extra opacity folded in. A NaN
    /// component that got past the setters (a colour drawn with `GraphicsContext`)
    /// becomes 0, so no conversion downstream meets one.
    func pixelColor(opacity: CGFloat = 1) -> PixelColor {
        func component(_ value: CGFloat) -> Double { value.isNaN ? 0 : Double(value) }
        return PixelColor(
            red: component(red), green: component(green), blue: component(blue), alpha: component(alpha * opacity))
    }
}
