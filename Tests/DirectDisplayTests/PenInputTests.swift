import Foundation
import InputModel
import XCTest

@testable import DirectDisplayCore

/// Records each touch it gets as "phase x,y", with its type, force and angles.
final class PenRecordingView: View {
    private(set) var records: [String] = []
    private(set) var touches: [(type: Touch.TouchType, force: CGFloat, maximumForce: CGFloat)] = []
    private(set) var angles: [(altitude: CGFloat, azimuth: CGFloat)] = []

    private func record(_ phase: String, _ set: Set<Touch>) {
        for touch in set {
            let point = touch.location(in: self)
            records.append("\(phase) \(Int(point.x.rounded())),\(Int(point.y.rounded()))")
            touches.append((touch.type, touch.force, touch.maximumPossibleForce))
            angles.append((touch.altitudeAngle, touch.azimuthAngle(in: self)))
        }
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches) }

    /// The records so far, forgotten (``touches`` and ``angles`` keep everything).
    func take() -> [String] {
        defer { records = [] }
        return records
    }
}

/// The headless pen ("Headless Pen (SCREEN)") through the seat's routing: tablet
/// tool events become `.pencil` touches with force and angles.
final class PenInputTests: DirectDisplayTestCase {
    private func recordingWindow(on screen: Screen, frame: CGRect? = nil) -> PenRecordingView {
        let window = Window(screen: screen)
        let view = PenRecordingView(frame: frame ?? window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return view
    }

    func testAStrokeIsOnePencilTouchWithForceFromPressure() async {
        let screen = connect(width: 200, height: 100)
        let view = recordingWindow(on: screen, frame: CGRect(x: 10, y: 10, width: 150, height: 80))
        display.penDown(at: CGPoint(x: 20, y: 30), on: screen, pressure: 0.3)
        display.penMove(at: CGPoint(x: 40, y: 30), on: screen, pressure: 0.6)
        display.penMove(at: CGPoint(x: 60, y: 35), on: screen, pressure: 0.9)
        let forces = view.touches.map(\.force)
        XCTAssertEqual(view.touches.map(\.type), [.pencil, .pencil, .pencil])
        XCTAssertEqual(view.touches.map(\.maximumForce), Array(repeating: 25 / 6, count: 3))
        XCTAssertEqual(forces[0], 0.3 * 25 / 6, accuracy: 1e-9)
        XCTAssertEqual(forces[1], 0.6 * 25 / 6, accuracy: 1e-9)
        XCTAssertEqual(forces[2], 0.9 * 25 / 6, accuracy: 1e-9, "force rises with pressure")
        XCTAssertEqual(view.angles.map(\.altitude), Array(repeating: .pi / 2, count: 3), "upright")
        display.penUp(at: CGPoint(x: 61, y: 36), on: screen)
        XCTAssertEqual(view.take(), ["began 10,20", "moved 30,20", "moved 50,25", "ended 51,26"])
        XCTAssertEqual(
            display.input.deviceNames, ["Headless Pen (HDMI-A-1)"], "the pen is a device of its own, not a touchscreen")
    }

    func testThePenStaysWithTheViewItTouchedFirst() async {
        let screen = connect(width: 200, height: 100)
        let window = Window(screen: screen)
        let left = PenRecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let right = PenRecordingView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(left)
        window.addSubview(right)
        window.makeKeyAndVisible()
        display.penDown(at: CGPoint(x: 150, y: 50), on: screen)
        display.penMove(at: CGPoint(x: 50, y: 50), on: screen)
        display.penUp(at: CGPoint(x: 40, y: 50), on: screen)
        XCTAssertEqual(right.take(), ["began 50,50", "moved -50,50", "ended -60,50"])
        XCTAssertEqual(left.take(), [])
        display.penDown(at: CGPoint(x: 30, y: 20), on: screen)
        XCTAssertEqual(left.take(), ["began 30,20"])
    }

    /// A pen near the screen with its tip up makes no touch, before or after a stroke.
    func testHoveringMakesNoTouch() async {
        let screen = connect(width: 100, height: 100)
        let view = recordingWindow(on: screen)
        display.penMove(at: CGPoint(x: 10, y: 10), on: screen)
        display.penMove(at: CGPoint(x: 20, y: 10), on: screen)
        XCTAssertEqual(view.take(), [], "hovering")
        display.penDown(at: CGPoint(x: 30, y: 10), on: screen)
        display.penUp(at: CGPoint(x: 30, y: 10), on: screen)
        display.penMove(at: CGPoint(x: 40, y: 10), on: screen)
        XCTAssertEqual(view.take(), ["began 30,10", "ended 30,10"])
    }

    /// Tilt becomes UIKit's angles, turned with the screen: a pen leaning towards
    /// the panel's right leans towards the top of a screen turned landscapeLeft.
    func testTiltAndARotatedScreen() async {
        let screen = connect(width: 80, height: 60)
        screen.orientation = .landscapeLeft  // content turned 90° clockwise: 60×80 points
        let view = recordingWindow(on: screen)
        display.penDown(at: CGPoint(x: 59, y: 13), on: screen, tiltX: 45)
        display.penMove(at: CGPoint(x: 33, y: 79), on: screen, tiltX: 0, tiltY: -60)
        display.penUp(at: CGPoint(x: 33, y: 79), on: screen)
        XCTAssertEqual(view.take(), ["began 59,13", "moved 33,79", "ended 33,79"], "points where they were")
        XCTAssertEqual(view.angles[0].altitude, .pi / 4, accuracy: 1e-9)
        XCTAssertEqual(view.angles[0].azimuth, 3 * .pi / 2, accuracy: 1e-9, "the panel's right is the screen's top")
        XCTAssertEqual(view.angles[1].altitude, .pi / 6, accuracy: 1e-9)
        XCTAssertEqual(view.angles[1].azimuth, .pi, accuracy: 1e-9, "the panel's top is the screen's left")
        XCTAssertEqual(view.angles[2].azimuth, .pi, accuracy: 1e-9, "the lift keeps the last lean")
    }

    func testCalibrationMovesThePen() async throws {
        let screen = connect(width: 100, height: 50)
        let view = recordingWindow(on: screen)
        try display.input.setCalibration(.rotated180, forDevice: "Headless Pen (HDMI-A-1)")
        display.penDown(at: CGPoint(x: 10, y: 10), on: screen, tiltX: 30)
        XCTAssertEqual(view.take(), ["began 90,40"], "a pen display mounted upside down")
        XCTAssertEqual(view.angles.first?.azimuth ?? 0, .pi, accuracy: 1e-9, "its lean turns with it")
        display.penUp(at: CGPoint(x: 10, y: 10), on: screen)
        display.keyDown(30)
        XCTAssertThrowsError(try display.input.setCalibration(.rotated90, forDevice: "Headless Keyboard")) {
            XCTAssertTrue("\($0)".contains("not a touchscreen or pen"), "\($0)")
        }
    }

    /// Raw tablet events: a tool leaving while its tip is down ends the stroke; a
    /// tablet unplugged mid-stroke (libinput: a lift, then the removal) cancels it.
    func testProximityOutEndsAndRemovalCancels() async {
        let screen = connect(width: 100, height: 100)
        let view = recordingWindow(on: screen)
        let info = InputDeviceInfo(
            id: InputDeviceID(rawValue: 700), name: "Wacom ISDv4 Pen", sysname: "event7", capabilities: .tabletTool,
            udevProperties: ["ID_INPUT_TABLET": "1"], sizeMillimetres: PhysicalSize(width: 200, height: 200))
        func tool(_ change: TabletToolEvent.Change, x: Double, tipDown: Bool, pressure: Double? = nil) -> InputEvent {
            .tabletTool(
                TabletToolEvent(
                    device: info.id, change: change, x: x, y: 0.5, isTipDown: tipDown, pressure: pressure, tilt: nil,
                    timeMicroseconds: 1_000_000))
        }
        display.input.route([.deviceAdded(info), tool(.proximityIn, x: 0.1, tipDown: false)])
        display.input.route([tool(.tipDown, x: 0.1, tipDown: true)])
        display.input.route([tool(.axis, x: 0.2, tipDown: true)])
        display.input.route([tool(.proximityOut, x: 0.3, tipDown: true)])
        XCTAssertEqual(view.take(), ["began 10,50", "moved 20,50", "ended 30,50"])

        display.input.route([tool(.proximityIn, x: 0.4, tipDown: false), tool(.tipDown, x: 0.4, tipDown: true)])
        XCTAssertEqual(view.touches.last?.maximumForce, 0, "no pressure axis: no force")
        XCTAssertEqual(view.touches.last?.force, 0)
        display.input.route(
            TabletToolEvent.cancellingLiftsBeforeRemoval(in: [
                tool(.tipUp, x: 0.4, tipDown: false), tool(.proximityOut, x: 0.4, tipDown: false),
                .deviceRemoved(info),
            ]))
        XCTAssertEqual(view.take(), ["began 40,50", "cancelled 40,50"])
    }

    /// A session pause cancels a stroke; afterwards the pen comes back as a new device.
    func testASessionPauseCancelsTheStroke() async throws {
        let screen = connect(width: 100, height: 100)
        let view = recordingWindow(on: screen)
        display.penDown(at: CGPoint(x: 10, y: 10), on: screen)
        display.input.suspend()
        try display.input.resume()
        display.penMove(at: CGPoint(x: 20, y: 10), on: screen)
        display.penDown(at: CGPoint(x: 30, y: 10), on: screen)
        XCTAssertEqual(view.take(), ["began 10,10", "cancelled 10,10", "began 30,10"])
    }
}
