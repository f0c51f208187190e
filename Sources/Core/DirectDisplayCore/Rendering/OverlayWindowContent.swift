import Compositing
import Foundation

/// A window drawn into buffers of its own, for an overlay plane: its content in
/// window pixels, composed in cached memory (transparent where it draws nothing)
/// only where it changed, and copied into each of the output's buffer slots as
/// that slot needs (buffer age), like the screen's own frame.
@MainActor
package final class OverlayWindowContent {
    package let windowID: ObjectIdentifier
    package let width: Int
    package let height: Int
    private let shadow: ShadowFrame
    private var elements: [SceneElement] = []
    private var history = BufferDamageHistory()
    private var isDrawn = false

    package init(window: Window, width: Int, height: Int) {
        windowID = ObjectIdentifier(window)
        self.width = width
        self.height = height
        shadow = ShadowFrame(width: width, height: height)
    }

    /// Draws what changed in `window` since the last call (laid out and displayed
    /// already) and returns it, in window pixels.
    @discardableResult
    package func compose(_ window: Window, scale: CGFloat) -> DamageRegion {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        var flattener = ViewTreeFlattener(scale: scale)
        flattener.add(
            window, clip: frame, offset: CGPoint(x: -window.presentation.frame.minX, y: -window.presentation.frame.minY)
        )
        for view in flattener.drawnViews { view.contentDamage = [] }
        let damage =
            isDrawn
            ? SceneDiff.damage(from: elements, to: flattener.elements).clipped(to: frame) : DamageRegion([frame])
        if !damage.isEmpty {
            FrameComposer.compose(
                flattener.operations, into: shadow.pixels, width: width, height: height,
                bytesPerRow: shadow.bytesPerRow, region: damage, transparent: true)
        }
        elements = flattener.elements
        isDrawn = true
        history.addFrame(damage)
        return damage
    }

    /// Copies into buffer `slot` what it lacks to show the latest content; writes only.
    package func update(slot: Int, pixels: UnsafeMutableRawPointer, bytesPerRow: Int) {
        shadow.copy(history.take(slot: slot), to: pixels, bytesPerRow: bytesPerRow)
    }
}
