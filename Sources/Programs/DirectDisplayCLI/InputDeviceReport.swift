import Foundation
import Input
import InputModel

/// What `direct-display info` prints about one input device of the seat: what it
/// is, and for a touchscreen or pen display which screen it drives and why (WL_OUTPUT, the only
/// screen, or nothing), as a display started now would decide without API bindings.
struct InputDeviceReport: Codable {
    let name: String
    let sysname: String
    let capabilities: [String]
    let outputProperty: String?
    let widthMillimeters: Double?
    let heightMillimeters: Double?
    /// libinput's calibration matrix (a, b, c, d, e, f), for devices that have one.
    let calibration: [Float]?
    /// For touch devices and pens: the connector it drives, nil when none.
    let screen: String?
    /// For touch devices and pens: why it drives that screen or none.
    let routing: String?

    /// The devices of `seat` now, with the touch routing against `connectedScreens`.
    /// - Throws: when libinput cannot start on the seat.
    static func all(seat: String, connectedScreens: [String]) throws -> [InputDeviceReport] {
        let context = try InputContext(seat: seat)
        defer { context.close() }
        _ = context.dispatch()
        return context.presentDevices.map { info in
            InputDeviceReport(info: info, context: context, connectedScreens: connectedScreens)
        }
    }

    private init(info: InputDeviceInfo, context: InputContext, connectedScreens: [String]) {
        name = info.name
        sysname = info.sysname
        capabilities = [
            (InputDeviceCapabilities.keyboard, "keyboard"), (.pointer, "pointer"), (.touch, "touch"),
            (.tabletTool, "pen"),
        ]
        .filter { info.capabilities.contains($0.0) }.map(\.1)
        outputProperty = info.outputName
        widthMillimeters = info.sizeMillimetres?.width
        heightMillimeters = info.sizeMillimetres?.height
        calibration = context.hasCalibrationMatrix(info.id) ? context.calibrationMatrix(info.id)?.values : nil
        guard !info.capabilities.isDisjoint(with: [.touch, .tabletTool]) else {
            screen = nil
            routing = nil
            return
        }
        let choice = TouchScreenRule.screen(
            outputProperty: info.outputName, binding: nil, connectedScreens: connectedScreens)
        screen = choice.screen
        routing =
            switch choice {
            case .outputProperty(let name): "WL_OUTPUT names \(name)"
            case .onlyScreen(let name): "\(name) is the only screen"
            case .waitingForOutput(let name): "WL_OUTPUT names \(name), which is not connected"
            case .ambiguous(let count):
                "\(count) screens and no WL_OUTPUT: the app must bind it (SeatInput.bind(device:to:))"
            case .noScreen: "no screen is connected"
            case .binding(let name), .waitingForBinding(let name): "bound to \(name)"
            }
    }

    var text: String {
        var line = "  \(sysname) \"\(name)\": \(capabilities.joined(separator: ", "))"
        if let widthMillimeters, let heightMillimeters {
            line += String(format: ", %.0fx%.0f mm", widthMillimeters, heightMillimeters)
        }
        if let calibration, calibration != CalibrationMatrix.identity.values {
            line += ", calibration \(CalibrationMatrix(calibration))"
        }
        if let routing { line += "; drives \(screen ?? "nothing"): \(routing)" }
        return line
    }
}
