import DirectDisplayCore
import Foundation
import XCTest

final class StepperTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var stepper: Stepper!
    private var log: ControlEventLog!
    /// The − and + halves' centres.
    private let minus = CGPoint(x: 123, y: 116)
    private let plus = CGPoint(x: 170, y: 116)

    /// A stepper at (100, 100) on a 300×200 screen.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 300, height: 400)
        let window = showWindow(on: screen)
        stepper = Stepper(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        window.addSubview(stepper)
        log = ControlEventLog(stepper)
    }

    func testDefaultsAndSize() async {
        XCTAssertEqual(stepper.frame.size, CGSize(width: 94, height: 32))
        XCTAssertEqual(
            [stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue], [0, 0, 100, 1])
        XCTAssertFalse(stepper.wraps)
        XCTAssertTrue(stepper.isContinuous)
        XCTAssertTrue(stepper.autorepeat)
    }

    func testATapStepsOnce() async throws {
        tap(plus, on: screen)
        XCTAssertEqual(stepper.value, 1)
        XCTAssertEqual(log.take(), ["down", "valueChanged", "upInside"])
        tap(minus, on: screen)
        XCTAssertEqual(stepper.value, 0)
        tap(minus, on: screen)
        XCTAssertEqual(stepper.value, 0, "the − half is disabled at the minimum")
        XCTAssertEqual(log.takeValueChanges(), 1)
        let image = try display.capture(screen)
        keepForInspection(image, "stepper")
        let minusInk = image.pixel(x: Int(minus.x), y: Int(minus.y))
        let plusInk = image.pixel(x: Int(plus.x), y: Int(plus.y))
        XCTAssertTrue(plusInk.isClose(to: Color(red: 0, green: 122.0 / 255, blue: 1), tolerance: 2.0 / 255))
        XCTAssertEqual(minusInk.red, minusInk.blue, accuracy: 0.01, "the disabled − is grey: \(minusInk)")
    }

    func testHeldItRepeatsOnTheDisplayClock() async {
        display.touchDown(1, at: plus, on: screen)
        XCTAssertEqual(stepper.value, 1, "at once")
        display.advanceTime(by: 0.45)
        XCTAssertEqual(stepper.value, 1, "not before 0.5 s")
        display.advanceTime(by: 0.1)
        XCTAssertEqual(stepper.value, 2)
        display.advanceTime(by: 0.5)
        XCTAssertEqual(stepper.value, 7, "then every 0.1 s")
        display.touchUp(1, at: plus, on: screen)
        display.advanceTime(by: 1)
        XCTAssertEqual(stepper.value, 7, "stops when lifted")
        XCTAssertEqual(log.takeValueChanges(), 7)
        XCTAssertEqual(display.eventLoop.pendingTimerNames.filter { $0.contains("stepper") }, [])
    }

    func testRepeatingStopsAtTheLimitAndWhileOutside() async {
        stepper.maximumValue = 3
        display.touchDown(1, at: plus, on: screen)
        display.advanceTime(by: 2)
        XCTAssertEqual(stepper.value, 3)
        XCTAssertEqual(
            display.eventLoop.pendingTimerNames.filter { $0.contains("stepper") }, [], "no timer at the limit")
        display.touchUp(1, at: plus, on: screen)
        display.advanceTime(by: 1)
        display.touchDown(2, at: minus, on: screen)
        XCTAssertEqual(stepper.value, 2)
        display.touchMove(2, at: CGPoint(x: 123, y: 350), on: screen)
        display.advanceTime(by: 1)
        XCTAssertEqual(stepper.value, 2, "no steps while the touch is outside")
        display.touchMove(2, at: minus, on: screen)
        display.advanceTime(by: 0.2)
        XCTAssertLessThan(stepper.value, 2, "steps again back inside")
        display.touchCancel(2)
        let value = stepper.value
        display.advanceTime(by: 1)
        XCTAssertEqual(stepper.value, value, "a cancel stops it")
    }

    func testNoAutorepeat() async {
        stepper.autorepeat = false
        display.touchDown(1, at: plus, on: screen)
        display.advanceTime(by: 2)
        display.touchUp(1, at: plus, on: screen)
        XCTAssertEqual(stepper.value, 1)
    }

    func testNotContinuousSendsOnceAtTheEnd() async {
        stepper.isContinuous = false
        display.touchDown(1, at: plus, on: screen)
        display.advanceTime(by: 0.95)
        XCTAssertEqual(log.takeValueChanges(), 0)
        display.touchUp(1, at: plus, on: screen)
        XCTAssertEqual(stepper.value, 6)
        XCTAssertEqual(log.takeValueChanges(), 1)
    }

    func testWrapping() async {
        stepper.wraps = true
        stepper.maximumValue = 2
        tap(minus, on: screen)
        XCTAssertEqual(stepper.value, 2, "below the minimum: the maximum")
        tap(plus, on: screen)
        XCTAssertEqual(stepper.value, 0, "past the maximum: the minimum")
        XCTAssertEqual(log.takeValueChanges(), 2)
    }

    func testADisabledStepperIgnoresTouches() async {
        stepper.isEnabled = false
        tap(plus, on: screen)
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(log.take(), [])
        stepper.isEnabled = true
        display.touchDown(1, at: plus, on: screen)
        stepper.isEnabled = false
        display.advanceTime(by: 2)
        XCTAssertEqual(stepper.value, 1, "disabling while held stops the repeats")
    }

    func testHostileValues() async {
        stepper.value = .nan
        XCTAssertEqual(stepper.value, 0)
        stepper.value = .infinity
        XCTAssertEqual(stepper.value, 100)
        stepper.value = -5
        XCTAssertEqual(stepper.value, 0)
        stepper.stepValue = 0
        stepper.stepValue = -1
        stepper.stepValue = .nan
        XCTAssertEqual(stepper.stepValue, 1, "refused")
        stepper.minimumValue = 200
        XCTAssertEqual([stepper.minimumValue, stepper.maximumValue, stepper.value], [200, 200, 200])
        stepper.maximumValue = .infinity
        XCTAssertEqual(stepper.maximumValue, 200)
        tap(plus, on: screen)
        tap(minus, on: screen)
        XCTAssertEqual(stepper.value, 200)
        XCTAssertEqual(log.takeValueChanges(), 0)
        stepper.wraps = true
        tap(plus, on: screen)
        XCTAssertEqual(stepper.value, 200, "an empty range does not wrap")
    }

    func testSettingTheValueWhileHeld() async {
        display.touchDown(1, at: plus, on: screen)
        stepper.value = 50
        display.advanceTime(by: 0.55)
        XCTAssertEqual(stepper.value, 51, "the repeat steps from the value set")
        display.touchUp(1, at: plus, on: screen)
    }
}
