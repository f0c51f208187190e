import Foundation
import Speech
import TestSupport
import XCTest

/// speech-dispatcher through libspeechd against a real daemon of its own (a private
/// socket, the dummy output module on ALSA's null device, so no sound card is needed):
/// a phrase reaches the daemon's queue; once the daemon is gone, speaking says so
/// (false), which is what makes the screen reader's voice fall back to espeak-ng.
final class SpeechDispatcherTests: XCTestCase {
    private var folder: URL!
    private var daemon: ChildProcess?

    override func setUp() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher") else {
            throw XCTSkip("speech-dispatcher is not installed (Scripts/setup installs it)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("speechd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Only what this test needs: no sound server, no synthesizer but the dummy one.
        let configuration = """
            AudioOutputMethod "alsa"
            AudioALSADevice "null"
            AddModule "dummy" "sd_dummy" ""
            DefaultModule dummy
            """
        try configuration.write(to: folder.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
    }

    override func tearDown() async throws {
        daemon?.terminate()
        unsetenv("SPEECHD_ADDRESS")
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var socket: String { folder.appendingPathComponent("socket").path }
    private var log: String { folder.appendingPathComponent("speech-dispatcher.log").path }

    /// Starts the daemon in the foreground (-s) and waits for its socket.
    private func startDaemon() throws {
        // ChildProcess, not Foundation's Process: a daemon that hangs in its own shutdown
        // is killed after a grace period instead of holding waitUntilExit() forever.
        daemon = try ChildProcess(
            "/usr/bin/speech-dispatcher",
            [
                "-s", "-t", "0", "-l", "5", "-c", "unix_socket", "-S", socket, "-P",
                folder.appendingPathComponent("pid").path, "-L", folder.path, "-C", folder.path,
            ])
        try waitFor("the daemon's socket", timeout: 20) { FileManager.default.fileExists(atPath: self.socket) }
    }

    /// Checks `condition` every 10 ms until it holds or `timeout` seconds pass.
    private func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TimedOut(what: what) }
            usleep(10_000)
        }
    }

    private struct TimedOut: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    func testAPhraseReachesTheDaemonAndItsGoingAwayIsReported() throws {
        try startDaemon()
        setenv("SPEECHD_ADDRESS", "unix_socket:\(socket)", 1)
        let dispatcher = try XCTUnwrap(SpeechDispatcher(clientName: "direct-display-test"), "connected to the daemon")
        dispatcher.setLanguage("en")
        dispatcher.setRate(20)
        XCTAssertTrue(dispatcher.speak("Acknowledge, button"))
        try waitFor("the phrase in the daemon's queue", timeout: 20) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(
                "Queueing message |Acknowledge, button|")
        }

        XCTAssertNotNil(daemon?.terminate(), "the daemon ended")
        // The connection breaks: the first say after the daemon went may still be written
        // into the closed socket's buffer, the next fails.
        var refused = false
        for _ in 0..<3 where !refused { refused = !dispatcher.speak("Silence, button") }
        XCTAssertTrue(refused, "speaking to a daemon that is gone reports it")
    }

    func testNoDaemonNoConnection() throws {
        setenv("SPEECHD_ADDRESS", "unix_socket:\(socket)", 1)
        XCTAssertNil(SpeechDispatcher(clientName: "direct-display-test"), "no daemon: nil at once (no autospawn)")
    }
}
