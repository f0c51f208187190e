import ArgumentParser
import DirectDisplay
import Foundation

/// Composition cost at 1920x1080, as ratios to figures of the same run: a whole
/// recomposition of 1, 4 and 16 overlapping opaque windows (3 subviews each)
/// against a memcpy of the frame's bytes, and one 64x64 view recoloured against
/// the whole recomposition of 16 windows, and one frame of that view sliding
/// (an animation step); the same small change on a turned screen against that
/// screen's whole recomposition. Headless (the same compositor as KMS).
struct ComposeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Composition cost: whole frames vs memcpy, one small change vs a whole frame."
    )

    // 60 frames put makeKey's median on its slower first frames in 5 of 8 runs
    // (20 µs against 13.5 µs, every run, at 600 or more).
    @Option(help: "Frames per measurement (the median is printed).")
    var frames = 600

    @Flag(help: "Only the memcpy and the change-to-frame cases (to profile them).")
    var changesOnly = false

    @Option(
        help:
            "Only the change-to-frame cases whose name contains this (with --changes-only, to profile one; the memcpy and the whole frame then take at most 100 frames)."
    )
    var only: String?

    func run() throws {
        let frames = max(self.frames, 5)
        let changesOnly = self.changesOnly
        let only = self.only
        MainActor.assumeIsolated {
            let width = FrameCopy.width
            let height = FrameCopy.height
            let memcpyTime = FrameCopy().measure(samples: only == nil ? frames : min(frames, 100))

            var fullSixteen = 0.0
            for count in changesOnly ? [] : [1, 4, 16] {
                Application.shared.reset()
                let display = HeadlessDisplay()
                let screen = display.connectScreen(name: "HDMI-A-1", width: width, height: height)
                let views = Self.scene(windows: count, on: screen)
                display.runUntilIdle()
                let full = Self.median(frames) {
                    screen.composeWhole()
                }
                print(
                    "whole recomposition, \(count) window\(count == 1 ? "" : "s"): \(Self.ms(full)), "
                        + "\(String(format: "%.2f", full / memcpyTime))x the memcpy")
                guard count == 16 else { continue }
                fullSixteen = full
                var flip = false
                let small = Self.median(frames) {
                    flip.toggle()
                    views[0].backgroundColor =
                        flip ? Color(red: 0, green: 1, blue: 0) : Color(red: 1, green: 0, blue: 0)
                    display.runUntilIdle()
                }
                print(
                    "one 64x64 view recoloured (16 windows): \(Self.ms(small)), "
                        + "\(String(format: "%.4f", small / fullSixteen))x the whole recomposition, "
                        + "\(screen.frameStatistics.lastFramePixelsComposed) pixels composed")
                Self.turnedView(on: views[0].window!, display: display, frames: frames, whole: fullSixteen)
                // An animation long enough for every measured frame, one frame per 1/60 s step.
                View.animate(withDuration: 3600, delay: 0, options: .curveLinear) {
                    views[0].frame.origin.x += 3600 * 60
                }
                let animated = Self.median(frames) { display.advanceTime(by: 1.0 / 60) }
                print(
                    "one frame of a 64x64 view sliding 1 point a frame (16 windows): \(Self.ms(animated)), "
                        + "\(String(format: "%.4f", animated / fullSixteen))x the whole recomposition, "
                        + "\(screen.frameStatistics.lastFramePixelsComposed) pixels composed")
            }
            if !changesOnly { Self.turnedScreen(width: width, height: height, frames: frames) }
            Self.changeToFrame(width: width, height: height, frames: frames, memcpyTime: memcpyTime, only: only)
            Application.shared.reset()
        }
    }

    /// The path from a change to a frame, through the public API: the 16-window scene,
    /// a change, then `runUntilIdle()`. A whole frame (every window recoloured) against
    /// a memcpy of the frame; 64x64 changes and a window raised against that whole frame.
    @MainActor static func changeToFrame(width: Int, height: Int, frames: Int, memcpyTime: Double, only: String?) {
        Application.shared.reset()
        let display = HeadlessDisplay()
        let screen = display.connectScreen(name: "HDMI-A-1", width: width, height: height)
        let views = scene(windows: 16, on: screen)
        let spot = views[0]
        let drawn = SquareAndDiscView(frame: CGRect(x: 700, y: 300, width: 64, height: 64))
        spot.window!.addSubview(drawn)
        display.runUntilIdle()
        let windows = Application.shared.visibleWindows(on: screen)
        var step = 0
        // Profiling one case (`only`), the whole frame takes few frames (so does the memcpy): the profile is mostly the case.
        let whole = median(only == nil ? frames : min(frames, 100)) {
            step += 1
            for (index, window) in windows.enumerated() {
                window.backgroundColor = Color(red: Double((index + step) % 4) / 4, green: 0.3, blue: 0.6)
            }
            display.runUntilIdle()
        }
        let frameBytes = Double(width * height * 4)
        print(
            "change to frame, 16 windows, every window recoloured then runUntilIdle(): \(ms(whole)), "
                + "\(String(format: "%.2f", whole / memcpyTime))x the memcpy, "
                + "\(screen.frameStatistics.lastFramePixelsComposed) pixels composed")
        func report(_ what: String, _ change: () -> Void) {
            if let only, !what.contains(only) { return }
            let time = median(frames) {
                change()
                display.runUntilIdle()
            }
            let pixels = screen.frameStatistics.lastFramePixelsComposed
            // memcpy of the bytes this change composed, at the memcpy's rate.
            let copy = memcpyTime * Double(pixels * 4) / frameBytes
            print(
                "change to frame, 16 windows, \(what): \(ms(time)), \(String(format: "%.4f", time / whole))x "
                    + "the whole frame, \(String(format: "%.1f", copy > 0 ? time / copy : 0))x a memcpy of the "
                    + "\(pixels) pixels composed")
        }
        report("a 64x64 view recoloured") {
            step += 1
            spot.backgroundColor =
                step % 2 == 0 ? Color(red: 0, green: 1, blue: 0) : Color(red: 1, green: 0, blue: 0)
        }
        report("a 64x64 view's content redrawn by draw(_:) (a square and a disc)") {
            drawn.phase += 1
            drawn.setNeedsDisplay()
        }
        // The disc at a new place within a pixel each time: cairo fills it again (no kept mask fits).
        report("a 64x64 view's content redrawn, its disc at a new place within a pixel") {
            drawn.phase += 1
            drawn.subpixel = true
            drawn.setNeedsDisplay()
        }
        drawn.subpixel = false
        report("a 64x64 view moved a point") {
            step += 1
            spot.frame.origin.x = 100 + CGFloat(step % 2)
        }
        report("a 64x64 view's alpha changed") {
            step += 1
            spot.alpha = step % 2 == 0 ? 0.5 : 0.6
        }
        report("a 64x64 view turned 0.1 rad") {
            step += 1
            spot.transform = CGAffineTransform(rotationAngle: 0.1 * CGFloat(step % 20))
        }
        // Turning on by a new angle every frame, as an animated spinner does: no kept coverage mask fits.
        report("a 64x64 view turning, a new angle every frame") {
            step += 1
            spot.transform = CGAffineTransform(rotationAngle: 0.1 + 0.01 * CGFloat(step % 600))
        }
        // Turned by an animation, as a spinner is: a frame each 1/60 s, a new angle each.
        spot.transform = CGAffineTransform(rotationAngle: 0.1)
        display.runUntilIdle()
        View.animate(withDuration: 3600, delay: 0, options: .curveLinear) {
            spot.transform = CGAffineTransform(rotationAngle: 3)
        }
        report("a 64x64 view turning by an animation (View.animate), a frame each 1/60 s") {
            display.advanceTime(by: 1.0 / 60)
        }
        // A spinner as apps animate one: about 0.09 rad a frame (the case above turns 0.00001 rad a
        // frame, nearly the same outline every frame); 31.8 frames a turn, so its angles come back only
        // after 159 frames, beyond the 32 coverage masks kept.
        spot.transform = CGAffineTransform(rotationAngle: 0.1)
        display.runUntilIdle()
        View.animate(withDuration: 0.53, delay: 0, options: [.curveLinear, .repeat]) {
            spot.transform = CGAffineTransform(rotationAngle: 3)
        }
        report("a 64x64 view turning by a repeating animation (View.animate, .repeat), 0.09 rad a frame") {
            display.advanceTime(by: 1.0 / 60)
        }
        spot.transform = .identity
        spot.alpha = 1
        let left = Window(frame: CGRect(x: 300, y: 500, width: 500, height: 300))
        left.backgroundColor = Color(red: 0.2, green: 0.8, blue: 0.4)
        let right = Window(frame: CGRect(x: 600, y: 600, width: 500, height: 300))
        right.backgroundColor = Color(red: 0.8, green: 0.2, blue: 0.4)
        for window in [left, right] {
            let badge = View(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
            badge.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.8)
            window.addSubview(badge)
            window.isHidden = false
        }
        display.runUntilIdle()
        report("makeKey() raising a 500x300 window over its neighbour") {
            step += 1
            (step % 2 == 0 ? left : right).makeKey()
        }
    }

    /// The 16-window scene on a turned screen (landscapeLeft: a quarter turn of the
    /// panel): one 64x64 view recoloured against a whole recomposition of that screen,
    /// both turned into the panel.
    @MainActor static func turnedScreen(width: Int, height: Int, frames: Int) {
        Application.shared.reset()
        let display = HeadlessDisplay()
        let screen = display.connectScreen(name: "HDMI-A-1", width: width, height: height)
        screen.orientation = .landscapeLeft
        let views = scene(windows: 16, on: screen)
        display.runUntilIdle()
        let whole = median(frames) { screen.composeWhole() }
        var flip = false
        let small = median(frames) {
            flip.toggle()
            views[0].backgroundColor =
                flip ? Color(red: 0, green: 1, blue: 0) : Color(red: 1, green: 0, blue: 0)
            display.runUntilIdle()
        }
        print(
            "turned screen (\(width)x\(height) panel, landscapeLeft), 16 windows: whole recomposition \(ms(whole)); "
                + "one 64x64 view recoloured: \(ms(small)), \(String(format: "%.4f", small / whole))x the whole "
                + "recomposition, \(screen.frameStatistics.lastFramePixelsComposed) pixels composed")
    }

    /// A 400x300 view with a subview, on top of 16 windows, moved a point per frame
    /// and turned a little per frame (composed offscreen and mapped bilinearly by pixman).
    @MainActor static func turnedView(
        on window: Window, display: HeadlessDisplay, frames: Int, whole: Double
    ) {
        let panel = View(frame: CGRect(x: 700, y: 300, width: 400, height: 300))
        panel.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.2)
        let badge = View(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
        badge.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.8)
        panel.addSubview(badge)
        window.addSubview(panel)
        display.runUntilIdle()
        var step = 0.0
        let moved = median(frames) {
            step += 1
            panel.center.x = 900 + step.truncatingRemainder(dividingBy: 20)
            display.runUntilIdle()
        }
        let turned = median(frames) {
            step += 1
            panel.transform = CGAffineTransform(rotationAngle: step * 0.01)
            display.runUntilIdle()
        }
        print(
            "a 400x300 view moved a point (16 windows): \(ms(moved)), \(String(format: "%.3f", moved / whole))x the "
                + "whole recomposition; turned a step: \(ms(turned)), \(String(format: "%.3f", turned / whole))x, "
                + "\(String(format: "%.2f", turned / moved))x the move")
        panel.removeFromSuperview()
    }

    /// `windows` overlapping opaque windows of 3 subviews; returns a 64x64 view on top.
    @MainActor static func scene(windows: Int, on screen: Screen) -> [View] {
        var top: [View] = []
        for index in 0..<windows {
            let window = Window(
                frame: CGRect(
                    x: 40 * index, y: 20 * index, width: 1920 - 40 * index, height: 1080 - 20 * index))
            window.backgroundColor = Color(red: Double(index % 4) / 4, green: 0.3, blue: 0.6)
            for child in 0..<3 {
                let view = View(
                    frame: CGRect(
                        x: 100 + 200 * child, y: 100, width: child == 0 ? 64 : 180, height: 64 + 50 * child))
                view.backgroundColor = Color(red: 1, green: Double(child) / 3, blue: 0)
                window.addSubview(view)
                if index == windows - 1, child == 0 { top.append(view) }
            }
            window.isHidden = false
        }
        return top
    }

    static func median(_ count: Int, _ body: () -> Void) -> Double {
        body()
        var samples: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return samples.sorted()[samples.count / 2]
    }

    static func ms(_ seconds: Double) -> String {
        seconds < 0.001
            ? String(format: "%.2f µs", seconds * 1e6) : String(format: "%.3f ms", seconds * 1000)
    }
}

