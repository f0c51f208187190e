import DirectDisplayCore
import Foundation
import XCTest

final class WindowKeyAndVisibilityTests: DirectDisplayTestCase {
    func testNewWindowIsHiddenOnMainScreen() async {
        let screen = connect()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(window.isHidden)
        XCTAssertFalse(window.isKeyWindow)
        XCTAssertTrue(window.screen === screen)
        XCTAssertEqual(Window(screen: screen).frame, screen.bounds)
        XCTAssertNil(Application.shared.keyWindow)
    }

    func testMakeKeyAndVisibleWhileAnotherIsKeyPostsInOrder() async {
        let screen = connect()
        let a = Window(screen: screen)
        let b = Window(screen: screen)
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(a, "A")
        recorder.label(b, "B")
        a.makeKeyAndVisible()
        XCTAssertEqual(recorder.take(), ["A visible", "A key"])
        b.makeKeyAndVisible()
        XCTAssertEqual(recorder.take(), ["B visible", "A resignKey", "B key"])
        XCTAssertTrue(b.isKeyWindow)
        XCTAssertFalse(a.isKeyWindow)
        XCTAssertTrue(Application.shared.keyWindow === b)
    }

    func testHidingKeyWindowPostsResignThenPreviousKeyThenHidden() async {
        let screen = connect()
        let a = Window(screen: screen)
        let b = Window(screen: screen)
        a.makeKeyAndVisible()
        b.makeKeyAndVisible()
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(a, "A")
        recorder.label(b, "B")
        b.isHidden = true
        XCTAssertEqual(recorder.take(), ["B resignKey", "A key", "B hidden"])
        XCTAssertTrue(a.isKeyWindow)
    }

    func testHidingKeyWindowWhosePredecessorIsHiddenPicksTopmostVisible() async {
        let screen = connect()
        let a = Window(screen: screen)
        let c = Window(screen: screen)
        let bar = Window(screen: screen)
        bar.windowLevel = .statusBar
        let b = Window(screen: screen)
        a.makeKeyAndVisible()
        c.isHidden = false
        bar.isHidden = false
        b.makeKeyAndVisible()
        a.isHidden = true
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(b, "B")
        recorder.label(bar, "bar")
        b.isHidden = true
        XCTAssertEqual(recorder.take(), ["B resignKey", "bar key", "B hidden"])
    }

    func testIsHiddenFalseShowsWithoutMakingKey() async {
        let main = connect("eDP-1")
        let external = connect("HDMI-A-1")
        let a = Window(screen: main)
        a.makeKeyAndVisible()
        let tv = Window(screen: external)
        let recorder = NotificationRecorder()
        defer { recorder.stop() }
        recorder.label(tv, "TV")
        recorder.label(a, "A")
        tv.isHidden = false
        XCTAssertEqual(recorder.take(), ["TV visible"])
        XCTAssertTrue(a.isKeyWindow)
        XCTAssertFalse(tv.isKeyWindow)
    }

    func testBecomeAndResignKeyOverridesRunBeforeNotifications() async {
        final class Tracing: Window {
            var log: [String] = []
            override func becomeKey() { log.append("becomeKey") }
            override func resignKey() { log.append("resignKey") }
        }
        let screen = connect()
        let a = Tracing(screen: screen)
        let b = Window(screen: screen)
        var seen: [String] = []
        let token = NotificationCenter.default.addObserver(
            forName: Window.didBecomeKeyNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { seen.append(a.log.joined(separator: ",")) } }
        defer { NotificationCenter.default.removeObserver(token) }
        a.makeKeyAndVisible()
        XCTAssertEqual(seen, ["becomeKey"])
        b.makeKeyAndVisible()
        XCTAssertEqual(a.log, ["becomeKey", "resignKey"])
    }

    func testMakeKeyOnVisibleWindowBringsItForwardWithinLevel() async {
        let screen = connect()
        let a = Window(screen: screen)
        let b = Window(screen: screen)
        a.makeKeyAndVisible()
        b.isHidden = false
        assertSameObjects(Application.shared.visibleWindows(on: screen), [a, b])
        a.makeKey()
        assertSameObjects(Application.shared.visibleWindows(on: screen), [b, a])
        b.makeKey()
        XCTAssertTrue(b.isKeyWindow)
        assertSameObjects(Application.shared.visibleWindows(on: screen), [a, b])
    }

    func testMakeKeyOnHiddenWindowDoesNothing() async {
        let screen = connect()
        let a = Window(screen: screen)
        a.makeKey()
        XCTAssertNil(Application.shared.keyWindow)
        XCTAssertTrue(a.isHidden)
    }

    func testApplicationRetainsVisibleWindowsOnly() async {
        let screen = connect()
        weak var shown: Window?
        weak var hidden: Window?
        do {
            let s = Window(screen: screen)
            s.isHidden = false
            shown = s
            let h = Window(screen: screen)
            hidden = h
        }
        XCTAssertNotNil(shown)
        XCTAssertNil(hidden)
        XCTAssertEqual(Application.shared.windows.count, 1)
        shown?.isHidden = true
        XCTAssertNil(shown)
        XCTAssertEqual(Application.shared.windows.count, 0)
    }
}
