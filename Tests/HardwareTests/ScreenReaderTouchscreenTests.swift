import DirectDisplay
import Foundation
import VirtualInput
import XCTest

@testable import DirectDisplayCore

/// Counts the touches that reach it.
private final class TouchCountingView: View {
    var began = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
}

/// The screen reader with a uinput touchscreen, through the kernel, udev and libinput:
/// a tap focuses a button, a double-tap elsewhere activates it and not the view under it.
final class ScreenReaderTouchscreenTests: KMSDisplayTestCase {
    private let timeout: Double = 10

    func testDoubleTapElsewhereActivatesTheFocusedButton() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let name = "DirectDisplay screen reader touchscreen"
        let device = try UinputDevice.touchscreen(
            name: name, width: Int32(screen.bounds.width), height: Int32(screen.bounds.height))
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)

        let window = Window(screen: screen)
        let background = TouchCountingView(frame: window.bounds)
        window.addSubview(background)
        let button = Button(frame: CGRect(x: 40, y: 40, width: 240, height: 60))
        button.setTitle("Acknowledge", for: .normal)
        var acknowledged = 0
        button.addAction(Action { _ in acknowledged += 1 }, for: .touchUpInside)
        window.addSubview(button)
        window.makeKeyAndVisible()
        let speech = RecordingSpeechOutput()
        Accessibility.speechOutput = speech
        Application.shared.isScreenReaderEnabled = true
        defer { Application.shared.isScreenReaderEnabled = false }

        try device.tap(trackingID: 1, x: 160, y: 70)
        try display.waitFor("the button focused and spoken", timeout: timeout) {
            speech.spokenPhrases == ["Acknowledge, button"]
        }
        try device.tap(trackingID: 2, x: 600, y: 500)
        try device.tap(trackingID: 3, x: 600, y: 500)
        try display.waitFor("the button activated", timeout: timeout) { acknowledged == 1 }
        XCTAssertEqual(background.began, 0, "the view under the double-tap got no touch")
        XCTAssertEqual(speech.spokenPhrases, ["Acknowledge, button"], "focus stayed on the button")
    }
}
