import DirectDisplayCore
import Foundation
import TestSupport
import XCTest

final class RandomOperationTests: DirectDisplayTestCase {
    /// Random shows, hides, key changes, level changes, screen moves and
    /// hotplug, checking UIKit's invariants after every step.
    func testInvariantsHoldAfterEveryStep() async throws {
        var random = SplitMix64(seed: 0x5EED_D15B)
        var screens = [connect("eDP-1", width: 32, height: 24), connect("HDMI-A-1", width: 16, height: 16)]
        let levels: [Window.Level] = [.normal, .normal + 1, .statusBar, .alert - 4, .alert]
        var windows = (0..<6).map { _ in Window(screen: screens[0]) }
        var keyChanges = 0
        let token = NotificationCenter.default.addObserver(
            forName: Window.didBecomeKeyNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { keyChanges += 1 } }
        defer { NotificationCenter.default.removeObserver(token) }

        for step in 0..<1500 {
            let window = windows.randomElement(using: &random)!
            keyChanges = 0
            switch random.next() % 9 {
            case 0: window.isHidden = false
            case 1: window.isHidden = true
            case 2: window.makeKey()
            case 3: window.makeKeyAndVisible()
            case 4: window.windowLevel = levels.randomElement(using: &random)!
            case 5: if let screen = screens.randomElement(using: &random) { window.screen = screen }
            case 6:
                if screens.count > 1, random.next() % 4 == 0 {
                    let gone = screens.remove(at: Int(random.next() % UInt64(screens.count)))
                    display.disconnectScreen(gone)
                } else if screens.count < 3 {
                    screens.append(connect("DP-\(step)", width: 8, height: 8))
                }
            case 7:
                windows[Int(random.next() % UInt64(windows.count))] = Window(screen: screens[0])
            default:
                _ = try display.capture(screens.randomElement(using: &random)!)
            }
            XCTAssertLessThanOrEqual(keyChanges, 1, "step \(step)")
            try checkInvariants(step: step)
        }
    }

    private func checkInvariants(step: Int) throws {
        let app = Application.shared
        let keyed = app.windows.filter(\.isKeyWindow)
        XCTAssertLessThanOrEqual(keyed.count, 1, "step \(step): more than one key window")
        if let key = app.keyWindow {
            XCTAssertFalse(key.isHidden, "step \(step): key window hidden")
            XCTAssertTrue(keyed.first === key, "step \(step)")
        }
        let levels = app.windows.map(\.windowLevel)
        XCTAssertEqual(levels, levels.sorted(), "step \(step): order does not follow levels")
        for screen in Screen.screens {
            let visible = app.visibleWindows(on: screen)
            XCTAssertTrue(visible.allSatisfy { !$0.isHidden && $0.screen === screen }, "step \(step)")
            let visibleLevels = visible.map(\.windowLevel)
            XCTAssertEqual(visibleLevels, visibleLevels.sorted(), "step \(step)")
        }
        XCTAssertTrue(Screen.screens.first === Screen.main, "step \(step): main screen first")
    }
}
