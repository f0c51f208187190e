import DirectDisplayCore
import Foundation
import XCTest

/// Starts every test from an empty application with a fresh headless display.
@MainActor class DirectDisplayTestCase: XCTestCase {
    var display: HeadlessDisplay!

    override func setUp() async throws {
        Application.shared.reset()
        display = HeadlessDisplay()
    }

    override func tearDown() async throws {
        Application.shared.reset()
        display = nil
    }

    /// A screen of `width`×`height` points at scale 1.
    func connect(_ name: String = "HDMI-A-1", width: Int = 64, height: Int = 48, scale: CGFloat = 1) -> Screen {
        display.connectScreen(name: name, width: width, height: height, scale: scale)
    }

    /// Fails unless the pixel at (`x`, `y`) is `expected` within 2/255 per channel.
    func assertPixel(
        _ image: CapturedImage, _ x: Int, _ y: Int, _ expected: Color, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let actual = image.pixel(x: x, y: y)
        XCTAssertTrue(
            actual.isClose(to: expected, tolerance: 2.0 / 255), "(\(x), \(y)) is \(actual), not \(expected)",
            file: file, line: line)
    }

    /// Fails unless the last frame composed for `screen` (through the damage path)
    /// equals a whole composition of the same scene, pixel for pixel; names the first
    /// pixel that differs.
    func assertLastFrameIsWhole(_ screen: Screen, _ message: String, line: UInt = #line) {
        guard let incremental = display.lastFrames[screen.name] else {
            XCTFail("no frame of \(screen.name): \(message)", line: line)
            return
        }
        let full = Application.shared.captureFrame(of: screen)
        guard incremental.pixels != full.pixels else { return }
        let index = zip(incremental.pixels, full.pixels).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        XCTFail(
            "\(message): pixel (\(index % full.width), \(index / full.width)) is "
                + "\(String(incremental.pixels[index], radix: 16)), the whole composition gives "
                + "\(String(full.pixels[index], radix: 16))", line: line)
    }
}

/// Records notifications as "label event" strings, labelling objects by identity.
@MainActor final class NotificationRecorder {
    private(set) var events: [String] = []
    private var labels: [ObjectIdentifier: String] = [:]
    private var tokens: [NSObjectProtocol] = []

    static let windowNames: [(Notification.Name, String)] = [
        (Window.didBecomeVisibleNotification, "visible"), (Window.didBecomeHiddenNotification, "hidden"),
        (Window.didBecomeKeyNotification, "key"), (Window.didResignKeyNotification, "resignKey"),
    ]
    static let screenNames: [(Notification.Name, String)] = [
        (Screen.didConnectNotification, "connect"), (Screen.didDisconnectNotification, "disconnect"),
        (Screen.modeDidChangeNotification, "mode"),
    ]

    init(_ names: [(Notification.Name, String)] = windowNames + screenNames) {
        for (name, event) in names {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let id = (note.object as AnyObject?).map { ObjectIdentifier($0) }
                    MainActor.assumeIsolated { self?.record(id, event) }
                })
        }
    }

    private func record(_ id: ObjectIdentifier?, _ event: String) {
        guard let id, let label = labels[id] else { return }
        events.append("\(label) \(event)")
    }

    /// Names an object; only named objects are recorded.
    func label(_ object: AnyObject, _ label: String) { labels[ObjectIdentifier(object)] = label }

    /// Returns and forgets the events so far.
    func take() -> [String] {
        defer { events = [] }
        return events
    }

    func stop() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens = []
    }
}

/// Asserts two arrays hold the same objects in the same order.
func assertSameObjects(
    _ actual: [AnyObject], _ expected: [AnyObject], _ message: String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertTrue(
        actual.count == expected.count && zip(actual, expected).allSatisfy { $0 === $1 },
        "\(actual) is not \(expected) \(message)", file: file, line: line)
}
