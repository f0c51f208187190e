/// The part of a frame that must be drawn again, as a few rectangles in frame
/// pixels. Kept small on purpose: past `limit` rectangles they merge into their
/// bounding box, since walking the scene once per rectangle costs more than
/// drawing a little extra.
package struct DamageRegion: Hashable, Sendable, CustomStringConvertible {
    /// At most this many rectangles; a few separate changes stay separate (ten
    /// fingers painting at once among them).
    package static let limit = 16

    package private(set) var rects: [PixelRect] = []

    package init() {}

    package init(_ rects: [PixelRect]) {
        for rect in rects { add(rect) }
    }

    /// The whole of a `width`×`height` frame.
    package static func full(width: Int, height: Int) -> DamageRegion {
        DamageRegion([PixelRect(x: 0, y: 0, width: width, height: height)])
    }

    package var isEmpty: Bool { rects.isEmpty }

    /// Pixels covered (rectangles never overlap once added).
    package var area: Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// The smallest rectangle holding every damaged pixel.
    package var bounds: PixelRect? {
        guard var box = rects.first else { return nil }
        for rect in rects.dropFirst() { box = box.union(rect) }
        return box
    }

    /// Adds `rect`. A rectangle that touches or overlaps others swallows them into
    /// their common bounding box, so the rectangles never overlap (no pixel is
    /// drawn twice) and stay few.
    package mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        // Inside the rectangle added last (the common case: a scroll's elements, each
        // within the box their predecessors merged into): merging would leave it as it is.
        if let last = rects.last, last.contains(rect) { return }
        var merged = rect
        var changed = true
        while changed {
            changed = false
            for (index, existing) in rects.enumerated() where existing.touches(merged) {
                merged = merged.union(existing)
                rects.remove(at: index)
                changed = true
                break
            }
        }
        rects.append(merged)
        if rects.count > Self.limit, let box = bounds { rects = [box] }
    }

    package mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    package func union(_ other: DamageRegion) -> DamageRegion {
        var result = self
        result.formUnion(other)
        return result
    }

    /// The damage inside `clip` (e.g. the frame).
    package func clipped(to clip: PixelRect) -> DamageRegion {
        // Usually already inside: no new region (each costs an allocation per frame).
        if rects.allSatisfy({ clip.contains($0) }) { return self }
        return DamageRegion(rects.map { $0.intersection(clip) })
    }

    package var description: String {
        rects.map { "\($0.x),\($0.y) \($0.width)x\($0.height)" }.joined(separator: "; ")
    }
}

extension PixelRect {
    /// The bounding box of both (an empty rectangle counts for nothing).
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// This rectangle grown by `margin` pixels on every side.
    package func outset(by margin: Int) -> PixelRect {
        PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// Whether the two overlap or share an edge (then merging them wastes nothing at the seam).
    func touches(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }
}
