import CEvdev
import Foundation
import KMS
import TestSupport
import Udev
import VirtualInput
import XCTest

/// `direct-display` as a separate process: `info --json` describes the VM's cards;
/// the demo gives the console back on SIGTERM, and a second process asking for a
/// card that is driven already gets a clear error, not a hang; the demo paints
/// where a touchscreen is dragged and shows what a keyboard types.
final class CommandLineToolTests: XCTestCase {
    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
    }

    /// The framebuffer on the first lit CRTC of the first card, read without master.
    /// The framebuffer on the first lit CRTC of the first card.
    private func scannedOutFramebuffer() throws -> UInt32 {
        let node = try XCTUnwrap(DRMCardEnumerator(udev: try UdevContext()).cards().first)
        let device = try DRMDevice(path: node.devnode, requireMaster: false)
        let probe = try CardProbe(device: device, forceProbe: false)
        return try XCTUnwrap(probe.crtcs.first { $0.mode != nil }, "no lit CRTC").framebufferID
    }

    func testInfoJSONDescribesTheVKMSCard() async throws {
        let touchscreen = try UinputDevice.touchscreen(name: "DirectDisplay info touchscreen", width: 1000, height: 500)
        let pen = try UinputDevice.pen(name: "DirectDisplay info pen")
        // libinput in the child sees the device once udev has tagged it; udevadm settle waits for that.
        let settle = try ChildProcess("/usr/bin/udevadm", ["settle", "--timeout=10"])
        XCTAssertEqual(settle.waitForExit(timeout: 15), 0)
        let info = try ChildProcess(ChildProcess.directDisplayPath, ["info", "--json"])
        XCTAssertEqual(info.waitForExit(timeout: 20), 0, info.text)
        let json = try XCTUnwrap(info.text.firstIndex(of: "{").map { String(info.text[$0...]) })
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cards = try XCTUnwrap(root["cards"] as? [[String: Any]])
        let vkms = try XCTUnwrap(cards.first { $0["driver"] as? String == "vkms" }, "no vkms card in \(json)")
        XCTAssertEqual(vkms["atomic"] as? Bool, !HardwareEnvironment.isLegacyKMS)
        let connectors = try XCTUnwrap(vkms["connectors"] as? [[String: Any]])
        let virtual = try XCTUnwrap(connectors.first { $0["writeback"] as? Bool == false })
        XCTAssertEqual(virtual["status"] as? String, "connected")
        let preferred = (virtual["modes"] as? [[String: Any]] ?? []).filter { $0["preferred"] as? Bool == true }
        XCTAssertEqual(preferred.count, 1)
        XCTAssertEqual(preferred.first?["width"] as? Int, 1024)
        XCTAssertEqual(preferred.first?["height"] as? Int, 768)
        XCTAssertEqual(
            connectors.contains { $0["writeback"] as? Bool == true && $0["name"] as? String == "Writeback-1" },
            !HardwareEnvironment.isLegacyKMS, "writeback connectors are listed to atomic clients only")
        let planeTypes = Set((vkms["planes"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String })
        XCTAssertEqual(planeTypes, ["primary", "overlay", "cursor"])

        let devices = try XCTUnwrap(root["inputDevices"] as? [[String: Any]], "input devices in \(json)")
        let touch = try XCTUnwrap(devices.first { $0["name"] as? String == touchscreen.name }, "\(devices)")
        XCTAssertEqual(touch["sysname"] as? String, touchscreen.sysname)
        XCTAssertEqual(touch["capabilities"] as? [String], ["touch"])
        XCTAssertEqual(touch["widthMillimeters"] as? Double ?? 0, 99.9, accuracy: 0.01)
        let penReport = try XCTUnwrap(devices.first { $0["name"] as? String == pen.name }, "\(devices)")
        XCTAssertEqual(penReport["capabilities"] as? [String], ["pen"])
        XCTAssertEqual(penReport["routing"] as? String, touch["routing"] as? String, "a pen is routed as a touchscreen")
        let connected = cards.flatMap { card in
            (card["connectors"] as? [[String: Any]] ?? []).filter {
                $0["status"] as? String == "connected" && $0["writeback"] as? Bool == false
            }
        }
        if connected.count == 1 {
            XCTAssertEqual(touch["screen"] as? String, connected.first?["name"] as? String)
        } else {
            XCTAssertNil(touch["screen"], "several screens and no WL_OUTPUT: \(touch)")
            XCTAssertTrue((touch["routing"] as? String ?? "").contains("must bind"), "\(touch)")
        }

        // With a virtio-gpu card (Hardware/vm --gpu-outputs N), its connector carries QEMU's EDID.
        if HardwareEnvironment.gpuOutputs > 0 {
            let virtio = try XCTUnwrap(cards.first { $0["driver"] as? String == "virtio_gpu" }, "no virtio_gpu card")
            let withEDID = (virtio["connectors"] as? [[String: Any]] ?? []).filter {
                $0["monitorName"] as? String != nil
            }
            XCTAssertEqual(withEDID.first?["monitorName"] as? String, "QEMU Monitor")

            // `edid --connector` reads the same blob and prints the contract's JSON keys.
            let name = try XCTUnwrap(withEDID.first?["name"] as? String)
            let edid = try ChildProcess(ChildProcess.directDisplayPath, ["edid", "--connector", name, "--json"])
            XCTAssertEqual(edid.waitForExit(timeout: 20), 0, edid.text)
            let facts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(edid.text.utf8)) as? [String: Any])
            XCTAssertEqual(facts["manufacturer"] as? String, "RHT")
            XCTAssertEqual(facts["name"] as? String, "QEMU Monitor")
            let preferred = try XCTUnwrap(facts["preferredMode"] as? [String: Any])
            XCTAssertEqual(preferred["width"] as? Int, 1280)
            XCTAssertEqual(preferred["height"] as? Int, 800)
            for key in ["productCode", "serial", "year", "widthMillimeters", "heightMillimeters", "warnings"] {
                XCTAssertTrue(facts.keys.contains(key), "JSON key \(key)")
            }
        }
    }

    /// The cursor planes that sit on a CRTC now, on every card, read without master.
    private func cursorPlanesInUse() throws -> Int {
        try DRMCardEnumerator(udev: try UdevContext()).cards().reduce(0) { count, node in
            let device = try DRMDevice(path: node.devnode, requireMaster: false)
            let probe = try CardProbe(device: device, forceProbe: false)
            return count + probe.planes.filter { $0.kind == .cursor && $0.crtcID != 0 }.count
        }
    }

    func testSIGTERMRestoresTheConsoleAndASecondMasterIsRefused() async throws {
        let consoleFramebuffer = try scannedOutFramebuffer()
        XCTAssertNotEqual(consoleFramebuffer, 0, "the text console (fbdev emulation) is on screen at boot")
        XCTAssertEqual(try cursorPlanesInUse(), 0, "no cursor on the console at boot")
        // A mouse, so the demo shows its cursor on a cursor plane.
        let mouse = try UinputDevice.mouse(name: "DirectDisplay console mouse")
        defer { mouse.unplug() }

        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--capture", NSTemporaryDirectory()])
        XCTAssertTrue(demo.waitForOutput(containing: "captured", timeout: 20), "the demo's first frame: \(demo.text)")
        XCTAssertNotEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the demo's own buffer is on screen")
        // The cursor shows once the mouse moves (Application.pointerCursor is .automatic) and
        // goes out with the next frame: polled, with a deadline, moving the mouse meanwhile.
        // The GLView's first drawing (EGL, shaders, llvmpipe) comes after the first frame, first.
        let deadline = Date().addingTimeInterval(30)
        while try cursorPlanesInUse() == 0 && Date() < deadline {
            try mouse.move(dx: 1, dy: 1)
            usleep(20_000)
        }
        XCTAssertEqual(try cursorPlanesInUse(), 1, "the demo's cursor is on one cursor plane")

        // The demo captures its screens whenever they change (its key bar moves each second).
        func waitForANewFrame(_ what: String) {
            let captures = demo.text.components(separatedBy: "captured").count
            if !demo.waitForOutput(containing: { $0.components(separatedBy: "captured").count > captures }, timeout: 30)
            {
                // Stuck: its threads' stacks (Swift's backtracer on SIGABRT) say where.
                demo.signal(SIGABRT)
                _ = demo.waitForExit(timeout: 60)
                XCTFail("\(what): \(demo.text)")
            }
        }
        waitForANewFrame("the demo shows new frames")

        let second = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "1"])
        let secondStatus = second.waitForExit(timeout: 20)
        XCTAssertEqual(secondStatus, 1, "a second master exits non-zero at once: \(second.text)")
        XCTAssertTrue(second.text.contains("already driven by another DRM master"), second.text)
        // The first is unaffected: it still scans out its own frames, and goes on presenting new ones.
        XCTAssertNotEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the second app put the console back")
        waitForANewFrame("the first app still shows new frames")
        XCTAssertFalse(demo.hasExited, "the first app still runs: \(demo.text)")

        demo.signal(SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGTERM, "SIGTERM ends the demo: \(demo.text)")
        XCTAssertEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the console's framebuffer is back")
        XCTAssertEqual(try cursorPlanesInUse(), 0, "and no cursor is left over it")
    }

    /// SIGTERM while the GLView's context is still being made on a thread (Mesa's
    /// driver loading, seconds in the VM): the short shutdown before `_exit` still
    /// gives the console back and leaves no DRM master on the card.
    func testSIGTERMWhileTheGLContextIsMadeRestoresTheConsole() async throws {
        let consoleFramebuffer = try scannedOutFramebuffer()
        // pixman on every card: choosing how to compose the virtio card's screens would
        // make the context on the main thread before the first frame.
        let demo = try ChildProcess(
            ChildProcess.directDisplayPath, ["demo"],
            environment: ["DIRECTDISPLAY_TRACE_START": "1", "DIRECTDISPLAY_COMPOSITOR": "pixman"])
        let making = "GL: the GLViews' context being made"
        XCTAssertTrue(
            demo.waitForOutput(containing: making, timeout: HardwareEnvironment.demoStartTimeout),
            "the demo's context is made after its first frame: \(demo.text)")
        demo.signal(SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGTERM, "SIGTERM ends the demo: \(demo.text)")
        guard demo.text.contains("a GL context was being made on another thread") else {
            throw XCTSkip("the context was made before the signal was served: \(demo.text)")
        }
        XCTAssertEqual(try scannedOutFramebuffer(), consoleFramebuffer, "the console's framebuffer is back")
        let node = try XCTUnwrap(DRMCardEnumerator(udev: try UdevContext()).cards().first)
        XCTAssertNil(DRMDevice.masterHeldElsewhere(path: node.devnode), "no DRM master is left on the card")
    }

    /// A uinput touchscreen and keyboard through the kernel, udev and libinput into
    /// the demo's views: a drag paints (the touchscreen has no WL_OUTPUT, so only the
    /// demo's binding to the main screen routes it), keys type into the key window's
    /// line.
    func testDemoPaintsADragAndShowsTypedText() async throws {
        // No --capture: writing PNGs keeps the emulated demo's main queue busy for seconds.
        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "30"])
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
            "demo start: \(demo.text)")
        XCTAssertTrue(demo.text.contains("demo: touchscreens without WL_OUTPUT drive Virtual-1"), demo.text)

        let touchscreen = try UinputDevice.touchscreen(name: "DirectDisplay demo touchscreen", width: 1024, height: 768)
        let keyboard = try UinputDevice.keyboard(name: "DirectDisplay demo keyboard")
        for name in [touchscreen.name, keyboard.name] {
            // Events written before the demo opened the device would be lost: stop here.
            guard demo.waitForOutput(containing: name, timeout: 20) else {
                // Ended here, so that the next test's demo is not refused the busy card.
                demo.signal(SIGTERM)
                _ = demo.waitForExit(timeout: 10)
                return XCTFail("the demo did not see \(name): \(demo.text)")
            }
        }

        // Across the bottom of the normal window, clear of the alert, the text line and the key bar.
        try touchscreen.fingerDown(trackingID: 1, x: 100, y: 700)
        for step: Int32 in 1...4 {
            try touchscreen.touch(slot: 0, x: 100 + step * 100, y: 700 + step * 5)
            try touchscreen.sync()
        }
        try touchscreen.lastFingerUp()
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: painted 5 points on Virtual-1", timeout: 15),
            "down, four moves, up: \(demo.text)")

        for code in [KEY_H, KEY_I] {
            try keyboard.key(code, pressed: true)
            try keyboard.key(code, pressed: false)
        }
        XCTAssertTrue(demo.waitForOutput(containing: "demo: typed \"hi\"", timeout: 15), demo.text)
        demo.signal(SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGTERM, "SIGTERM ends the demo: \(demo.text)")
    }

    /// The demo's standard views through real input: a tap on its button animates
    /// the panel window in and another out (each logged when its animation
    /// completes), and a uinput pen paints a stroke in the paint view.
    func testDemoButtonAnimatesThePanelAndAPenPaints() async throws {
        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "60"])
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
            "demo start: \(demo.text)")
        let touchscreen = try UinputDevice.touchscreen(
            name: "DirectDisplay button touchscreen", width: 1024, height: 768)
        let pen = try UinputDevice.pen(name: "DirectDisplay demo pen", width: 1024, height: 768)
        for name in [touchscreen.name, pen.name] {
            guard demo.waitForOutput(containing: name, timeout: 20) else {
                // Ended here, so that the next test's demo is not refused the busy card.
                demo.signal(SIGTERM)
                _ = demo.waitForExit(timeout: 10)
                return XCTFail("the demo did not see \(name): \(demo.text)")
            }
        }
        // The button: 180x44 at 10% of the width, 16.5% of the height (1024x768).
        try touchscreen.tap(trackingID: 1, x: 190, y: 149)
        XCTAssertTrue(demo.waitForOutput(containing: "demo: panel shown", timeout: 20), demo.text)
        try touchscreen.tap(trackingID: 2, x: 190, y: 149)
        XCTAssertTrue(demo.waitForOutput(containing: "demo: panel hidden", timeout: 20), demo.text)

        // Across the bottom of the normal window, pressing harder as it goes.
        for step: Int32 in 0...6 { try pen.pen(x: 150 + step * 60, y: 700, pressure: 900 + step * 400) }
        try pen.penAway()
        XCTAssertTrue(demo.waitForOutput(containing: "on Virtual-1 with a pen", timeout: 15), demo.text)
        demo.signal(SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGTERM, "SIGTERM ends the demo: \(demo.text)")
    }
}