/// A 64x64 view that draws a square and a disc with `draw(_:)`, moved by `phase`
/// (so each redraw changes pixels): by whole points, or with `subpixel` the disc
/// by a fraction of a point that differs every time as well.
private final class SquareAndDiscView: View {
    var phase = 0
    var subpixel = false

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let shift = CGFloat(phase % 8)
        context.fill(bounds, with: Color(red: 0.95, green: 0.95, blue: 0.9))
        context.fill(
            CGRect(x: 4 + shift, y: 4, width: 24, height: 24),
            with: Color(red: 0.8, green: 0.1, blue: 0.1))
        // An irrational step: the fraction never comes back.
        let fraction = subpixel ? (Double(phase) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) : 0
        context.fillEllipse(
            in: CGRect(x: 30 + fraction, y: 30 - shift, width: 28, height: 28),
            with: Color(red: 0.1, green: 0.3, blue: 0.9))
    }
}

/// Two 1920x1080 XRGB8888 frames of memory and the memcpy from one to the other:
/// the yardstick the benchmarks' frame ratios are taken against, in the same run.
final class FrameCopy {
    static let width = 1920
    static let height = 1080
    let bytes = FrameCopy.width * FrameCopy.height * 4
    /// A frame of pixels (every byte 7), also the source of other copies a benchmark measures.
    let source: UnsafeMutableRawPointer
    private let target: UnsafeMutableRawPointer

    init() {
        source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 7, count: bytes)
    }

    deinit {
        source.deallocate()
        target.deallocate()
    }

    /// The median of `samples` copies of the frame, printed as the benchmarks print it.
    func measure(samples: Int) -> Double {
        let time = ComposeBenchmark.median(samples) { memcpy(target, source, bytes) }
        print("memcpy of a 1920x1080 XRGB8888 frame (8.3 MB): \(ComposeBenchmark.ms(time))")
        return time
    }
}
