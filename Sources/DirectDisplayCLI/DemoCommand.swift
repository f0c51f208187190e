import ArgumentParser
import DirectDisplay
import Foundation

/// `direct-display demo`: windows at three levels on the main screen, a white
/// placeholder window on every other screen, PNG captures of what each screen scans out.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the demo windows on every screen; optionally capture PNGs of what is scanned out.")

    @Option(help: "Write a PNG per screen here when its first frame is on screen and whenever it changes.")
    var capture: String?

    @Option(help: "Exit cleanly after this many seconds (default: run until Ctrl-C).")
    var seconds: Double?

    func validate() throws {
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
    }

    func run() throws {
        if let capture {
            try FileManager.default.createDirectory(atPath: capture, withIntermediateDirectories: true)
        }
        let capture = self.capture
        let seconds = self.seconds
        MainActor.assumeIsolated {
            Application.shared.run {
                let demo = DemoScene()
                demo.start()
                if let capture { ScanoutRecorder(directory: capture).start() }
                if let seconds {
                    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                        MainActor.assumeIsolated {
                            demo.stop()
                            Application.shared.exit(0)
                        }
                    }
                }
            }
        }
    }
}
