import ArgumentParser
import DirectDisplay
import Foundation

/// GL composition against pixman on real KMS (VKMS; GL is Mesa's llvmpipe there):
/// the 16-window scene of `compose` at the screen's size, with the back window
/// recoloured every frame (the whole screen damaged) and with one 64x64 view
/// recoloured (a small damage). Each frame is committed and waited for (its flip)
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
            let small = ComposeBenchmark.scene(windows: 16, on: screen)[0]
            let back = Application.shared.visibleWindows(on: screen).first!
            for gl in [false, true] {
                display.composesWithGLES = gl
                for (label, view) in [("whole screen recoloured", back as View), ("a 64x64 view recoloured", small)] {
                    var step = 0
                    let frame = {
                        step += 1
                        view.backgroundColor = Color(red: Double(step % 8) / 8, green: 0.3, blue: 0.6)
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
                    print(
                        "\(gl ? "gl" : "pixman"), 16 windows, \(label) (\(Int(screen.nativeBounds.width))x"
                            + "\(Int(screen.nativeBounds.height)), \(byGL) of \(frames) frames by GL): "
                            + "\(String(format: "%.1f", Double(frames) / wall)) frames/s, "
                            + "\(String(format: "%.1f", cpu / Double(frames) * 1000)) ms CPU per frame")
                }
            }
        }
    }
}
