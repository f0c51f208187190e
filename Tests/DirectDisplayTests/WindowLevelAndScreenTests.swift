import DirectDisplayCore
import Foundation
import XCTest

final class WindowLevelTests: DirectDisplayTestCase {
    func testLevelValuesAndArithmetic() async {
        XCTAssertEqual(Window.Level.normal.rawValue, 0)
        XCTAssertEqual(Window.Level.statusBar.rawValue, 1000)
        XCTAssertEqual(Window.Level.alert.rawValue, 2000)
        XCTAssertEqual((Window.Level.alert - 4).rawValue, 1996)
        XCTAssertEqual((Window.Level.normal + 1).rawValue, 1)
        XCTAssertTrue(Window.Level.alert - 4 < .alert)
        XCTAssertTrue(Window.Level.alert - 4 > .statusBar)
        XCTAssertEqual(Window.Level(rawValue: 7), Window.Level(7))
    }

    func testHigherLevelStaysAboveWhicheverIsKey() async {
        let screen = connect()
        let alert = Window(screen: screen)
        alert.windowLevel = .alert
        let subAlert = Window(screen: screen)
        subAlert.windowLevel = .alert - 4
        let bar = Window(screen: screen)
        bar.windowLevel = .statusBar
        let normal = Window(screen: screen)
        alert.makeKeyAndVisible()
        subAlert.makeKeyAndVisible()
        bar.makeKeyAndVisible()
        normal.makeKeyAndVisible()
        XCTAssertTrue(normal.isKeyWindow)
        assertSameObjects(Application.shared.visibleWindows(on: screen), [normal, bar, subAlert, alert])
        assertSameObjects(Application.shared.windows, [normal, bar, subAlert, alert])
    }

    func testWithinLevelMostRecentlyShownOrMadeKeyIsOnTop() async {
        let screen = connect()
        let a = Window(screen: screen)
        let b = Window(screen: screen)
        let c = Window(screen: screen)
        a.isHidden = false
        b.isHidden = false
        c.isHidden = false
        assertSameObjects(Application.shared.visibleWindows(on: screen), [a, b, c])
        a.makeKey()
        assertSameObjects(Application.shared.visibleWindows(on: screen), [b, c, a])
        b.isHidden = true
        b.isHidden = false
        assertSameObjects(Application.shared.visibleWindows(on: screen), [c, a, b])
    }

    func testChangingLevelRestacks() async {
        let screen = connect()
        let a = Window(screen: screen)
        let b = Window(screen: screen)
        a.isHidden = false
        b.isHidden = false
        a.windowLevel = .statusBar
        assertSameObjects(Application.shared.visibleWindows(on: screen), [b, a])
        a.windowLevel = .normal - 1
        assertSameObjects(Application.shared.visibleWindows(on: screen), [a, b])
    }
}

