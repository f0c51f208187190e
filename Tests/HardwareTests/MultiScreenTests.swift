import Foundation
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Several screens on two cards (VKMS and virtio-gpu), each with its own window.
final class MultiScreenTests: KMSDisplayTestCase {
    private var forcedOn: [String] = []

    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        try HardwareEnvironment.requireGPUOutputs(2)
        try await super.setUp()
    }

    override func tearDown() async throws {
        try? SysfsConnectors.set("detect", forcedOn)
        try await super.tearDown()
    }

    func testThreeScreensOnTwoCardsEachShowTheirOwnWindow() async throws {
        let display = try XCTUnwrap(display)
        // virtio-gpu's second head starts unplugged; a status write plugs it.
        let unplugged = SysfsConnectors.all().filter { connector in
            (try? String(contentsOfFile: "/sys/class/drm/\(connector)/status", encoding: .utf8))?
                .hasPrefix("disconnected") == true
        }
        XCTAssertEqual(unplugged.count, 1, "one head waits: \(SysfsConnectors.all())")
        forcedOn = unplugged
        try SysfsConnectors.set("on", unplugged)
        try display.waitFor("three screens", timeout: 10) { Screen.screens.count == 3 }
        XCTAssertEqual(Set(display.cards.map(\.device.driverName)), ["vkms", "virtio_gpu"])
        // A head forced on has no EDID, so its preferred mode is the largest (5120x2160):
        // a smaller one keeps the emulated test quick, and changes a mode on virtio-gpu.
        for screen in Screen.screens where screen.nativeBounds.width > 2000 {
            try screen.setCurrentMode(try XCTUnwrap(screen.mode(width: 1024, height: 768)))
        }

        let colours: [(Color, UInt32)] = [
            (Color(red: 1, green: 0, blue: 0, alpha: 1), 0xFF0000),
            (Color(red: 0, green: 1, blue: 0, alpha: 1), 0x00FF00),
            (Color(red: 0, green: 0, blue: 1, alpha: 1), 0x0000FF),
        ]
        var windows: [Window] = []
        for (screen, colour) in zip(Screen.screens, colours) {
            let window = Window(screen: screen)
            window.backgroundColor = colour.0
            window.isHidden = false
            windows.append(window)
        }
        for (screen, colour) in zip(Screen.screens, colours) {
            try display.waitForPresentation(of: screen)
            let image = try display.capture(screen)
            try save(image, "three-screens-\(screen.name)")
            XCTAssertEqual(image.width, Int(screen.nativeBounds.width))
            let samples = stride(from: 0, to: image.pixels.count, by: 997).map { rgb(image.pixels[$0]) }
            XCTAssertEqual(Set(samples), [colour.1], "\(screen.name) shows only its own window")
        }
        XCTAssertEqual(Set(Screen.screens.map(\.name)).count, 3)
    }
}
