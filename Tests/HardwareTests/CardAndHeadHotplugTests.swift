import Foundation
import KMS
import TestSupport
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// The other two real ways screens come and go: virtio-gpu heads plugged from the
/// host (QEMU's VNC servers, HOTPLUG=1), and whole cards appearing and vanishing.
final class CardAndHeadHotplugTests: KMSDisplayTestCase {
    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        try HardwareEnvironment.requireGPUOutputs(2)
        Application.shared.reset()
        recordScreenNotifications()
    }

    private func virtioScreens(_ display: KMSDisplay) -> [Screen] {
        display.lit.filter { $0.card.device.driverName == "virtio_gpu" }.map(\.screen)
    }

    func testVirtioHeadsPluggedAndUnpluggedFromTheHost() async throws {
        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        XCTAssertEqual(virtioScreens(display).count, 1, "head 0 is plugged at boot")
        for round in 1...2 {
            screenEvents = []
            let plug = try HostHeadRequest.send("plug 1 1024 768")
            try display.waitFor("head 1 plugged (\(HostHeadRequest.response(plug) ?? "no answer"))", timeout: 15) {
                virtioScreens(display).count == 2
            }
            let screen = try XCTUnwrap(virtioScreens(display).first { $0.nativeBounds.width == 1024 })
            XCTAssertEqual(screenEvents, ["connect \(screen.name)"], "round \(round)")
            XCTAssertEqual(
                screen.preferredMode?.size, CGSize(width: 1024, height: 768), "QEMU's EDID prefers the plugged size")
            XCTAssertEqual(screen.localizedName, "QEMU Monitor")

            try display.waitForPresentation(of: screen)
            XCTAssertEqual(Set(try display.capture(screen).pixels.map(rgb)), [0], "black until a window shows")
            let window = Window(screen: screen)
            window.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
            window.isHidden = false
            try display.waitForPresentation(of: screen)
            let shown = try display.capture(screen)
            try save(shown, "virtio-head-plugged-\(round)")
            XCTAssertEqual(rgb(shown.rawPixel(x: 512, y: 384)), 0xFF8000)

            let unplug = try HostHeadRequest.send("unplug 1")
            try display.waitFor("head 1 unplugged (\(HostHeadRequest.response(unplug) ?? "no answer"))", timeout: 15) {
                virtioScreens(display).count == 1
            }
            XCTAssertEqual(screenEvents, ["connect \(screen.name)", "disconnect \(screen.name)"], "round \(round)")
            XCTAssertTrue(window.isHidden)
        }
    }

    func testVKMSCardLoadedAndVirtioCardUnboundAndBoundWhileRunning() async throws {
        // Unloading needs nobody to hold the card: before the display opens it.
        let module = try XCTUnwrap(ProcessInfo.processInfo.environment["DIRECTDISPLAY_VM_VKMS_MODULE"])
        let parameters = ProcessInfo.processInfo.environment["DIRECTDISPLAY_VM_VKMS_PARAMS"] ?? ""
        XCTAssertNil(display, "no display holds the card yet")
        XCTAssertEqual(try run("/sbin/rmmod", ["vkms"]), 0, "rmmod vkms")
        var loaded = false
        defer {
            if !loaded { _ = try? run("/sbin/insmod", [module] + parameters.split(separator: " ").map(String.init)) }
        }

        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        XCTAssertEqual(display.cards.map(\.device.driverName), ["virtio_gpu"])
        XCTAssertNil(Screen.screens.first { $0.name == "Virtual-1" })

        XCTAssertEqual(try run("/sbin/insmod", [module] + parameters.split(separator: " ").map(String.init)), 0)
        loaded = true
        try display.waitFor("the vkms card and its screen", timeout: 15) {
            display.cards.contains { $0.device.driverName == "vkms" }
                && display.lit.contains { $0.card.device.driverName == "vkms" }
        }
        let vkmsScreen = try XCTUnwrap(display.lit.first { $0.card.device.driverName == "vkms" }?.screen)
        XCTAssertEqual(screenEvents.last, "connect \(vkmsScreen.name)")
        try display.waitForPresentation(of: vkmsScreen)
        XCTAssertNotNil(
            display.plugToFirstFrame(of: vkmsScreen), "hotplug to first frame is measured for a new card too")

        // A whole card going while open: unbinding virtio-gpu unplugs the DRM device under us.
        let virtioNames = virtioScreens(display).map(\.name)
        XCTAssertFalse(virtioNames.isEmpty)
        let virtioDevice = try virtioBusDevice()
        try write(virtioDevice, to: "/sys/bus/virtio/drivers/virtio_gpu/unbind")
        try display.waitFor("the virtio card to go", timeout: 15) {
            !display.cards.contains { $0.device.driverName == "virtio_gpu" }
        }
        for name in virtioNames { XCTAssertTrue(screenEvents.contains("disconnect \(name)"), "\(screenEvents)") }
        XCTAssertTrue(vkmsScreen.isConnected, "the other card's screen carries on")

        try write(virtioDevice, to: "/sys/bus/virtio/drivers/virtio_gpu/bind")
        try display.waitFor("the virtio card to come back", timeout: 15) { virtioScreens(display).count == 1 }
        let back = virtioScreens(display).map(\.name)
        XCTAssertEqual(
            screenEvents,
            virtioNames.map { "connect \($0)" } + ["connect \(vkmsScreen.name)"]
                + virtioNames.map { "disconnect \($0)" }
                + back.map { "connect \($0)" })
    }

    /// The virtio bus device (e.g. "virtio1") behind the virtio-gpu DRM card.
    private func virtioBusDevice() throws -> String {
        let drivers = "/sys/bus/virtio/drivers/virtio_gpu"
        let entries = try FileManager.default.contentsOfDirectory(atPath: drivers)
        return try XCTUnwrap(entries.first { $0.hasPrefix("virtio") }, "no device bound to virtio_gpu: \(entries)")
    }

    private func run(_ path: String, _ arguments: [String]) throws -> Int32? {
        let child = try ChildProcess(path, arguments)
        let status = child.waitForExit(timeout: 20)
        if status != 0 { print("\(path) \(arguments.joined(separator: " ")): \(child.text)") }
        return status
    }
}
