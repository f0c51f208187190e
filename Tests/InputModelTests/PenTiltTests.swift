import InputModel
import XCTest

final class PenTiltTests: XCTestCase {
    func testAltitudeFromTilt() {
        XCTAssertEqual(PenTilt.upright.altitude, .pi / 2, accuracy: 1e-12, "upright")
        XCTAssertEqual(PenTilt(x: 45, y: 0).altitude, .pi / 4, accuracy: 1e-12)
        XCTAssertEqual(PenTilt(x: 0, y: -60).altitude, .pi / 6, accuracy: 1e-12, "the sign does not matter")
        // Both axes: the pen points along (tan 30°, tan 30°, 1).
        let lean = (2.0 / 3).squareRoot()
        XCTAssertEqual(PenTilt(x: 30, y: 30).altitude, atan2(1, lean), accuracy: 1e-12)
        XCTAssertEqual(PenTilt(x: 90, y: 0).altitude, 0, accuracy: 1e-12, "lying flat")
    }

    /// Which way the top leans, clockwise from the screen's x axis, on each rotation.
    func testAzimuthOnEveryRotation() {
        let wide = ScreenSize(width: 800, height: 480)
        let tall = ScreenSize(width: 480, height: 800)
        // (tilt, rotation, screen size, expected azimuth)
        let cases: [(PenTilt, ScreenRotation, ScreenSize, Double)] = [
            (PenTilt(x: 40, y: 0), .none, wide, 0),
            (PenTilt(x: 0, y: 40), .none, wide, .pi / 2),
            (PenTilt(x: -40, y: 0), .none, wide, .pi),
            (PenTilt(x: 0, y: -40), .none, wide, 3 * .pi / 2),
            (PenTilt(x: 30, y: 30), .none, wide, .pi / 4),
            // Content turned 90° clockwise: the panel's right is the content's up.
            (PenTilt(x: 40, y: 0), .clockwise90, tall, 3 * .pi / 2),
            (PenTilt(x: 0, y: 40), .clockwise90, tall, 0),
            (PenTilt(x: 40, y: 0), .clockwise180, wide, .pi),
            (PenTilt(x: 40, y: 0), .clockwise270, tall, .pi / 2),
            (PenTilt(x: 30, y: 30), .clockwise270, tall, 3 * .pi / 4),
        ]
        for (tilt, rotation, size, expected) in cases {
            let azimuth = tilt.azimuth(deviceSize: nil, calibration: .identity, screenSize: size, rotation: rotation)
            XCTAssertEqual(azimuth, expected, accuracy: 1e-9, "\(tilt) \(rotation)")
        }
        XCTAssertEqual(
            PenTilt.upright.azimuth(deviceSize: nil, calibration: .identity, screenSize: wide, rotation: .none), 0,
            "upright: 0")
    }

    /// The lean goes through the tablet's millimetres and the calibration, as the position does.
    func testAzimuthWithTheDeviceSizeAndCalibration() {
        let screen = ScreenSize(width: 800, height: 480)
        let diagonal = PenTilt(x: 30, y: 30)
        // A tablet of the screen's aspect keeps a diagonal lean diagonal...
        let sameAspect = PhysicalSize(width: 160, height: 96)
        XCTAssertEqual(
            diagonal.azimuth(deviceSize: sameAspect, calibration: .identity, screenSize: screen, rotation: .none),
            .pi / 4, accuracy: 1e-9)
        // ...a square tablet stretched over a wide screen flattens it.
        let square = PhysicalSize(width: 100, height: 100)
        XCTAssertEqual(
            diagonal.azimuth(deviceSize: square, calibration: .identity, screenSize: screen, rotation: .none),
            atan2(480, 800), accuracy: 1e-9)
        // A panel mounted turned (calibration rotated90 maps the device's x onto y).
        XCTAssertEqual(
            PenTilt(x: 40, y: 0).azimuth(
                deviceSize: sameAspect, calibration: .rotated90, screenSize: screen, rotation: .none),
            .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(
            PenTilt(x: 40, y: 0).azimuth(
                deviceSize: sameAspect, calibration: .rotated180, screenSize: screen, rotation: .none),
            .pi, accuracy: 1e-9)
    }

    /// A lift right before its tablet's removal is a cancel; other lifts stay lifts.
    func testLiftsBeforeTheDevicesRemovalBecomeCancels() {
        let pen = InputDeviceInfo(
            id: InputDeviceID(rawValue: 1), name: "pen", sysname: "event1", capabilities: .tabletTool,
            udevProperties: [:], sizeMillimetres: nil)
        let other = InputDeviceID(rawValue: 2)
        func tool(_ change: TabletToolEvent.Change, _ device: InputDeviceID = pen.id) -> InputEvent {
            .tabletTool(
                TabletToolEvent(
                    device: device, change: change, x: 0.5, y: 0.5, isTipDown: change == .tipDown, pressure: 0.3,
                    tilt: nil, timeMicroseconds: 7))
        }
        let key = InputEvent.keyboardKey(
            KeyboardKeyEvent(device: other, evdevCode: 30, isPressed: true, seatKeyCount: 1, timeMicroseconds: 7))

        XCTAssertEqual(
            TabletToolEvent.cancellingLiftsBeforeRemoval(in: [
                tool(.axis), tool(.tipUp), tool(.proximityOut), .deviceRemoved(pen),
            ]),
            [tool(.axis), tool(.tipCancelled), tool(.proximityOut), .deviceRemoved(pen)])
        let unchanged: [[InputEvent]] = [
            [tool(.tipUp), tool(.proximityOut)],
            [tool(.tipUp), key, .deviceRemoved(pen)],
            [tool(.tipUp, other), .deviceRemoved(pen)],
            [tool(.tipUp), tool(.proximityIn), .deviceRemoved(pen)],
        ]
        for events in unchanged {
            XCTAssertEqual(TabletToolEvent.cancellingLiftsBeforeRemoval(in: events), events)
        }
    }
}
