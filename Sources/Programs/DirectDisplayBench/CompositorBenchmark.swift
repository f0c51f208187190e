import ArgumentParser
import Demo
import DirectDisplay
import Foundation

/// GL composition against pixman on real KMS (VKMS; GL is Mesa's llvmpipe there),
/// both forced whatever the card's own choice: the 16-window scene of `compose` at
/// the screen's size, with the back window recoloured every frame (the whole screen
/// damaged) and with one 64x64 view recoloured (a small damage); then the demo's
/// windows (`DemoScene`, as `direct-display demo` shows them) with its spinning
/// triangle turning every frame; and cairo-drawn views redrawn every frame, whole
/// screen and 64x64, GL importing their content as dmabufs against uploading it
/// (glTexImage2D) each frame. Each frame is committed and waited for (its flip)
/// before the next: frames per second and this process's CPU time per frame.
struct CompositorBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositor",
        abstract: "Frames per second and CPU time per frame: GL composition vs pixman, 16 windows and the demo.")

    @Option(help: "Frames per measurement (after 5 to warm up).")
    var frames = 30

    func run() throws {
        let frames = max(self.frames, 5)
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            defer { display.shutdown() }
            guard let screen = Screen.screens.first(where: { $0.name == "Virtual-1" }) ?? Screen.main else {
                throw ValidationError("no screen: run inside Hardware/vm")
            }
            let size = "\(Int(screen.nativeBounds.width))x\(Int(screen.nativeBounds.height))"
            let small = ComposeBenchmark.scene(windows: 16, on: screen)[0]
            let windows = Application.shared.visibleWindows(on: screen)
            for gl in [false, true] {
                display.composesWithGLES = gl
                for (label, view) in [
                    ("whole screen recoloured", windows[0] as View), ("a 64x64 view recoloured", small),
                ] {
                    var step = 0
                    let line = try measure(display, screen, frames: frames) {
                        step += 1
                        view.backgroundColor = Color(red: Double(step % 8) / 8, green: 0.3, blue: 0.6)
                    }
                    print("\(gl ? "gl" : "pixman"), 16 windows, \(label) (\(size), \(line)")
                }
            }
            for window in windows { window.isHidden = true }
            try measureDrawnContent(display, screen, frames: frames, size: size)
            let demo = DemoScene(input: nil)
            demo.start()
            defer { demo.stop() }
            guard
                let triangle = Self.views(in: Application.shared.visibleWindows(on: screen)).first(where: {
                    $0 is SpinningTriangleView
                })
            else { throw ValidationError("the demo shows no spinning triangle on \(screen.name)") }
            for gl in [false, true] {
                display.composesWithGLES = gl
                // The triangle's angle follows the clock: each drawing turns it on.
                let line = try measure(display, screen, frames: frames) { triangle.setNeedsDisplay() }
                print("\(gl ? "gl" : "pixman"), demo, spinning triangle turning (\(size), \(line)")
            }
        }
    }

    /// Frames made by `change` then waited for on screen, after 5 to warm up:
    /// "n of m frames by GL): f frames/s, c ms CPU per frame".
    @MainActor private func measure(_ display: KMSDisplay, _ screen: Screen, frames: Int, change: () -> Void)
        throws -> String
    {
        func frame() throws {
            change()
            try display.waitForPresentation(of: screen, timeout: 20)
        }
        for _ in 0..<5 { try frame() }
        let before = screen.frameStatistics
        let cpuStart = GLViewBenchmark.cpuSeconds()
        let start = Date()
        for _ in 0..<frames { try frame() }
        let wall = Date().timeIntervalSince(start)
        let cpu = GLViewBenchmark.cpuSeconds() - cpuStart
        let after = screen.frameStatistics
        let byGL = after.framesComposedWithGL - before.framesComposedWithGL
        let uploaded = (after.glBytesUploaded - before.glBytesUploaded) / frames
        return "\(byGL) of \(frames) frames by GL, \(uploaded) content bytes uploaded per frame): "
            + "\(String(format: "%.1f", Double(frames) / wall)) frames/s, "
            + "\(String(format: "%.1f", cpu / Double(frames) * 1000)) ms CPU per frame"
    }

    /// A full-screen view and a 64x64 one over it, drawn with cairo, each redrawn every
    /// frame in turn: pixman, GL with the content imported, GL with it uploaded.
    @MainActor private func measureDrawnContent(_ display: KMSDisplay, _ screen: Screen, frames: Int, size: String)
        throws
    {
        defer { display.importsGLContents = true }
        for (gl, imports) in [(false, true), (true, true), (true, false)] {
            display.composesWithGLES = gl
            display.importsGLContents = imports
            // A new window each time: its content is allocated as this mode allocates it.
            let window = Window(screen: screen)
            let whole = StripesView(frame: CGRect(origin: .zero, size: screen.bounds.size))
            let spot = StripesView(frame: CGRect(x: 100, y: 100, width: 64, height: 64))
            window.addSubview(whole)
            window.addSubview(spot)
            window.isHidden = false
            defer { window.isHidden = true }
            let mode = gl ? (imports ? "gl, content imported" : "gl, content uploaded") : "pixman"
            for (label, view) in [("whole-screen drawn view redrawn", whole), ("64x64 drawn view redrawn", spot)] {
                let line = try measure(display, screen, frames: frames) {
                    view.phase += 1
                    view.setNeedsDisplay()
                }
                print("\(mode), \(label) (\(size), \(line)")
            }
        }
    }

    @MainActor private static func views(in windows: [Window]) -> [View] {
        var found: [View] = []
        var queue: [View] = windows
        while let view = queue.popLast() {
            found.append(view)
            queue.append(contentsOf: view.subviews)
        }
        return found
    }
}

/// Diagonal stripes drawn with cairo, shifted by `phase` (so each redraw changes pixels).
private final class StripesView: View {
    var phase = 0

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        context.fill(bounds, with: Color(red: 0.9, green: 0.9, blue: 0.8))
        var x = -bounds.height + CGFloat(phase % 8) * 4
        while x < bounds.width {
            context.strokeLine(
                from: CGPoint(x: x, y: 0), to: CGPoint(x: x + bounds.height, y: bounds.height),
                with: Color(red: 0.2, green: 0.4, blue: 0.7), lineWidth: 6)
            x += 32
        }
    }
}
