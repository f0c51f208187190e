import ArgumentParser
import DirectDisplay
import Foundation

/// GLView frames on real KMS (VKMS, Mesa's llvmpipe): a triangle turned a little
/// every frame, full-screen scanned out directly from its GBM buffers against the
/// same view composed (read back and blended: DIRECTDISPLAY_NO_DIRECT_SCANOUT=1's
/// path), and a 256x256 GLView composed over the 16-window scene. Each frame is
/// drawn, committed and waited for (its flip) before the next: frames per second
/// and this process's CPU time (user + system, llvmpipe's threads included) per frame.
struct GLViewBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glview", abstract: "GLView frames per second and CPU time per frame: direct scanout vs composed.")

    @Option(help: "Frames per measurement (after 10 to warm up).")
    var frames = 120

    func run() throws {
        let frames = max(self.frames, 10)
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            defer { display.shutdown() }
            guard let screen = Screen.screens.first(where: { $0.name == "Virtual-1" }) ?? Screen.main else {
                throw ValidationError("no screen: run inside Hardware/vm")
            }
            let size = screen.bounds
            let cases: [(String, Bool, Bool)] = [
                ("full-screen GLView, direct scanout", true, true),
                ("full-screen GLView, composed (read back)", true, false),
                ("256x256 GLView over 16 windows, composed", false, false),
            ]
            for (label, fullScreen, direct) in cases {
                display.configuration.usesDirectScanout = direct
                var windows: [Window] = []
                if !fullScreen {
                    for index in 0..<16 {
                        let inset = CGFloat(index)
                        let window = Window(
                            frame: CGRect(
                                x: 20 * inset, y: 10 * inset, width: size.width - 20 * inset,
                                height: size.height - 10 * inset))
                        window.backgroundColor = Color(red: Double(index % 4) / 4, green: 0.3, blue: 0.6)
                        window.isHidden = false
                        windows.append(window)
                    }
                }
                let window = Window(frame: fullScreen ? size : CGRect(x: 400, y: 300, width: 256, height: 256))
                let view = try TurningTriangleView(area: window.bounds)
                window.addSubview(view)
                window.isHidden = false
                windows.append(window)
                for _ in 0..<10 { try frame(view, display, screen) }
                let wasDirect = display.directScanoutView(on: screen) === view
                let cpuStart = Self.cpuSeconds()
                let start = Date()
                for _ in 0..<frames { try frame(view, display, screen) }
                let wall = Date().timeIntervalSince(start)
                let cpu = Self.cpuSeconds() - cpuStart
                print(
                    "\(label) (\(Int(size.width))x\(Int(size.height)), direct: \(wasDirect ? "yes" : "no")): "
                        + "\(String(format: "%.1f", Double(frames) / wall)) frames/s, "
                        + "\(String(format: "%.1f", cpu / Double(frames) * 1000)) ms CPU per frame")
                for window in windows { window.isHidden = true }
            }
        }
    }

    @MainActor private func frame(_ view: GLView, _ display: KMSDisplay, _ screen: Screen) throws {
        view.setNeedsDisplay()
        try display.waitForPresentation(of: screen, timeout: 10)
    }

    /// User plus system CPU time of this process, all threads.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// Clears to grey and draws a green triangle turned by 0.05 radians more each drawing.
@MainActor private final class TurningTriangleView: GLView {
    private let program: GLProgram
    private var angle: Float = 0

    init(area: CGRect) throws {
        program = try GLView.makeProgram(
            vertexShader: """
                #version 300 es
                layout(location = 0) in vec2 position;
                uniform float angle;
                void main() {
                    gl_Position = vec4(cos(angle) * position.x - sin(angle) * position.y,
                                       sin(angle) * position.x + cos(angle) * position.y, 0.0, 1.0);
                }
                """,
            fragmentShader: """
                #version 300 es
                precision mediump float;
                out vec4 color;
                void main() { color = vec4(0.1, 0.8, 0.3, 1.0); }
                """)
        super.init(frame: area)
    }

    override func draw(inGL rect: CGRect) {
        angle += 0.05
        glClearColor(0.2, 0.2, 0.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        program.use()
        glUniform1f(program.uniformLocation("angle"), angle)
        let corners: [GLfloat] = [0, 0.8, -0.7, -0.45, 0.7, -0.45]
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, corners)
        glEnableVertexAttribArray(0)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glDisableVertexAttribArray(0)
    }
}
