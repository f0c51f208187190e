import CCairo
import CPango

/// A font as pango finds it through fontconfig: a family (or a fontconfig alias
/// such as "sans-serif"), a size in points and a weight. A plain value: the pango
/// description is made for each use and freed after it.
package struct FontDescription: Hashable, Sendable {
    /// fontconfig's generic sans-serif family (DejaVu Sans where fonts-dejavu-core is installed).
    package static let systemFamily = "sans-serif"

    package var family: String
    /// The em size in points (pango's absolute size: one point is one unit of the
    /// drawing surface before its scale).
    package var size: Double
    /// CSS/OpenType weight, 100 (thin) to 1000; 400 is regular, 700 bold.
    package var weight: Int
    package var isItalic: Bool

    package init(family: String, size: Double, weight: Int = 400, isItalic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
    }

    /// A description from a font name as fontconfig and pango spell it: a family,
    /// optionally followed by style words ("DejaVu Sans Bold Oblique"). Nil when
    /// no installed family has that name (compared without case), so a misspelt
    /// name is not silently replaced by fontconfig's nearest match.
    package init?(name: String, size: Double) {
        guard let parsed = pango_font_description_from_string(name) else { return nil }
        defer { pango_font_description_free(parsed) }
        guard let familyName = pango_font_description_get_family(parsed) else { return nil }
        let family = String(cString: familyName)
        let installed = Self.installedFamilies()
        guard let match = installed.first(where: { $0.lowercased() == family.lowercased() }) else { return nil }
        let style = pango_font_description_get_style(parsed)
        self.init(
            family: match, size: size, weight: Int(pango_font_description_get_weight(parsed).rawValue),
            isItalic: style == PANGO_STYLE_ITALIC || style == PANGO_STYLE_OBLIQUE)
    }

    /// The families fontconfig knows, sorted.
    package static func installedFamilies() -> [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(TextFontMap.current, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { index in
            families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }.sorted()
    }

    /// The family and style words as pango writes them ("DejaVu Sans Bold"), which
    /// `init(name:size:)` reads back.
    package var name: String {
        withPangoDescription { description in
            pango_font_description_unset_fields(description, PANGO_FONT_MASK_SIZE)
            guard let text = pango_font_description_to_string(description) else { return family }
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    /// Distances from the baseline in points: `ascent` up, `descent` down (both
    /// positive) and the distance between baselines of consecutive lines.
    package var metrics: (ascent: Double, descent: Double, lineHeight: Double) {
        let context = TextContext()
        return withPangoDescription { description in
            guard let metrics = pango_context_get_metrics(context.pointer, description, nil) else { return (0, 0, 0) }
            defer { pango_font_metrics_unref(metrics) }
            let scale = Double(PANGO_SCALE)
            return (
                Double(pango_font_metrics_get_ascent(metrics)) / scale,
                Double(pango_font_metrics_get_descent(metrics)) / scale,
                Double(pango_font_metrics_get_height(metrics)) / scale
            )
        }
    }

    /// Runs `body` with a pango description of this font, freed afterwards.
    func withPangoDescription<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        let points = size.isFinite ? min(max(size, 0), 10_000) : 0
        pango_font_description_set_absolute_size(description, points * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(weight, 1000)))))
        pango_font_description_set_style(description, isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return body(description)
    }
}

/// A pango context set up so that text measures the same at every scale: metrics
/// are not hinted and glyph positions not rounded, so a layout made here in points
/// is the one drawn on a surface of any scale. Owns the context; unreferenced once.
final class TextContext {
    let pointer: OpaquePointer

    init() {
        // The main queue's map or this thread's own (see TextFontMap), so this needs no lock.
        pointer = pango_font_map_create_context(TextFontMap.current)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        // Grey antialiasing: a panel's subpixel order is unknown and captures are compared by colour.
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pointer, options)
        pango_context_set_round_glyph_positions(pointer, 0)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
