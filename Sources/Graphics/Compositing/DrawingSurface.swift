import CCairo
import CPixman

/// A premultiplied ARGB image that a view's `draw(_:)` paints into with cairo,
/// and that the compositor blends into the frame. One owner of the cairo
/// surface and context, freed once in deinit.
///
/// A surface holds all of a view's content, or, when that is larger than a surface
/// can be (`region(ofContentWidth:height:visible:)`), the part of it in `region`:
/// drawing calls still take the content's coordinates, and what falls outside is cut.
package final class DrawingSurface {
    /// cairo's limit on either side of an image surface.
    package static let maximumSide = 32767
    /// Larger content is held in part (256 MiB of pixels), as images larger than this are refused.
    package static let maximumPixelCount = 1 << 26

    /// Size in pixels.
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// Where the surface is in the content's pixels: (0, 0) and its size when it holds all of it.
    package let region: PixelRect
    /// Whether the surface holds only part of its content.
    package let isPart: Bool
    /// Points-to-pixels factor applied to every drawing call.
    package let scale: Double
    /// Where the pixels live when not in cairo's own memory (kept alive by the
    /// surface, released after cairo lets go of it).
    package let memory: (any SurfaceMemory)?
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    /// Whether every pixel is opaque (``markOpaque()``): the compositor then copies
    /// the content instead of blending it over what is below (the same pixels; a
    /// 64x64 image in a third of the time).
    package private(set) var isOpaque = false
    /// The pixels drawing may have made other than transparent since the surface was
    /// last cleared whole (a label's text, not the rest of its width): the compositor
    /// blends only these, as the rest adds nothing over what is below.
    package private(set) var inked = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The colour ``setColor(_:)`` set last: nil once the context was lent (its source is then unknown).
    private var sourceColor: PixelColor?
    /// How many clips limit drawing now (a redrawn part, ``clipped(x:y:width:height:_:)``).
    private var clipDepth = 0
    /// The same pixels as pixman sees them, made on first use.
    private var pixmanImage: OpaquePointer?
    /// The last colour an ellipse was blended with, as a pixman source (`solidFill(_:)`).
    private var keptSolidFill: (color: pixman_color_t, image: OpaquePointer)?
    /// Ellipses' coverage as cairo filled them, kept for the next fill of the same shape.
    private(set) var ellipseMasks = EllipseMaskCache()

    /// A transparent surface of `pixelWidth`×`pixelHeight` pixels; drawing
    /// calls take points and are multiplied by `scale`. Its pixels are in `memory`
    /// when given (zeroed, `pixelWidth`×`pixelHeight` or larger), else cairo's own.
    /// With `region`, it holds that part of a larger content (`pixelWidth` and
    /// `pixelHeight` are then the region's). Sizes are kept within cairo's limit.
    package init(
        pixelWidth: Int, pixelHeight: Int, scale: Double, memory: (any SurfaceMemory)? = nil, region: PixelRect? = nil
    ) {
        self.pixelWidth = min(max(region?.width ?? pixelWidth, 1), Self.maximumSide)
        self.pixelHeight = min(max(region?.height ?? pixelHeight, 1), Self.maximumSide)
        self.region = PixelRect(
            x: region?.x ?? 0, y: region?.y ?? 0, width: self.pixelWidth, height: self.pixelHeight)
        isPart = region != nil
        self.scale = scale
        self.memory = memory
        if let memory {
            surface = cairo_image_surface_create_for_data(
                memory.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(self.pixelWidth),
                Int32(self.pixelHeight), Int32(memory.bytesPerRow))
        } else {
            surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(self.pixelWidth), Int32(self.pixelHeight))
        }
        cairo = cairo_create(surface)
        applyContentTransform()
    }

    /// The part of content of `width`×`height` pixels a surface holds: all of it when
    /// it fits in a surface, else the part around `visible` (pixels of the content,
    /// nil when nothing of it is known to be on screen), within the limits. The part
    /// `kept` (a surface's before) stays while it holds what is visible: what it
    /// drew outside a redrawn rectangle stays valid.
    package static func region(
        ofContentWidth width: Int, height: Int, keeping kept: PixelRect? = nil, visible: () -> PixelRect?
    ) -> PixelRect? {
        guard width > maximumSide || height > maximumSide || width * height > maximumPixelCount else { return nil }
        let content = PixelRect(x: 0, y: 0, width: width, height: height)
        let seen = visible().map { $0.intersection(content) }
        if let kept, content.contains(kept) {
            guard let seen, !seen.isEmpty else { return kept }
            if seen.x >= kept.x, seen.y >= kept.y, seen.maxX <= kept.maxX, seen.maxY <= kept.maxY { return kept }
        }
        var part = seen ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        if part.isEmpty { part = PixelRect(x: 0, y: 0, width: 1, height: 1) }
        // Room around what is visible, so a small scroll shows content already drawn.
        let marginX = min(part.width, maximumSide)
        let marginY = min(part.height, maximumSide)
        part = PixelRect(
            x: part.x - marginX, y: part.y - marginY, width: part.width + 2 * marginX,
            height: part.height + 2 * marginY
        ).intersection(content)
        let partWidth = min(part.width, maximumSide)
        let partHeight = min(part.height, maximumSide, max(maximumPixelCount / max(partWidth, 1), 1))
        return PixelRect(x: part.x, y: part.y, width: max(partWidth, 1), height: max(partHeight, 1))
    }

    /// Points of the content to the surface's pixels: scaled, then moved by where the part starts.
    private func applyContentTransform() {
        cairo_translate(cairo, Double(-region.x), Double(-region.y))
        cairo_scale(cairo, scale, scale)
    }

    deinit {
        if let pixmanImage { pixman_image_unref(pixmanImage) }
        if let keptSolidFill { pixman_image_unref(keptSolidFill.image) }
        ellipseMasks.removeAll()
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Forgets a path left unfinished by the last drawing (before a view draws again
    /// over every pixel, without `clear()`).
    package func discardPath() {
        cairo_new_path(cairo)
    }

    /// Makes every pixel transparent (before a view draws again).
    package func clear() {
        isOpaque = false
        inked = PixelRect(x: 0, y: 0, width: 0, height: 0)
        // A path left unfinished by the last drawing must not reach the next.
        cairo_new_path(cairo)
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Clears `pixels` (of the content) and limits drawing to it until
    /// ``endPartialDrawing()``: a view redrawing only the part it invalidated.
    package func beginPartialDrawing(in pixels: PixelRect) {
        isOpaque = false
        let unclipped = clipDepth == 0
        clipDepth += 1
        cairo_new_path(cairo)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_rectangle(
            cairo, Double(pixels.x - region.x), Double(pixels.y - region.y), Double(pixels.width),
            Double(pixels.height))
        cairo_clip(cairo)
        // A clip of whole pixels on none other: what cairo's paint would clear is the
        // box, as pixman_fill clears it without cairo's fixed cost (a keystroke's rect).
        if !unclipped || !clearPixels(pixels) {
            cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cairo)
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        applyContentTransform()
    }

    /// Makes `pixels` (of the content) transparent through pixman, within the surface.
    /// False, having cleared nothing, when there is no pixman image of it.
    private func clearPixels(_ pixels: PixelRect) -> Bool {
        guard let target = pixmanTarget() else { return false }
        var box = pixman_box32_t(
            x1: Int32(clamping: max(pixels.x - region.x, 0)), y1: Int32(clamping: max(pixels.y - region.y, 0)),
            x2: Int32(clamping: min(pixels.maxX - region.x, pixelWidth)),
            y2: Int32(clamping: min(pixels.maxY - region.y, pixelHeight)))
        guard box.x2 > box.x1, box.y2 > box.y1 else { return true }
        replacePixels(&box, with: pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0), in: target)
        return true
    }

    /// Sets every pixel of `box` (on the surface) to `color` through pixman, with cairo
    /// told: its pending drawing flushed first, the box marked dirty after.
    private func replacePixels(_ box: inout pixman_box32_t, with color: pixman_color_t, in target: OpaquePointer) {
        var color = color
        cairo_surface_flush(surface)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &color, 1, &box)
        cairo_surface_mark_dirty_rectangle(surface, box.x1, box.y1, box.x2 - box.x1, box.y2 - box.y1)
    }

    /// Every pixel was just painted opaque (an opaque fill of all of them, unclipped):
    /// the drawing that follows blends over them (cairo's operator stays OVER, as
    /// text lent the context draws too), so they stay opaque until the surface is
    /// cleared, partly redrawn or written by something else.
    package func markOpaque() {
        isOpaque = true
        inkEverything()
    }

    /// Drawing whose reach is not worked out: every pixel may be inked.
    private func inkEverything() {
        inked = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
    }

    /// Adds a rectangle given in points (and the pixels its antialiased edges touch) to
    /// `inked`; all of the surface while a path is being built (a fill fills it too).
    package func addInk(x: Double, y: Double, width: Double, height: Double) {
        guard cairo_has_current_point(cairo) == 0 else {
            inkEverything()
            return
        }
        // The surface's pixels: points scaled, then moved by where the part starts; a
        // pixel's margin for antialiasing and hinting.
        let left = x * scale - Double(region.x) - 1
        let top = y * scale - Double(region.y) - 1
        let right = (x + width) * scale - Double(region.x) + 1
        let bottom = (y + height) * scale - Double(region.y) + 1
        let surface = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else {
            inkEverything()
            return
        }
        // (Rounded before the call: a rounding rule passed in is a switch at run time, every drawing call.)
        func pixel(_ rounded: Double) -> Int { Int(min(max(rounded, -1), Double(Self.maximumSide) + 1)) }
        let x0 = pixel(min(left, right).rounded(.down))
        let y0 = pixel(min(top, bottom).rounded(.down))
        let box = PixelRect(
            x: x0, y: y0, width: pixel(max(left, right).rounded(.up)) - x0,
            height: pixel(max(top, bottom).rounded(.up)) - y0
        ).intersection(surface)
        guard !box.isEmpty else { return }
        inked = inked.union(box)
    }

    /// Lifts the limit of ``beginPartialDrawing(in:)``.
    package func endPartialDrawing() {
        cairo_restore(cairo)
        clipDepth -= 1
    }

    /// Sets the colour of the next fill or stroke (straight alpha).
    package func setColor(_ color: PixelColor) {
        sourceColor = color
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills a rectangle given in points.
    package func fillRect(x: Double, y: Double, width: Double, height: Double) {
        // Only the part on the surface (and a pixel around it): cairo's 24.8 fixed-point
        // coordinates cannot hold the edges of content billions of pixels wide.
        let left = max(min(x, x + width), (Double(region.x) - 1) / scale)
        let top = max(min(y, y + height), (Double(region.y) - 1) / scale)
        let right = min(max(x, x + width), (Double(region.maxX) + 1) / scale)
        let bottom = min(max(y, y + height), (Double(region.maxY) + 1) / scale)
        guard right > left, bottom > top else { return }
        addInk(x: left, y: top, width: right - left, height: bottom - top)
        if fillWholePixels(left: left, top: top, right: right, bottom: bottom) { return }
        cairo_rectangle(cairo, left, top, right - left, bottom - top)
        cairo_fill(cairo)
    }

    /// Fills a rectangle (points) whose edges fall on whole pixels with an opaque
    /// colour through pixman, unclipped and with no path begun: cairo would hand
    /// pixman_fill the same box and pixel after its fixed cost per fill (a view's
    /// background, drawn on every redraw). False, having drawn nothing, otherwise.
    private func fillWholePixels(left: Double, top: Double, right: Double, bottom: Double) -> Bool {
        guard clipDepth == 0, let color = sourceColor, color.alpha >= 1, cairo_has_current_point(cairo) == 0
        else { return false }
        // The surface's pixels, as cairo's transform gives them (scaled, then moved by where the part starts).
        let x0 = left * scale - Double(region.x)
        let y0 = top * scale - Double(region.y)
        let x1 = right * scale - Double(region.x)
        let y1 = bottom * scale - Double(region.y)
        guard x0 == x0.rounded(), y0 == y0.rounded(), x1 == x1.rounded(), y1 == y1.rounded(),
            let target = pixmanTarget()
        else { return false }
        // cairo fills only what is on the surface.
        var box = pixman_box32_t(
            x1: Int32(max(x0, 0)), y1: Int32(max(y0, 0)), x2: Int32(min(x1, Double(pixelWidth))),
            y2: Int32(min(y1, Double(pixelHeight))))
        guard box.x2 > box.x1, box.y2 > box.y1 else { return true }
        // cairo's colour: each channel clamped, then to 16 bits as cairo rounds it.
        func short(_ value: Double) -> UInt16 { UInt16((value.isNaN ? 0 : min(max(value, 0), 1)) * 65535 + 0.5) }
        let pixmanColor = pixman_color_t(
            red: short(color.red), green: short(color.green), blue: short(color.blue), alpha: 0xFFFF)
        replacePixels(&box, with: pixmanColor, in: target)
        return true
    }

    /// Strokes the outline of a rectangle given in points.
    package func strokeRect(x: Double, y: Double, width: Double, height: Double, lineWidth: Double) {
        inkEverything()
        cairo_set_line_width(cairo, lineWidth)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_stroke(cairo)
    }

    /// Fills the ellipse inscribed in a rectangle given in points.
    package func fillEllipse(x: Double, y: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        addInk(x: x, y: y, width: width, height: height)
        if fillEllipseThroughKeptMask(x: x, y: y, width: width, height: height) { return }
        Self.addEllipseOutline(to: cairo, x: x, y: y, width: width, height: height)
        cairo_fill(cairo)
    }

    /// Adds the ellipse's outline to `context`'s path, as `fillEllipse` fills it.
    private static func addEllipseOutline(
        to context: OpaquePointer, x: Double, y: Double, width: Double, height: Double
    ) {
        // A circle needs no scaled space (no save, transform and restore: about 6% of
        // filling a 28-point disc; the same pixels).
        if width == height {
            cairo_arc(context, x + width / 2, y + height / 2, width / 2, 0, 2 * Double.pi)
            return
        }
        cairo_save(context)
        cairo_translate(context, x + width / 2, y + height / 2)
        cairo_scale(context, width / 2, height / 2)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(context)
    }

    /// Fills an ellipse (points) by blending the colour through its coverage mask, the
    /// mask cairo made for the same shape at the same sub-pixel place before (a view
    /// redrawing its content mostly draws the same shapes again: a 28-pixel disc costs
    /// cairo about 5 µs, the blend through its mask a tenth of that), or made now by
    /// cairo when the shape was filled lately. The pixels are cairo's: the same coverage blended with the
    /// same arithmetic. False, having drawn nothing, outside the plain case (a path
    /// begun, a clip, a colour not known, an ellipse not wholly on the surface or larger than kept masks are).
    private func fillEllipseThroughKeptMask(x: Double, y: Double, width: Double, height: Double) -> Bool {
        guard clipDepth == 0, let color = sourceColor, cairo_has_current_point(cairo) == 0 else { return false }
        // The ellipse in the surface's pixels, with a pixel around it for the curve's flattening.
        let left = x * scale - Double(region.x)
        let top = y * scale - Double(region.y)
        let pixelWidth = width * scale
        let pixelHeight = height * scale
        let boxX = left.rounded(.down) - 1
        let boxY = top.rounded(.down) - 1
        let boxWidth = (left + pixelWidth).rounded(.up) + 1 - boxX
        let boxHeight = (top + pixelHeight).rounded(.up) + 1 - boxY
        guard boxX >= 0, boxY >= 0, boxX + boxWidth <= Double(self.pixelWidth),
            boxY + boxHeight <= Double(self.pixelHeight), boxWidth * boxHeight <= Double(EllipseMaskCache.largestMask)
        else { return false }
        let key = EllipseMaskCache.Key(
            width: pixelWidth, height: pixelHeight, left: left - left.rounded(.down), top: top - top.rounded(.down),
            isCircle: width == height)
        let mask: OpaquePointer
        if let kept = ellipseMasks.mask(for: key) {
            mask = kept
        } else {
            // A shape drawn once is left to cairo (making and keeping its mask costs
            // about a fifth more than the fill); drawn again, it is likely drawn again.
            guard ellipseMasks.noteSeen(key) else { return false }
            guard
                let made = Self.coverageMask(
                    width: Int(boxWidth), height: Int(boxHeight),
                    transform: (scale, Double(region.x) + boxX, Double(region.y) + boxY),
                    { Self.addEllipseOutline(to: $0, x: x, y: y, width: width, height: height) })
            else { return false }
            ellipseMasks.keep(made, for: key)
            mask = made
        }
        guard let target = pixmanTarget() else { return false }
        // cairo's colour: each channel clamped, premultiplied, then to 16 bits as cairo rounds it.
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        let alpha = unit(color.alpha)
        func short(_ value: Double) -> UInt16 { UInt16(value * 65535 + 0.5) }
        let pixmanColor = pixman_color_t(
            red: short(unit(color.red) * alpha), green: short(unit(color.green) * alpha),
            blue: short(unit(color.blue) * alpha), alpha: short(alpha))
        guard let source = solidFill(pixmanColor) else { return false }
        cairo_surface_flush(surface)
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, mask, target, 0, 0, 0, 0, Int32(boxX), Int32(boxY), Int32(boxWidth),
            Int32(boxHeight))
        cairo_surface_mark_dirty_rectangle(surface, Int32(boxX), Int32(boxY), Int32(boxWidth), Int32(boxHeight))
        return true
    }

    /// An a8 mask of `width`×`height` pixels holding the coverage of what `outline` adds
    /// to a path, filled by cairo with the content's `transform` (scale, then the
    /// mask's place subtracted), or nil when it cannot be made.
    private static func coverageMask(
        width: Int, height: Int, transform: (scale: Double, x: Double, y: Double), _ outline: (OpaquePointer) -> Void
    ) -> OpaquePointer? {
        FrameComposer.filledMask(width: width, height: height) { cairo in
            cairo_translate(cairo, -transform.x, -transform.y)
            cairo_scale(cairo, transform.scale, transform.scale)
            outline(cairo)
        }
    }

    /// A pixman source of one colour: the last one made, kept while the colour stays
    /// (a view redrawing draws its shapes in the same colours again).
    private func solidFill(_ color: pixman_color_t) -> OpaquePointer? {
        if let kept = keptSolidFill, kept.color.red == color.red, kept.color.green == color.green,
            kept.color.blue == color.blue, kept.color.alpha == color.alpha
        {
            return kept.image
        }
        var color = color
        guard let image = pixman_image_create_solid_fill(&color) else { return nil }
        if let kept = keptSolidFill { pixman_image_unref(kept.image) }
        keptSolidFill = (color, image)
        return image
    }

    /// The surface's pixels as a pixman image, made once.
    private func pixmanTarget() -> OpaquePointer? {
        if let pixmanImage { return pixmanImage }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        pixmanImage = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(pixelWidth), Int32(pixelHeight),
            UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), cairo_image_surface_get_stride(surface))
        return pixmanImage
    }

    /// Strokes a straight line between two points.
    package func strokeLine(fromX: Double, fromY: Double, toX: Double, toY: Double, lineWidth: Double) {
        inkEverything()
        cairo_set_line_width(cairo, lineWidth)
        cairo_move_to(cairo, fromX, fromY)
        cairo_line_to(cairo, toX, toY)
        cairo_stroke(cairo)
    }

    // MARK: Paths (points), as CGContext's: built up, then filled or stroked, which empties the path

    /// Starts a new subpath at a point.
    package func moveTo(x: Double, y: Double) { cairo_move_to(cairo, x, y) }

    /// Adds a straight line from the current point (a move when there is none).
    package func lineTo(x: Double, y: Double) { cairo_line_to(cairo, x, y) }

    /// Adds a cubic Bézier curve from the current point to (`x`, `y`).
    package func curveTo(
        control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, x: Double, y: Double
    ) {
        cairo_curve_to(cairo, control1X, control1Y, control2X, control2Y, x, y)
    }

    /// Closes the current subpath with a line back to its start.
    package func closePath() { cairo_close_path(cairo) }

    /// Adds a closed rectangle subpath.
    package func addRect(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cairo, x, y, width, height)
    }

    /// Adds the closed ellipse inscribed in a rectangle as a subpath.
    package func addEllipse(x: Double, y: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, x + width / 2, y + height / 2)
        cairo_scale(cairo, width / 2, height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
    }

    /// Fills the path (non-zero winding, as CGContext's `fillPath()`) with the colour set, and empties it.
    package func fillPath() {
        inkEverything()
        cairo_fill(cairo)
    }

    /// Strokes the path with the colour set, and empties it.
    package func strokePath(lineWidth: Double) {
        inkEverything()
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    /// The extents of the clip now set, in points (cairo_clip_extents).
    package var clipExtents: (left: Double, top: Double, right: Double, bottom: Double) {
        Self.clipExtents(of: cairo)
    }

    /// The extents of the clip set on a cairo context, in its user space.
    package static func clipExtents(of cairo: OpaquePointer) -> (
        left: Double, top: Double, right: Double, bottom: Double
    ) {
        var left = 0.0
        var top = 0.0
        var right = 0.0
        var bottom = 0.0
        cairo_clip_extents(cairo, &left, &top, &right, &bottom)
        return (left, top, right, bottom)
    }

    /// Runs `body` with drawing limited to a rectangle given in points.
    package func clipped(x: Double, y: Double, width: Double, height: Double, _ body: () -> Void) {
        cairo_save(cairo)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_clip(cairo)
        clipDepth += 1
        body()
        clipDepth -= 1
        cairo_restore(cairo)
    }

    // MARK: Images

    /// Draws `image` scaled to fill a rectangle given in points (bilinear filtering,
    /// edges kept sharp), limited to that rectangle.
    package func drawImage(_ image: CapturedImage, x: Double, y: Double, width: Double, height: Double) {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else { return }
        addInk(x: x, y: y, width: width, height: height)
        let format = image.format == .argb8888 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        image.pixels.withUnsafeBytes { bytes in
            // cairo takes a mutable pointer but only reads a surface used as a source.
            let data = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            let source = cairo_image_surface_create_for_data(
                data, format, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            defer { cairo_surface_destroy(source) }
            cairo_save(cairo)
            cairo_rectangle(cairo, x, y, width, height)
            cairo_clip(cairo)
            cairo_translate(cairo, x, y)
            cairo_scale(cairo, width / Double(image.width), height / Double(image.height))
            cairo_set_source_surface(cairo, source, 0, 0)
            // Padding repeats the edge pixels, so a scaled image does not fade out at its border.
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            // Restoring drops the pattern, the only other holder of `source`, before its memory goes.
            cairo_restore(cairo)
        }
    }

    /// Fills a closed polygon given in points, then strokes its outline when `outline` is given.
    package func fillPolygon(_ points: [(x: Double, y: Double)], outline: PixelColor? = nil, lineWidth: Double = 1) {
        guard let first = points.first else { return }
        inkEverything()
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        cairo_close_path(cairo)
        guard let outline else {
            cairo_fill(cairo)
            return
        }
        cairo_fill_preserve(cairo)
        setColor(outline)
        cairo_set_line_width(cairo, lineWidth)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        cairo_stroke(cairo)
    }

    /// Copies the premultiplied ARGB pixels to the top-left of `width`×`height`
    /// memory (`bytesPerRow` stride, e.g. an ARGB8888 cursor buffer); the rest of it
    /// is made transparent.
    package func copyPixels(into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        flush()
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            let destination = pixels + row * bytesPerRow
            destination.initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
            guard row < pixelHeight else { continue }
            destination.copyMemory(from: data + row * stride, byteCount: min(width, pixelWidth) * 4)
        }
    }

    /// Lends the premultiplied ARGB pixels (and their bytes per row) for writing by
    /// something other than cairo, e.g. a GL read-back; cairo re-reads them afterwards.
    package func withWritablePixels(_ body: (UnsafeMutableRawPointer, Int) -> Void) {
        isOpaque = false
        inkEverything()
        flush()
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }

    /// Lends the cairo context (points, already scaled) to the drawing modules above
    /// Compositing (text through pangocairo); valid only during `body`. Whoever
    /// changes its state restores it (cairo_save/cairo_restore). `inking` is where
    /// the drawing reaches, in points (see `addInk`): all of the surface when not given.
    package func withCairoContext<Result>(
        inking reach: (x: Double, y: Double, width: Double, height: Double)? = nil, _ body: (OpaquePointer) -> Result
    ) -> Result {
        if let reach {
            addInk(x: reach.x, y: reach.y, width: reach.width, height: reach.height)
        } else {
            inkEverything()
        }
        // Whoever draws with the context may set its source.
        sourceColor = nil
        return body(cairo)
    }

    /// Finishes pending cairo drawing so the pixels can be read.
    func flush() { cairo_surface_flush(surface) }

    /// Lends the premultiplied ARGB pixels (and their bytes per row) for reading,
    /// e.g. an upload into a GL texture; valid only during `body`.
    package func withPixels(_ body: (UnsafeRawPointer, Int) -> Void) {
        flush()
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
    }

    /// Lends the pixels to pixman as an a8r8g8b8 image (cairo's ARGB32 is the same
    /// layout), kept with the surface: whoever sets a transform or filter on it resets it.
    func withPixmanImage(_ body: (OpaquePointer) -> Void) {
        guard let image = pixmanTarget() else { return }
        body(image)
    }
}

