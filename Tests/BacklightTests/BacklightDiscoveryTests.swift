import Foundation
import XCTest

@testable import Backlight

/// Backlight discovery and sysfs writes against a sysfs tree made in a temporary
/// folder: class/drm and class/backlight entries are symbolic links into devices/,
/// as the kernel makes them.
final class BacklightDiscoveryTests: XCTestCase {
    private var root: URL!

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The card on a PCI device, with an eDP and an HDMI connector.
        try directory("devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1")
        try directory("devices/pci0000:00/0000:00:02.0/drm/card0/card0-HDMI-A-1")
        try link("class/drm/card0", to: "devices/pci0000:00/0000:00:02.0/drm/card0")
        try link("class/drm/card0-eDP-1", to: "devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1")
        try link("class/drm/card0-HDMI-A-1", to: "devices/pci0000:00/0000:00:02.0/drm/card0/card0-HDMI-A-1")
        try link("devices/pci0000:00/0000:00:02.0/drm/card0/device", to: "devices/pci0000:00/0000:00:02.0")
        // A firmware backlight elsewhere, which must never be chosen by itself.
        try backlight("acpi_video0", parent: "devices/LNXSYSTM:00/LNXVIDEO:00", max: "15", value: "7")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func directory(_ path: String) throws {
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(path), withIntermediateDirectories: true)
    }

    private func link(_ path: String, to target: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: url.path, withDestinationPath: root.appendingPathComponent(target).path)
    }

    /// A backlight device under `parent`, linked from class/backlight, with its files.
    private func backlight(_ name: String, parent: String, max: String?, value: String) throws {
        let path = parent + "/" + name
        try directory(path)
        try directory(parent)
        try link(path + "/device", to: parent)
        try link("class/backlight/" + name, to: path)
        if let max {
            try max.write(to: root.appendingPathComponent(path + "/max_brightness"), atomically: false, encoding: .utf8)
        }
        try value.write(to: root.appendingPathComponent(path + "/brightness"), atomically: false, encoding: .utf8)
    }

    private func find(_ connector: String, isInternal: Bool = true, named: String? = nil) -> Result<
        BacklightDevice, BacklightDiscoveryError
    > {
        BacklightDiscovery.find(
            card: "card0", connector: connector, isInternal: isInternal, named: named, sysfsRoot: root.path)
    }

    func testTheConnectorsOwnBacklightIsChosenOverTheCardsAndFirmwares() throws {
        try backlight("amdgpu_bl0", parent: "devices/pci0000:00/0000:00:02.0", max: "255", value: "128\n")
        try backlight(
            "intel_backlight", parent: "devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1", max: "96000\n",
            value: "48000\n")
        let device = try find("eDP-1").get()
        XCTAssertEqual(device.name, "intel_backlight")
        XCTAssertEqual(device.maxBrightness, 96000)
        XCTAssertEqual(try XCTUnwrap(device.level), 0.5, accuracy: 1e-9)
        XCTAssertEqual(device.value(for: 0.1), 9600)
        XCTAssertEqual(device.value(for: 2), 96000, "clamped")
    }

    func testABacklightParentedByTheCardsDeviceServesItsPanel() throws {
        try backlight("amdgpu_bl0", parent: "devices/pci0000:00/0000:00:02.0", max: "255", value: "255")
        XCTAssertEqual(try find("eDP-1").get().name, "amdgpu_bl0")
    }

    func testAnExternalMonitorOrAPanelWithOnlyAFirmwareBacklightHasNone() throws {
        try backlight("amdgpu_bl0", parent: "devices/pci0000:00/0000:00:02.0", max: "255", value: "255")
        XCTAssertEqual(find("HDMI-A-1", isInternal: false), .failure(.notInternal(connector: "HDMI-A-1")))
        try FileManager.default.removeItem(at: root.appendingPathComponent("class/backlight/amdgpu_bl0"))
        XCTAssertEqual(find("eDP-1"), .failure(.noneFound(connector: "eDP-1")), "acpi_video0 is not the card's")
    }

    func testTheNamedBacklightWinsAndAMissingNameIsSaidSo() throws {
        XCTAssertEqual(try find("eDP-1", named: "acpi_video0").get().name, "acpi_video0")
        XCTAssertEqual(find("eDP-1", named: "nonesuch"), .failure(.notFound(name: "nonesuch")))
    }

    func testMaxBrightnessZeroOrUnreadableIsNoBacklight() throws {
        try backlight("zero_bl", parent: "devices/pci0000:00/0000:00:02.0", max: "0", value: "0")
        XCTAssertEqual(find("eDP-1"), .failure(.unusable(name: "zero_bl", reason: "max_brightness is 0")))
        try backlight("unreadable_bl", parent: "devices/x", max: "garbage", value: "0")
        XCTAssertEqual(
            find("eDP-1", named: "unreadable_bl"),
            .failure(.unusable(name: "unreadable_bl", reason: "max_brightness is unreadable")))
        try backlight("missing_bl", parent: "devices/y", max: nil, value: "0")
        XCTAssertEqual(
            find("eDP-1", named: "missing_bl"),
            .failure(.unusable(name: "missing_bl", reason: "max_brightness is unreadable")))
    }

    func testTheSysfsWriterWritesTheValue() throws {
        try backlight(
            "intel_backlight", parent: "devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1", max: "1000",
            value: "1000")
        let device = try find("eDP-1").get()
        try SysfsBacklightWriter().set(device, to: device.value(for: 0.25))
        XCTAssertEqual(
            try String(contentsOfFile: device.directory + "/brightness", encoding: .utf8), "250\n")
        XCTAssertEqual(try XCTUnwrap(device.level), 0.25, accuracy: 1e-9)
    }
}
