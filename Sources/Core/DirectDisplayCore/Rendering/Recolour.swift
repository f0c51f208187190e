import Compositing
import Foundation

/// Where a view's background fill sits in its window's kept scene. A new colour of
/// the same opacity changes nothing but that fill's colour (a highlight, an
/// indicator: the commonest small change), so it is written into the kept scene in
/// place instead of flattening the window again and comparing its elements. So is
/// a new alpha of a view without subviews or drawn content (not 0 before or after:
/// a view at 0 is left out of the scene), which only scales its fill's colour, and
/// a move of a view that has nothing but a fill, outside any group.
struct FillSlot {
    /// The `WindowScene.serial` of the flattening that made it: the slot is valid while
    /// that scene is kept. (Not the window's version: a window is flattened again with
    /// the same version for another clip or scale, and a view left out then keeps a stale slot.)
    let scene: UInt64
    /// The fill's index in the window's operations and its element's in the window's elements.
    let operation: Int
    let element: Int
    /// What the enclosing groups multiply the colour's alpha by.
    let outerOpacity: CGFloat
    /// Whether the view's own alpha multiplies it too (no group of its own: no visible subviews).
    let foldsAlpha: Bool
    /// The alpha of the background colour flattened.
    let colorAlpha: CGFloat
    /// Where the superview's bounds origin was, in screen points (the fill is the
    /// view's frame moved by it), and whether a group encloses the fill (a group's
    /// bounds follow what it holds: a move there is flattened anew).
    let originInParent: CGPoint
    let isInGroup: Bool
    /// The hash of the enclosing groups, part of the element's signature.
    let groupPath: Int
}

extension View {
    /// A new background colour: recoloured in place where the window's kept scene
    /// still holds the view's fill and nothing animates it; otherwise the window is
    /// flattened again, as for any other change.
    func setNeedsRecolour() {
        // The fill's slot or, for a turned view, its group's.
        guard let window, let kept = window.keptScene,
            fillSlot?.scene == kept.serial || (transformSlot?.scene == kept.serial && !transform.isIdentity),
            kept.version == window.sceneVersion, animations.isEmpty, AnimationTransaction.stack.last ?? nil == nil
        else { return setNeedsCompositeOfScreen() }
        pendRecolour(in: window)
        guard let screen = window.screen else { return }
        if !window.isHidden { screen.setNeedsComposite() }
    }

    /// A frame of an animation that only turned this view, a turned view with nothing but
    /// a fill (turned before and after): its group is written into the kept scene, as
    /// for a new transform set, instead of the window flattened again (an animated
    /// spinner). False, having done nothing, otherwise. Called while the frame is made.
    func turnsInPlace(from before: Presentation, to after: Presentation) -> Bool {
        var turnedOnly = before
        turnedOnly.transform = after.transform
        guard turnedOnly == after, !before.transform.isIdentity, !after.transform.isIdentity, subviews.isEmpty,
            contentSurface == nil, let window, let kept = window.keptScene, transformSlot?.scene == kept.serial,
            kept.version == window.sceneVersion
        else { return false }
        pendRecolour(in: window)
        return true
    }

    /// Notes the view among its window's changes in place, and the window with its screen's compositor.
    private func pendRecolour(in window: Window) {
        let wasPending = window.hasChangesInPlace
        var isPending = false
        for view in window.pendingRecolours where view === self { isPending = true }
        if !isPending { window.pendingRecolours.append(self) }
        // Noted even while hidden: shown again before the next frame, its scene is
        // the kept one but for these colours. (Shown later, it is flattened anew.)
        if !wasPending { window.screen?.compositor.windowRecoloured(window) }
    }

    /// Content to be drawn again: drawn in place where the window's kept scene still
    /// holds the view's content surface, which the new drawing reuses (the scene then
    /// only takes the redrawn part as damage); otherwise the window is flattened again.
    func setNeedsRedraw() {
        guard let window, let slot = contentSlot, let kept = window.keptScene, kept.serial == slot.scene,
            kept.version == window.sceneVersion, let surface = contentSurface,
            ObjectIdentifier(surface) == slot.surface
        else { return setNeedsCompositeOfScreen() }
        let wasPending = window.hasChangesInPlace
        var isPending = false
        for view in window.pendingRedraws where view === self { isPending = true }
        if !isPending { window.pendingRedraws.append(self) }
        window.requestUpdatePass()
        guard let screen = window.screen else { return }
        if !wasPending { screen.compositor.windowRecoloured(window) }
        if !window.isHidden { screen.setNeedsComposite() }
    }
}

/// Where a turned view with nothing but a fill (outside other groups) sits in its
/// window's kept scene: its transformed group of three operations (begin, fill,
/// end) and its one element. Turned again, recoloured or faded, the view alone is
/// flattened and its group written over the old one, instead of flattening the window.
struct TransformSlot {
    /// The `WindowScene.serial` of the flattening that made it (see `FillSlot.scene`).
    let scene: UInt64
    /// The group's first operation and its element.
    let operation: Int
    let element: Int
    /// What the window's flattening passed the view: where its superview's bounds
    /// origin is (screen points), the enclosing opacity and clip, and the groups' hash.
    let originInParent: CGPoint
    let opacity: CGFloat
    let clip: PixelRect
    let groupPath: Int
}

/// Where a view's drawn content sits in its window's kept scene: an image of its
/// content surface, unscaled and outside transformed groups. Drawn again into the
/// same surface (as it is, unless its size or memory changes), the scene's image
/// already shows the new pixels: only the redrawn part is damage.
struct ContentSlot {
    /// The `WindowScene.serial` of the flattening that made it (see `FillSlot.scene`).
    let scene: UInt64
    /// The surface the scene's image shows.
    let surface: ObjectIdentifier
    /// The bounds' size the content was drawn for.
    let boundsSize: CGSize
    /// Where the bounds origin is, in screen points, and what the image is clipped to.
    let contentOrigin: CGPoint
    let clip: PixelRect
}

