import CEvdev
import DirectDisplay
import DirectDisplayTesting
import Foundation
import KMS
import VirtualInput
import XCTest

/// Sleep and wake, the idle timer and the cursor policy on VKMS: the CRTC's power is
/// read back from the kernel (ACTIVE, or the connector's DPMS on legacy KMS), the
/// commits counted where they reach it, touches and the mouse come from uinput.
final class PowerScanoutTests: KMSDisplayTestCase {
    private let timeout: Double = 10
    private let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

    private func virtual1() throws -> Screen {
        try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" }, "\(Screen.screens.map(\.name))")
    }

    /// A key window filling `screen`, red, with a blue recording view (at `frame`).
    private func scene(
        on screen: Screen, frame: CGRect = CGRect(x: 100, y: 100, width: 300, height: 200)
    ) -> TouchRecordingView {
        let window = Window(screen: screen)
        window.backgroundColor = red
        let view = TouchRecordingView("view", frame: frame, color: blue)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return view
    }

    func testPowerRoundTripKeepsTheFrameWithoutCommitsWhileOff() async throws {
        let display = try XCTUnwrap(display)
        let screen = try virtual1()
        let view = scene(on: screen)
        try display.waitForPresentation(of: screen)
        let before = try display.capture(screen)
        XCTAssertEqual(display.isLitInKernel(screen), true)
        let composed = screen.frameStatistics.framesComposed

        screen.isPoweredOn = false
        try display.waitFor("the CRTC off in the kernel", timeout: timeout) { display.isLitInKernel(screen) == false }
        let commitsWhileOff = faults.commits.count
        view.frame.origin.x = 110
        view.frame.origin.x = 100  // back where it was: the scene is as before
        display.flush()
        XCTAssertEqual(faults.commits.count, commitsWhileOff, "no commit while off")

        screen.isPoweredOn = true
        try display.waitFor("the CRTC on again", timeout: timeout) { display.isLitInKernel(screen) == true }
        try display.waitForPresentation(of: screen)
        let after = try display.capture(screen)
        XCTAssertEqual(after.pixels.map(rgb), before.pixels.map(rgb), "the same frame after the round trip")
        XCTAssertEqual(rgb(after.rawPixel(x: 150, y: 150)), 0x0000FF)
        XCTAssertLessThanOrEqual(
            screen.frameStatistics.framesComposed, composed + 1, "no redraw beyond what changed (nothing)")
        let powerCommits = faults.commits.filter { $0.hasPrefix("power") }
        XCTAssertEqual(powerCommits, ["powerOff", "powerOn"])
    }

    func testIdleTimeoutPowersOffAndAWakingTouchReachesNoView() async throws {
        let display = try XCTUnwrap(display)
        let screen = try virtual1()
        let name = "DirectDisplay idle touchscreen"
        let device = try UinputDevice.touchscreen(name: name, width: 1024, height: 768)
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)
        let view = scene(on: screen)
        try display.waitForPresentation(of: screen)

        Application.shared.idleDimDuration = 0.2
        Application.shared.idleTimeout = 1
        try display.waitFor("the idle timer powers the CRTC off", timeout: timeout) {
            display.isLitInKernel(screen) == false
        }
        XCTAssertFalse(screen.isPoweredOn)
        let commitsWhileOff = faults.commits.count
        view.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        display.flush()
        XCTAssertEqual(faults.commits.count, commitsWhileOff, "no commit while asleep")

        try device.tap(trackingID: 1, x: 150, y: 150)
        try display.waitFor("the touch wakes the CRTC", timeout: timeout) { display.isLitInKernel(screen) == true }
        Application.shared.idleTimeout = nil
        try display.waitForPresentation(of: screen)
        XCTAssertEqual(view.record, [], "the waking touch reaches no view")
        XCTAssertEqual(rgb(try display.capture(screen).rawPixel(x: 150, y: 150)), 0x00FF00, "the change made asleep")

        try device.tap(trackingID: 2, x: 150, y: 150)
        try display.waitFor("the next tap", timeout: timeout) { view.record.count == 2 }
    }

    func testCursorPolicyWithAMouseAndATouchscreen() async throws {
        let display = try XCTUnwrap(display)
        let screen = try virtual1()
        display.input.screenOrder = ["Virtual-1"]
        // The view under the whole screen: wherever libinput's acceleration takes the pointer, a click lands on it.
        let view = scene(on: screen, frame: screen.bounds)
        let name = "DirectDisplay policy touchscreen"
        let touchscreen = try UinputDevice.touchscreen(name: name, width: 1024, height: 768)
        let mouse = try UinputDevice.mouse(name: "DirectDisplay policy mouse")
        try display.waitFor("both devices", timeout: timeout) {
            display.input.deviceNames.contains(name) && display.input.deviceNames.contains(mouse.name)
        }
        display.input.bind(device: name, to: screen)
        try display.waitForPresentation(of: screen)
        XCTAssertTrue(display.hasCursorPlane(screen))
        XCTAssertNil(display.cursorPlanePosition(on: screen), "automatic: hidden until the pointer moves")
        XCTAssertEqual(display.cursorBufferBytes(of: screen), 0, "no cursor image before the cursor shows")

        try mouse.move(dx: -3000, dy: -3000)
        try display.waitFor("the cursor shows", timeout: timeout) { display.cursorPlanePosition(on: screen) != nil }
        XCTAssertGreaterThan(display.cursorBufferBytes(of: screen), 0, "made when it first shows")
        try touchscreen.tap(trackingID: 1, x: 600, y: 500)
        try display.waitFor("a touch hides it", timeout: timeout) { display.cursorPlanePosition(on: screen) == nil }
        try display.waitFor("the tap", timeout: timeout) { view.record.count == 2 }

        Application.shared.pointerCursor = .hidden
        try mouse.move(dx: 150, dy: 150)
        try display.waitFor("the pointer moved", timeout: timeout) {
            (display.input.pointerLocation?.point.x ?? 0) > 100
        }
        XCTAssertNil(display.cursorPlanePosition(on: screen), "hidden: never shown")
        try mouse.key(BTN_LEFT, pressed: true)
        try mouse.key(BTN_LEFT, pressed: false)
        try display.waitFor("the click reaches the view", timeout: timeout) { view.record.count == 4 }
        XCTAssertEqual(view.lastType, .indirectPointer)

        Application.shared.pointerCursor = .visible
        XCTAssertNotNil(display.cursorPlanePosition(on: screen), "visible: shown at once")
        try display.waitForPresentation(of: screen)
        if !HardwareEnvironment.isLegacyKMS {
            // The cursor plane is in the writeback capture: the arrow's black inside at the pointer.
            let point = try XCTUnwrap(display.input.pointerLocation?.point)
            let image = try display.capture(screen)
            try save(image, "power-cursor-visible")
            XCTAssertEqual(rgb(image.rawPixel(x: Int(point.x) + 2, y: Int(point.y) + 8)), 0x000000, "the arrow")
        }
    }

    func testAKernelRefusingDPMSOffLeavesTheScreenOnAndWorking() async throws {
        let display = try XCTUnwrap(display)
        let screen = try virtual1()
        let view = scene(on: screen)
        try display.waitForPresentation(of: screen)
        faults.refusesPowerOff = DRMError(call: "drmModeAtomicCommit", errno: .invalidArgument, context: "injected")
        screen.isPoweredOn = false
        try display.waitFor("the refusal puts it back on", timeout: timeout) { screen.isPoweredOn }
        XCTAssertEqual(display.isLitInKernel(screen), true)
        view.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        try assertScanoutMatchesScene(display, screen, "after the refusal")
    }
}
