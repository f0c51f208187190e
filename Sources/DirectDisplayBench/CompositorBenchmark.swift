import ArgumentParser
import Demo
import DirectDisplay
import Foundation

/// GL composition against pixman on real KMS (VKMS; GL is Mesa's llvmpipe there),
/// both forced whatever the card's own choice: the 16-window scene of `compose` at
/// the screen's size, with the back window recoloured every frame (the whole screen
/// damaged) and with one 64x64 view recoloured (a small damage); then the demo's
/// windows (`DemoScene`, as `direct-display demo` shows them) with its spinning
/// triangle turning every frame. Each frame is committed and waited for (its flip)
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
        let composedBefore = screen.frameStatistics.framesComposedWithGL
        let cpuStart = GLViewBenchmark.cpuSeconds()
        let start = Date()
        for _ in 0..<frames { try frame() }
        let wall = Date().timeIntervalSince(start)
        let cpu = GLViewBenchmark.cpuSeconds() - cpuStart
        let byGL = screen.frameStatistics.framesComposedWithGL - composedBefore
        return "\(byGL) of \(frames) frames by GL): \(String(format: "%.1f", Double(frames) / wall)) frames/s, "
            + "\(String(format: "%.1f", cpu / Double(frames) * 1000)) ms CPU per frame"
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
