/// Where a fill or an unscaled image paints, unclipped, with the clip it is cut to and
/// a hash of everything else that decides its pixels: enough to tell that an element
/// shows the same pixels moved by whole pixels (a scroll), or not.
package struct ElementMotion: Hashable, Sendable {
    /// The fill's rectangle or the image's, before clipping.
    package var placement: PixelRect
    package var clip: PixelRect
    /// Colour or surface, opacity and enclosing groups, hashed (no geometry).
    package var look: Int

    package init(placement: PixelRect, clip: PixelRect, look: Int) {
        self.placement = placement
        self.clip = clip
        self.look = look
    }
}

/// A view that clips its subviews to its bounds and scrolls them by its bounds origin
/// (a scroll view), as flattened: where it shows them and which elements and
/// operations of its window are its subtree.
package struct ScrollSpan: Hashable, Sendable {
    /// The view's identity.
    package var key: UInt64
    /// Its on-screen rectangle (its clip), in frame pixels: every element of its subtree is inside.
    package var visible: PixelRect
    /// Where its content's origin lies, in frame pixels (fractional): the bounds origin moved by a
    /// whole number of pixels moves everything inside by as much.
    package var originX: Double
    package var originY: Double
    /// Its subviews' elements and operations (its own background and content are before them).
    package var elements: Range<Int>
    package var operations: Range<Int>

    package init(
        key: UInt64, visible: PixelRect, originX: Double, originY: Double, elements: Range<Int>,
        operations: Range<Int>
    ) {
        self.key = key
        self.visible = visible
        self.originX = originX
        self.originY = originY
        self.elements = elements
        self.operations = operations
    }
}

/// A frame's scrolled pixels moved instead of composed: the pixels of `rect` are those
/// the previous frame had `dx`, `dy` pixels away (at `source`).
package struct ScrollMove: Hashable, Sendable {
    /// Where the moved pixels go, in frame pixels.
    package var rect: PixelRect
    package var dx: Int
    package var dy: Int

    package init(rect: PixelRect, dx: Int, dy: Int) {
        self.rect = rect
        self.dx = dx
        self.dy = dy
    }

    /// Where the moved pixels come from in the previous frame.
    package var source: PixelRect { rect.offsetBy(dx: -dx, dy: -dy) }
    package var area: Int { rect.width * rect.height }
}

