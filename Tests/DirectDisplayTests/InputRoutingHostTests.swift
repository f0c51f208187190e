import Foundation
import InputModel
import Scheduling
import XCTest

@testable import DirectDisplayCore

/// Records every touch it gets as "phase x,y tN" (screen points, tap count).
final class TouchRecordingView: View {
    private(set) var records: [String] = []
    private(set) var types: [Touch.TouchType] = []

    private func record(_ phase: String, _ touches: Set<Touch>) {
        for touch in touches {
            let point = touch.location(in: nil)
            records.append("\(phase) \(Int(point.x.rounded())),\(Int(point.y.rounded())) t\(touch.tapCount)")
            types.append(touch.type)
        }
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches) }

    func take() -> [String] {
        defer { records = [] }
        return records
    }
}

/// The routing layer (SeatInput and its routers) on the host: the same code the
/// hardware tests drive through libinput, fed by the headless display's devices
/// or by raw input event values, with time moved by `advanceTime(by:)`.
final class InputRoutingHostTests: DirectDisplayTestCase {
    private func recordingWindow(on screen: Screen) -> TouchRecordingView {
        let window = Window(screen: screen)
        let view = TouchRecordingView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return view
    }

    /// Presses that reach the end of the responder chain, as "phase characters".
    private func recordPresses() -> () -> [String] {
        var log: [String] = []
        Application.shared.unhandledPressObserver = { presses, _ in
            for press in presses { log.append("\(press.phase) \(press.key?.characters ?? "")") }
        }
        return {
            defer { log = [] }
            return log
        }
    }

    // MARK: Keys

    func testAHeadlessKeyGoesThroughTheXkbKeymap() async throws {
        Window(screen: connect()).makeKeyAndVisible()
        let presses = recordPresses()
        display.keyDown(21)  // KEY_Y
        display.keyUp(21)
        try display.input.setKeymap(KeymapNames(layout: "de"))
        display.keyDown(21)
        display.keyUp(21)
        display.keyDown(42)  // Shift
        display.keyDown(21)
        display.keyUp(21)
        display.keyUp(42)
        XCTAssertEqual(
            presses(),
            ["began y", "ended y", "began z", "ended z", "began ", "began Z", "ended Z", "ended "])
    }

    func testAnUnknownLayoutThrowsNamingItAndKeepsTheOldOne() async throws {
        Window(screen: connect()).makeKeyAndVisible()
        let presses = recordPresses()
        try display.input.setKeymap(KeymapNames(layout: "de"))
        XCTAssertThrowsError(try display.input.setKeymap(KeymapNames(layout: "xx-nonexistent"))) { error in
            XCTAssertTrue("\(error)".contains("xx-nonexistent"), "\(error)")
        }
        display.keyDown(21)
        XCTAssertEqual(presses(), ["began z"])
    }

    func testAHeldKeyRepeatsAsTimeAdvances() async {
        Window(screen: connect()).makeKeyAndVisible()
        let presses = recordPresses()
        display.input.keyRepeatRate = KeyRepeatRate(delayMicroseconds: 500_000, repeatsPerSecond: 10)
        display.keyDown(30)
        XCTAssertEqual(presses(), ["began a"])
        display.advanceTime(by: 0.49)
        XCTAssertEqual(presses(), [], "nothing before the delay")
        display.advanceTime(by: 0.01)
        XCTAssertEqual(presses(), ["began a", "ended a"], "the first repeat at the delay")
        display.advanceTime(by: 1)
        XCTAssertEqual(presses().count, 20, "ten repeats a second, each a began and an ended")
        display.keyUp(30)
        XCTAssertEqual(presses(), ["ended a"])
        display.advanceTime(by: 2)
        XCTAssertEqual(presses(), [], "released: no more repeats")
    }

    func testModifiersDoNotRepeatAndDoNotStopTheRepeatingKey() async {
        Window(screen: connect()).makeKeyAndVisible()
        let presses = recordPresses()
        display.keyDown(30)
        display.advanceTime(by: KeyRepeatRate.standard.delaySeconds)
        display.keyDown(42)  // Shift: no repeat of its own; A goes on repeating, now shifted
        _ = presses()
        display.advanceTime(by: 1 / KeyRepeatRate.standard.repeatsPerSecond)
        XCTAssertEqual(presses(), ["began A", "ended A"])
    }

