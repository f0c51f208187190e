/// One thing that paints in a frame (a view's background, its drawn content, or
/// an alpha group), as the damage computation sees it: who it is, which pixels
/// it may touch, and a signature of everything else that decides its pixels.
package struct SceneElement: Hashable, Sendable {
    /// Stable across frames for the same view and kind of painting.
    package var key: UInt64
    /// The pixels it may touch, clipped, in frame pixels.
    package var area: PixelRect
    /// Colour, opacity, clip, surface identity, enclosing groups… hashed: any
    /// change repaints the whole area.
    package var signature: Int
    /// Pixels of its content redrawn since the previous frame (setNeedsDisplay of
    /// parts of a view); repainted even when nothing else changed.
    package var contentDamage: DamageRegion
    /// A fill's or an unscaled image's geometry and look, to tell a scroll's move (`ScrollMovePlanner`).
    package var motion: ElementMotion?

    package init(
        key: UInt64, area: PixelRect, signature: Int, contentDamage: DamageRegion = DamageRegion(),
        motion: ElementMotion? = nil
    ) {
        self.key = key
        self.area = area
        self.signature = signature
        self.contentDamage = contentDamage
        self.motion = motion
    }
}

/// The damage between two frames, found by comparing what painted in each: an
/// element that appeared, went, moved, changed or changed its stacking order
/// damages its old and new pixels; redrawn content damages what was redrawn.
/// Every change to views, windows, levels and visibility shows up here without
/// each setter having to report its own rectangle.
package enum SceneDiff {
    package static func damage(from old: [SceneElement], to new: [SceneElement]) -> DamageRegion {
        var region = DamageRegion()
        // The same elements in the same order, which a scroll keeps around the rows it
        // shows or hides (a prefix and a suffix), need no lookups: pairs are compared in
        // place. Index loops: no copies of the elements.
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix].key == new[prefix].key {
            compare(old[prefix], new[prefix], into: &region)
            prefix += 1
        }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix].key == new[new.count - 1 - suffix].key {
            suffix += 1
        }
        // Between them, elements are found by key. Keys are unique, so those of the prefix and
        // suffix are nowhere else, and as many elements present in both frames precede the
        // middle (and follow it) in each frame: the stacking order of those present in both
        // is compared within the middle alone.
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        // Damage is added in the order of the new elements, then of those that went (its merges depend on it).
        func addSuffix() {
            for index in 0..<suffix {
                compare(old[old.count - suffix + index], new[new.count - suffix + index], into: &region)
            }
        }
        guard !oldMiddle.isEmpty || !newMiddle.isEmpty else {
            addSuffix()
            return region
        }
        var oldIndex: [UInt64: Int] = [:]
        oldIndex.reserveCapacity(oldMiddle.count)
        for index in oldMiddle { oldIndex[old[index].key] = index }
        // For each new element of the middle, its old index (-1: it came).
        var matches = [Int](repeating: -1, count: newMiddle.count)
        // For each old element of the middle, whether it is still there, then its rank among those that are.
        var oldRank = [Int](repeating: -1, count: oldMiddle.count)
        for index in newMiddle {
            guard let before = oldIndex[new[index].key] else { continue }
            matches[index - prefix] = before
            oldRank[before - prefix] = 0
        }
        var rank = 0
        for index in oldRank.indices where oldRank[index] >= 0 {
            oldRank[index] = rank
            rank += 1
        }
        rank = 0
        for index in newMiddle {
            let before = matches[index - prefix]
            guard before >= 0 else {
                region.add(new[index].area)
                continue
            }
            if oldRank[before - prefix] != rank {
                region.add(old[before].area)
                region.add(new[index].area)
            } else {
                compare(old[before], new[index], into: &region)
            }
            rank += 1
        }
        addSuffix()
        for index in oldMiddle where oldRank[index - prefix] < 0 { region.add(old[index].area) }
        return region
    }

    /// The damage of an element present in both frames, in the same stacking order.
    @inline(__always)
    private static func compare(_ before: SceneElement, _ element: SceneElement, into region: inout DamageRegion) {
        if before.area != element.area || before.signature != element.signature {
            region.add(before.area)
            region.add(element.area)
        } else {
            for redrawn in element.contentDamage.rects { region.add(redrawn.intersection(element.area)) }
        }
    }
}

/// What each scanout buffer of a swapchain missed since it was last drawn
/// (buffer age): a buffer drawn three frames ago must take the damage of those
/// three frames, not just the latest. A buffer never drawn, or older than the
/// history kept, takes the whole frame.
package struct BufferDamageHistory: Sendable {
    /// How many frames of damage are kept (three buffers need two behind the current).
    package let depth: Int
    private var frames: [DamageRegion] = []
    private var frameNumber = 0
    private var lastDrawn: [Int: Int] = [:]
    /// Frames recorded since the last reset: a buffer older than that holds stale pixels.
    private var framesSinceReset = 0

    package init(depth: Int = 4) { self.depth = depth }

    /// Records the damage of a new frame.
    package mutating func addFrame(_ damage: DamageRegion) {
        frames.append(damage)
        if frames.count > depth { frames.removeFirst(frames.count - depth) }
        frameNumber += 1
        framesSinceReset += 1
    }

    /// The region a buffer whose age EGL gives (EGL_EXT_buffer_age: it was the front
    /// buffer `age` frames ago) must be redrawn with to show a new frame whose own
    /// damage is `damage`: that and the damage of the `age - 1` frames recorded since.
    /// Nil means the whole frame: age 0 (contents unknown), drawn before the last
    /// reset, or older than the history kept. Record the new frame with `addFrame`
    /// once it is shown.
    package func damage(age: Int, adding damage: DamageRegion) -> DamageRegion? {
        guard age > 0, age <= framesSinceReset, age - 1 <= frames.count else { return nil }
        var region = DamageRegion()
        for earlier in frames.suffix(age - 1) { region.formUnion(earlier) }
        region.formUnion(damage)
        return region
    }

    /// The region buffer `slot` must be updated with to show the latest frame, and
    /// marks it as drawn. Nil means the whole frame (never drawn, or too old).
    package mutating func take(slot: Int) -> DamageRegion? {
        defer { lastDrawn[slot] = frameNumber }
        guard let drawn = lastDrawn[slot] else { return nil }
        let age = frameNumber - drawn
        guard age <= frames.count else { return nil }
        var region = DamageRegion()
        for damage in frames.suffix(age) { region.formUnion(damage) }
        return region
    }

    /// Forgets every buffer (they were reallocated, e.g. after a mode change).
    package mutating func reset() {
        lastDrawn = [:]
        frames = []
        framesSinceReset = 0
    }
}
