// The facts parsed from an EDID blob, and their JSON form.

/// What an EDID (Extended Display Identification Data) blob says about a
/// display, parsed best-effort: problems become `warnings`, never errors.
///
/// Create one with ``init(bytes:)``. Any input is accepted: a truncated,
/// zero-filled, corrupt or random blob yields whatever facts can still be
/// read plus warnings describing what was wrong.
///
/// JSON form (``Codable``): the keys `manufacturer`, `productCode`, `serial`,
/// `year`, `name`, `widthMillimeters`, `heightMillimeters`, `preferredMode`
/// (`width`, `height`, `refreshRate`, …) and `warnings` are always present
/// (`null` when unknown); further keys (`modes`, `serialNumber`, …) follow.
public struct EDIDInfo: Sendable, Equatable, Codable {
    /// EDID structure version and revision, e.g. "1.4" (nil without a valid header).
    package var version: String?
    /// Three-letter PNP manufacturer id, e.g. "DEL" (nil if not letters).
    package var manufacturer: String?
    /// Manufacturer's product code (base block bytes 10–11).
    package var productCode: Int?
    /// Numeric serial number (base block bytes 12–15), nil when 0.
    package var serialNumber: UInt32?
    /// Serial number string from a 0xFF display descriptor.
    package var serialString: String?
    /// Week of manufacture (1–54), nil when unspecified or a model year.
    package var week: Int?
    /// Year of manufacture, or the model year when ``isModelYear``.
    package var year: Int?
    /// Whether ``year`` is a model year rather than a manufacture year.
    package var isModelYear: Bool
    /// Monitor name from the 0xFC display descriptor (nil when absent).
    package var name: String?
    /// Alphanumeric data strings (0xFE descriptors), often a laptop panel's make and model.
    package var alphanumericStrings: [String]
    /// Whether the input is digital (base block byte 20, bit 7).
    package var isDigital: Bool?
    /// Physical image width in mm. See ``heightMillimeters`` for how it is chosen.
    package var widthMillimeters: Int?
    /// Physical image height in mm.
    ///
    /// The base block gives the size in whole centimetres; the preferred
    /// detailed timing gives it in millimetres but is often wrong. The timing's
    /// size is used when it agrees with the centimetre size to within 10 mm on
    /// both axes (it is then the more precise), the centimetre size otherwise,
    /// and the timing's size alone when the base block gives none (0, or an
    /// aspect ratio in EDID 1.4). nil when neither gives a size.
    package var heightMillimeters: Int?
    /// The display's preferred mode: the first detailed timing of the base
    /// block; else DisplayID's preferred (or first) timing; else the first
    /// CTA-861 detailed timing; else the first native (or first) CTA VIC;
    /// else the first standard timing.
    package var preferredMode: EDIDVideoMode?
    /// Every mode announced, in EDID order (base-block detailed, standard and
    /// established timings, then each extension's), without duplicates.
    ///
    /// A full timing (detailed, CTA-861 detailed or DisplayID) that cannot be
    /// a real mode is left out with a warning, and so never becomes the
    /// ``preferredMode``: a side under 16 or over 16384 pixels, a pixel clock
    /// under 1 MHz, or a refresh rate outside 1–1000 Hz.
    package var modes: [EDIDVideoMode]
    /// Tags of the extension blocks read, e.g. [2] for one CTA-861 block.
    package var extensionTags: [Int]
    /// Human-readable descriptions of everything wrong or doubtful in the EDID.
    package var warnings: [String]

    /// ``serialString`` if present, else ``serialNumber`` in decimal.
    package var serial: String? { serialString ?? serialNumber.map { String($0) } }

    /// Screen scale suggested by this display's pixel density; see
    /// ``PixelDensity/scale(forWidthPixels:widthMillimeters:)``. Sizes under
    /// 10 cm on either axis are treated as unknown (many TVs and projectors
    /// put an aspect ratio such as 16×9 cm there), giving scale 1.
    package var suggestedScale: Int {
        guard let mode = preferredMode, let width = widthMillimeters, let height = heightMillimeters,
            width >= 100, height >= 100
        else { return 1 }
        return PixelDensity.scale(forWidthPixels: mode.width, widthMillimeters: width)
    }

    /// An empty result: no facts, no warnings.
    package init() {
        isModelYear = false
        alphanumericStrings = []
        modes = []
        extensionTags = []
        warnings = []
    }

    /// Parses an EDID blob (base block plus extension blocks). Never fails and
    /// never traps; see the type's documentation.
    package init(bytes: [UInt8]) {
        self = EDIDParser.parse(bytes)
    }

    private enum CodingKeys: String, CodingKey {
        case manufacturer, productCode, serial, year, name, widthMillimeters, heightMillimeters
        case preferredMode, warnings
        case version, serialNumber, serialString, week, isModelYear, alphanumericStrings
        case isDigital, modes, extensionTags
    }

    /// Encodes the JSON form described on the type; unknown facts are `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(manufacturer, forKey: .manufacturer)
        try container.encode(productCode, forKey: .productCode)
        try container.encode(serial, forKey: .serial)
        try container.encode(year, forKey: .year)
        try container.encode(name, forKey: .name)
        try container.encode(widthMillimeters, forKey: .widthMillimeters)
        try container.encode(heightMillimeters, forKey: .heightMillimeters)
        try container.encode(preferredMode, forKey: .preferredMode)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(version, forKey: .version)
        try container.encode(serialNumber, forKey: .serialNumber)
        try container.encode(serialString, forKey: .serialString)
        try container.encode(week, forKey: .week)
        try container.encode(isModelYear, forKey: .isModelYear)
        try container.encode(alphanumericStrings, forKey: .alphanumericStrings)
        try container.encode(isDigital, forKey: .isDigital)
        try container.encode(modes, forKey: .modes)
        try container.encode(extensionTags, forKey: .extensionTags)
    }

    /// Decodes the JSON form written by ``encode(to:)`` (`serial` is derived, not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        manufacturer = try container.decodeIfPresent(String.self, forKey: .manufacturer)
        productCode = try container.decodeIfPresent(Int.self, forKey: .productCode)
        year = try container.decodeIfPresent(Int.self, forKey: .year)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        widthMillimeters = try container.decodeIfPresent(Int.self, forKey: .widthMillimeters)
        heightMillimeters = try container.decodeIfPresent(Int.self, forKey: .heightMillimeters)
        preferredMode = try container.decodeIfPresent(EDIDVideoMode.self, forKey: .preferredMode)
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        version = try container.decodeIfPresent(String.self, forKey: .version)
        serialNumber = try container.decodeIfPresent(UInt32.self, forKey: .serialNumber)
        serialString = try container.decodeIfPresent(String.self, forKey: .serialString)
        week = try container.decodeIfPresent(Int.self, forKey: .week)
        isModelYear = try container.decodeIfPresent(Bool.self, forKey: .isModelYear) ?? false
        alphanumericStrings = try container.decodeIfPresent([String].self, forKey: .alphanumericStrings) ?? []
        isDigital = try container.decodeIfPresent(Bool.self, forKey: .isDigital)
        modes = try container.decodeIfPresent([EDIDVideoMode].self, forKey: .modes) ?? []
        extensionTags = try container.decodeIfPresent([Int].self, forKey: .extensionTags) ?? []
    }
}
