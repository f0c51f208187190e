import Foundation
import XCTest

@testable import DirectDisplayCore

/// Sleep and wake, the idle timer and the cursor policy on the headless display:
/// timers run on its manual clock, so each phase is reached by `advanceTime(by:)`.
final class PowerAndIdleTests: DirectDisplayTestCase {
    /// A full-screen window whose view records every touch.
    private func recordingWindow(on screen: Screen) -> TouchRecordingView {
        let window = Window(screen: screen)
        let view = TouchRecordingView(frame: window.bounds)
        view.backgroundColor = .gray
        window.addSubview(view)
        window.makeKeyAndVisible()
        return view
    }

    private func recordPresses() -> () -> [String] {
        final class Box { var lines: [String] = [] }
        let box = Box()
        Application.shared.unhandledPressObserver = { presses, event in
            for press in presses { box.lines.append("\(press.phase) \(press.key?.characters ?? "")") }
        }
        return {
            defer { box.lines = [] }
            return box.lines
        }
    }

    // MARK: Sleep and wake

    func testAScreenPoweredOffComposesNothingAndWakesWithTheChanges() async throws {
        let screen = connect()
        let view = recordingWindow(on: screen)
        display.runUntilIdle()
        let composed = screen.frameStatistics.framesComposed
        let notes = NotificationRecorder([(Screen.powerDidChangeNotification, "power")])
        notes.label(screen, "screen")
        defer { notes.stop() }

        screen.isPoweredOn = false
        view.backgroundColor = .red
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed, "nothing composed while off")
        assertPixel(try display.capture(screen), 5, 5, .gray)  // the kept frame

