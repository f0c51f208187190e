import InputModel

/// Where a seat's input events come from: libinput on real hardware
/// (`LibinputEventSource`), synthetic devices on the headless display
/// (`HeadlessInputDevices`). Both hand `SeatInput` the same event values, so
/// every event takes the same routing path.
@MainActor
package protocol InputEventSource: AnyObject {
    /// Applies a touch device's calibration matrix to its later coordinates (as
    /// libinput_device_config_calibration_set_matrix does).
    /// - Throws: when the device takes no calibration (not an absolute device).
    func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: InputDeviceID) throws
    /// The matrix in effect for a device (a pen's lean turns with it); nil for an unknown device.
    func calibrationMatrix(for device: InputDeviceID) -> CalibrationMatrix?
    /// Releases the devices for a session pause; the events say which went away.
    func suspend() -> [InputEvent]
    /// Takes the devices back; the events add them again.
    func resume() throws -> [InputEvent]
    /// Stops for good (the display shuts down).
    func close()
}
