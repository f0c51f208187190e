// A video mode (resolution and refresh) announced by an EDID.

/// One video mode an EDID announces, with where in the EDID it came from.
package struct EDIDVideoMode: Sendable, Equatable, Hashable, Codable {
    /// Where in the EDID a mode was found.
    package enum Source: String, Sendable, Equatable, Hashable, Codable {
        /// A detailed timing descriptor of the base block.
        case detailedTiming
        /// A standard timing (base block, or a 0xFA descriptor).
        case standardTiming
        /// An established timing bit (base block bytes 35–37).
        case establishedTiming
        /// A detailed timing descriptor of a CTA-861 extension block.
        case ctaDetailedTiming
        /// A CTA-861 Video Identification Code (video or 4:2:0 data block).
        case ctaVideoIdentificationCode
        /// An HDMI VIC of the HDMI vendor-specific data block.
        case hdmiVideoIdentificationCode
        /// A DisplayID 1.x Type I detailed timing.
        case displayIDTypeITiming
        /// A DisplayID 2.x Type VII detailed timing.
        case displayIDTypeVIITiming
    }

    /// Active pixels per line.
    package var width: Int
    /// Active lines per frame (for interlaced modes, both fields together).
    package var height: Int
    /// Vertical refresh in Hz (field rate for interlaced modes), 3 decimals.
    package var refreshRate: Double
    /// Whether the mode is interlaced.
    package var interlaced: Bool
    /// Pixel clock in kHz, when the EDID gives a full timing.
    package var pixelClockKilohertz: Int?
    /// Where in the EDID this mode came from.
    package var source: Source

    /// Creates a mode; `refreshRate` is rounded to 3 decimals.
    package init(
        width: Int, height: Int, refreshRate: Double, interlaced: Bool = false,
        pixelClockKilohertz: Int? = nil, source: Source
    ) {
        self.width = width
        self.height = height
        self.refreshRate = (refreshRate * 1000).rounded() / 1000
        self.interlaced = interlaced
        self.pixelClockKilohertz = pixelClockKilohertz
        self.source = source
    }

    /// Whether two modes have the same size, scan type and refresh (to 0.01 Hz),
    /// whatever their source.
    func isSameMode(as other: EDIDVideoMode) -> Bool {
        width == other.width && height == other.height && interlaced == other.interlaced
            && abs(refreshRate - other.refreshRate) < 0.01
    }
}

/// Why a full timing was dropped: the numbers cannot describe a real mode.
struct ImplausibleTiming: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// A full detailed timing as found in an EDID (18-byte DTD, DisplayID
/// Type I or Type VII): the mode plus the image size it declares.
struct DetailedTiming: Sendable, Equatable {
    /// Lowest pixel clock taken as real; 640x480 at 60 Hz needs 25 MHz.
    static let minimumPixelClockKilohertz = 1000
    /// Active width and height a real mode can have, in pixels.
    static let plausibleActiveSizes = 16...16384
    /// Refresh rates a real mode can have, in Hz (field rate when interlaced).
    static let plausibleRefreshRates = 1.0...1000.0

    var mode: EDIDVideoMode
    /// Image width in mm declared by the timing (0 when not given).
    var imageWidthMillimeters: Int
    /// Image height in mm declared by the timing (0 when not given).
    var imageHeightMillimeters: Int
    /// Whether the timing is flagged preferred (DisplayID only).
    var isPreferred: Bool

    /// Builds a timing from raw totals. Throws when the numbers cannot make a
    /// real mode: an active size outside ``plausibleActiveSizes``, a pixel
    /// clock under ``minimumPixelClockKilohertz`` or a refresh rate outside
    /// ``plausibleRefreshRates``.
    init(
        pixelClockKilohertz: Int, horizontalActive: Int, horizontalBlank: Int,
        verticalActive: Int, verticalBlank: Int, interlaced: Bool,
        imageWidthMillimeters: Int = 0, imageHeightMillimeters: Int = 0,
        isPreferred: Bool = false, source: EDIDVideoMode.Source
    ) throws(ImplausibleTiming) {
        let horizontalTotal = horizontalActive + horizontalBlank
        let height: Int
        let frameTotal: Int
        let fieldsPerFrame: Double = interlaced ? 2 : 1
        if interlaced && (source == .detailedTiming || source == .ctaDetailedTiming) {
            // An interlaced 18-byte DTD gives one field's lines; a frame has
            // two fields plus the half line between them.
            height = verticalActive * 2
            frameTotal = (verticalActive + verticalBlank) * 2 + 1
        } else {
            height = verticalActive
            frameTotal = verticalActive + verticalBlank
        }
        let sizes = Self.plausibleActiveSizes
        guard sizes.contains(horizontalActive), sizes.contains(height) else {
            throw ImplausibleTiming(
                description: "active size \(horizontalActive)x\(height) is implausible "
                    + "(each side must be \(sizes.lowerBound) to \(sizes.upperBound) pixels)")
        }
        guard pixelClockKilohertz >= Self.minimumPixelClockKilohertz else {
            throw ImplausibleTiming(
                description: "pixel clock \(pixelClockKilohertz) kHz is implausible "
                    + "(below \(Self.minimumPixelClockKilohertz / 1000) MHz)")
        }
        let refresh = fieldsPerFrame * Double(pixelClockKilohertz) * 1000 / Double(horizontalTotal * frameTotal)
        let rates = Self.plausibleRefreshRates
        guard rates.contains(refresh) else {
            let shown = refresh < 1 ? (refresh * 1e6).rounded() / 1e6 : (refresh * 1000).rounded() / 1000
            throw ImplausibleTiming(
                description: "refresh rate \(shown) Hz is implausible (outside \(Int(rates.lowerBound)) to "
                    + "\(Int(rates.upperBound)) Hz; \(pixelClockKilohertz) kHz over \(horizontalTotal)x\(frameTotal) "
                    + "total pixels)")
        }
        mode = EDIDVideoMode(
            width: horizontalActive, height: height, refreshRate: refresh, interlaced: interlaced,
            pixelClockKilohertz: pixelClockKilohertz, source: source)
        self.imageWidthMillimeters = imageWidthMillimeters
        self.imageHeightMillimeters = imageHeightMillimeters
        self.isPreferred = isPreferred
    }
}