/// Decides whether a window's new frame can take a scroll view's content from the
/// previous frame by moving its pixels, and what must still be composed.
///
/// A pixel of the moved rectangle (the scroll view's visible rectangle where the
/// content was visible before too) is right when everything painting it in the new
/// frame painted the pixel it came from in the old one, the same way, in the same
/// order: the subtree's elements that moved by exactly the scroll (same look, same
/// unclipped placement moved, the same clip inside the moved rectangle) over a
/// backdrop that is the same everywhere in the visible rectangle (the frame's black or
/// an opaque fill covering it, then only fills covering it). Everything else is damage: elements
/// of the subtree that did not move with it (scroll indicators, floating headers,
/// reused cells, redrawn content, groups), came or went; everything above the
/// subtree (siblings, other windows) in its old place moved and its new place; the
/// strip the scroll uncovered; and the usual damage of what is outside the subtree.
package enum ScrollMovePlanner {
    /// The scroll from `old` to `new` in frame pixels, when it is less than the visible
    /// rectangle in both directions; nil otherwise (nothing stays visible to move; also a
    /// jump too large or not finite to take as whole pixels).
    package static func shift(from old: ScrollSpan, to new: ScrollSpan) -> (x: Double, y: Double)? {
        let x = new.originX - old.originX
        let y = new.originY - old.originY
        guard abs(x) < Double(new.visible.width), abs(y) < Double(new.visible.height) else { return nil }
        return (x, y)
    }

    /// The move and what must be composed after it; nil when the scroll cannot be
    /// proven a move (then the whole diff is the damage). `old` and `new` are the
    /// window's elements, `above` the elements of the windows in front of it (unchanged),
    /// `oldBackdrop` and `newBackdrop` the frames' operations below the subtree (pieces
    /// in order, each with its group depths): both must paint the visible rectangle alike.
    package static func plan(
        old: [SceneElement], oldSpan: ScrollSpan, new: [SceneElement], newSpan: ScrollSpan,
        above: [SceneElement], oldBackdrop: [Backdrop], newBackdrop: [Backdrop]
    ) -> (move: ScrollMove, damage: DamageRegion)? {
        let visible = newSpan.visible
        guard oldSpan.key == newSpan.key, oldSpan.visible == visible, !visible.isEmpty else { return nil }
        guard let (shiftX, shiftY) = shift(from: oldSpan, to: newSpan) else { return nil }
        // The pixels move by whole pixels: by as much as most of the subtree's elements moved, within a pixel
        // of the scroll (on a fractional offset each element rounds its own place; those that moved otherwise
        // are composed, below).
        guard
            let (dx, dy) = commonShift(
                old: old[oldSpan.elements], new: new[newSpan.elements], near: (shiftX, shiftY)),
            dx != 0 || dy != 0
        else { return nil }
        let moved = visible.intersection(visible.offsetBy(dx: dx, dy: dy))
        guard !moved.isEmpty, isUniform(oldBackdrop, over: visible), isUniform(newBackdrop, over: visible) else {
            return nil
        }

        // Outside the subtree: the usual comparison.
        let oldOutside = Array(old[..<oldSpan.elements.lowerBound]) + old[oldSpan.elements.upperBound...]
        let newOutside = Array(new[..<newSpan.elements.lowerBound]) + new[newSpan.elements.upperBound...]
        var damage = SceneDiff.damage(from: oldOutside, to: newOutside)
        // The strip the scroll uncovered.
        for piece in DamageRegion([visible]).subtracting(DamageRegion([moved])) { damage.add(piece) }
        // What lies over the subtree does not move with it.
        func addAbove(_ element: SceneElement, wasThere: Bool) {
            damage.add(element.area.intersection(visible))
            if wasThere { damage.add(element.area.offsetBy(dx: dx, dy: dy).intersection(moved)) }
        }
        for element in old[oldSpan.elements.upperBound...] { addAbove(element, wasThere: true) }
        for element in new[newSpan.elements.upperBound...] { addAbove(element, wasThere: false) }
        for element in above { addAbove(element, wasThere: true) }

        // The subtree: elements that moved with the scroll keep their moved pixels.
        var oldIndex: [UInt64: Int] = [:]
        for index in oldSpan.elements { oldIndex[old[index].key] = index }
        var carried = Set<Int>()
        var lastCarried = -1
        for element in new[newSpan.elements] {
            guard let index = oldIndex[element.key] else {
                damage.add(element.area)
                continue
            }
            let before = old[index]
            if index > lastCarried, element.contentDamage.isEmpty, let now = element.motion,
                let then = before.motion, now.look == then.look,
                now.placement == then.placement.offsetBy(dx: dx, dy: dy),
                now.clip.intersection(moved) == then.clip.offsetBy(dx: dx, dy: dy).intersection(moved)
            {
                carried.insert(index)
                lastCarried = index
            } else {
                // Painted anew where it is, and the pixels it left are carried along.
                damage.add(element.area)
                damage.add(before.area.offsetBy(dx: dx, dy: dy).intersection(moved))
            }
        }
        for index in oldSpan.elements where !carried.contains(index) {
            damage.add(old[index].area.offsetBy(dx: dx, dy: dy).intersection(moved))
        }
        return (ScrollMove(rect: moved, dx: dx, dy: dy), damage)
    }

    /// Whether composing `move.rect` would cost more memory traffic than moving it. A move
    /// reads and writes every pixel once. Composing writes every pixel once (an opaque fill
    /// under another is not drawn) and reads it again, and writes it again, under whatever is
    /// blended over it: translucent fills, content not opaque all over (where it was inked),
    /// groups (drawn offscreen, then blended). So a move pays when what is blended covers
    /// more than half the rectangle, and the frame's other damage (`damage`, composed after
    /// the move) covers less than half of it. A table of opaque rows with a line of text each
    /// blends a few percent of it: composing is the cheaper, measured (direct-display-bench table).
    /// `operations` are those below the scroll view's subtree and in it (what lies above it is
    /// composed either way).
    package static func movingIsCheaper(
        _ move: ScrollMove, composing damage: DamageRegion, operations: ArraySlice<DrawOperation>,
        depths: ArraySlice<Int>
    ) -> Bool {
        let rect = move.rect
        var recomposed = 0
        for piece in damage.rects {
            let part = piece.intersection(rect)
            recomposed += part.isEmpty ? 0 : part.width * part.height
        }
        return 2 * recomposed < rect.width * rect.height
            && blendsOverHalf(of: rect, operations: operations, depths: depths)
    }

    /// Whether what `operations` blend (see `movingIsCheaper`) covers more than half of `rect`.
    package static func blendsOverHalf(
        of rect: PixelRect, operations: ArraySlice<DrawOperation>, depths: ArraySlice<Int>
    ) -> Bool {
        var blended = 0
        for index in operations.indices {
            let reach: PixelRect
            switch operations[index] {
            case .fill(let fill, let color, let clip):
                guard color.alpha < 1 || (depths.indices.contains(index) && depths[index] > 0) else { continue }
                reach = fill.intersection(clip)
            case .image(let surface, let x, let y, let opacity, let clip):
                guard !surface.isOpaque || opacity < 1 || (depths.indices.contains(index) && depths[index] > 0)
                else { continue }
                reach = surface.inked.offsetBy(dx: x, dy: y).intersection(clip)
            case .beginGroup(_, let bounds), .beginTransformedGroup(_, _, _, let bounds):
                reach = bounds
            case .endGroup:
                continue
            }
            let part = reach.intersection(rect)
            blended += part.isEmpty ? 0 : part.width * part.height
            if 2 * blended > rect.width * rect.height { return true }
        }
        return false
    }

    /// The shift of the unclipped placement shared by the most pixels of the elements in both
    /// frames that look the same, among those within a pixel of `scroll` (a reused cell moves
    /// elsewhere); nil when none is.
    static func commonShift(
        old: ArraySlice<SceneElement>, new: ArraySlice<SceneElement>, near scroll: (Double, Double)
    ) -> (Int, Int)? {
        var before: [UInt64: ElementMotion] = [:]
        for element in old { if let motion = element.motion { before[element.key] = motion } }
        var weights: [PixelShift: Int] = [:]
        for element in new {
            guard let now = element.motion, let then = before[element.key], now.look == then.look else { continue }
            let shift = PixelShift(
                dx: now.placement.x - then.placement.x, dy: now.placement.y - then.placement.y)
            guard abs(Double(shift.dx) - scroll.0) < 1, abs(Double(shift.dy) - scroll.1) < 1 else { continue }
            weights[shift, default: 0] += max(element.area.width * element.area.height, 1)
        }
        guard let best = weights.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })
        else { return nil }
        return (best.key.dx, best.key.dy)
    }

    private struct PixelShift: Hashable, Comparable {
        let dx: Int
        let dy: Int
        static func < (a: PixelShift, b: PixelShift) -> Bool { (a.dy, a.dx) < (b.dy, b.dx) }
    }

    /// Operations of a frame below a scroll view's subtree, with their group depths.
    package typealias Backdrop = (operations: ArraySlice<DrawOperation>, depths: ArraySlice<Int>)

    /// Whether the operations paint every pixel of `rect` alike: from the frame's black (a
    /// screen's frame is composed over opaque black) or the last opaque fill covering it
    /// (outside groups), nothing reaching it but fills covering it.
    static func isUniform(_ backdrop: [Backdrop], over rect: PixelRect) -> Bool {
        var uniform = true
        for (operations, depths) in backdrop {
            for index in operations.indices {
                let operation = operations[index]
                guard let reach = operation.reach, !reach.intersection(rect).isEmpty else { continue }
                let depth = depths.indices.contains(index) ? depths[index] : 1
                if case .fill(_, let color, _) = operation, depth == 0, reach.contains(rect) {
                    if color.alpha >= 1 { uniform = true }
                } else {
                    uniform = false
                }
            }
        }
        return uniform
    }
}

extension PixelRect {
    /// This rectangle moved by whole pixels.
    package func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