extension WindowScene {
    /// Writes the new colours of `window`'s pending recolours into this scene and into
    /// `operations` (where this scene's operations start at `base`), adding the
    /// recoloured areas to `damage`, and the redrawn parts of its pending redraws
    /// (their pixels are in the surfaces the scene shows already). False when one
    /// cannot be done in place (no fill, another opacity, which changes what the fill
    /// hides; content in another surface or of another size): the window's scene is
    /// then stale and the window must be flattened again.
    @MainActor func recolour(
        _ window: Window, operations: inout [DrawOperation], base: Int, damage: inout DamageRegion
    ) -> Bool {
        // Content drawn again into the surface the scene shows: its redrawn part is damage.
        let redrawn = window.pendingRedraws
        window.pendingRedraws = []
        let flattener = ViewTreeFlattener(scale: scale)
        for view in redrawn {
            guard let slot = view.contentSlot, slot.scene == serial, let surface = view.contentSurface,
                ObjectIdentifier(surface) == slot.surface, view.contentBoundsSize == slot.boundsSize
            else {
                window.sceneDidChange()
                return false
            }
            for drawn in view.contentDamage {
                damage.add(
                    flattener.pixels(
                        drawn.offsetBy(dx: slot.contentOrigin.x, dy: slot.contentOrigin.y), rounding: .outward
                    )
                    .intersection(slot.clip))
            }
            view.contentDamage = []
        }
        let views = window.pendingRecolours
        window.pendingRecolours = []
        for view in views {
            // Turned in this scene, so it has no fill slot in it; turned to the identity since,
            // `retransform` finds no group and the window is flattened anew. (No presentation
            // asked here: an animated view's costs an interpolation.)
            if let slot = view.transformSlot, slot.scene == serial {
                guard retransform(view, slot: slot, operations: &operations, base: base, damage: &damage) else {
                    window.sceneDidChange()
                    return false
                }
                continue
            }
            // The scene is current: nothing else changed in the window since it was
            // flattened (a move of a view with more than a fill changes its version).
            // The colour as the flattener computes it: times the enclosing opacity, and
            // the view's alpha unless a group of its own applies that. A colour of another
            // opacity changes what the fill hides: flattened anew (a new alpha of the view
            // only scales it).
            guard let slot = view.fillSlot, slot.scene == serial,
                let color = view.animations.isEmpty ? view.backgroundColor : view.presentation.backgroundColor,
                color.alpha == slot.colorAlpha,
                case .fill(let rect, let old, let clip) = self.operations[slot.operation],
                case let alpha = view.animations.isEmpty ? view.alpha : view.presentation.alpha,
                case let pixel = color.pixelColor(
                    opacity: slot.foldsAlpha ? slot.outerOpacity * alpha : slot.outerOpacity),
                pixel.alpha > 0,
                case let frame = view.presentation.frame.offsetBy(dx: slot.originInParent.x, dy: slot.originInParent.y),
                case let moved = ViewTreeFlattener(scale: scale).pixels(frame),
                moved == rect
                    || (!slot.isInGroup && view.subviews.isEmpty && view.contentSurface == nil
                        && view.transform.isIdentity)
            else {
                window.sceneDidChange()
                return false
            }
            guard pixel != old || moved != rect else { continue }
            let fill = DrawOperation.fill(moved, color: pixel, clip: clip)
            let oldArea = elements[slot.element].area
            let area = moved.intersection(clip)
            replace(
                operation: slot.operation, with: fill, element: slot.element, area: area,
                signature: ViewTreeFlattener.signature(groupPath: slot.groupPath, parts: pixel),
                motion: ElementMotion(
                    placement: moved, clip: clip,
                    look: ViewTreeFlattener.look(groupPath: slot.groupPath, kind: 0, parts: pixel)))
            operations[base + slot.operation] = fill
            damage.add(oldArea)
            damage.add(area)
        }
        return true
    }

    /// Writes the group of a turned view with nothing but a fill, flattened alone,
    /// over its old one (`TransformSlot`), adding the old and new bounds to `damage`.
    /// False when it is no longer such a group (then the window is flattened again).
    @MainActor private func retransform(
        _ view: View, slot: TransformSlot, operations: inout [DrawOperation], base: Int, damage: inout DamageRegion
    ) -> Bool {
        // (An animated view's group is made from what the frame shows: `turnsInPlace` pends only turns.)
        guard view.subviews.isEmpty, view.contentSurface == nil,
            slot.operation + 2 < self.operations.count, slot.element < elements.count,
            case .beginTransformedGroup = self.operations[slot.operation]
        else { return false }
        var flattener = ViewTreeFlattener(scale: scale)
        flattener.add(view, at: slot)
        guard flattener.operations.count == 3, flattener.elements.count == 1,
            case .beginTransformedGroup = flattener.operations[0], case .fill = flattener.operations[1],
            case .endGroup = flattener.operations[2]
        else { return false }
        let new = flattener.elements[0]
        let oldArea = elements[slot.element].area
        for index in 0..<2 {
            replace(
                operation: slot.operation + index, with: flattener.operations[index], element: slot.element,
                area: new.area, signature: new.signature)
            operations[base + slot.operation + index] = flattener.operations[index]
        }
        damage.add(oldArea)
        damage.add(new.area)
        return true
    }
}
