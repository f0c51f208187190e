import ArgumentParser
import DirectDisplay
import Foundation

/// What a mirror costs per frame (headless, no hardware): a 1920x1080 screen with a
/// button changing colour every frame, mirrored onto 1280x720 (same shape) and
/// 1024x768 (bars), against the source's own frame measured in the same run, and the
/// whole frame scaled against the damaged part only.
struct MirrorBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror", abstract: "Cost of mirroring a screen per frame (headless, no hardware).")

    @Option(help: "Frames per measurement.")
    var frames = 200

    func run() throws {
        let frames = self.frames
        MainActor.assumeIsolated {
            let display = HeadlessDisplay()
            let source = display.connectScreen(name: "HDMI-A-1", width: 1920, height: 1080)
            let window = Window(screen: source)
            window.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.92, alpha: 1)
            for index in 0..<40 {
                let tile = View(
                    frame: CGRect(
                        x: Double(index % 8) * 240 + 10, y: Double(index / 8) * 216 + 10, width: 220, height: 196))
                tile.backgroundColor = Color(
                    red: Double(index % 5) / 5, green: 0.5, blue: Double(index % 3) / 3, alpha: 1)
                window.addSubview(tile)
            }
            let button = View(frame: CGRect(x: 900, y: 500, width: 100, height: 40))
            window.addSubview(button)
            window.makeKeyAndVisible()
            var flip = false
            @MainActor func frame() {
                flip.toggle()
                button.backgroundColor =
                    flip ? Color(red: 1, green: 0, blue: 0, alpha: 1) : Color(red: 0, green: 0, blue: 1, alpha: 1)
                display.runUntilIdle()
            }
            let alone = Self.seconds(frames, frame)
            print("source frame alone (a 100x40 button recoloured): \(Self.show(alone))")
            for (name, width, height) in [("HDMI-A-2", 1280, 720), ("HDMI-A-3", 1024, 768)] {
                let target = display.connectScreen(name: name, width: width, height: height)
                do { try target.mirror(source) } catch { print("\(name): \(error)") }
                display.runUntilIdle()
                let both = Self.seconds(frames, frame)
                let mirror = max(both - alone, 0)
                let pixels = target.frameStatistics.lastFramePixelsComposed
                let whole = Self.seconds(max(frames / 10, 1)) { target.composeWhole() }
                print(
                    "mirror onto \(width)x\(height): \(Self.show(mirror)) per frame (\(pixels) pixels scaled), "
                        + "\(String(format: "%.3f", mirror / alone))x the source's own frame; whole frame scaled: "
                        + "\(Self.show(whole)), \(String(format: "%.1f", whole / max(mirror, 1e-9)))x the damage path")
                target.stopMirroring()
                display.disconnectScreen(target)
            }
        }
    }

    /// Mean seconds per call of `body` over `count` calls, after a warm-up of the same length.
    @MainActor static func seconds(_ count: Int, _ body: () -> Void) -> Double {
        for _ in 0..<count { body() }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
    }

    static func show(_ seconds: Double) -> String {
        seconds < 0.001 ? String(format: "%.1f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1000)
    }
}