final class ScreenTests: DirectDisplayTestCase {
    func testScreenProperties() async {
        let screen = display.connectScreen(name: "HDMI-A-1", width: 200, height: 100, scale: 2, refreshRate: 59.94)
        XCTAssertEqual(screen.name, "HDMI-A-1")
        XCTAssertEqual(screen.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(screen.nativeBounds, CGRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(screen.scale, 2)
        XCTAssertEqual(screen.maximumFramesPerSecond, 60)
        XCTAssertEqual(screen.currentMode?.size, CGSize(width: 200, height: 100))
        XCTAssertEqual(screen.currentMode?.pixelAspectRatio, 1)
        XCTAssertEqual(screen.preferredMode, screen.currentMode)
        XCTAssertEqual(screen.availableModes.count, 1)
    }

    func testMainScreenRulesAndOrder() async {
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        XCTAssertNil(Screen.main)
        XCTAssertTrue(Screen.screens.isEmpty)
        let hdmi = connect("HDMI-A-1")
        XCTAssertTrue(Screen.main === hdmi)
        let panel = connect("eDP-1")
        XCTAssertTrue(Screen.main === hdmi, "the main screen stays main until it goes away")
        let dp = connect("DP-1")
        assertSameObjects(Screen.screens, [hdmi, panel, dp])
        display.disconnectScreen(hdmi)
        XCTAssertTrue(Screen.main === panel, "an internal panel is preferred")
        assertSameObjects(Screen.screens, [panel, dp])
        display.disconnectScreen(panel)
        XCTAssertTrue(Screen.main === dp)
        display.disconnectScreen(dp)
        XCTAssertNil(Screen.main)
    }

    func testInternalPanelIsMainWhenConnectedTogether() async {
        _ = connect("HDMI-A-1")
        display.disconnectScreen(Screen.main!)
        let dp = connect("DP-1")
        display.disconnectScreen(dp)
        let a = connect("DP-2")
        let b = connect("eDP-1")
        display.disconnectScreen(a)
        XCTAssertTrue(Screen.main === b)
        assertSameObjects(Screen.screens, [b])
    }

    func testConnectNotification() async {
        var connected: [String] = []
        let token = NotificationCenter.default.addObserver(
            forName: Screen.didConnectNotification, object: nil, queue: nil
        ) { note in
            let id = (note.object as AnyObject?).map { ObjectIdentifier($0) }
            MainActor.assumeIsolated {
                connected.append(Screen.screens.first { ObjectIdentifier($0) == id }?.name ?? "?")
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        _ = connect("HDMI-A-1")
        _ = connect("DP-1")
        XCTAssertEqual(connected, ["HDMI-A-1", "DP-1"])
    }

    func testDisconnectHidesWindowsResigningKeyFirstAndMovesThemToMain() async {
        let main = connect("eDP-1")
        let external = connect("HDMI-A-1", width: 32, height: 24)
        let home = Window(screen: main)
        home.makeKeyAndVisible()
        let tv = Window(screen: external)
        tv.makeKeyAndVisible()
        let other = Window(screen: external)
        other.isHidden = false
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(home, "home")
        recorder.label(tv, "tv")
        recorder.label(other, "other")
        recorder.label(external, "HDMI")
        display.disconnectScreen(external)
        XCTAssertEqual(recorder.take(), ["other hidden", "tv resignKey", "home key", "tv hidden", "HDMI disconnect"])
        XCTAssertTrue(tv.screen === main)
        XCTAssertTrue(other.screen === main)
        XCTAssertEqual(tv.frame, main.bounds, "a window that covered its screen covers the new one")
        XCTAssertTrue(home.isKeyWindow)
    }

    func testDisconnectingLastScreenLeavesWindowsWithoutScreen() async {
        let screen = connect()
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        display.disconnectScreen(screen)
        XCTAssertNil(window.screen)
        XCTAssertNil(Application.shared.keyWindow)
        XCTAssertTrue(window.isHidden)
    }

    func testModeChangePostsAndResizesFullScreenWindows() async {
        let small = Screen.Mode(width: 32, height: 24)
        let screen = display.connectScreen(name: "HDMI-A-1", width: 64, height: 48, otherModes: [small])
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(screen, "HDMI")
        screen.currentMode = small
        XCTAssertEqual(recorder.take(), ["HDMI mode"])
        XCTAssertEqual(window.frame, CGRect(x: 0, y: 0, width: 32, height: 24))
        XCTAssertThrowsError(try screen.setCurrentMode(Screen.Mode(width: 1, height: 1)))
        XCTAssertEqual(screen.currentMode, small)
    }

    func testMovingWindowBetweenScreens() async {
        let a = connect("HDMI-A-1", width: 64, height: 48)
        let b = connect("DP-1", width: 32, height: 32)
        let window = Window(screen: a)
        window.isHidden = false
        window.screen = b
        XCTAssertEqual(window.frame, b.bounds)
        assertSameObjects(Application.shared.visibleWindows(on: b), [window])
        XCTAssertTrue(Application.shared.visibleWindows(on: a).isEmpty)
        assertSameObjects(b.windows, [window])
    }
}
