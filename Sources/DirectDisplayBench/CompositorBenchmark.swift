import ArgumentParser
import DirectDisplay
import Foundation

/// GL composition against pixman on real KMS (VKMS; GL is Mesa's llvmpipe there):
/// the 16-window scene of `compose` at the screen's size, with the back window
/// recoloured every frame (the whole screen damaged) and with one 64x64 view
/// recoloured (a small damage); then views with cairo-drawn content, redrawn every
/// frame, whole screen and 64x64, with GL importing the content as dmabufs and
/// uploading it (glTexImage2D). Each frame is committed and waited for (its flip)
/// before the next: frames per second and this process's CPU time per frame.
struct CompositorBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositor",
        abstract: "Frames per second and CPU time per frame: GL composition (DIRECTDISPLAY_COMPOSITOR=gl) vs pixman.")

    @Option(help: "Frames per measurement (after 5 to warm up).")
    var frames = 30

    func run() throws {
        let frames = max(self.frames, 5)
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            defer { display.shutdown() }
            guard let screen = Screen.screens.first(where: { $0.name == "Virtual-1" }) ?? Screen.main else {
                throw ValidationError("no screen: run inside Hardware/vm")
            }
            @MainActor func measure(_ label: String, _ change: (Int) -> Void) throws {
                var step = 0
                func frame() throws {
                    step += 1
                    change(step)
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
                let uploaded = after.glBytesUploaded - before.glBytesUploaded
                print(
                    "\(label) (\(Int(screen.nativeBounds.width))x\(Int(screen.nativeBounds.height)), "
                        + "\(byGL) of \(frames) frames by GL, \(uploaded / frames) content bytes uploaded per frame): "
                        + "\(String(format: "%.1f", Double(frames) / wall)) frames/s, "
                        + "\(String(format: "%.1f", cpu / Double(frames) * 1000)) ms CPU per frame")
            }
            let scene = ComposeBenchmark.scene(windows: 16, on: screen)
            let small = scene[0]
            let windows = Application.shared.visibleWindows(on: screen)
            let back = windows.first!
            for gl in [false, true] {
                display.composesWithGLES = gl
                for (label, view) in [("whole screen recoloured", back as View), ("a 64x64 view recoloured", small)] {
                    try measure("\(gl ? "gl" : "pixman"), 16 windows, \(label)") { step in
                        view.backgroundColor = Color(red: Double(step % 8) / 8, green: 0.3, blue: 0.6)
                    }
                }
            }
            for window in windows { window.isHidden = true }

            // Cairo-drawn content: a full-screen view under a 64x64 one, each redrawn in turn.
            for (gl, imports) in [(false, true), (true, true), (true, false)] {
                display.composesWithGLES = gl
                display.importsGLContents = imports
                // A new window each time: its content is allocated as this mode allocates it.
                let window = Window(screen: screen)
                let size = screen.bounds.size
                let whole = StripesView(frame: CGRect(origin: .zero, size: size))
                let spot = StripesView(frame: CGRect(x: 100, y: 100, width: 64, height: 64))
                window.addSubview(whole)
                window.addSubview(spot)
                window.isHidden = false
                let mode = gl ? (imports ? "gl, content imported" : "gl, content uploaded") : "pixman"
                for (label, view) in [("whole-screen drawn view redrawn", whole), ("64x64 drawn view redrawn", spot)] {
                    try measure("\(mode), \(label)") { step in
                        view.phase = step
                        view.setNeedsDisplay()
                    }
                }
                window.isHidden = true
            }
        }
    }
}

/// Diagonal stripes drawn with cairo, shifted by `phase` (so each redraw changes pixels).
private final class StripesView: View {
    var phase = 0

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        context.fill(bounds, with: Color(red: 0.9, green: 0.9, blue: 0.8))
        let shift = CGFloat(phase % 8) * 4
        var x = -bounds.height + shift
        while x < bounds.width {
            context.strokeLine(
                from: CGPoint(x: x, y: 0), to: CGPoint(x: x + bounds.height, y: bounds.height),
                with: Color(red: 0.2, green: 0.4, blue: 0.7), lineWidth: 6)
            x += 32
        }
    }
}
