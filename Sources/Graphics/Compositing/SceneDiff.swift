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
        // The usual case, the same elements in the same order, needs no lookups.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.key == $1.key }) {
            for (before, element) in zip(old, new) {
                if before.area != element.area || before.signature != element.signature {
                    region.add(before.area)
                    region.add(element.area)
                } else {
                    for redrawn in element.contentDamage.rects { region.add(redrawn.intersection(element.area)) }
                }
            }
            return region
        }
        var oldByKey: [UInt64: SceneElement] = [:]
        for element in old { oldByKey[element.key] = element }
        let newKeys = Set(new.map(\.key))
        // Stacking order of the elements present in both frames.
        let commonOld = old.filter { newKeys.contains($0.key) }.map(\.key)
        var oldRank: [UInt64: Int] = [:]
        for (rank, key) in commonOld.enumerated() { oldRank[key] = rank }
        var rank = 0
        for element in new {
            guard let before = oldByKey[element.key] else {
                region.add(element.area)
                continue
            }
            defer { rank += 1 }
            if before.area != element.area || before.signature != element.signature || oldRank[element.key] != rank {
                region.add(before.area)
                region.add(element.area)
            } else {
                for redrawn in element.contentDamage.rects { region.add(redrawn.intersection(element.area)) }
            }
        }
        for element in old where !newKeys.contains(element.key) { region.add(element.area) }
        return region
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
