import ArgumentParser
import DirectDisplay
import Foundation
import KMS
import Udev

/// Hotplug to first frame: from the udev event's arrival to the first completed
/// page flip on the new screen, over repeated plugs of VKMS's Virtual-1 (a status
/// write and a synthetic change uevent, as HARDWARE.md describes).
struct HotplugBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hotplug", abstract: "Hotplug-to-first-frame on VKMS (run as root inside Hardware/vm).")

    @Option(help: "How many plugs to measure.")
    var plugs = 20

    @Option(help: "Seconds from an unplug seen to the next plug (0: at once, inside the unplug's burst window).")
    var replugDelay = 0.25

    func run() throws {
        let plugs = self.plugs
        guard self.replugDelay.isFinite, self.replugDelay >= 0, self.replugDelay <= 60 else {
            throw ValidationError("--replug-delay must be 0 to 60 seconds")
        }
        let replugDelay = self.replugDelay
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            defer { display.shutdown() }
            let card = try vkmsCard()
            let status = "/sys/class/drm/\(card.sysname)-Virtual-1/status"
            let uevent = "/sys/class/drm/\(card.sysname)/uevent"
            @MainActor func virtual1() -> Screen? { Screen.screens.first { $0.name == "Virtual-1" } }
            var samples: [Double] = []
            var timelines: [FirstFrameTimeline] = []
            var period = 1.0 / 60
            for _ in 0..<(plugs + 1) {
                try write("off", to: status)
                try write("change", to: uevent)
                try display.waitFor("unplug", timeout: 10) { virtual1() == nil }
                // A cable pulled and pushed back by hand: the plug comes a quarter of a
                // second later, not inside the unplug's 30 ms burst window.
                var replugDue = false
                _ = display.eventLoop.schedule(after: replugDelay, name: "replug") { replugDue = true }
                try display.waitFor("replug delay", timeout: 10) { replugDue }
                try write("on", to: status)
                try write("change", to: uevent)
                try display.waitFor("plug", timeout: 10) { virtual1() != nil }
                let screen = virtual1()!
                try display.waitFor("first frame", timeout: 10) { display.plugToFirstFrame(of: screen) != nil }
                samples.append(display.plugToFirstFrame(of: screen)!)
                if let timeline = display.firstFrameTimeline(of: screen) { timelines.append(timeline) }
                period = 1 / (screen.currentMode?.refreshRate ?? 60)
            }
            // The first plug also faults code in; it is left out of the figures.
            print("(each plug \(replugDelay) s after the unplug was seen)")
            print(Figures(values: Array(samples.dropFirst())).line("hotplug to first frame", period: period))
            let steps: [(String, KeyPath<FirstFrameTimeline, Double?>, KeyPath<FirstFrameTimeline, Double?>)] = [
                ("  event to re-probe", \.plugged, \.reprobeStarted),
                ("  re-probe (reading the card)", \.reprobeStarted, \.probed),
                ("  output made (CRTC, first buffer)", \.probed, \.outputMade),
                ("  screen connected (app told)", \.outputMade, \.lit),
                ("  screen lit to composition", \.lit, \.composeStarted),
                ("  composition into the buffer", \.composeStarted, \.composed),
                ("  commit (a modeset) returned", \.composed, \.committed),
                ("  commit to flip event", \.committed, \.flipped),
            ]
            for (what, from, to) in steps {
                let values = timelines.dropFirst().compactMap { timeline in
                    timeline[keyPath: from].flatMap { start in timeline[keyPath: to].map { $0 - start } }
                }
                guard !values.isEmpty else { continue }
                print(Figures(values: values).line(what, period: period))
            }
        }
    }

    private func vkmsCard() throws -> DRMCardNode {
        let cards = DRMCardEnumerator(udev: try UdevContext()).cards()
        guard
            let card = cards.first(where: {
                (try? DRMDevice(path: $0.devnode, requireMaster: false))?.driverName == "vkms"
            })
        else { throw ValidationError("no vkms card: run inside Hardware/vm") }
        return card
    }

    private func write(_ text: String, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("cannot open \(path) (root?)")
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
    }
}
