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

    /// Composes the full frame of `screen` into XRGB8888 memory: pending layout
    /// and drawing first, then black where no window is, then the visible
    /// windows by level and recency with their views' backgrounds, drawn
    /// content, alpha and clipping, turned by the screen's orientation.
    /// `width`×`height` is the panel size in pixels (the current mode, unrotated).
    /// The KMS back end and `HeadlessDisplay` both call this.
    package func composite(
        _ screen: Screen, into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int
    ) {
        layoutAndDisplay(screen)
        let rotation = screen.orientation.panelRotation
        let logical = PixelRect(
            x: 0, y: 0, width: rotation.swapsAxes ? height : width, height: rotation.swapsAxes ? width : height)
        var flattener = ViewTreeFlattener(scale: screen.scale)
        for window in visibleWindows(on: screen) { flattener.add(window, clip: logical) }
        FrameComposer.compose(
            flattener.operations, into: pixels, width: width, height: height, bytesPerRow: bytesPerRow,
            rotation: rotation)
        screen.didComposite()
    }

    /// Composes `screen` whole into a new image of its current mode's size, apart
    /// from the damage path (the reference the tests compare it with).
    package func captureFrame(of screen: Screen) -> CapturedImage {
        let width = Int(screen.nativeBounds.width)
        let height = Int(screen.nativeBounds.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        if width > 0, height > 0 {
            pixels.withUnsafeMutableBytes { buffer in
                composite(screen, into: buffer.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
            }
        }
        return CapturedImage(width: width, height: height, format: .xrgb8888, pixels: pixels)
    }
}