    /// libinput's seat key count: two keyboards are one seat.
    func testTwoKeyboardsShareOneSeatOfKeys() async {
        Window(screen: connect()).makeKeyAndVisible()
        let presses = recordPresses()
        display.keyDown(42, keyboard: 0)  // Shift on both keyboards
        display.keyDown(42, keyboard: 1)
        display.keyUp(42, keyboard: 1)  // still held on keyboard 0
        display.keyDown(30, keyboard: 1)
        display.keyUp(30, keyboard: 1)
        XCTAssertEqual(presses(), ["began ", "began A", "ended A"], "Shift stays held while one keyboard holds it")
        display.keyUp(42, keyboard: 0)
        _ = presses()
        display.keyDown(30, keyboard: 0)  // A on both: one press, ended when the last lets go
        display.keyDown(30, keyboard: 1)
        display.keyUp(30, keyboard: 0)
        XCTAssertEqual(presses(), ["began a"])
        display.keyUp(30, keyboard: 1)
        XCTAssertEqual(presses(), ["ended a"])
    }

    // MARK: Touch

    func testTapCountUsesTheDisplayClock() async {
        let screen = connect(width: 100, height: 100)
        let view = recordingWindow(on: screen)
        for _ in 0..<2 {
            display.touchDown(1, at: CGPoint(x: 20, y: 20), on: screen)
            display.advanceTime(by: 0.05)
            display.touchUp(1, at: CGPoint(x: 21, y: 20), on: screen)
            display.advanceTime(by: 0.1)
        }
        display.advanceTime(by: 0.4)
        display.touchDown(1, at: CGPoint(x: 20, y: 20), on: screen)
        XCTAssertEqual(
            view.take(), ["began 20,20 t1", "ended 21,20 t1", "began 20,20 t2", "ended 21,20 t2", "began 20,20 t1"])
    }

    func testEachScreensTouchscreenDrivesItsOwnScreen() async {
        let left = connect("DP-1", width: 100, height: 100)
        let right = connect("DP-2", width: 200, height: 100)
        let leftView = recordingWindow(on: left)
        let rightView = recordingWindow(on: right)
        display.touchDown(1, at: CGPoint(x: 150, y: 50), on: right)
        display.touchDown(2, at: CGPoint(x: 30, y: 40), on: left)
        XCTAssertEqual(rightView.take(), ["began 150,50 t1"])
        XCTAssertEqual(leftView.take(), ["began 30,40 t1"])
        XCTAssertEqual(
            display.input.deviceNames, ["Headless Touchscreen (DP-2)", "Headless Touchscreen (DP-1)"])
    }

    func testARotatedScreenGetsTouchesWhereTheyWere() async {
        let screen = connect(width: 80, height: 60)
        screen.orientation = .landscapeLeft
        let view = recordingWindow(on: screen)
        for point in [CGPoint(x: 1, y: 1), CGPoint(x: 59, y: 13), CGPoint(x: 33, y: 79)] {
            display.touchDown(1, at: point, on: screen)
            display.touchUp(1, at: point, on: screen)
        }
        XCTAssertEqual(
            view.take().filter { $0.hasPrefix("began") }, ["began 1,1 t1", "began 59,13 t1", "began 33,79 t1"])
    }

