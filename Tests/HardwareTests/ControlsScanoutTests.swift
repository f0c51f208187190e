import DirectDisplay
import Foundation
import VirtualInput
import XCTest

@testable import DirectDisplayCore

/// Controls on VKMS driven by a uinput touchscreen through the kernel, udev and
/// libinput: a tap flips a switch, a drag moves a slider; the capture shows both.
final class ControlsScanoutTests: KMSDisplayTestCase {
    private let timeout: Double = 10

    func testATapFlipsASwitchAndADragMovesASlider() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let name = "DirectDisplay controls touchscreen"
        let device = try UinputDevice.touchscreen(
            name: name, width: Int32(screen.bounds.width), height: Int32(screen.bounds.height))
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)

        let window = Window(screen: screen)
        window.backgroundColor = .white
        let toggle = Switch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let slider = Slider(frame: CGRect(x: 100, y: 200, width: 400, height: 30))
        window.addSubview(toggle)
        window.addSubview(slider)
        var switchChanges = 0
        var sliderValues: [Float] = []
        toggle.addAction(Action { _ in switchChanges += 1 }, for: .valueChanged)
        slider.addAction(Action { _ in sliderValues.append(slider.value) }, for: .valueChanged)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)

        try device.tap(trackingID: 1, x: 125, y: 115)
        try display.waitFor("the switch to flip", timeout: timeout) { toggle.isOn && !toggle.isTracking }
        XCTAssertEqual(switchChanges, 1)
        try display.waitFor("the thumb to slide", timeout: timeout) { toggle.thumbPosition == 1 }

        // The slider's thumb (28 points) is at its left end: grabbed at its centre, moved 200 points right.
        try device.fingerDown(trackingID: 2, x: 114, y: 215)
        for step in 1...10 {
            try device.touch(slot: 0, x: Int32(114 + 20 * step), y: 215)
            try device.sync()
        }
        try device.lastFingerUp()
        try display.waitFor("the drag to end", timeout: timeout) { !slider.isTracking && slider.value > 0 }
        XCTAssertEqual(slider.value, 200 / 372, accuracy: 0.01, "the thumb followed the finger")
        XCTAssertEqual(sliderValues, sliderValues.sorted(), "the value grew with the drag")
        XCTAssertEqual(sliderValues.last, slider.value)

        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "controls")
        XCTAssertEqual(rgb(image.rawPixel(x: 125, y: 101)), 0x34C759, "the switch's track is green: on")
        XCTAssertEqual(rgb(image.rawPixel(x: 200, y: 215)), 0x007AFF, "the slider's track left of the thumb: the tint")
        XCTAssertEqual(rgb(image.rawPixel(x: 314, y: 215)), 0xFFFFFF, "the thumb, moved")
    }
}
