import ArgumentParser
import DirectDisplay
import Foundation
import KMS
import Scheduling
import VirtualInput

/// Input to scanout: from writing a touch to a uinput touchscreen to the completed
/// page flip of the first frame that shows the app's response (a view changing
/// colour), through the kernel, udev, libinput, hit-testing, composition and KMS,
/// served by the main queue as in an app.
struct InputLatencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input-latency",
        abstract: "uinput touch to the page flip that shows it, on VKMS (run as root inside Hardware/vm).")

    @Option(help: "How many taps to measure.")
    var taps = 100

    func run() throws {
        let taps = self.taps
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            guard let screen = Screen.screens.first(where: { $0.name == "Virtual-1" }) ?? Screen.main else {
                throw ValidationError("no screen: run inside Hardware/vm")
            }
            let run = try LatencyRun(display: display, screen: screen, taps: taps)
            run.start()
            dispatchMain()
        }
    }
}

/// A full-screen view that changes colour on every touch and notes when it heard it.
private final class LatencyProbeView: View {
    var touched: (() -> Void)?
    private var flips = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        flips += 1
        backgroundColor =
            flips % 2 == 0 ? Color(red: 1, green: 0, blue: 0, alpha: 1) : Color(red: 0, green: 0, blue: 1, alpha: 1)
        touched?()
    }
}

/// One benchmark run on the main queue: tap, wait for the flip that shows it, repeat.
@MainActor
private final class LatencyRun {
    private let display: KMSDisplay
    private let screen: Screen
    private let taps: Int
    private let window: Window
    private let view: LatencyProbeView
    private let device: UinputDevice
    private var writeTime = 0.0
    private var deliveryTime: Double?
    private var targetFrame: Int?
    private var toDelivery: [Double] = []
    private var toFlip: [Double] = []
    private var timer: (any DispatchSourceTimer)?
    private var trackingID: Int32 = 0

    init(display: KMSDisplay, screen: Screen, taps: Int) throws {
        self.display = display
        self.screen = screen
        self.taps = taps
        window = Window(screen: screen)
        view = LatencyProbeView(frame: screen.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        let size = screen.nativeBounds.size
        device = try UinputDevice.touchscreen(
            name: "DirectDisplay latency touchscreen", width: Int32(size.width), height: Int32(size.height))
        display.input.bindTouchscreens(to: screen)
    }

    func start() {
        view.touched = { [unowned self] in
            guard deliveryTime == nil else { return }
            deliveryTime = monotonicSeconds()
            targetFrame = (display.composedFrameNumber(of: screen) ?? 0) + 1
        }
        display.framePresented = { [unowned self] flipped, event, _ in
            guard flipped === screen, let target = targetFrame, let delivered = deliveryTime,
                (display.presentedFrameNumber(of: screen) ?? 0) >= target
            else { return }
            toDelivery.append(delivered - writeTime)
            toFlip.append(event.timestamp - writeTime)
            targetFrame = nil
            deliveryTime = nil
            if toFlip.count == taps + 1 {
                finish()
            } else {
                schedule(after: Double.random(in: 0.02...0.045))  // a spread of phases against the vblank
            }
        }
        waitForDevice(deadline: monotonicSeconds() + 10)
    }

    private func waitForDevice(deadline: Double) {
        if display.input.deviceNames.contains(device.name) {
            schedule(after: 0.1)
        } else if monotonicSeconds() > deadline {
            fail("libinput did not report \(device.name) within 10 s")
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) { [unowned self] in
                MainActor.assumeIsolated { waitForDevice(deadline: deadline) }
            }
        }
    }

    private func schedule(after delay: Double) {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + delay)
        timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { tap() } }
        timer.resume()
        self.timer = timer
        // A lost event must not hang the run.
        let expected = toFlip.count
        DispatchQueue.main.asyncAfter(deadline: .now() + delay + 2) { [unowned self] in
            MainActor.assumeIsolated {
                if toFlip.count == expected { fail("no frame showed tap \(expected + 1) within 2 s") }
            }
        }
    }

    private func tap() {
        trackingID += 1
        let x = Int32.random(in: 10..<Int32(screen.nativeBounds.width) - 10)
        let y = Int32.random(in: 10..<Int32(screen.nativeBounds.height) - 10)
        do {
            writeTime = monotonicSeconds()
            try device.tap(trackingID: trackingID, x: x, y: y)
        } catch {
            fail("writing to uinput: \(error)")
        }
    }

    private func finish() {
        let period = 1 / (screen.currentMode?.refreshRate ?? 60)
        // The first tap also faults code in; it is left out of the figures.
        let delivery = Figures(values: Array(toDelivery.dropFirst()))
        let flip = Figures(values: Array(toFlip.dropFirst()))
        print(flip.line("uinput write to the flip that shows it", period: period, tail: 0.99))
        print(delivery.line("uinput write to touchesBegan", period: period, tail: 0.99))
        Application.shared.exit(0)
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("direct-display-bench: \(message)\n".utf8))
        Application.shared.exit(1)
    }
}
