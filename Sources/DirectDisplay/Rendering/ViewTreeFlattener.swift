import Compositing
import Foundation

/// Turns visible windows' view trees into the compositor's draw operations,
/// in frame pixels: backgrounds, drawn content, alpha (as groups where a view
/// has visible subviews) and clipsToBounds; and beside them the scene elements
/// that damage is computed from. Geometry, alpha and colour are the views'
/// presentation values: what their running animations show in this frame.
@MainActor struct ViewTreeFlattener {
    let scale: CGFloat
    private(set) var operations: [DrawOperation] = []
    private(set) var elements: [SceneElement] = []
    /// Views whose redrawn content this frame took as damage.
    private(set) var drawnViews: [View] = []
    /// A hash of the groups enclosing what is added now (their identity and opacity).
    private var groupPath = 0

    init(scale: CGFloat) { self.scale = scale }

    /// Appends a window (its frame is in screen points) limited to `clip`, moved by
    /// `offset` points (a window drawn into its own buffer is moved to its origin).
    mutating func add(_ window: Window, clip: PixelRect, offset: CGPoint = .zero) {
        add(window, originInParent: offset, opacity: 1, clip: clip)
    }

    private enum Rounding { case nearest, outward }

    private func pixels(_ rect: CGRect, rounding: Rounding = .nearest) -> PixelRect {
        let down: FloatingPointRoundingRule = rounding == .outward ? .down : .toNearestOrAwayFromZero
        let up: FloatingPointRoundingRule = rounding == .outward ? .up : .toNearestOrAwayFromZero
        let x0 = Int((rect.minX * scale).rounded(down))
        let y0 = Int((rect.minY * scale).rounded(down))
        let x1 = Int((rect.maxX * scale).rounded(up))
        let y1 = Int((rect.maxY * scale).rounded(up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Records what `view` paints (kind 0 background, 1 content, 2 group) for damage.
    private mutating func element<Parts: Hashable>(
        _ view: View, kind: UInt64, area: PixelRect, signature parts: Parts, contentDamage: PixelRect? = nil
    ) {
        var hasher = Hasher()
        hasher.combine(groupPath)
        hasher.combine(area)
        hasher.combine(parts)
        let identity = UInt64(UInt(bitPattern: ObjectIdentifier(view).hashValue))
        elements.append(
            SceneElement(
                key: identity &* 4 &+ kind, area: area, signature: hasher.finalize(), contentDamage: contentDamage))
    }

    /// `originInParent` is where the parent's bounds origin lies, in screen points.
    private mutating func add(_ view: View, originInParent: CGPoint, opacity: CGFloat, clip: PixelRect) {
        let shown = view.presentation
        guard !view.isHidden, shown.alpha > 0, !clip.isEmpty else { return }
        let frame = shown.frame.offsetBy(dx: originInParent.x, dy: originInParent.y)
        let framePixels = pixels(frame)
        let contentOrigin = CGPoint(x: frame.minX - shown.bounds.minX, y: frame.minY - shown.bounds.minY)
        let visibleChildren = view.subviews.filter { !$0.isHidden && $0.presentationAlpha > 0 }
        let grouped = shown.alpha < 1 && !visibleChildren.isEmpty
        var ownOpacity = opacity * shown.alpha
        let outerGroupPath = groupPath
        defer { groupPath = outerGroupPath }
        if grouped {
            let extent = extentInPixels(view, frame: frame).intersection(clip)
            guard !extent.isEmpty else { return }
            operations.append(.beginGroup(opacity: Double(shown.alpha), bounds: extent))
            ownOpacity = opacity
            element(view, kind: 2, area: extent, signature: shown.alpha)
            var hasher = Hasher()
            hasher.combine(outerGroupPath)
            hasher.combine(ObjectIdentifier(view))
            hasher.combine(shown.alpha)
            groupPath = hasher.finalize()
        }
        if let color = shown.backgroundColor, color.alpha > 0 {
            let pixel = color.pixelColor(opacity: ownOpacity)
            operations.append(.fill(framePixels, color: pixel, clip: clip))
            element(view, kind: 0, area: framePixels.intersection(clip), signature: pixel)
        }
        if let surface = view.contentSurface {
            operations.append(
                .image(surface, x: framePixels.x, y: framePixels.y, opacity: Double(ownOpacity), clip: clip))
            let area = PixelRect(
                x: framePixels.x, y: framePixels.y, width: surface.pixelWidth, height: surface.pixelHeight)
            var redrawn: PixelRect?
            if let drawn = view.contentDamage {
                redrawn = pixels(
                    drawn.offsetBy(dx: contentOrigin.x, dy: contentOrigin.y), rounding: .outward)
                drawnViews.append(view)
            }
            element(
                view, kind: 1, area: area.intersection(clip),
                signature: ContentSignature(surface: ObjectIdentifier(surface), area: area, opacity: ownOpacity),
                contentDamage: redrawn)
        }
        let childClip = view.clipsToBounds ? clip.intersection(framePixels) : clip
        for child in visibleChildren {
            add(child, originInParent: contentOrigin, opacity: grouped ? 1 : ownOpacity, clip: childClip)
        }
        if grouped { operations.append(.endGroup) }
    }

    /// What decides the pixels of drawn content besides its area and groups.
    private struct ContentSignature: Hashable {
        let surface: ObjectIdentifier
        let area: PixelRect
        let opacity: CGFloat
    }

    /// Pixels the view and its visible subviews may touch (subviews may draw outside unless clipped).
    private func extentInPixels(_ view: View, frame: CGRect) -> PixelRect {
        var union = frame
        if !view.clipsToBounds {
            let bounds = view.presentation.bounds
            let contentOrigin = CGPoint(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
            for child in view.subviews where !child.isHidden {
                let childFrame = child.presentation.frame.offsetBy(dx: contentOrigin.x, dy: contentOrigin.y)
                let childPixels = extentInPixels(child, frame: childFrame)
                union = union.union(
                    CGRect(
                        x: CGFloat(childPixels.x) / scale, y: CGFloat(childPixels.y) / scale,
                        width: CGFloat(childPixels.width) / scale, height: CGFloat(childPixels.height) / scale))
            }
        }
        return pixels(union)
    }
}
