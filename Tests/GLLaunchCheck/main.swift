// A GLView run through `Application.run` as an app runs it: GL work in the launch
// block (`GLView.makeProgram`, as the README's example does), then frames drawn from
// main-queue turns after `dispatchMain()`, on whichever threads dispatch picks.
// Prints which GL libraries were mapped when the launch block began (none: they are
// opened on first use) and after the frames, how many draws ran and two pixels of the
// last frame (one in the green triangle, one on the blue clear colour), for LaunchedGLViewTests.
// With --no-glview, a plain blue view instead of the GLView: GL stays unloaded throughout.
import DirectDisplay
import Dispatch
import Foundation
import Glibc
import TestSupport

/// The launched app: one full-screen GLView redrawn a few times, then a report.
@MainActor final class LaunchedGLView {
    let display = HeadlessDisplay()
    let screen: Screen
    let view: GLView
    var draws = 0
    let showsGLView = !CommandLine.arguments.contains("--no-glview")

    init() {
        screen = display.connectScreen(name: "launch-check", width: 64, height: 64)
        view = GLView(frame: screen.bounds)
    }

    func launch() {
        print("gl libraries at launch: \(mappedGLLibraries())")
        let window = Window(screen: screen)
        window.isHidden = false
        guard showsGLView else {
            let plain = View(frame: screen.bounds)
            plain.backgroundColor = .blue
            window.addSubview(plain)
            DispatchQueue.main.async { MainActor.assumeIsolated { self.frame(left: 8) } }
            return
        }
        let program: GLProgram
        do {
            program = try GLView.makeProgram(
                vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        } catch {
            print("no program: \(error)")
            Glibc.exit(2)
        }
        view.drawHandler = { [unowned self] _, _ in
            draws += 1
            GreenTriangle.draw(program: program.name, clear: 0, 0, 1)
        }
        window.addSubview(view)
        DispatchQueue.main.async { MainActor.assumeIsolated { self.frame(left: 8) } }
    }

    /// One frame per main-queue turn, turns apart in time so that dispatch may serve them on other threads.
    func frame(left: Int) {
        view.setNeedsDisplay()
        guard let image = try? display.capture(screen) else {
            print("no capture")
            Glibc.exit(2)
        }
        guard left == 0 else {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) {
                MainActor.assumeIsolated { self.frame(left: left - 1) }
            }
            return
        }
        let triangle = image.rawPixel(x: 32, y: 16) & 0xFF_FFFF
        let clear = image.rawPixel(x: 32, y: 48) & 0xFF_FFFF
        print("gl libraries after the frames: \(mappedGLLibraries())")
        print("draws \(draws)")
        print("triangle \(String(triangle, radix: 16))")
        print("clear \(String(clear, radix: 16))")
        Glibc.exit(0)
    }
}

/// The GL libraries in this process's mappings (/proc/self/maps), sorted, space-separated.
func mappedGLLibraries() -> String {
    // Read to the end, not by the file's size: /proc's files say 0.
    let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
    let names = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
        line.split(separator: "/").last.map(String.init)
    }
    let prefixes = ["libEGL.so", "libGLESv2.so", "libgbm.so"]
    let gl = Set(names.filter { name in prefixes.contains { name.hasPrefix($0) } })
    return gl.sorted().joined(separator: " ")
}

MainActor.assumeIsolated {
    let app = LaunchedGLView()
    Application.shared.run { app.launch() }
}
