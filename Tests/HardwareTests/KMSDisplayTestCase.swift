import DirectDisplayTesting
import Foundation
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// A hardware test with a fresh application and a `KMSDisplay` driving the VM's
/// cards, shut down (console restored, cards closed) after each test.
@MainActor
class KMSDisplayTestCase: XCTestCase {
    var display: KMSDisplay?
    /// What the display's cards do wrong on purpose (lose flip events, refuse overlay planes).
    let faults = CardFaults()
    /// "connect NAME" / "disconnect NAME" for each screen notification, once
    /// `recordScreenNotifications()` was called.
    var screenEvents: [String] = []
    private var observers: [NSObjectProtocol] = []
    private static var recorder: KMSDisplayTestCase?
    private var watchdog: HangWatchdog?

    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        watchdog = HangWatchdog(test: name)
        Application.shared.reset()
        display = try KMSDisplay(cardAccess: faults.card)
        Application.shared.display = display
    }

    override func tearDown() async throws {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers = []
        Self.recorder = nil
        display?.shutdown()
        display = nil
        Application.shared.reset()
        watchdog?.cancel()
        watchdog = nil
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

    /// How far GL's pixels may be from pixman's (1 per channel: rounding of blends).
    var glTolerance: ScanoutTolerance { ScanoutTolerance() }

    /// Waits for the screen's frame and fails unless what the CRTC shows (the
    /// writeback capture; the front buffer without one) equals a whole
    /// recomposition of the scene; a mismatch is saved as `prefix-step.png`.
    func assertScanoutMatchesScene(
        _ display: KMSDisplay, _ screen: Screen, _ step: String, savingAs prefix: String? = nil,
        allowingGLRounding: Bool = ScanoutTolerance.glRounding, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try display.waitForPresentation(of: screen)
        let captured = try display.capture(screen)
        let shown = captured.pixels.map(rgb)
        let expected = Application.shared.captureFrame(of: screen).pixels.map(rgb)
        guard shown != expected else { return }
        let tolerance = glTolerance
        if allowingGLRounding, tolerance.allows(shown, expected) { return }
        if let prefix { try? save(captured, "\(prefix)-\(step.replacingOccurrences(of: " ", with: "-"))") }
        // The first pixel beyond the tolerance (or the first that differs, without one).
        let limit = allowingGLRounding ? tolerance.perChannel : 0
        let index =
            zip(shown, expected).enumerated().first { ScanoutTolerance.difference($0.element.0, $0.element.1) > limit }?
            .offset ?? zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        let width = Int(screen.nativeBounds.width)
        XCTFail(
            "\(step): scanout pixel (\(index % width), \(index / width)) is \(String(shown[index], radix: 16)), "
                + "the scene gives \(String(expected[index], radix: 16))", file: file, line: line)
    }
}

/// A hardware test that plugs and unplugs VKMS's Virtual-1 (through sysfs): screen
/// notifications are recorded, and the connector is given back to detection after each test.
class VKMSPlugTestCase: KMSDisplayTestCase {
    override func setUp() async throws {
        try await super.setUp()
        recordScreenNotifications()
    }

    override func tearDown() async throws {
        try? VKMSConnector().setStatus("detect")
        try await super.tearDown()
    }

    func virtual1() -> Screen? { Screen.screens.first { $0.name == "Virtual-1" } }

    /// Waits for Virtual-1 to connect, shows a window of `color` on it without
    /// making it key (the external-display pattern) and waits until that frame is on screen.
    @discardableResult
    func showWindowOnReconnectedVirtual1(_ color: Color, _ what: String) throws -> (Screen, Window) {
        let display = try XCTUnwrap(display)
        try display.waitFor(what, timeout: 10) { virtual1() != nil }
        let screen = try XCTUnwrap(virtual1())
        let window = Window(screen: screen)
        window.backgroundColor = color
        window.isHidden = false
        try display.waitForPresentation(of: screen)
        return (screen, window)
    }
}

/// With DIRECTDISPLAY_COMPOSITOR=gl, GL blends partly transparent pixels with its
/// own rounding: a scanout may differ from pixman's recomposition by 1 per channel
/// (more where it filters a transformed view: `outliers`).
struct ScanoutTolerance {
    static let glRounding = ProcessInfo.processInfo.environment["DIRECTDISPLAY_COMPOSITOR"] == "gl"

    /// The largest difference of red, green or blue for most pixels.
    var perChannel = 1
    /// How many pixels may differ by more, and by at most how much (filtered edges).
    var outliers = 0
    var outlierLimit = 1

    /// The largest difference of red, green and blue between two pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16] {
            largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return largest
    }

    /// Whether `shown` is within the tolerance of `expected`.
    func allows(_ shown: [UInt32], _ expected: [UInt32]) -> Bool {
        guard shown.count == expected.count else { return false }
        var beyond = 0
        var largest = 0
        for (a, b) in zip(shown, expected) {
            let difference = Self.difference(a, b)
            largest = max(largest, difference)
            if difference > perChannel { beyond += 1 }
        }
        if outliers > 0 {
            print("GL against pixman: \(beyond) pixels differ by more than \(perChannel), at most by \(largest)")
        }
        return beyond <= outliers && largest <= max(perChannel, outlierLimit)
    }
}