        screen.isPoweredOn = true
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed + 1)
        assertPixel(try display.capture(screen), 5, 5, .red)
        XCTAssertEqual(notes.take(), ["screen power", "screen power"])
    }

    // MARK: Idle timer

    func testIdleDimsThenPowersOffAndATouchWakesEveryScreenReachingNoView() async throws {
        let panel = connect("eDP-1")
        let monitor = connect("HDMI-A-1")
        let view = recordingWindow(on: panel)
        Application.shared.idleTimeout = 30
        Application.shared.idleDimDuration = 5
        display.advanceTime(by: 29)
        XCTAssertEqual(Application.shared.idle.phase, .awake)
        XCTAssertFalse(panel.isDimmed)

        display.advanceTime(by: 1)
        XCTAssertEqual(Application.shared.idle.phase, .dimmed)
        XCTAssertEqual(display.backlightLevels["eDP-1"] ?? -1, 0.1, accuracy: 1e-9, "a tenth of the brightness")
        XCTAssertTrue(panel.isPoweredOn && monitor.isPoweredOn)

        display.advanceTime(by: 5)
        XCTAssertEqual(Application.shared.idle.phase, .asleep)
        XCTAssertFalse(panel.isPoweredOn)
        XCTAssertFalse(monitor.isPoweredOn)
        XCTAssertEqual(display.backlightLevels["eDP-1"] ?? -1, 0.1, accuracy: 1e-9, "no flash before it goes dark")

        // The waking touch sequence, begin, moves and end, reaches no view.
        display.touchDown(0, at: CGPoint(x: 10, y: 10), on: panel)
        XCTAssertTrue(panel.isPoweredOn && monitor.isPoweredOn, "a touch wakes every screen")
        XCTAssertEqual(display.backlightLevels["eDP-1"], 1, "at full brightness")
        display.touchMove(0, at: CGPoint(x: 12, y: 10), on: panel)
        display.touchUp(0, at: CGPoint(x: 12, y: 10), on: panel)
        XCTAssertEqual(view.take(), [])

        // The next touch is the app's again.
        display.touchDown(1, at: CGPoint(x: 20, y: 20), on: panel)
        display.touchUp(1, at: CGPoint(x: 20, y: 20), on: panel)
        XCTAssertEqual(view.take(), ["began 20,20 t1", "ended 20,20 t1"])
    }

    func testInputWhileDimmedBrightensAndRestartsTheCount() async throws {
        let panel = connect("eDP-1")
        let view = recordingWindow(on: panel)
        Application.shared.idleTimeout = 10
        display.advanceTime(by: 12)
        XCTAssertTrue(panel.isDimmed)
        display.touchDown(0, at: CGPoint(x: 10, y: 10), on: panel)
        display.touchUp(0, at: CGPoint(x: 10, y: 10), on: panel)
        XCTAssertEqual(view.take().count, 2, "a dimmed screen is still seen: the touch counts")
        XCTAssertFalse(panel.isDimmed)
        display.advanceTime(by: 9.5)
        XCTAssertEqual(Application.shared.idle.phase, .awake, "counted from the touch")
        display.advanceTime(by: 0.5)
        XCTAssertEqual(Application.shared.idle.phase, .dimmed)
    }

    func testAWakingKeyPressAndItsReleaseAreSwallowed() async throws {
        let screen = connect()
        Window(screen: screen).makeKeyAndVisible()
        let presses = recordPresses()
        Application.shared.idleTimeout = 1
        Application.shared.idleDimDuration = 0
        display.keyDown(42)  // Shift, held since before the screens slept
        display.advanceTime(by: 1)
        XCTAssertFalse(screen.isPoweredOn)
        display.keyUp(42)
        XCTAssertFalse(screen.isPoweredOn, "the release of a key held since before wakes nothing")
        XCTAssertEqual(Application.shared.idle.phase, .asleep)
        _ = presses()
        display.keyDown(30)  // KEY_A
        XCTAssertTrue(screen.isPoweredOn)
        display.keyUp(30)
        display.keyDown(48)  // KEY_B
        display.keyUp(48)
        XCTAssertEqual(presses(), ["began b", "ended b"])
    }

    func testAWakingClickAndWheelAreSwallowedButMotionWakesNothing() async throws {
        let screen = connect()
        let view = recordingWindow(on: screen)
        Application.shared.idleTimeout = 1
        Application.shared.idleDimDuration = 0
        display.pointerMove(to: CGPoint(x: 10, y: 10), on: screen)
        display.advanceTime(by: 1)
        XCTAssertFalse(screen.isPoweredOn)
        display.pointerMove(dx: 5, dy: 0)
        XCTAssertFalse(screen.isPoweredOn, "a drifting mouse wakes nothing")
        display.scrollWheel(dy: 1)
        XCTAssertTrue(screen.isPoweredOn, "the wheel wakes")
        display.advanceTime(by: 1)
        display.pointerButtonDown()
        XCTAssertTrue(screen.isPoweredOn, "a click wakes")
        display.pointerButtonUp()
        XCTAssertEqual(view.take(), [], "neither the click nor its release reach the view")
    }

    func testAWakingPenStrokeIsSwallowedUntilItLifts() async throws {
        let screen = connect()
        let view = recordingWindow(on: screen)
        Application.shared.idleTimeout = 1
        Application.shared.idleDimDuration = 0
        display.advanceTime(by: 1)
        display.penMove(at: CGPoint(x: 5, y: 5), on: screen)
        XCTAssertFalse(screen.isPoweredOn, "a hovering pen wakes nothing")
        display.penDown(at: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertTrue(screen.isPoweredOn, "the pen on the surface wakes")
        display.penMove(at: CGPoint(x: 20, y: 10), on: screen)
        display.penUp(at: CGPoint(x: 20, y: 10), on: screen)
        XCTAssertEqual(view.take(), [], "the stroke that woke the screen reaches no view")
        display.penDown(at: CGPoint(x: 30, y: 30), on: screen)
        display.penUp(at: CGPoint(x: 30, y: 30), on: screen)
        XCTAssertEqual(view.take(), ["began 30,30 t1", "ended 30,30 t1"])
    }

    func testIdleTimerDisabledHoldsTheScreensOnAndWakesThem() async throws {
        let screen = connect()
        Application.shared.idleTimeout = 1
        Application.shared.idleDimDuration = 0
        display.advanceTime(by: 1)
        XCTAssertFalse(screen.isPoweredOn)
        Application.shared.isIdleTimerDisabled = true
        XCTAssertTrue(screen.isPoweredOn)
        display.advanceTime(by: 10)
        XCTAssertTrue(screen.isPoweredOn)
        Application.shared.isIdleTimerDisabled = false
        display.advanceTime(by: 1)
        XCTAssertFalse(screen.isPoweredOn)
        Application.shared.idleTimeout = nil
        XCTAssertTrue(screen.isPoweredOn, "no timeout: awake")
    }

    func testAScreenPluggedInWhileOthersSleepSleepsToo() async throws {
        let first = connect()
        Application.shared.idleTimeout = 1
        Application.shared.idleDimDuration = 0
        display.advanceTime(by: 1)
        XCTAssertFalse(first.isPoweredOn)
        let second = connect("DP-1")
        XCTAssertFalse(second.isPoweredOn)
        display.runUntilIdle()
        XCTAssertEqual(second.frameStatistics.framesComposed, 0)
    }

    func testBrightnessIsClampedNaNRefusedAndAScreenWithoutABacklightReportsOne() async throws {
        let panel = connect("eDP-1")
        let monitor = connect("HDMI-A-1")
        let notes = NotificationRecorder([(Screen.brightnessDidChangeNotification, "brightness")])
        notes.label(panel, "panel")
        defer { notes.stop() }
        panel.brightness = 0.5
        XCTAssertEqual(panel.brightness, 0.5)
        XCTAssertEqual(display.backlightLevels["eDP-1"], 0.5)
        panel.brightness = 7
        XCTAssertEqual(panel.brightness, 1)
        panel.brightness = -1
        XCTAssertEqual(panel.brightness, 0)
        panel.brightness = .nan
        XCTAssertEqual(panel.brightness, 0, "NaN is refused")
        XCTAssertEqual(notes.take(), ["panel brightness", "panel brightness", "panel brightness"])
        monitor.brightness = 0.3
        XCTAssertEqual(monitor.brightness, 1, "no backlight: 1")
        XCTAssertNil(display.backlightLevels["HDMI-A-1"])
    }

    func testBadIdleValuesAreClampedOrRefused() async throws {
        Application.shared.idleTimeout = .nan
        XCTAssertNil(Application.shared.idleTimeout)
        Application.shared.idleTimeout = -5
        XCTAssertEqual(Application.shared.idleTimeout, 0)
        Application.shared.idleTimeout = .infinity
        XCTAssertNil(Application.shared.idleTimeout, "infinity: never")
        Application.shared.idleDimDuration = .nan
        XCTAssertEqual(Application.shared.idleDimDuration, 10)
        Application.shared.idleDimDuration = -1
        XCTAssertEqual(Application.shared.idleDimDuration, 0)
    }

    // MARK: Cursor policy

    func testAutomaticCursorShowsOnMotionHidesAfterFiveSecondsAndAtATouch() async throws {
        let screen = connect()
        var shown: [Bool] = []
        display.input.pointer.cursorMoved = { shown.append($0 != nil) }
        display.pointerMove(to: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertEqual(shown.last, true)
        display.advanceTime(by: 4)
        display.pointerMove(dx: 1, dy: 0)
        display.advanceTime(by: 4.5)
        XCTAssertEqual(shown.last, true, "5 s from the last motion")
        display.advanceTime(by: 0.5)
        XCTAssertEqual(shown.last, false)
        display.pointerMove(dx: 1, dy: 0)
        XCTAssertEqual(shown.last, true)
        display.touchDown(0, at: CGPoint(x: 5, y: 5), on: screen)
        XCTAssertEqual(shown.last, false, "a touch hides it")
    }

    func testHiddenCursorNeverShowsButClicksWork() async throws {
        let screen = connect()
        let view = recordingWindow(on: screen)
        Application.shared.pointerCursor = .hidden
        var shown: [Bool] = []
        display.input.pointer.cursorMoved = { shown.append($0 != nil) }
        display.pointerMove(to: CGPoint(x: 10, y: 10), on: screen)
        display.pointerButtonDown()
        display.pointerButtonUp()
        XCTAssertFalse(shown.contains(true))
        XCTAssertEqual(view.take(), ["began 10,10 t1", "ended 10,10 t1"])
        Application.shared.pointerCursor = .visible
        XCTAssertEqual(shown.last, true)
        display.advanceTime(by: 10)
        display.touchDown(0, at: CGPoint(x: 5, y: 5), on: screen)
        XCTAssertEqual(shown.last, true, "visible stays visible")
    }
}
