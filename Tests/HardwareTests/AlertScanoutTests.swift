import DirectDisplay
import Foundation
import VirtualInput
import XCTest

@testable import DirectDisplayCore

/// An alert on VKMS: presented over an app with a status-bar window, its own window
/// scans out above both (the card white, everything around it dimmed, the status bar
/// too), and a uinput touchscreen tap on its button runs the action's handler.
final class AlertScanoutTests: KMSDisplayTestCase {
    private let timeout: Double = 10

    func testAlertShowsAboveTheStatusBarDimmedAndATapRunsItsAction() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let name = "DirectDisplay alert touchscreen"
        let device = try UinputDevice.touchscreen(
            name: name, width: Int32(screen.bounds.width), height: Int32(screen.bounds.height))
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)

        let window = Window(screen: screen)
        let root = ViewController()
        root.view.backgroundColor = .blue
        window.rootViewController = root
        window.makeKeyAndVisible()
        let bar = Window(screen: screen)
        bar.frame = CGRect(x: 0, y: 0, width: screen.bounds.width, height: 40)
        bar.windowLevel = .statusBar
        bar.backgroundColor = .green
        bar.isHidden = false

        let alert = AlertController(title: "Boiler room 2", message: "Pressure high", preferredStyle: .alert)
        var vented = 0
        alert.addAction(AlertAction(title: "Vent", style: .default) { _ in vented += 1 })
        root.present(alert, animated: true)
        try display.waitFor("the alert to appear", timeout: timeout) {
            root.presentedViewController === alert && !alert.isBeingPresented
        }
        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "alert")
        let card = try XCTUnwrap(alert.view.subviews.first as? AlertCardView)
        let frame = card.convert(card.bounds, to: nil)
        func assertRGB(_ x: CGFloat, _ y: CGFloat, _ expected: UInt32, _ what: String) {
            let actual = rgb(image.rawPixel(x: Int(x), y: Int(y)))
            let close = [16, 8, 0].allSatisfy { shift in
                abs(Int((actual >> shift) & 0xFF) - Int((expected >> shift) & 0xFF)) <= 2
            }
            XCTAssertTrue(close, "\(what) at (\(Int(x)), \(Int(y))): \(String(actual, radix: 16))")
        }
        assertRGB(frame.minX + 6, frame.midY, 0xFFFFFF, "the card")
        assertRGB(4, screen.bounds.height - 4, 0x000099, "the app dimmed")
        assertRGB(4, 20, 0x009900, "the status bar dimmed")

        let vent = try XCTUnwrap(card.subviews.compactMap { $0 as? Button }.first)
        let center = vent.convertToScreen(CGPoint(x: vent.bounds.midX, y: vent.bounds.midY))
        try device.tap(trackingID: 1, x: Int32(center.x), y: Int32(center.y))
        try display.waitFor("the action's handler", timeout: timeout) { vented == 1 }
        XCTAssertNil(root.presentedViewController)
        XCTAssertTrue(window.isKeyWindow)
    }
}
