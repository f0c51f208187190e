import ArgumentParser
import DirectDisplay
import Foundation

/// Commits of an idle screen: the demo-like scene is shown, then nothing changes
/// for a few seconds while the display is served; every completed flip counts.
/// Run on real KMS (Hardware/vm).
struct IdleBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle", abstract: "Page flips per second of a screen whose content does not change.")

    @Option(help: "Seconds to watch.")
    var seconds = 3.0

    func run() throws {
        let seconds = self.seconds
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            Application.shared.display = display
            defer { display.shutdown() }
            guard let screen = display.screens.first else { throw ValidationError("no screen") }
            let window = Window(screen: screen)
            window.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5)
            let badge = View(frame: CGRect(x: 40, y: 40, width: 200, height: 120))
            badge.backgroundColor = Color(red: 1, green: 0.55, blue: 0)
            window.addSubview(badge)
            window.makeKeyAndVisible()
            try display.waitForPresentation(of: screen)
            var flips = 0
            display.framePresented = { _, _, _ in flips += 1 }
            try? display.waitFor("nothing (idle)", timeout: seconds) { false }
            print(
                "idle screen \(screen.name): \(flips) flips in \(seconds) s "
                    + "(\(String(format: "%.1f", Double(flips) / seconds)) commits per second)")
        }
    }
}
