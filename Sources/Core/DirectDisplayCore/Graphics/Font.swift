import Foundation
import Typesetting

/// A typeface at a size, as UIKit's `UIFont`, found through fontconfig and shaped
/// by pango. Sizes are in points; the system font is fontconfig's `sans-serif`
/// (DejaVu Sans where fonts-dejavu-core is installed, as Scripts/setup does).
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// A weight as UIKit's `UIFont.Weight` (-1…1, regular 0), mapped to the nearest CSS weight.
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// UIKit's weights and the CSS weights fontconfig and pango use.
        private static let table: [(weight: Weight, css: Int)] = [
            (.thin, 100), (.ultraLight, 200), (.light, 300), (.regular, 400), (.medium, 500), (.semibold, 600),
            (.bold, 700), (.heavy, 800), (.black, 900),
        ]

        var cssWeight: Int {
            Self.table.min { abs($0.weight.rawValue - rawValue) < abs($1.weight.rawValue - rawValue) }!.css
        }

        init(cssWeight: Int) {
            self = Self.table.min { abs($0.css - cssWeight) < abs($1.css - cssWeight) }!.weight
        }
    }

    /// What pango is asked for.
    let layoutFont: FontDescription

    private init(_ layoutFont: FontDescription) { self.layoutFont = layoutFont }

    /// The installed font family named `name`, optionally followed by style words as
    /// fontconfig spells them ("DejaVu Serif", "DejaVu Sans Bold Oblique"); nil when
    /// fontconfig has no such family, as `UIFont(name:size:)` is nil for an unknown name.
    public init?(name: String, size: CGFloat) {
        guard let font = FontDescription(name: name, size: Double(size)) else { return nil }
        self.init(font)
    }

    /// The system font (fontconfig's sans-serif) at a size.
    public static func systemFont(ofSize size: CGFloat) -> Font { systemFont(ofSize: size, weight: .regular) }

    /// The system font at a size and weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        Font(FontDescription(family: FontDescription.systemFamily, size: Double(size), weight: weight.cssWeight))
    }

    /// The bold system font at a size.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { systemFont(ofSize: size, weight: .bold) }

    /// The italic system font at a size.
    public static func italicSystemFont(ofSize size: CGFloat) -> Font {
        var font = FontDescription(family: FontDescription.systemFamily, size: Double(size))
        font.isItalic = true
        return Font(font)
    }

    /// UIKit's standard sizes: labels 17, buttons 18, the system font 14, small text 12.
    public static let labelFontSize: CGFloat = 17
    public static let buttonFontSize: CGFloat = 18
    public static let systemFontSize: CGFloat = 14
    public static let smallSystemFontSize: CGFloat = 12

    /// The families fontconfig can find, sorted.
    public static var familyNames: [String] { FontDescription.installedFamilies() }

    /// The family asked for ("sans-serif" for the system font, which fontconfig resolves).
    public var familyName: String { layoutFont.family }
    /// The family with its style words, as `Font(name:size:)` takes it.
    public var fontName: String { layoutFont.name }
    /// The em size in points.
    public var pointSize: CGFloat { CGFloat(layoutFont.size) }
    public var weight: Weight { Weight(cssWeight: layoutFont.weight) }
    public var isItalic: Bool { layoutFont.isItalic }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) -> Font {
        var font = layoutFont
        font.size = Double(size)
        return Font(font)
    }

    /// Above the baseline, in points (positive).
    public var ascender: CGFloat { CGFloat(layoutFont.metrics.ascent) }
    /// Below the baseline, in points (negative, as in UIKit).
    public var descender: CGFloat { -CGFloat(layoutFont.metrics.descent) }
    /// From one line's baseline to the next's, in points.
    public var lineHeight: CGFloat { CGFloat(layoutFont.metrics.lineHeight) }

    public var description: String { "Font(\(fontName), \(layoutFont.size) pt)" }
}
