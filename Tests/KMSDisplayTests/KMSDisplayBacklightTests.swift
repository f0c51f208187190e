import Backlight
import DirectDisplayCore
import DirectDisplayKMS
import Foundation
import KMS
import Scheduling
import XCTest

/// Brightness through a whole KMSDisplay on a fake card, its backlight in a sysfs
/// tree in a temporary folder: the panel's level is read when it lights up, each
/// brightness (and the idle timer's dimming) is written as the device's value; an
/// HDMI screen has none, reports 1 and says so once.
@MainActor final class KMSDisplayBacklightTests: XCTestCase {
    private var card: FakeCard!
    private var display: KMSDisplay!
    private var root: URL!

    override func setUp() async throws {
        Application.shared.reset()
        card = try FakeCard()
        display = try card.makeDisplay()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        display.sysfsRoot = root.path
        display.backlightWriter = SysfsBacklightWriter()
        Application.shared.display = display
    }

    override func tearDown() async throws {
        StderrLog.kept.withLock { $0 = nil }
        Application.shared.reset()
        display = nil
        card = nil
        try? FileManager.default.removeItem(at: root)
    }

    /// card7-eDP-1 with intel_backlight under it (0…100, at 40).
    private func makeSysfs() throws {
        let connector = root.appendingPathComponent("devices/platform/card7/card7-eDP-1")
        let backlight = connector.appendingPathComponent("intel_backlight")
        try FileManager.default.createDirectory(at: backlight, withIntermediateDirectories: true)
        for (link, target) in [
            ("class/drm/card7-eDP-1", connector), ("class/backlight/intel_backlight", backlight),
            ("devices/platform/card7/card7-eDP-1/intel_backlight/device", connector),
        ] {
            let url = root.appendingPathComponent(link)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
        }
        try "100\n".write(to: backlight.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
        try "40\n".write(to: backlight.appendingPathComponent("brightness"), atomically: false, encoding: .utf8)
    }

    private var written: String? {
        try? String(
            contentsOf: root.appendingPathComponent("class/backlight/intel_backlight/brightness"), encoding: .utf8)
    }

    private func plug(internalPanel: Bool) throws -> Screen {
        card.isInternalPanel = internalPanel
        card.isConnected = true
        display.handle([.cardChanged(sysname: card.node.sysname, connectorID: FakeCard.connectorID)], arrivedAt: 0)
        try display.waitFor("the screen lights", timeout: 2) { !display.screens.isEmpty }
        return try XCTUnwrap(display.screens.first)
    }

    func testThePanelsBacklightIsReadAndWritten() async throws {
        try makeSysfs()
        let screen = try plug(internalPanel: true)
        XCTAssertEqual(screen.name, "eDP-1")
        XCTAssertEqual(screen.brightness, 0.4, accuracy: 1e-9, "read from the device when it lit up")
        screen.brightness = 0.75
        XCTAssertEqual(written, "75\n")
        screen.brightness = 3
        XCTAssertEqual(written, "100\n", "clamped")

        // The idle timer dims it to a tenth.
        screen.brightness = 0.5
        Application.shared.idleTimeout = 0.05
        try display.waitFor("the idle timer dims the panel", timeout: 2) { written == "5\n" }
        XCTAssertEqual(screen.brightness, 0.5, "brightness is the app's; dimming is on top")
    }

    func testAScreenWithoutABacklightReportsOneAndSaysSoOnce() async throws {
        try makeSysfs()
        let screen = try plug(internalPanel: false)
        StderrLog.kept.withLock { $0 = [] }
        screen.brightness = 0.5
        screen.brightness = 0.2
        XCTAssertEqual(screen.brightness, 1)
        XCTAssertEqual(written, "40\n", "the panel's backlight is not touched")
        let lines = StderrLog.kept.withLock { $0 ?? [] }
        XCTAssertEqual(lines, ["direct-display: HDMI-A-1 has no backlight: its brightness stays 1 (said once)"])
    }
}
