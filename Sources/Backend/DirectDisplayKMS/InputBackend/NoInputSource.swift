import DirectDisplayCore
import InputModel

/// The seat when libinput could not start (the reason was logged): no devices,
/// no events; the screens run without input.
@MainActor
final class NoInputSource: InputEventSource {
    func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: InputDeviceID) throws {}
    func calibrationMatrix(for device: InputDeviceID) -> CalibrationMatrix? { nil }
    func suspend() -> [InputEvent] { [] }
    func resume() throws -> [InputEvent] { [] }
    func close() {}
}