/// The coverage masks of the last few ellipses a surface filled more than once, by
/// shape and place within a pixel (cairo's coverage of a shape moved by whole pixels
/// is the same).
struct EllipseMaskCache {
    struct Key: Equatable {
        /// Size in the surface's pixels.
        var width: Double
        var height: Double
        /// Where the ellipse's box starts within its first pixel.
        var left: Double
        var top: Double
        /// Drawn as a circle (cairo's arc in the content's space, not a scaled one).
        var isCircle: Bool
    }

    /// How many masks a surface keeps, and the largest kept (pixels): a view's
    /// few shapes, not every size it ever drew.
    static let capacity = 4
    static let largestMask = 128 * 128

    private var entries: [(key: Key, mask: OpaquePointer)] = []
    /// Shapes filled lately without a mask kept (cairo's own fill), newest last.
    private var seen: [Key] = []

    /// How many masks are kept.
    var count: Int { entries.count }

    /// The mask kept for `key`, if any.
    func mask(for key: Key) -> OpaquePointer? {
        entries.first { $0.key == key }?.mask
    }

    /// Whether `key` was filled lately (its mask is then worth making); else notes it.
    mutating func noteSeen(_ key: Key) -> Bool {
        if let index = seen.firstIndex(of: key) {
            seen.remove(at: index)
            return true
        }
        if seen.count == Self.capacity { seen.removeFirst() }
        seen.append(key)
        return false
    }

    /// Keeps `mask` (its reference taken over) for `key`, forgetting the oldest beyond `capacity`.
    mutating func keep(_ mask: OpaquePointer, for key: Key) {
        if entries.count == Self.capacity { pixman_image_unref(entries.removeFirst().mask) }
        entries.append((key, mask))
    }

    mutating func removeAll() {
        for entry in entries { pixman_image_unref(entry.mask) }
        entries.removeAll()
    }
}
