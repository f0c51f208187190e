import XCTest

@testable import Udev

final class DRMHotplugEventTests: XCTestCase {
    func event(_ action: String, _ sysname: String, devnode: String? = nil, _ properties: [String: String] = [:])
        -> DeviceEvent
    {
        DeviceEvent(
            action: action, subsystem: "drm", sysname: sysname, syspath: "/sys/devices/x/drm/\(sysname)",
            devnode: devnode, properties: properties)
    }

    func testTheThreeKindsOfChangeAllReprobe() {
        // A kernel hotplug naming its connector (vkms insmod, i915, amdgpu).
        XCTAssertEqual(
            DRMHotplugEvent(event("change", "card1", ["HOTPLUG": "1", "CONNECTOR": "37"])),
            .cardChanged(sysname: "card1", connectorID: 37))
        // virtio-gpu: HOTPLUG=1 without CONNECTOR=.
        XCTAssertEqual(
            DRMHotplugEvent(event("change", "card1", ["HOTPLUG": "1"])),
            .cardChanged(sysname: "card1", connectorID: nil))
        // Synthetic: `echo change > uevent`, with or without SYNTH_ARG_HOTPLUG.
        XCTAssertEqual(DRMHotplugEvent(event("change", "card0")), .cardChanged(sysname: "card0", connectorID: nil))
        XCTAssertEqual(
            DRMHotplugEvent(event("change", "card0", ["SYNTH_ARG_HOTPLUG": "1"])),
            .cardChanged(sysname: "card0", connectorID: nil))
    }

    func testCardsComeAndGoButOtherNodesAndLeasesDoNotMatter() {
        let added = DRMHotplugEvent(event("add", "card2", devnode: "/dev/dri/card2"))
        XCTAssertEqual(
            added,
            .cardAdded(
                DRMCardNode(
                    sysname: "card2", devnode: "/dev/dri/card2", syspath: "/sys/devices/x/drm/card2", driver: nil)))
        XCTAssertEqual(DRMHotplugEvent(event("remove", "card2")), .cardRemoved(sysname: "card2"))
        XCTAssertNil(DRMHotplugEvent(event("add", "card2")), "an add without a device node cannot be opened")
        XCTAssertNil(DRMHotplugEvent(event("add", "card0-HDMI-A-1")), "connector devices are not cards")
        XCTAssertNil(
            DRMHotplugEvent(event("add", "renderD128", devnode: "/dev/dri/renderD128")), "render nodes drive no screen")
        XCTAssertNil(DRMHotplugEvent(event("change", "card0", ["LEASE": "1"])), "a lease changes no connector of ours")
        XCTAssertNil(DRMHotplugEvent(event("bind", "card0")))
        let input = DeviceEvent(
            action: "change", subsystem: "input", sysname: "card0", syspath: "/x", devnode: nil, properties: [:])
        XCTAssertNil(DRMHotplugEvent(input), "only subsystem drm")
    }

    func testCardNames() {
        XCTAssertTrue(DRMCardNode.isCardName("card0"))
        XCTAssertTrue(DRMCardNode.isCardName("card12"))
        XCTAssertFalse(DRMCardNode.isCardName("card"))
        XCTAssertFalse(DRMCardNode.isCardName("card0-eDP-1"))
        XCTAssertFalse(DRMCardNode.isCardName("renderD128"))
    }
}
