import Compositing
import Foundation

extension Application {
    /// Lays out and draws what is pending for `screen`'s visible windows.
    package func layoutAndDisplay(_ screen: Screen) {
        for window in visibleWindows(on: screen) {
            window.layoutIfNeeded()
            window.displayIfNeeded(scale: screen.scale)
        }
    }

    /// Lays out and draws what is pending for `screen`, then flattens its visible
    /// windows by level and recency into draw operations (backgrounds, drawn
    /// content, alpha, clipping) in the coordinates of the screen's orientation,
    /// for a panel of `width`×`height` pixels. Both composition paths start here.
    func flattenScene(of screen: Screen, width: Int, height: Int) -> ViewTreeFlattener {
        layoutAndDisplay(screen)
        let rotation = screen.orientation.panelRotation
        let logical = PixelRect(
            x: 0, y: 0, width: rotation.swapsAxes ? height : width, height: rotation.swapsAxes ? width : height)
        var flattener = ViewTreeFlattener(scale: screen.scale)
        for window in visibleWindows(on: screen) { flattener.add(window, clip: logical) }
        return flattener
    }

    /// Composes `screen` whole into a new image of its current mode's size, apart
    /// from the damage path (the reference the tests compare it with).
    package func captureFrame(of screen: Screen) -> CapturedImage {
        let width = Int(screen.nativeBounds.width)
        let height = Int(screen.nativeBounds.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let operations = flattenScene(of: screen, width: width, height: height).operations
        if width > 0, height > 0 {
            pixels.withUnsafeMutableBytes { buffer in
                FrameComposer.compose(
                    operations, into: buffer.baseAddress!, width: width, height: height, bytesPerRow: width * 4,
                    rotation: screen.orientation.panelRotation)
            }
        }
        screen.didComposite()
        return CapturedImage(width: width, height: height, format: .xrgb8888, pixels: pixels)
    }
}
