import Compositing
import Foundation

/// Turns visible windows' view trees into the compositor's draw operations,
/// in frame pixels: backgrounds, drawn content, alpha (as groups where a view
/// has visible subviews) and clipsToBounds.
@MainActor struct ViewTreeFlattener {
    let scale: CGFloat
    private(set) var operations: [DrawOperation] = []

    init(scale: CGFloat) { self.scale = scale }

    /// Appends a window (its frame is in screen points) limited to `clip`.
    mutating func add(_ window: Window, clip: PixelRect) {
        add(window, originInParent: .zero, opacity: 1, clip: clip)
    }

    private func pixels(_ rect: CGRect) -> PixelRect {
        let x0 = Int((rect.minX * scale).rounded())
        let y0 = Int((rect.minY * scale).rounded())
        let x1 = Int((rect.maxX * scale).rounded())
        let y1 = Int((rect.maxY * scale).rounded())
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `originInParent` is where the parent's bounds origin lies, in screen points.
    private mutating func add(_ view: View, originInParent: CGPoint, opacity: CGFloat, clip: PixelRect) {
        guard !view.isHidden, view.alpha > 0, !clip.isEmpty else { return }
        let frame = view.frame.offsetBy(dx: originInParent.x, dy: originInParent.y)
        let framePixels = pixels(frame)
        let contentOrigin = CGPoint(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
        let visibleChildren = view.subviews.filter { !$0.isHidden && $0.alpha > 0 }
        let grouped = view.alpha < 1 && !visibleChildren.isEmpty
        var ownOpacity = opacity * view.alpha
        if grouped {
            let extent = extentInPixels(view, frame: frame).intersection(clip)
            guard !extent.isEmpty else { return }
            operations.append(.beginGroup(opacity: Double(view.alpha), bounds: extent))
            ownOpacity = opacity
        }
        if let color = view.backgroundColor, color.alpha > 0 {
            operations.append(.fill(framePixels, color: color.pixelColor(opacity: ownOpacity), clip: clip))
        }
        if let surface = view.contentSurface {
            operations.append(
                .image(surface, x: framePixels.x, y: framePixels.y, opacity: Double(ownOpacity), clip: clip))
        }
        let childClip = view.clipsToBounds ? clip.intersection(framePixels) : clip
        for child in visibleChildren {
            add(child, originInParent: contentOrigin, opacity: grouped ? 1 : ownOpacity, clip: childClip)
        }
        if grouped { operations.append(.endGroup) }
    }

    /// Pixels the view and its visible subviews may touch (subviews may draw outside unless clipped).
    private func extentInPixels(_ view: View, frame: CGRect) -> PixelRect {
        var union = frame
        if !view.clipsToBounds {
            let contentOrigin = CGPoint(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
            for child in view.subviews where !child.isHidden {
                let childFrame = child.frame.offsetBy(dx: contentOrigin.x, dy: contentOrigin.y)
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
