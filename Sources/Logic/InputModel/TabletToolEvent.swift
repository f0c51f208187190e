import Foundation

/// A tablet tool's event (libinput's LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY, _TIP
/// and _AXIS): a pen on a pen display (Wacom ISDv4, eGalax and other panels the
/// kernel reports as tablets) or on a drawing tablet. One tool is near a tablet
/// at a time; each event carries every axis the tool has, as it is now.
public struct TabletToolEvent: Sendable, Hashable {
    /// What changed.
    package enum Change: Sendable, Hashable {
        /// The tool came within the sensor's range (hovering, tip up).
        case proximityIn
        /// The tool left the range. libinput lifts the tip first (a ``tipUp`` comes before).
        case proximityOut
        /// The tip touched the surface.
        case tipDown
        /// The tip left the surface.
        case tipUp
        /// Position, pressure or tilt changed, the tip staying as it was (``TabletToolEvent/isTipDown``).
        case axis
        /// The tip stopped touching without a lift of the pen: the device went away
        /// mid-stroke (libinput reports that as a tip up right before the device's removal).
        case tipCancelled
    }

    /// The kind of tool (libinput_tablet_tool_get_type).
    package enum Tool: Sendable, Hashable {
        case pen, eraser, brush, pencil, airbrush, mouse, lens, totem
    }

    package let device: InputDeviceID
    package let change: Change
    package let tool: Tool
    /// 0…1 across the tablet's range, with the calibration matrix applied on pen
    /// displays (libinput_event_tablet_tool_get_x_transformed and _y_ with a size
    /// of 1), as ``TouchPointEvent/x``.
    package let x: Double
    package let y: Double
    /// Whether the tip touches the surface after this event (libinput_event_tablet_tool_get_tip_state).
    package let isTipDown: Bool
    /// 0…1 (libinput_event_tablet_tool_get_pressure); nil for a tool without a pressure
    /// axis, and for a NaN or infinite reading (the touch keeps the force it had).
    package let pressure: Double?
    /// The tool's lean; nil for a tool without tilt axes, and for a NaN or infinite
    /// reading (taken as upright), so no angle made from it is ever NaN.
    package let tilt: PenTilt?
    package let timeMicroseconds: UInt64

    package init(
        device: InputDeviceID, change: Change, tool: Tool = .pen, x: Double, y: Double, isTipDown: Bool,
        pressure: Double?, tilt: PenTilt?, timeMicroseconds: UInt64
    ) {
        self.device = device
        self.change = change
        self.tool = tool
        self.x = x
        self.y = y
        self.isTipDown = isTipDown
        // Non-finite readings go no further than the event (as pointer motion's, in PointerLayout).
        self.pressure = pressure?.isFinite == true ? pressure : nil
        self.tilt = tilt.flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil }
        self.timeMicroseconds = timeMicroseconds
    }

    /// The same event with another change (e.g. a lift turned into a cancel).
    package func with(change: Change) -> TabletToolEvent {
        TabletToolEvent(
            device: device, change: change, tool: tool, x: x, y: y, isTipDown: isTipDown, pressure: pressure,
            tilt: tilt, timeMicroseconds: timeMicroseconds)
    }

    /// libinput reports a tablet going away (unplugged mid-stroke, or its session
    /// paused) as an ordinary lift and proximity out right before the device's
    /// removal. A lift followed by nothing but the tool's proximity out and then its
    /// device's removal, in one batch of events, becomes ``Change/tipCancelled``, so
    /// a pen's stroke is cancelled as a finger's is.
    package static func cancellingLiftsBeforeRemoval(in events: [InputEvent]) -> [InputEvent] {
        var result = events
        for index in result.indices {
            guard case .deviceRemoved(let info) = result[index] else { continue }
            var earlier = index - 1
            while earlier >= 0, case .tabletTool(let event) = result[earlier], event.device == info.id {
                if event.change == .tipUp {
                    result[earlier] = .tabletTool(event.with(change: .tipCancelled))
                    break
                }
                guard event.change == .proximityOut else { break }
                earlier -= 1
            }
        }
        return result
    }
}

/// How far a pen leans: libinput's tilt, in degrees off the perpendicular along the
/// tablet's x and y axes (libinput_event_tablet_tool_get_tilt_x and _y). Positive x
/// leans the top of the pen towards the tablet's right, positive y towards its bottom.
package struct PenTilt: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The pen upright.
    package static let upright = PenTilt(x: 0, y: 0)

    /// The direction the pen's top leans, on the tablet in millimetres: the pen
    /// points along (tan x, tan y, 1) above the surface.
    var lean: (x: Double, y: Double) { (tan(x * .pi / 180), tan(y * .pi / 180)) }

    /// The angle between the pen and the surface, in radians, as UIKit's
    /// `altitudeAngle`: π/2 upright, towards 0 as it lies down.
    package var altitude: Double {
        let lean = lean
        return atan2(1, (lean.x * lean.x + lean.y * lean.y).squareRoot())
    }

    /// Which way the pen's top leans on a screen, in radians clockwise from the
    /// screen's x axis (y grows downwards), 0…2π, as UIKit's `azimuthAngle(in:)`; 0 when upright.
    ///
    /// The lean is a direction on the tablet in millimetres. It goes to the
    /// tablet's normalised 0…1 range (by `deviceSize`; unknown, the panel's aspect
    /// is taken, as a pen display's is), through the linear part of the calibration
    /// matrix libinput applied to the position, and onto the screen as
    /// ``TouchPointMapping/screenPoint(x:y:size:rotation:)`` maps points.
    package func azimuth(
        deviceSize: PhysicalSize?, calibration: CalibrationMatrix, screenSize: ScreenSize, rotation: ScreenRotation
    ) -> Double {
        let lean = lean
        let panel =
            rotation.swapsAxes
            ? (width: screenSize.height, height: screenSize.width)
            : (width: screenSize.width, height: screenSize.height)
        let extent = deviceSize.map { (width: $0.width, height: $0.height) } ?? panel
        guard extent.width > 0, extent.height > 0 else { return 0 }
        let normalised = (x: lean.x / extent.width, y: lean.y / extent.height)
        let m = calibration.values.map(Double.init)
        let calibrated = (x: m[0] * normalised.x + m[1] * normalised.y, y: m[3] * normalised.x + m[4] * normalised.y)
        let onScreen = TouchPointMapping.screenDirection(
            dx: calibrated.x, dy: calibrated.y, size: screenSize, rotation: rotation)
        guard onScreen.dx != 0 || onScreen.dy != 0, onScreen.dx.isFinite, onScreen.dy.isFinite else { return 0 }
        let angle = atan2(onScreen.dy, onScreen.dx)
        return angle < 0 ? angle + 2 * .pi : angle
    }
}
