import InputModel
import XCTest

/// NaN and infinite readings stop at the event values every input source makes,
/// as pointer motion's stop in PointerLayout: pen pressure and tilt, wheel clicks.
final class NonFiniteInputTests: XCTestCase {
    private func penEvent(pressure: Double?, tilt: PenTilt?) -> TabletToolEvent {
        TabletToolEvent(
            device: InputDeviceID(rawValue: 1), change: .axis, x: 0.5, y: 0.5, isTipDown: true, pressure: pressure,
            tilt: tilt, timeMicroseconds: 0)
    }

    func testNonFinitePenPressureIsNoReading() {
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertNil(penEvent(pressure: value, tilt: nil).pressure, "\(value)")
        }
        XCTAssertEqual(penEvent(pressure: 0.25, tilt: nil).pressure, 0.25)
        XCTAssertNil(penEvent(pressure: nil, tilt: nil).pressure)
    }

    func testNonFinitePenTiltIsNoReading() {
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertNil(penEvent(pressure: 0.5, tilt: PenTilt(x: value, y: 0)).tilt, "x \(value)")
            XCTAssertNil(penEvent(pressure: 0.5, tilt: PenTilt(x: 10, y: value)).tilt, "y \(value)")
        }
        XCTAssertEqual(penEvent(pressure: 0.5, tilt: PenTilt(x: 10, y: -20)).tilt, PenTilt(x: 10, y: -20))
        XCTAssertEqual(
            penEvent(pressure: 0.5, tilt: PenTilt(x: .nan, y: 0)).with(change: .tipUp).tilt, nil,
            "a changed copy stays clean")
    }

    func testNonFiniteScrollValuesAreNoChange() {
        for value in [Double.nan, .infinity, -.infinity] {
            let event = PointerScrollEvent(
                device: InputDeviceID(rawValue: 1), source: .wheel, vertical: value, horizontal: 15,
                verticalV120: value, horizontalV120: 120, timeMicroseconds: 0)
            XCTAssertNil(event.vertical, "\(value)")
            XCTAssertNil(event.verticalV120, "\(value)")
            XCTAssertEqual(event.horizontal, 15, "the finite axis stays")
            XCTAssertEqual(event.horizontalV120, 120)
        }
    }
}
