import CCairo
import CFrameCopy
import CPixman
import Foundation
import Geometry

/// Composes draw operations into caller-owned XRGB8888 memory with pixman:
/// the whole frame is cleared to black, then every operation is applied in
/// order. No per-pixel Swift code; all work is pixman fills and composites.
package enum FrameComposer {
    /// Writes a full frame into `pixels` (`width`×`height`, `bytesPerRow`
    /// stride, XRGB8888). `operations` use the coordinates of the unrotated
    /// image, whose size is the panel size with axes swapped for quarter turns.
    package static func compose(
        _ operations: [DrawOperation], into pixels: UnsafeMutableRawPointer,
        width: Int, height: Int, bytesPerRow: Int, rotation: PanelRotation = .none
    ) {
        guard width > 0, height > 0,
            let target = pixman_image_create_bits(
                PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { return }
        defer { pixman_image_unref(target) }
        if rotation == .none {
            render(operations, onto: target, width: width, height: height)
            return
        }
        let logicalWidth = rotation.swapsAxes ? height : width
        let logicalHeight = rotation.swapsAxes ? width : height
        guard let logical = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(logicalWidth), Int32(logicalHeight), nil, 0)
        else { return }
        defer { pixman_image_unref(logical) }
        render(operations, onto: logical, width: logicalWidth, height: logicalHeight)
        turn(
            logical, origin: (0, 0), by: rotation, logicalWidth: logicalWidth, logicalHeight: logicalHeight,
            into: target, at: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Copies `image`, unturned pixels whose top-left is pixel `origin` of the unturned
    /// frame, turned by `rotation` into `rect` (panel pixels) of `target`.
    private static func turn(
        _ image: OpaquePointer, origin: (x: Int, y: Int), by rotation: PanelRotation, logicalWidth: Int,
        logicalHeight: Int, into target: OpaquePointer, at rect: PixelRect
    ) {
        // Panel pixel → unturned frame pixel → this image's pixel.
        var transform = rotationTransform(rotation, logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        transform.matrix.0.2 -= Int32(origin.x) << 16
        transform.matrix.1.2 -= Int32(origin.y) << 16
        pixman_image_set_transform(image, &transform)
        pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_composite32(
            PIXMAN_OP_SRC, image, nil, target, Int32(rect.x), Int32(rect.y), 0, 0, Int32(rect.x), Int32(rect.y),
            Int32(rect.width), Int32(rect.height))
    }

    /// Draws only the damaged part of a frame into `pixels`, which must hold the
    /// previous frame (a shadow buffer in cached memory). Each top-level operation
    /// is drawn only where it is seen: within the damage and not under an opaque
    /// fill above it; black goes only where no opaque fill covers the damage.
    /// `region` is in the pixels of `pixels` (the panel's); on a turned frame each of
    /// its rectangles is drawn unturned into a small image of its own and turned into
    /// place, as the whole frame is (`compose(_:into:width:height:bytesPerRow:rotation:)`).
    /// With `transparent`, the frame is premultiplied ARGB8888 and what no
    /// operation covers is transparent instead of black (a window's own buffer
    /// for an overlay plane). `depths`, if given, are the operations' `groupDepths`;
    /// `masks` keeps the coverage masks of turned fills from frame to frame.
    /// `streamsFills`: `pixels` is memory the cache does not hold (a scanout buffer composed
    /// in place), where opaque fills of long rows go by streaming stores (`frame_fill_rows`).
    package static func compose(
        _ operations: [DrawOperation], into pixels: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int, region: DamageRegion, rotation: PanelRotation = .none, transparent: Bool = false,
        depths: [Int]? = nil, masks: OutlineMaskCache? = nil, streamsFills: Bool = false
    ) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let clipped = region.clipped(to: frame)
        let format = transparent ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        guard width > 0, height > 0, !clipped.isEmpty,
            let target = pixman_image_create_bits(
                format, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { return }
        defer { pixman_image_unref(target) }
        let depths = depths ?? groupDepths(operations)
        guard rotation != .none else {
            if clipped.rects.count == 1,
                let bottom = coveringBottom(of: clipped.rects[0], in: operations, depths: depths)
            {
                drawCovered(
                    clipped.rects[0], from: bottom, operations, depths: depths,
                    layer: Layer(image: target, origin: (0, 0), bounds: frame, opacity: 1), format: format)
                return
            }
            let streamed = streamsFills && !transparent ? (pixels, bytesPerRow, width) : nil
            draw(
                operations, depths: depths, onto: target, origin: (0, 0), damage: PixmanRegion(clipped.rects),
                transparent: transparent, masks: masks, streamingInto: streamed)
            return
        }
        let logicalWidth = rotation.swapsAxes ? height : width
        let logicalHeight = rotation.swapsAxes ? width : height
        for rect in clipped.rects {
            let logical = rotation.logicalRect(rect, panelWidth: width, panelHeight: height)
            guard
                let image = pixman_image_create_bits(
                    format, Int32(logical.width), Int32(logical.height), nil, 0)
            else { continue }
            defer { pixman_image_unref(image) }
            draw(
                operations, depths: depths, onto: image, origin: (logical.x, logical.y),
                damage: PixmanRegion([logical]), transparent: transparent, masks: masks)
            turn(
                image, origin: (logical.x, logical.y), by: rotation, logicalWidth: logicalWidth,
                logicalHeight: logicalHeight, into: target, at: rect)
        }
    }

    /// Draws `damage` (frame pixels) of a frame into `target`, whose top-left pixel
    /// is frame pixel `origin`: each top-level operation only where it is seen.
    /// `streamingInto`: `target`'s XRGB8888 pixels, where opaque fills are streamed (see `compose`).
    private static func draw(
        _ operations: [DrawOperation], depths: [Int], onto target: OpaquePointer, origin: (x: Int, y: Int),
        damage: PixmanRegion, transparent: Bool, masks: OutlineMaskCache?,
        streamingInto streamed: (pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int)? = nil
    ) {
        let visibility = Visibility(operations, depths: depths, damage: damage)
        var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: transparent ? 0 : 0xFFFF)
        visibility.uncovered.translate(x: -origin.x, y: -origin.y)
        var blackBoxes = visibility.uncovered.boxes
        if !blackBoxes.isEmpty {
            pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &black, Int32(blackBoxes.count), &blackBoxes)
        }
        // What is not listed is hidden (a hidden group with all it holds).
        let layer = Layer(image: target, origin: origin, bounds: PixelRect(x: 0, y: 0, width: 0, height: 0), opacity: 1)
        for (index, shown) in visibility.visible where !shown.isEmpty {
            // A fill needs no clip region: each rectangle where it shows is filled
            // (the commonest case: backgrounds; no region copied into the image).
            if case .fill(let rect, let color, let clip) = operations[index] {
                let area = rect.intersection(clip)
                if let streamed, color.alpha >= 1 {
                    let pixel = opaquePixel(color)
                    shown.forEachRect {
                        let part = area.intersection($0)
                        // Rows spanning the frame pixman fills as fast, and leaves them in the cache for what blends over them.
                        if part.width < streamed.width {
                            streamFill(part, pixel: pixel, into: streamed)
                        } else {
                            fill(part, color: color, layer: layer)
                        }
                    }
                } else {
                    shown.forEachRect { fill(area.intersection($0), color: color, layer: layer) }
                }
                continue
            }
            let end = isGroupStart(operations[index]) ? matchingEnd(of: index, depths) : index
            let limit = shown.extents
            shown.translate(x: -origin.x, y: -origin.y)
            pixman_image_set_clip_region32(target, shown.raw)
            render(operations[index...end], onto: target, origin: origin, limit: limit, clear: false, masks: masks)
            pixman_image_set_clip_region32(target, nil)
        }
    }

    /// The top-level operation at the bottom of what alone decides `rect`'s pixels, if
    /// that is simple: front to back, every top-level operation touching `rect` covers
    /// all of it, and those above the first opaque one (a fill, or content painted
    /// opaque all over) are fills. Then what shows there is those operations over all
    /// of `rect` (a recoloured, faded or redrawn view with nothing over it, the
    /// commonest small changes), and no region arithmetic is needed.
    /// `fillsAbove`: whether fills lie over it there.
    private static func coveringBottom(
        of rect: PixelRect, in operations: [DrawOperation], depths: [Int]
    ) -> (index: Int, fillsAbove: Bool)? {
        var fillsAbove = false
        for index in operations.indices.reversed() where depths[index] == 0 {
            guard let area = operations[index].reach, !area.intersection(rect).isEmpty else { continue }
            guard area.contains(rect) else { return nil }
            if operations[index].isOpaque { return (index, fillsAbove) }
            guard case .fill = operations[index] else { return nil }
            fillsAbove = true
        }
        return nil
    }

    /// Draws `rect` as the top-level operations from `bottom` (see `coveringBottom`) make
    /// it. Fills over an opaque fill make one colour: it is composed once, into one pixel
    /// by the same pixman operations, and `rect` filled with it (a faded view over its
    /// window's background costs a fill, not a fill and a blend).
    private static func drawCovered(
        _ rect: PixelRect, from bottom: (index: Int, fillsAbove: Bool), _ operations: [DrawOperation], depths: [Int],
        layer: Layer, format: pixman_format_code_t
    ) {
        func fillAbove(onto layer: Layer, within rect: PixelRect) {
            guard bottom.fillsAbove else { return }
            for index in (bottom.index + 1)..<operations.count where depths[index] == 0 {
                guard case .fill(let area, let color, let clip) = operations[index],
                    !area.intersection(clip).intersection(rect).isEmpty
                else { continue }
                fill(rect, color: color, layer: layer)
            }
        }
        guard case .fill(_, let color, _) = operations[bottom.index] else {
            render(
                operations[bottom.index...bottom.index], onto: layer.image, origin: layer.origin, limit: rect,
                clear: false)
            fillAbove(onto: layer, within: rect)
            return
        }
        guard bottom.fillsAbove else { return fill(rect, color: color, layer: layer) }
        var pixel: UInt32 = 0
        let one = PixelRect(x: rect.x, y: rect.y, width: 1, height: 1)
        withUnsafeMutablePointer(to: &pixel) { bits in
            guard let image = pixman_image_create_bits(format, 1, 1, bits, 4) else { return }
            defer { pixman_image_unref(image) }
            let scratch = Layer(image: image, origin: (rect.x, rect.y), bounds: one, opacity: 1)
            fill(one, color: color, layer: scratch)
            fillAbove(onto: scratch, within: one)
        }
        guard let bits = pixman_image_get_data(layer.image) else { return }
        pixman_fill(
            bits, pixman_image_get_stride(layer.image) / 4, 32, Int32(rect.x - layer.origin.x),
            Int32(rect.y - layer.origin.y), Int32(rect.width), Int32(rect.height), pixel)
    }

    private static func isGroupStart(_ operation: DrawOperation) -> Bool {
        switch operation {
        case .beginGroup, .beginTransformedGroup: return true
        default: return false
        }
    }

    /// The endGroup closing the group that starts at `start` (the last operation if unbalanced).
    private static func matchingEnd(of start: Int, _ depths: [Int]) -> Int {
        var index = start + 1
        while index < depths.count {
            if depths[index] == depths[start] { return index }
            index += 1
        }
        return depths.count - 1
    }

    /// How many groups enclose each operation.
    package static func groupDepths(_ operations: [DrawOperation]) -> [Int] {
        var depth = 0
        return operations.map { operation in
            switch operation {
            case .beginGroup, .beginTransformedGroup:
                depth += 1
                return depth - 1
            case .endGroup:
                depth = max(depth - 1, 0)
                return depth
            default:
                return depth
            }
        }
    }

    /// Blends `surface` over a composed XRGB8888 frame with its top-left at (`x`, `y`)
    /// panel pixels, clipped to the frame: the composited cursor on a card without a
    /// cursor plane.
    package static func overlay(
        _ surface: DrawingSurface, x: Int, y: Int, onto pixels: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int
    ) {
        let area = PixelRect(x: x, y: y, width: surface.pixelWidth, height: surface.pixelHeight)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty,
            let target = pixman_image_create_bits(
                PIXMAN_x8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self),
                Int32(bytesPerRow))
        else { return }
        defer { pixman_image_unref(target) }
        surface.flush()
        surface.withPixmanImage { source in
            blend(
                source, opacity: 1, sourceX: area.x - x, sourceY: area.y - y, area: area,
                layer: Layer(image: target, origin: (0, 0), bounds: area, opacity: 1))
        }
    }

    /// Maps a panel pixel centre to the logical image (pixman transforms go from destination to source).
    static func rotationTransform(_ rotation: PanelRotation, logicalWidth: Int, logicalHeight: Int)
        -> pixman_transform_t
    {
        let one: Int32 = 1 << 16
        let w = Int32(logicalWidth) << 16
        let h = Int32(logicalHeight) << 16
        switch rotation {
        case .none: return pixman_transform_t(matrix: ((one, 0, 0), (0, one, 0), (0, 0, one)))
        case .clockwise90: return pixman_transform_t(matrix: ((0, one, 0), (-one, 0, h), (0, 0, one)))
        case .clockwise180: return pixman_transform_t(matrix: ((-one, 0, w), (0, -one, h), (0, 0, one)))
        case .clockwise270: return pixman_transform_t(matrix: ((0, -one, w), (one, 0, 0), (0, 0, one)))
        }
    }

    private struct Layer {
        let image: OpaquePointer
        let origin: (x: Int, y: Int)
        let bounds: PixelRect
        let opacity: Double
        /// A transformed group: how its pixels map into the layer below, and where they may go there.
        var placement: (transform: CGAffineTransform, bounds: PixelRect)?
    }

    private static func render(_ operations: [DrawOperation], onto target: OpaquePointer, width: Int, height: Int) {
        render(
            operations[...], onto: target, origin: (0, 0), limit: PixelRect(x: 0, y: 0, width: width, height: height),
            clear: true)
    }

    /// Applies `operations` within `limit` (frame pixels; black first when `clear`)
    /// onto `target`, whose top-left pixel is frame pixel `origin`.
    private static func render(
        _ operations: ArraySlice<DrawOperation>, onto target: OpaquePointer, origin: (x: Int, y: Int),
        limit frame: PixelRect, clear: Bool, masks: OutlineMaskCache? = nil
    ) {
        if clear {
            var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xFFFF)
            var box = pixman_box32_t(
                x1: Int32(frame.x - origin.x), y1: Int32(frame.y - origin.y), x2: Int32(frame.maxX - origin.x),
                y2: Int32(frame.maxY - origin.y))
            pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &black, 1, &box)
        }
        var layers = [Layer(image: target, origin: origin, bounds: frame, opacity: 1)]
        var next = operations.startIndex
        while next < operations.endIndex {
            let operation = operations[next]
            next += 1
            let layer = layers[layers.count - 1]
            switch operation {
            case .fill(let rect, let color, let clip):
                fill(rect.intersection(clip).intersection(layer.bounds), color: color, layer: layer)
            case .image(let surface, let x, let y, let opacity, let clip):
                // Only where drawing reached: the rest is transparent and leaves the layer as it is.
                let inked = surface.inked
                let area = PixelRect(x: x + inked.x, y: y + inked.y, width: inked.width, height: inked.height)
                    .intersection(clip).intersection(layer.bounds)
                guard !area.isEmpty, opacity > 0 else { continue }
                surface.flush()
                surface.withPixmanImage { source in
                    blend(
                        source, opacity: opacity, sourceX: area.x - x, sourceY: area.y - y, area: area, layer: layer,
                        copies: surface.isOpaque)
                }
            case .beginGroup(let opacity, let bounds):
                let area = bounds.intersection(layer.bounds)
                let image = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(max(area.width, 1)), Int32(max(area.height, 1)), nil, 0)!
                layers.append(Layer(image: image, origin: (area.x, area.y), bounds: area, opacity: opacity))
            case .beginTransformedGroup(let opacity, let wholeSource, let transform, let bounds):
                // A turned view with nothing but its background: its outline is filled
                // directly, with coverage as its edges' antialiasing, instead of drawn
                // offscreen and sampled bilinearly (several times the cost per pixel).
                if next + 1 < operations.endIndex, case .fill(let rect, let color, let clip) = operations[next],
                    case .endGroup = operations[next + 1],
                    fillTransformed(
                        rect.intersection(clip).intersection(wholeSource), color: color, opacity: opacity,
                        transform: transform, area: bounds.intersection(layer.bounds), layer: layer, masks: masks)
                {
                    next += 2
                    continue
                }
                // Only the source pixels that reach the destination (a damaged part), plus the filter's reach.
                let reach = transform.inverted().boundingBox(of: bounds.intersection(layer.bounds))
                let source = wholeSource.intersection(reach.outset(by: 1))
                // An image too large to allocate (a huge view scaled down) draws nothing.
                let image = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(clamping: max(source.width, 1)), Int32(clamping: max(source.height, 1)),
                    nil, 0)
                layers.append(
                    Layer(
                        image: image ?? pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, nil, 0)!,
                        origin: (source.x, source.y),
                        bounds: image == nil ? PixelRect(x: 0, y: 0, width: 0, height: 0) : source,
                        opacity: opacity, placement: (transform, bounds.intersection(layer.bounds))))
            case .endGroup:
                guard layers.count > 1 else { continue }
                let group = layers.removeLast()
                defer { pixman_image_unref(group.image) }
                guard !group.bounds.isEmpty else { continue }
                if let placement = group.placement {
                    blendTransformed(group, placement: placement, layer: layers[layers.count - 1])
                    continue
                }
                blend(
                    group.image, opacity: group.opacity, sourceX: 0, sourceY: 0, area: group.bounds,
                    layer: layers[layers.count - 1])
            }
        }
        while layers.count > 1 { pixman_image_unref(layers.removeLast().image) }
    }

    private static func fill(_ rect: PixelRect, color: PixelColor, layer: Layer) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        var pixmanColor = premultiplied(color, opacity: 1)
        let x = Int32(rect.x - layer.origin.x)
        let y = Int32(rect.y - layer.origin.y)
        var box = pixman_box32_t(x1: x, y1: y, x2: x + Int32(rect.width), y2: y + Int32(rect.height))
        pixman_image_fill_boxes(
            pixmanColor.alpha == 0xFFFF ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, layer.image, &pixmanColor, 1, &box)
    }

    /// The XRGB8888 pixel pixman fills with for opaque `color` (its channels' high bytes).
    private static func opaquePixel(_ color: PixelColor) -> UInt32 {
        let pixmanColor = premultiplied(color, opacity: 1)
        return 0xFF00_0000 | UInt32(pixmanColor.red >> 8) << 16 | UInt32(pixmanColor.green >> 8) << 8
            | UInt32(pixmanColor.blue >> 8)
    }

    /// Fills `rect` (frame pixels, inside the frame) of XRGB8888 `pixels` with `pixel`.
    private static func streamFill(
        _ rect: PixelRect, pixel: UInt32, into streamed: (pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int)
    ) {
        guard !rect.isEmpty else { return }
        frame_fill_rows(
            streamed.pixels + rect.y * streamed.bytesPerRow + rect.x * 4, streamed.bytesPerRow, pixel,
            rect.width * 4, rect.height)
    }

    /// `color` times `opacity`, premultiplied as pixman takes it.
    private static func premultiplied(_ color: PixelColor, opacity: Double) -> pixman_color_t {
        // NaN-proof clamps (min/max pass NaN through): a colour that got this far never traps.
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        let alpha = unit(color.alpha) * unit(opacity)
        func channel(_ value: Double) -> UInt16 { UInt16((unit(value) * alpha * 65535).rounded()) }
        return pixman_color_t(
            red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
            alpha: UInt16((alpha * 65535).rounded()))
    }

    /// Fills `rect` (pixels of a transformed group's source) mapped by `transform`,
    /// within `area` of the layer: the parallelogram's area coverage (its edges
    /// antialiased by area, as bilinear sampling blends them) goes into an a8 mask
    /// and the colour is blended through it (a small outline's mask taken from `masks`
    /// when it was made lately, else kept there). False, having drawn nothing, when the
    /// outline is beyond what the rasterisers' fixed-point coordinates hold (an extreme scale).
    private static func fillTransformed(
        _ rect: PixelRect, color: PixelColor, opacity: Double, transform: CGAffineTransform, area: PixelRect,
        layer: Layer, masks: OutlineMaskCache?
    ) -> Bool {
        guard !rect.isEmpty, !area.isEmpty, transform.isInvertible else { return true }
        let corners = [
            CGPoint(x: rect.x, y: rect.y), CGPoint(x: rect.maxX, y: rect.y), CGPoint(x: rect.maxX, y: rect.maxY),
            CGPoint(x: rect.x, y: rect.maxY),
        ].map { $0.applying(transform) }
        let limit: CGFloat = 16_384
        guard
            corners.allSatisfy({
                abs($0.x - CGFloat(area.x)) < limit && abs($0.y - CGFloat(area.y)) < limit
            })
        else { return false }
        var pixmanColor = premultiplied(color, opacity: opacity)
        guard pixmanColor.alpha > 0 else { return true }
        // A small outline's coverage is found by cairo over its whole bounding box
        // (cairo's coverage near a surface's edge depends on where the surface ends:
        // drawn for part of a frame, it must be the same as for the whole frame);
        // a larger one's by pixman's trapezoids over `area` alone (exact wherever cut).
        // (A loop, not six arrays of the corners' coordinates: this runs every frame of a turning view.)
        var (left, top, right, bottom) = (corners[0].x, corners[0].y, corners[0].x, corners[0].y)
        for corner in corners.dropFirst() {
            left = min(left, corner.x)
            top = min(top, corner.y)
            right = max(right, corner.x)
            bottom = max(bottom, corner.y)
        }
        let outline = PixelRect(
            x: Int(left.rounded(.down)), y: Int(top.rounded(.down)),
            width: Int(right.rounded(.up)) - Int(left.rounded(.down)),
            height: Int(bottom.rounded(.up)) - Int(top.rounded(.down)))
        let maskArea = outline.width * outline.height <= smallOutlinePixels ? outline : area
        let inMask = corners.map { CGPoint(x: $0.x - CGFloat(maskArea.x), y: $0.y - CGFloat(maskArea.y)) }
        let mask: OpaquePointer?
        if maskArea == outline {
            let key = OutlineMaskCache.Key(corners: inMask, width: maskArea.width, height: maskArea.height)
            if let kept = masks?.mask(for: key) {
                mask = pixman_image_ref(kept)
            } else {
                mask = coverageMask(ofConvex: inMask, width: maskArea.width, height: maskArea.height)
                if let mask { masks?.keep(mask, for: key) }
            }
        } else {
            var trapezoids = horizontalBands(ofConvex: inMask)
            mask =
                trapezoids.isEmpty
                ? nil : pixman_image_create_bits(PIXMAN_a8, Int32(area.width), Int32(area.height), nil, 0)
            if let mask { pixman_add_trapezoids(mask, 0, 0, Int32(trapezoids.count), &trapezoids) }
        }
        guard let mask else { return true }
        defer { pixman_image_unref(mask) }
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else { return true }
        defer { pixman_image_unref(source) }
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, mask, layer.image, 0, 0, Int32(area.x - maskArea.x), Int32(area.y - maskArea.y),
            Int32(area.x - layer.origin.x), Int32(area.y - layer.origin.y), Int32(area.width), Int32(area.height))
        return true
    }

    /// The largest outline (bounding box pixels) whose coverage is found by cairo, whole.
    static let smallOutlinePixels = 512 * 512

    /// An a8 mask of `width`×`height` holding the area coverage of the polygon
    /// `corners` (mask pixels), or nil when it cannot be made. cairo's scan converter
    /// fills it span by span, where pixman's trapezoid rasteriser samples 15 rows per
    /// pixel row whatever the width: about half the time for a small turned view (the
    /// larger part of composing it).
    static func coverageMask(ofConvex corners: [CGPoint], width: Int, height: Int) -> OpaquePointer? {
        guard corners.count > 2 else { return nil }
        return filledMask(width: width, height: height) { cairo in
            cairo_move_to(cairo, corners[0].x, corners[0].y)
            for corner in corners.dropFirst() { cairo_line_to(cairo, corner.x, corner.y) }
            cairo_close_path(cairo)
        }
    }

    /// An a8 pixman image of `width`×`height` holding the coverage of the path
    /// `outline` makes, filled by cairo into the image's own memory; nil when it
    /// cannot be made.
    static func filledMask(width: Int, height: Int, _ outline: (OpaquePointer) -> Void) -> OpaquePointer? {
        guard width > 0, height > 0,
            let mask = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0)
        else { return nil }
        guard let bits = pixman_image_get_data(mask) else {
            pixman_image_unref(mask)
            return nil
        }
        // The mask's memory, lent to cairo (pixman's a8 rows are 4-byte aligned, as cairo's are).
        let surface = cairo_image_surface_create_for_data(
            UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(width),
            Int32(height), pixman_image_get_stride(mask))
        let cairo = cairo_create(surface)
        outline(cairo!)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        return mask
    }

    /// A convex polygon as trapezoids between the heights of its corners: in each
    /// band two of its edges bound it left and right.
    private static func horizontalBands(ofConvex corners: [CGPoint]) -> [pixman_trapezoid_t] {
        func fixed(_ value: CGFloat) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }
        func point(_ p: CGPoint) -> pixman_point_fixed_t { pixman_point_fixed_t(x: fixed(p.x), y: fixed(p.y)) }
        let edges = corners.indices.map { (corners[$0], corners[($0 + 1) % corners.count]) }
            .filter { fixed($0.0.y) != fixed($0.1.y) }
        let heights = Set(corners.map { fixed($0.y) }).sorted()
        var bands: [pixman_trapezoid_t] = []
        for (top, bottom) in zip(heights, heights.dropFirst()) {
            let middle = (CGFloat(top) + CGFloat(bottom)) / 2 / 65536
            // Each edge spanning the band, with its x halfway down the band.
            let spanning = edges.compactMap { edge -> (x: CGFloat, line: pixman_line_fixed_t)? in
                let (low, high) = edge.0.y < edge.1.y ? (edge.0, edge.1) : (edge.1, edge.0)
                guard fixed(low.y) <= top, fixed(high.y) >= bottom else { return nil }
                let x = low.x + (high.x - low.x) * (middle - low.y) / (high.y - low.y)
                return (x, pixman_line_fixed_t(p1: point(low), p2: point(high)))
            }
            guard spanning.count == 2 else { continue }
            let (left, right) = spanning[0].x <= spanning[1].x ? (spanning[0], spanning[1]) : (spanning[1], spanning[0])
            bands.append(pixman_trapezoid_t(top: top, bottom: bottom, left: left.line, right: right.line))
        }
        return bands
    }

    /// Blends a transformed group into the layer below within its placement's bounds:
    /// pixman maps each destination pixel centre back through the inverse transform
    /// into the group's image and filters bilinearly (transparent outside it).
    private static func blendTransformed(
        _ group: Layer, placement: (transform: CGAffineTransform, bounds: PixelRect), layer: Layer
    ) {
        guard !placement.bounds.isEmpty, placement.transform.isInvertible else { return }
        let toSource = placement.transform.inverted().concatenating(
            CGAffineTransform(translationX: CGFloat(-group.origin.x), y: CGFloat(-group.origin.y)))
        // 16.16 fixed point: extreme scales are cut to what it holds rather than trap.
        func fixed(_ value: Double) -> pixman_fixed_t {
            pixman_fixed_t(min(max((value * 65536).rounded(), Double(Int32.min)), Double(Int32.max)))
        }
        var matrix = pixman_transform_t(
            matrix: (
                (fixed(toSource.a), fixed(toSource.c), fixed(toSource.tx)),
                (fixed(toSource.b), fixed(toSource.d), fixed(toSource.ty)),
                (0, 0, pixman_fixed_t(1 << 16))
            ))
        pixman_image_set_transform(group.image, &matrix)
        pixman_image_set_filter(group.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        // Source coordinates are frame pixels: the transform takes them into the group's image.
        blend(
            group.image, opacity: group.opacity, sourceX: placement.bounds.x, sourceY: placement.bounds.y,
            area: placement.bounds, layer: layer)
    }

    /// Blends `source` over the layer; with `copies` (every pixel of it opaque) at
    /// full opacity it is copied instead, which is the same and costs a third.
    private static func blend(
        _ source: OpaquePointer, opacity: Double, sourceX: Int, sourceY: Int, area: PixelRect, layer: Layer,
        copies: Bool = false
    ) {
        var mask: OpaquePointer?
        if opacity < 1 {
            var maskColor = pixman_color_t(
                red: 0, green: 0, blue: 0, alpha: UInt16((max(opacity, 0) * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&maskColor)
        }
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(
            copies && opacity >= 1 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, source, mask, layer.image, Int32(sourceX),
            Int32(sourceY), 0, 0,
            Int32(area.x - layer.origin.x), Int32(area.y - layer.origin.y), Int32(area.width), Int32(area.height))
    }
}
