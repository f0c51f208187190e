import DeviceAccess
import DirectDisplayCore
import Input
import InputModel
import Scheduling

/// The real seat's input: libinput (udev back end) read on the display's event
/// loop, its events handed to `SeatInput` as values. Devices are opened through
/// the display's device opener (libinput's open_restricted).
@MainActor
final class LibinputEventSource: InputEventSource {
    private let context: InputContext
    private var watch: DescriptorWatch?
    /// Where the events go (the seat's routing).
    var deliver: ([InputEvent]) -> Void = { _ in }

    /// Opens `seat` through libinput; events are read whenever its fd is readable.
    init(seat: String, opener: any DeviceOpener, loop: EventLoop) throws {
        context = try InputContext(seat: seat, opener: opener)
        watch = try loop.watch(context.fd, name: "libinput (\(seat))") { [weak self] in self?.dispatch() }
    }

    /// Reads and delivers every queued libinput event.
    func dispatch() {
        let events = context.dispatch()
        if !events.isEmpty { deliver(events) }
    }

    func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: InputDeviceID) throws {
        try context.setCalibrationMatrix(matrix, for: device)
    }

    func calibrationMatrix(for device: InputDeviceID) -> CalibrationMatrix? { context.calibrationMatrix(device) }

    func suspend() -> [InputEvent] { context.suspend() }

    func resume() throws -> [InputEvent] { try context.resume() }

    /// Stops watching first, then closes libinput's fd with the context.
    func close() {
        watch?.cancel()
        watch = nil
        context.close()
    }
}
