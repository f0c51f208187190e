// Screen scale from physical pixel density.

/// Pixel density of a display and the screen scale (points to pixels) it suggests.
package enum PixelDensity {
    /// Millimetres per inch.
    package static let millimetersPerInch = 25.4

    /// Horizontal pixels per inch, or nil when the width in mm is unknown or not positive.
    package static func pixelsPerInch(widthPixels: Int, widthMillimeters: Int?) -> Double? {
        guard let widthMillimeters, widthMillimeters > 0, widthPixels > 0 else { return nil }
        return Double(widthPixels) * millimetersPerInch / Double(widthMillimeters)
    }

    /// The integer screen scale for a display `widthPixels` wide whose image is
    /// `widthMillimeters` wide.
    ///
    /// Thresholds, on horizontal pixels per inch:
    /// - below 150 ppi → 1 (desktop monitors, TVs, projectors)
    /// - 150 ppi up to (not including) 250 ppi → 2 (most HiDPI laptops and 4K monitors at 27" and below)
    /// - 250 ppi and above → 3 (phone-class panels)
    /// - unknown size (nil, 0 or negative mm) or no pixels → 1
    package static func scale(forWidthPixels widthPixels: Int, widthMillimeters: Int?) -> Int {
        guard let density = pixelsPerInch(widthPixels: widthPixels, widthMillimeters: widthMillimeters)
        else { return 1 }
        if density < 150 { return 1 }
        if density < 250 { return 2 }
        return 3
    }
}
