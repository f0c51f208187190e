import Compositing
import Foundation
import Scheduling

extension Application {
    /// Lays out and draws what is pending for `screen`'s visible windows (those
    /// in which something changed since their last pass).
    package func layoutAndDisplay(_ screen: Screen) {
        layoutAndDisplay(visibleWindows(on: screen), of: screen)
    }

    private func layoutAndDisplay(_ windows: [Window], of screen: Screen) {
        // A window needs a pass only after a change, which gives it a new scene version
        // or asks for one (a redraw in place): with neither anywhere and the same windows
        // as the last pass, none does.
        // (Taken before the pass: a change the pass makes brings another.)
        let version = Window.passRequests
        if screen.layoutPassSeen.version == version, screen.layoutPassSeen.windows.count == windows.count {
            var same = true
            for index in windows.indices where ObjectIdentifier(windows[index]) != screen.layoutPassSeen.windows[index]
            {
                same = false
            }
            if same { return }
        }
        // The same windows (a redraw in place, every frame of it): written over, not a new array.
        screen.layoutPassSeen.version = version
        if screen.layoutPassSeen.windows.count == windows.count {
            for index in windows.indices { screen.layoutPassSeen.windows[index] = ObjectIdentifier(windows[index]) }
        } else {
            screen.layoutPassSeen.windows = windows.map(ObjectIdentifier.init)
        }
        let scale = screen.scale
        // The launch's first pass splits its trace by window (where the first frame's time goes).
        let traces = StartTrace.isOn && !Self.firstPassTraced
        Self.firstPassTraced = true
        // Every window of every frame: an index loop, which reads the flag without
        // retaining each window.
        for index in windows.indices where windows[index].needsUpdatePass {
            let window = windows[index]
            window.needsUpdatePass = false
            window.layoutIfNeeded()
            if traces { StartTrace.mark("window \(index) (\(type(of: window))) laid out") }
            window.displayIfNeeded(scale: scale)
            if traces { StartTrace.mark("window \(index) drawn") }
        }
    }

    /// Whether the first layout pass (the launch's, traced) is over.
    private static var firstPassTraced = false

    /// Lays out and draws what is pending for `screen`'s visible windows and
    /// returns them by level and recency, with the clip of the frame in the
    /// coordinates of the screen's orientation, for a panel of `width`×`height`
    /// pixels. Both composition paths start here.
    func sceneWindows(of screen: Screen, width: Int, height: Int) -> (windows: [Window], clip: PixelRect) {
        let windows = visibleWindows(on: screen)
        layoutAndDisplay(windows, of: screen)
        let rotation = screen.orientation.panelRotation
        let logical = PixelRect(
            x: 0, y: 0, width: rotation.swapsAxes ? height : width, height: rotation.swapsAxes ? width : height)
        return (windows, logical)
    }

    /// Composes `screen` whole into a new image of its current mode's size, apart
    /// from the damage path (the reference the tests compare it with).
    package func captureFrame(of screen: Screen) -> CapturedImage {
        let width = Int(screen.nativeBounds.width)
        let height = Int(screen.nativeBounds.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let (windows, clip) = sceneWindows(of: screen, width: width, height: height)
        let operations = FlattenedScene(windows, clip: clip, scale: screen.scale).operations
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