    func testCalibrationMovesTheTouchesOfItsDevice() async throws {
        let screen = connect(width: 100, height: 50)
        let view = recordingWindow(on: screen)
        try display.input.setCalibration(.rotated180, forDevice: "Headless Touchscreen (HDMI-A-1)")
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertEqual(view.take(), ["began 90,40 t1"], "a panel mounted upside down")
        try display.input.setCalibration(.identity, forDevice: "Headless Touchscreen (HDMI-A-1)")
        display.touchUp(1, at: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertEqual(view.take(), ["ended 10,10 t1"])
    }

    /// A device without WL_OUTPUT, fed as raw event values: which screen it drives.
    func testBindingRulesForADeviceWithoutWLOutput() async {
        let first = connect("DP-1", width: 100, height: 100)
        let firstView = recordingWindow(on: first)
        let info = InputDeviceInfo(
            id: InputDeviceID(rawValue: 900), name: "ILITEK Multi-Touch", sysname: "event9", capabilities: .touch,
            udevProperties: ["ID_INPUT_TOUCHSCREEN": "1"], sizeMillimetres: nil)
        display.input.route([.deviceAdded(info)])
        var slot: Int32 = 0
        func tap() {
            slot += 1
            let point = TouchPointEvent(
                device: info.id, slot: slot, seatSlot: slot, x: 0.5, y: 0.25, timeMicroseconds: 1_000_000)
            let up = TouchSlotEvent(device: info.id, slot: slot, seatSlot: slot, timeMicroseconds: 1_000_000)
            display.input.route([.touchDown(point), .touchFrame(device: info.id, timeMicroseconds: 1_000_000)])
            display.input.route([.touchUp(up), .touchFrame(device: info.id, timeMicroseconds: 1_000_000)])
        }
        func began(_ view: TouchRecordingView) -> [String] { view.take().filter { $0.hasPrefix("began") } }
        tap()
        XCTAssertEqual(began(firstView), ["began 50,25 t1"], "the only screen")
        let second = connect("DP-2", width: 200, height: 100)
        let secondView = recordingWindow(on: second)
        tap()
        XCTAssertEqual(began(firstView) + began(secondView), [], "two screens and no binding: dropped")
        display.input.bindTouchscreens(to: second)
        tap()
        XCTAssertEqual(began(secondView), ["began 100,25 t1"], "the default binding")
        display.input.bind(device: "event9", to: first)
        tap()
        XCTAssertEqual(began(firstView), ["began 50,25 t1"], "its own binding beats the default")
    }

    // MARK: Pointer

    func testThePointerCrossesScreensClicksAndScrolls() async {
        let left = connect("DP-1", width: 100, height: 100)
        let right = connect("DP-2", width: 100, height: 100)
        let leftView = recordingWindow(on: left)
        let scrolls = ScrollRecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let rightWindow = Window(screen: right)
        rightWindow.addSubview(scrolls)
        rightWindow.isHidden = false
        display.input.screenOrder = ["DP-2", "DP-1"]  // DP-2 is on the left
        display.pointerMove(to: CGPoint(x: 95, y: 50), on: right)
        XCTAssertEqual(display.input.pointerLocation?.screen.name, "DP-2")
        display.pointerMove(dx: 10, dy: 0)  // over the edge onto DP-1
        XCTAssertEqual(display.input.pointerLocation?.screen.name, "DP-1")
        XCTAssertEqual(display.input.pointerLocation?.point, CGPoint(x: 5, y: 50))
        display.pointerButtonDown()
        display.pointerMove(dx: 10, dy: 5)
        display.pointerButtonUp()
        XCTAssertEqual(leftView.take(), ["began 5,50 t1", "moved 15,55 t1", "ended 15,55 t1"])
        XCTAssertEqual(leftView.types, [.indirectPointer, .indirectPointer, .indirectPointer])
        display.pointerMove(to: CGPoint(x: 40, y: 60), on: right)
        display.scrollWheel(dy: 2)
        XCTAssertEqual(scrolls.scrolls, [ScrollDelta(dx: 0, dy: 30)], "15 points a click")
        XCTAssertEqual(scrolls.locations, [CGPoint(x: 40, y: 60)])
    }
}

extension KeyRepeatRate {
    fileprivate var delaySeconds: Double { Double(delayMicroseconds) / 1_000_000 }
}

/// Key repeat on a manual clock whose start makes microseconds round badly: the
/// repeat timer once found its repeat "not due yet" at its own deadline and set
/// itself again at the same instant forever (a hang seen once in CI-like runs).
final class KeyRepeatClockTests: DirectDisplayTestCase {
    func testRepeatsFireAtAnyClockStart() async throws {
        var presses = 0
        Application.shared.unhandledPressObserver = { set, _ in
            presses += set.filter { $0.phase == .began }.count
        }
        for step in 0..<300 {
            let start = 1_000.123_456 + Double(step) * 0.000_001_3
            let loop = EventLoop(clock: ManualClock(startingAt: start))
            let router = KeyWindowRouter(loop: loop)
            router.repeatRate = KeyRepeatRate(delayMicroseconds: 100_000, repeatsPerSecond: 50)
            presses = 0
            router.key(
                KeyboardKeyEvent(
                    device: InputDeviceID(rawValue: 1), evdevCode: 30, isPressed: true, seatKeyCount: 1,
                    timeMicroseconds: UInt64((start * 1_000_000).rounded())))
            loop.advanceTime(by: 0.51)
            XCTAssertEqual(presses, 1 + 21, "start \(start): the press, then a repeat every 20 ms from 0.1 s")
        }
    }
}

/// The keymap and the Compose table are not on the first frame's path: they are
/// made at the first key, not when the seat (the display) starts.
final class KeymapLoadingTests: DirectDisplayTestCase {
    func testTheKeymapIsCompiledAtTheFirstKeyNotBefore() async throws {
        let loop = EventLoop(clock: ManualClock())
        let router = KeyWindowRouter(loop: loop)
        router.repeatRate = KeyRepeatRate(delayMicroseconds: 100_000, repeatsPerSecond: 50)
        router.switchVirtualConsole = { _ in }
        router.releaseAll()
        XCTAssertFalse(router.hasLoadedKeymap, "no keymap compiled before a key comes")
        var characters: [String] = []
        Application.shared.unhandledPressObserver = { set, _ in
            characters += set.filter { $0.phase == .began }.compactMap { $0.key?.characters }
        }
        router.key(
            KeyboardKeyEvent(
                device: InputDeviceID(rawValue: 1), evdevCode: 30, isPressed: true, seatKeyCount: 1,
                timeMicroseconds: 1_000))
        XCTAssertTrue(router.hasLoadedKeymap)
        XCTAssertEqual(characters, ["a"], "the first key itself is typed through the keymap")
    }
}
