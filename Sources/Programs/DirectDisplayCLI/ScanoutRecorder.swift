import DirectDisplay
import Foundation

/// Writes `<screen>-<n>.png` (and `<screen>.png`, the latest) each time a screen's
/// first frame, or a frame with changed content, has completed its page flip.
@MainActor
final class ScanoutRecorder {
    private let directory: String
    private var counts: [String: Int] = [:]

    init(directory: String) { self.directory = directory }

    func start() {
        guard let display = Application.shared.display as? KMSDisplay else { return }
        display.framePresented = { [self] screen, _, changed in
            guard changed else { return }
            record(screen, display: display)
        }
    }

    private func record(_ screen: Screen, display: KMSDisplay) {
        do {
            // A capture first waits for a flip already queued behind this frame, whose
            // handling records later frames first (nested): a file's number is taken once
            // its capture is done, so the numbers follow what the screen showed.
            let image = try display.capture(screen)
            let count = (counts[screen.name] ?? 0) + 1
            counts[screen.name] = count
            let numbered = "\(directory)/\(screen.name)-\(String(format: "%03d", count)).png"
            try image.writePNG(to: numbered)
            try image.writePNG(to: "\(directory)/\(screen.name).png")
            // Unbuffered, so a pipe (a test, a log) sees each line as it happens.
            FileHandle.standardOutput.write(Data("captured \(numbered)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("direct-display: capture of \(screen.name) failed: \(error)\n".utf8))
        }
    }
}
