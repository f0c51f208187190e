import ArgumentParser
import DirectDisplay
import Foundation
import Scheduling
import VirtualInput

/// Whether drawing starves input: a uinput touchscreen moves every finger at a
/// high rate while a view paints a dot at every point it gets (redrawing only
/// around it); the figure is moves delivered to the view per move sent. Run on
/// real KMS (Hardware/vm).
struct TouchFloodBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-flood", abstract: "Fingers moving at a high rate: touch moves delivered / moves sent.")

    @Option(help: "Fingers on the screen.")
    var fingers = 10
    @Option(help: "Moves per finger per second.")
    var rate = 120.0
    @Option(help: "Seconds of moving.")
    var seconds = 5.0

    func run() throws {
        let (fingers, rate, seconds) = (max(1, min(self.fingers, 10)), max(1, rate), max(0.5, self.seconds))
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            defer { display.shutdown() }
            guard let screen = display.screens.first(where: { $0.name == "Virtual-1" }) ?? display.screens.first else {
                throw ValidationError("no screen")
            }
            let window = Window(screen: screen)
            window.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5)
            let view = DotPainterView(frame: window.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            let width = Int32(screen.nativeBounds.width)
            let height = Int32(screen.nativeBounds.height)
            let device = try UinputDevice.touchscreen(
                name: "DirectDisplay flood touchscreen", width: width, height: height)
            defer { device.unplug() }
            display.input.bindTouchscreens(to: screen)
            try display.waitFor("the touchscreen", timeout: 15) { display.input.deviceNames.contains(device.name) }
            @Sendable func position(_ finger: Int, _ frame: Int) -> (Int32, Int32) {
                let x = 50 + Int32(finger) * (width - 100) / Int32(max(fingers - 1, 1))
                let y = 50 + Int32((frame * 3 + finger * 37) % Int(height - 100))
                return (x, y)
            }
            for finger in 0..<fingers {
                let (x, y) = position(finger, 0)
                try device.touch(slot: Int32(finger), trackingID: Int32(100 + finger), x: x, y: y)
            }
            try device.setTouching(true)
            try device.sync()
            try display.waitFor("every finger down", timeout: 10) { view.began == fingers }

            let frames = Int(rate * seconds)
            let writer = FloodWriter(device: device)
            let start = monotonicSeconds()
            let thread = Thread {
                for frame in 1...frames {
                    for finger in 0..<fingers {
                        let (x, y) = position(finger, frame)
                        writer.touch(slot: Int32(finger), x: x, y: y)
                    }
                    writer.sync()
                    let due = start + Double(frame) / rate
                    let wait = due - monotonicSeconds()
                    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                }
                writer.finish()
            }
            thread.start()
            try display.waitFor("the flood to be written", timeout: seconds * 3 + 10) { writer.isFinished }
            let sent = frames * fingers
            // What is still queued is read and routed; then the count stands.
            try? display.waitFor("the last moves", timeout: 2) { view.moved >= sent }
            let elapsed = monotonicSeconds() - start
            print(
                "touch flood, \(fingers) fingers at \(Int(rate)) Hz for \(seconds) s (written in "
                    + "\(String(format: "%.2f", elapsed)) s): \(view.moved) of \(sent) moves delivered "
                    + "(\(String(format: "%.3f", Double(view.moved) / Double(sent)))), "
                    + "\(screen.frameStatistics.framesComposed) frames composed, "
                    + "\(screen.frameStatistics.framesPresented) presented")
            for finger in 0..<fingers { try device.lift(slot: Int32(finger)) }
            try device.setTouching(false)
            try device.sync()
        }
    }
}

/// Writes the flood from its own thread while the main thread serves the display.
private final class FloodWriter: @unchecked Sendable {
    private let device: UinputDevice
    private let lock = NSLock()
    private var finished = false

    init(device: UinputDevice) { self.device = device }

    func touch(slot: Int32, x: Int32, y: Int32) { try? device.touch(slot: slot, x: x, y: y) }
    func sync() { try? device.sync() }

    func finish() {
        lock.lock()
        finished = true
        lock.unlock()
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }
}

/// Paints a dot at every point of every finger, redrawing only around it.
@MainActor
private final class DotPainterView: View {
    private(set) var began = 0
    private(set) var moved = 0
    private var dots: [CGPoint] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        moved += touches.count
        for touch in touches {
            let point = touch.location(in: self)
            dots.append(point)
            setNeedsDisplay(CGRect(x: point.x - 4, y: point.y - 4, width: 8, height: 8))
        }
        if dots.count > 2_000 { dots.removeFirst(dots.count - 2_000) }
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        for dot in dots where rect.contains(dot) {
            context.fillEllipse(in: CGRect(x: dot.x - 3, y: dot.y - 3, width: 6, height: 6), with: .yellow)
        }
    }
}
