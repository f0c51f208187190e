import DirectDisplay
import Foundation
import TestSupport
import VirtualInput
import XCTest

@testable import DirectDisplayCore

/// The on-screen keyboard on VKMS: taps from a uinput touchscreen, through the
/// kernel, udev and libinput, on its keys type into a text field; the capture
/// shows the keyboard and the text.
final class OnScreenKeyboardScanoutTests: KMSDisplayTestCase {
    private let timeout: Double = 10

    func testTouchscreenTapsOnTheKeyboardTypeIntoATextField() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let name = "DirectDisplay keyboard touchscreen"
        let device = try UinputDevice.touchscreen(
            name: name, width: Int32(screen.bounds.width), height: Int32(screen.bounds.height))
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)
        // Other tests' uinput keyboards may linger on the VM's seat: .always shows it regardless.
        Application.shared.onScreenKeyboard = .always

        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let field = TextField(frame: CGRect(x: 40, y: 40, width: 400, height: 44))
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 24)
        window.addSubview(field)
        window.makeKeyAndVisible()
        XCTAssertTrue(field.becomeFirstResponder())

        let controller = Application.shared.keyboardController
        try display.waitFor("the keyboard to slide up", timeout: timeout) {
            controller.isShown && controller.window.map { $0.presentation.frame == $0.frame } == true
        }
        let keyboard = try XCTUnwrap(controller.window)
        XCTAssertEqual(keyboard.frame.maxY, screen.bounds.height)
        XCTAssertEqual(keyboard.frame.width, screen.bounds.width)

        var typed = 0
        for label in ["H", "i", "space", "t", "h", "e", "r", "e"] {
            let key = try XCTUnwrap(controller.keyboardView.key(labelled: label), "no key \(label)")
            let center = key.convertToScreen(CGPoint(x: key.bounds.midX, y: key.bounds.midY))
            try device.tap(trackingID: Int32(typed + 1), x: Int32(center.x), y: Int32(center.y))
            typed += 1
            try display.waitFor("\(label) typed", timeout: timeout) { (field.text ?? "").count == typed }
        }
        XCTAssertEqual(field.text, "Hi there")

        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "on-screen-keyboard")
        let space = try XCTUnwrap(controller.keyboardView.key(labelled: "space"))
        let onSpace = space.convertToScreen(CGPoint(x: space.bounds.midX - 60, y: space.bounds.midY))
        XCTAssertEqual(rgb(image.rawPixel(x: Int(onSpace.x), y: Int(onSpace.y))), 0xFFFFFF, "the space bar")
        let gap = keyboard.frame.minY + 2
        XCTAssertEqual(rgb(image.rawPixel(x: 2, y: Int(gap))), 0xD1D1D1, "the keyboard's grey")
    }

    /// `direct-display demo --keyboard always`: the demo's text field, first responder
    /// of each demo window, gets the keyboard; uinput taps on it type into the field.
    func testDemoWithKeyboardAlwaysTypesFromTouches() async throws {
        closeDisplay()  // the demo is DRM master, not this process
        // No --capture: writing PNGs keeps the emulated demo's main queue busy for seconds.
        let demo = try ChildProcess(
            ChildProcess.directDisplayPath, ["demo", "--keyboard", "always", "--seconds", "60"])
        defer {
            demo.signal(SIGTERM)
            _ = demo.waitForExit(timeout: 10)
        }
        XCTAssertTrue(demo.waitForOutput(containing: "demo: input devices:", timeout: 20), "demo start: \(demo.text)")
        XCTAssertTrue(demo.text.contains("demo: touchscreens without WL_OUTPUT drive Virtual-1"), demo.text)
        let touchscreen = try UinputDevice.touchscreen(
            name: "DirectDisplay demo keyboard taps", width: 1024, height: 768)
        // Events written before the demo opened the device would be lost.
        guard demo.waitForOutput(containing: touchscreen.name, timeout: 20) else {
            return XCTFail("the demo did not see \(touchscreen.name): \(demo.text)")
        }
        // Where the demo's keyboard has its keys on Virtual-1 (1024x768): the same view laid out here.
        let height = KeyboardView.height(forScreenHeight: 768)
        let keys = KeyboardView(frame: CGRect(x: 0, y: 768 - height, width: 1024, height: height))
        keys.configure(traits: nil, xkbLayout: "us")
        keys.layoutSubviews()
        var tracking: Int32 = 0
        for label in ["H", "I"] {  // the keys' places; shift is on for the first letter only
            let key = try XCTUnwrap(keys.key(labelled: label))
            tracking += 1
            try touchscreen.tap(
                trackingID: tracking, x: Int32(key.frame.midX), y: Int32(keys.frame.minY + key.frame.midY))
        }
        XCTAssertTrue(demo.waitForOutput(containing: "demo: typed \"Hi\"", timeout: 20), demo.text)
    }
}
