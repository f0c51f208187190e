import Foundation
import XCTest

@testable import DirectDisplay

/// A hardware test with a fresh application and a `KMSDisplay` driving the VM's
/// cards, shut down (console restored, cards closed) after each test.
@MainActor
class KMSDisplayTestCase: XCTestCase {
    var display: KMSDisplay?
    /// "connect NAME" / "disconnect NAME" for each screen notification, once
    /// `recordScreenNotifications()` was called.
    var screenEvents: [String] = []
    private var observers: [NSObjectProtocol] = []
    private static var recorder: KMSDisplayTestCase?

    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        Application.shared.reset()
        display = try KMSDisplay()
    }

    override func tearDown() async throws {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers = []
        Self.recorder = nil
        display?.shutdown()
        display = nil
        Application.shared.reset()
    }

    /// Starts recording Screen.didConnect and didDisconnect into `screenEvents`.
    func recordScreenNotifications() {
        Self.recorder = self
        for (name, label) in [
            (Screen.didConnectNotification, "connect"), (Screen.didDisconnectNotification, "disconnect"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                    nonisolated(unsafe) let object = note.object  // posted on the main thread
                    MainActor.assumeIsolated {
                        Self.recorder?.screenEvents.append("\(label) \((object as? Screen)?.name ?? "?")")
                    }
                })
        }
    }

    /// Drops the display opened by `setUp`, for a test that must start one itself.
    func closeDisplay() {
        display?.shutdown()
        display = nil
        Application.shared.reset()
    }

    /// Writes `image` to the capture folder, when the run keeps captures.
    func save(_ image: CapturedImage, _ name: String) throws {
        guard let directory = HardwareEnvironment.captureDirectory else { return }
        try image.writePNG(to: "\(directory)/\(name).png")
    }
}
