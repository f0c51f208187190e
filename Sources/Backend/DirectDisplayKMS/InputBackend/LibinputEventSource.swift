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

    /// Whether the seat's devices were looked for (`startSeat()`).
    private var seatStarted = false

    /// Makes libinput's context for `seat`, reading its fd whenever readable; the
    /// seat's devices are opened by `startSeat()`.
    init(seat: String, opener: any DeviceOpener, loop: EventLoop) throws {
        context = try InputContext(seat: seat, opener: opener, assigningSeat: false)
        watch = try loop.watch(context.fd, name: "libinput (\(seat))") { [weak self] in self?.dispatch() }
    }

    /// Opens the seat's devices (once) and delivers what libinput found.
    func startSeat() {
        guard !seatStarted else { return }
        seatStarted = true
        do {
            try context.assignSeat()
        } catch {
            StderrLog.error("no input devices: \(error)")
        }
        dispatch()
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
