import CPixman

/// A pixman region (pixman_region32_t): the one owner of its boxes, freed once.
/// Held behind a pointer so pixman's calls take it without Swift's exclusivity
/// checks on an inout class property (a measurable part of a small frame).
final class PixmanRegion {
    let raw = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

    init() { pixman_region32_init(raw) }

    init(_ rects: [PixelRect]) {
        pixman_region32_init(raw)
        for rect in rects { add(rect) }
    }

    deinit {
        pixman_region32_fini(raw)
        raw.deallocate()
    }

    var isEmpty: Bool { pixman_region32_not_empty(raw) == 0 }

    /// Whether the region is one rectangle (its extents).
    var isRectangle: Bool { pixman_region32_n_rects(raw) == 1 }

    func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        _ = pixman_region32_union_rect(raw, raw, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }

    func subtract(_ other: PixmanRegion) { _ = pixman_region32_subtract(raw, raw, other.raw) }

    /// This region within `rect`, as a new region.
    func intersection(_ rect: PixelRect) -> PixmanRegion {
        let result = PixmanRegion()
        guard !rect.isEmpty else { return result }
        pixman_region32_intersect_rect(
            result.raw, raw, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        return result
    }

    /// Moves the region by (`x`, `y`) pixels.
    func translate(x: Int, y: Int) { pixman_region32_translate(raw, Int32(x), Int32(y)) }

    /// Calls `body` with each rectangle of the region (no array made).
    func forEachRect(_ body: (PixelRect) -> Void) {
        var count: Int32 = 0
        guard let first = pixman_region32_rectangles(raw, &count) else { return }
        for index in 0..<Int(max(count, 0)) {
            let box = first[index]
            body(PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1)))
        }
    }

    var boxes: [pixman_box32_t] {
        var count: Int32 = 0
        guard let first = pixman_region32_rectangles(raw, &count), count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: first, count: Int(count)))
    }

    var extents: PixelRect {
        let box = raw.pointee.extents
        return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
    }
}

/// Where each top-level operation of a frame is seen within the damage: its own
/// pixels minus those that opaque fills above it cover. Drawing each operation
/// only there is what makes a frame of many overlapping windows cost about one
/// layer of pixels.
struct Visibility {
    /// Operations at group depth 0 (fills, images, group starts) that show within
    /// the damage, back to front, with where they show. Those outside the
    /// damage's extents are not listed.
    private(set) var visible: [(index: Int, region: PixmanRegion)] = []
    /// The damage no opaque fill or content covers: black first.
    let uncovered: PixmanRegion

    init(_ operations: [DrawOperation], depths: [Int], damage: PixmanRegion) {
        let opaque = PixmanRegion()
        let bounds = damage.extents
        for index in operations.indices.reversed() where depths[index] == 0 {
            guard let area = operations[index].reach else { continue }
            // Most of a scene lies outside a small damage: no region work for it.
            guard !area.intersection(bounds).isEmpty else { continue }
            let shown = damage.intersection(area)
            shown.subtract(opaque)
            visible.append((index, shown))
            // An opaque fill, or content painted opaque all over and copied, hides what is below it.
            if operations[index].isOpaque {
                let covered = area.intersection(bounds)
                opaque.add(covered)
                // Opaque over all of the damage: nothing below shows.
                if covered == bounds, damage.isRectangle { break }
            }
        }
        visible.reverse()
        let rest = damage.intersection(damage.extents)
        rest.subtract(opaque)
        uncovered = rest
    }
}

/// Where each operation of a frame shows within a damage, as rectangles: what a
/// compositor other than pixman's (GL) needs to skip what opaque content above
/// hides, as FrameComposer does. Groups count as wholes (their bounds), as there.
package struct OperationVisibility {
    /// The operations at group depth 0 that show within the damage, back to front,
    /// with the rectangles where they show.
    package let visible: [(index: Int, rects: [PixelRect])]
    /// The damage no opaque fill or content covers (black before anything is drawn).
    package let uncovered: [PixelRect]

    package init(_ operations: [DrawOperation], damage: DamageRegion) {
        let visibility = Visibility(
            operations, depths: FrameComposer.groupDepths(operations), damage: PixmanRegion(damage.rects))
        visible = visibility.visible.compactMap { entry in
            let rects = entry.region.rects
            return rects.isEmpty ? nil : (entry.index, rects)
        }
        uncovered = visibility.uncovered.rects
    }
}

extension PixmanRegion {
    var rects: [PixelRect] {
        boxes.map { PixelRect(x: Int($0.x1), y: Int($0.y1), width: Int($0.x2 - $0.x1), height: Int($0.y2 - $0.y1)) }
    }
}
