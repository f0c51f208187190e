import CPixman
import Foundation
import Geometry

/// Draws one screen's frame, scaled to fit with black bars, into another's (a
/// mirrored screen): pixman scales bilinear, or with an area-averaging filter when
/// the image shrinks by more than half (no detail skipped), the source's edge
/// pixels repeated outward so the image's border does not fade into the bars.
package enum MirrorScaler {
    /// How far (in target pixels) a source pixel's change reaches through the
    /// filter: a target pixel samples about one source pixel around its centre.
    package static func filterMargin(_ letterbox: Letterbox) -> Int {
        Int(max(letterbox.scaleX, letterbox.scaleY).rounded(.up)) + 1
    }

    /// The target region that changes when `damage` (the source's panel pixels, its
    /// image turned by `rotation`) changes.
    package static func targetDamage(
        of damage: DamageRegion, _ letterbox: Letterbox, rotation: PanelRotation = .none
    ) -> DamageRegion {
        let margin = filterMargin(letterbox)
        let panel = panelSize(letterbox, rotation)
        var region = DamageRegion()
        for panelRect in damage.rects {
            let rect = rotation.logicalRect(panelRect, panelWidth: panel.width, panelHeight: panel.height)
            let mapped = letterbox.targetRect(
                ofSourceX: rect.x, y: rect.y, width: rect.width, height: rect.height, margin: margin)
            if mapped.width > 0, mapped.height > 0 {
                region.add(PixelRect(x: mapped.x, y: mapped.y, width: mapped.width, height: mapped.height))
            }
        }
        return region
    }

    /// The source's panel: its image (`letterbox.source*`) turned by `rotation`.
    private static func panelSize(_ letterbox: Letterbox, _ rotation: PanelRotation) -> (width: Int, height: Int) {
        rotation.swapsAxes
            ? (letterbox.sourceHeight, letterbox.sourceWidth) : (letterbox.sourceWidth, letterbox.sourceHeight)
    }

    /// Scales `source` into `target`'s `region` (target pixels, clipped to the
    /// image); with `drawsBars` the bars are filled black as well. Only `region` of
    /// the target is written. `source` is the source screen's panel (XRGB8888), which
    /// shows its image (`letterbox.source*` in size) turned by `rotation`: the image
    /// is turned back, so the mirror shows it upright.
    package static func scale(
        _ source: UnsafeMutableRawPointer, bytesPerRow sourceStride: Int, into target: UnsafeMutableRawPointer,
        bytesPerRow targetStride: Int, letterbox: Letterbox, rotation: PanelRotation = .none, region: DamageRegion,
        drawsBars: Bool
    ) {
        guard letterbox.targetWidth > 0, letterbox.targetHeight > 0,
            let destination = pixman_image_create_bits(
                PIXMAN_x8r8g8b8, Int32(letterbox.targetWidth), Int32(letterbox.targetHeight),
                target.assumingMemoryBound(to: UInt32.self), Int32(targetStride))
        else { return }
        defer { pixman_image_unref(destination) }
        if drawsBars { fillBars(destination, letterbox) }
        let panel = panelSize(letterbox, rotation)
        guard !letterbox.isEmpty,
            let image = pixman_image_create_bits(
                PIXMAN_x8r8g8b8, Int32(panel.width), Int32(panel.height),
                source.assumingMemoryBound(to: UInt32.self), Int32(sourceStride))
        else { return }
        defer { pixman_image_unref(image) }
        // Target pixel → source image pixel: undo the offset, then the scale; then
        // image pixel → panel pixel: the source's own turn.
        let toSourceX = 1 / letterbox.scaleX
        let toSourceY = 1 / letterbox.scaleY
        var scaling = pixman_transform()
        pixman_transform_init_identity(&scaling)
        scaling.matrix.0.0 = fixed(toSourceX)
        scaling.matrix.1.1 = fixed(toSourceY)
        scaling.matrix.0.2 = fixed(-Double(letterbox.imageX) * toSourceX)
        scaling.matrix.1.2 = fixed(-Double(letterbox.imageY) * toSourceY)
        var turning = FrameComposer.rotationTransform(
            rotation.inverse, logicalWidth: panel.width, logicalHeight: panel.height)
        var transform = pixman_transform()
        pixman_transform_multiply(&transform, &turning, &scaling)
        pixman_image_set_transform(image, &transform)
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        var parameters: UnsafeMutablePointer<pixman_fixed_t>?
        defer { free(parameters) }
        // Up to 2 source pixels per target pixel bilinear still weighs every source pixel
        // (pixman's fast path: 16x faster than the convolution, 2.9 against 47 ms for a
        // whole 1920x1080 frame onto 1280x720); beyond, it would skip some: averaged instead.
        if toSourceX > 2 || toSourceY > 2 {
            var count: Int32 = 0
            parameters = pixman_filter_create_separable_convolution(
                &count, fixed(max(toSourceX, 1)), fixed(max(toSourceY, 1)),
                PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2)
            pixman_image_set_filter(image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
        } else {
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        let picture = PixelRect(
            x: letterbox.imageX, y: letterbox.imageY, width: letterbox.imageWidth, height: letterbox.imageHeight)
        for rect in region.clipped(to: picture).rects where !rect.isEmpty {
            pixman_image_composite32(
                PIXMAN_OP_SRC, image, nil, destination, Int32(rect.x), Int32(rect.y), 0, 0, Int32(rect.x),
                Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
    }

    /// A number in pixman's 16.16 fixed point.
    private static func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }

    /// Fills everything of the target outside the image black.
    private static func fillBars(_ destination: OpaquePointer, _ letterbox: Letterbox) {
        let width = letterbox.targetWidth
        let height = letterbox.targetHeight
        let (x, y, w, h) = (letterbox.imageX, letterbox.imageY, letterbox.imageWidth, letterbox.imageHeight)
        var bars: [pixman_box32_t] = []
        if letterbox.isEmpty {
            bars = [pixman_box32_t(x1: 0, y1: 0, x2: Int32(width), y2: Int32(height))]
        } else {
            bars = [
                pixman_box32_t(x1: 0, y1: 0, x2: Int32(width), y2: Int32(y)),
                pixman_box32_t(x1: 0, y1: Int32(y + h), x2: Int32(width), y2: Int32(height)),
                pixman_box32_t(x1: 0, y1: Int32(y), x2: Int32(x), y2: Int32(y + h)),
                pixman_box32_t(x1: Int32(x + w), y1: Int32(y), x2: Int32(width), y2: Int32(y + h)),
            ]
        }
        bars.removeAll { $0.x2 <= $0.x1 || $0.y2 <= $0.y1 }
        guard !bars.isEmpty else { return }
        var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xffff)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, destination, &black, Int32(bars.count), &bars)
    }
}
