import CSeat
import DeviceAccess
import Dispatch
import Glibc
import Scheduling
import SystemPackage

/// A seat opened through libseat: the one owner of its `struct libseat`. It opens
/// the DRM cards and input devices for the app (so the app need not be root),
/// and tells when the session becomes inactive (the user switched to another
/// virtual console) and active again.
///
/// libseat picks its back end: seatd (its socket), systemd-logind (D-Bus), or an
/// embedded seatd for a root process; `LIBSEAT_BACKEND` names one. Whichever it
/// is, the seat manager puts the VT into graphics mode with its keyboard off, and
/// back on close. Serve ``fd`` from the event loop with ``dispatch()``.
package final class SeatSession: DeviceOpener {
    /// The seat's name, e.g. "seat0" (libseat_seat_name).
    package private(set) var seatName = ""
    /// The back end libseat chose ("seatd", "logind", "builtin"), from its log.
    package private(set) var backend = ""
    package private(set) var isSessionActive = false
    package var sessionActivityChanged: (@MainActor (Bool) -> Void)?
    /// seatd and logind make our DRM fds master and drop it on a switch: the app must not.
    package var managesDRMMaster: Bool { true }

    private var handle: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    /// libseat's device id of every descriptor it opened for us.
    private var deviceIDs: [Int32: Int32] = [:]
    /// Our descriptors of input (evdev) devices: see ``closeDevice(fileDescriptor:)``.
    private var inputDescriptors: Set<Int32> = []
    /// Set by ``beginEnding()``.
    private var isEnding = false

    /// Opens the seat (libseat_open_seat) and waits up to `timeout` seconds for it
    /// to become active (libseat_dispatch): devices can only be opened then.
    /// - Throws: ``SessionError`` saying why: no seat manager could open a seat, or
    ///   the seat stayed inactive (another session holds it, or this VT is not in front).
    package init(activationTimeout timeout: Double = 5) throws(SessionError) {
        SeatLog.install()
        listener = .allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(enable_seat: enableSeat, disable_seat: disableSeat))
        SeatLog.openedBackend = nil
        SeatLog.lastError = nil
        SeatLog.holdErrors()
        // The listener's user data is this object, unretained: it outlives its seat.
        let seat = withTerminalSignalsBlocked {
            libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque())
        }
        SeatLog.releaseErrors(print: seat == nil)
        guard let opened = seat else {
            let code = Errno(rawValue: errno)
            listener.deallocate()
            throw .noSeat(reason: SeatLog.lastError ?? code.description)
        }
        handle = opened
        let name = libseat_seat_name(opened).map { String(cString: $0) } ?? "seat0"
        let chosen = SeatLog.openedBackend ?? "unknown"
        seatName = name
        backend = chosen
        let deadline = monotonicSeconds() + min(finiteTimeout(timeout), 3600)
        while !isSessionActive {
            let remaining = deadline - monotonicSeconds()
            guard remaining > 0 else {
                close()
                throw .inactive(seat: name, backend: chosen)
            }
            if libseat_dispatch(opened, pollTimeoutMilliseconds(remaining)) < 0, errno != EINTR {
                let code = Errno(rawValue: errno)
                close()
                throw .dispatchFailed(errno: code)
            }
        }
    }

    deinit { close() }

    /// libseat's descriptor: readable when the seat manager has something for us.
    package var fd: Int32 {
        guard let handle else { return -1 }
        return libseat_get_fd(handle)
    }

    /// Handles what the seat manager sent (libseat_dispatch without waiting): the
    /// enable and disable callbacks run from here.
    /// - Throws: ``SessionError/dispatchFailed(errno:)`` when the connection to the
    ///   seat manager failed (it went away).
    package func dispatch() throws(SessionError) {
        guard let handle else { return }
        if libseat_dispatch(handle, 0) < 0 { throw .dispatchFailed(errno: Errno(rawValue: errno)) }
    }

    /// libseat_open_device. The seat manager chooses the flags (read-write,
    /// non-blocking, close-on-exec) and, for a DRM card, makes the fd master.
    package func openDevice(path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        guard let handle else {
            throw DeviceOpenError(path: path, errno: .badFileDescriptor, detail: "the seat is closed")
        }
        var fd: Int32 = -1
        let id = libseat_open_device(handle, path, &fd)
        guard id >= 0, fd >= 0 else {
            throw DeviceOpenError(path: path, errno: Errno(rawValue: errno), detail: "libseat (\(backend)) refused it")
        }
        deviceIDs[fd] = id
        if path.hasPrefix("/dev/input/") { inputDescriptors.insert(fd) }
        // The seat manager picks its own open flags; the caller's non-blocking wish
        // (libinput's, ours for DRM) is kept, or a read with nothing queued would hang.
        if flags & O_NONBLOCK != 0 {
            let current = fcntl(fd, F_GETFL)
            guard current >= 0, fcntl(fd, F_SETFL, current | O_NONBLOCK) == 0 else {
                let failure = Errno(rawValue: errno)
                closeDevice(fileDescriptor: fd)
                throw DeviceOpenError(path: path, errno: failure, detail: "making it non-blocking (fcntl)")
            }
        }
        return fd
    }

    /// libseat_close_device (the seat manager revokes and closes its copy), then
    /// close(2) of our descriptor, the last one. After ``beginEnding()`` an input
    /// device's close(2) runs on a background thread: the kernel's release of an
    /// evdev client waits out two RCU grace periods (evdev_release; about 40 ms in
    /// the VM, whatever the device), and so overlaps the rest of the exit (the
    /// seat manager putting the VT back in text mode) instead of adding to it.
    package func closeDevice(fileDescriptor: Int32) {
        if let handle, let id = deviceIDs.removeValue(forKey: fileDescriptor) {
            Self.check(libseat_close_device(handle, id), "libseat_close_device of \(fileDescriptor)")
        }
        if inputDescriptors.remove(fileDescriptor) != nil, isEnding {
            // Marked: whether the release ends before the exit, which would wait for it.
            DispatchQueue.global(qos: .userInitiated).async {
                StartTrace.mark("shutdown: descriptor \(fileDescriptor) being closed (a thread)")
                _ = Glibc.close(fileDescriptor)
                StartTrace.mark("shutdown: descriptor \(fileDescriptor) closed (a thread)")
            }
        } else {
            Glibc.close(fileDescriptor)
        }
    }

    /// For the end of the session, before its devices close: input devices' last
    /// close goes to a background thread from now on (see
    /// ``closeDevice(fileDescriptor:)``). A process that exits while one runs
    /// waits for it, so every device is released all the same. Not for a pause
    /// (a VT switch), where the devices are reopened.
    package func beginEnding() {
        isEnding = true
    }

    /// Asks the seat manager to switch to session (VT) `number` (libseat_switch_session):
    /// the keyboard is off on our VT, so Ctrl+Alt+Fn comes to us and is passed on here.
    package func switchSession(to number: Int) throws(SessionError) {
        guard let handle else { return }
        guard libseat_switch_session(handle, Int32(number)) == 0 else {
            throw .switchFailed(number, errno: Errno(rawValue: errno))
        }
    }

    /// Closes the seat (libseat_close_seat): the seat manager gives the VT back to
    /// text mode. Close the devices first. Safe to call more than once.
    package func close() {
        guard let seat = handle else { return }
        handle = nil
        for (fd, id) in deviceIDs {
            Self.check(libseat_close_device(seat, id), "libseat_close_device of \(fd)")
            Glibc.close(fd)
        }
        deviceIDs = [:]
        inputDescriptors = []
        Self.check(libseat_close_seat(seat), "libseat_close_seat")
        isSessionActive = false
        listener.deallocate()
    }

    fileprivate func enabled() {
        isSessionActive = true
        guard let handler = sessionActivityChanged else { return }
        MainActor.assumeIsolated { handler(true) }
    }

    /// Stops using the devices (the handler suspends the display), then acknowledges
    /// (libseat_disable_seat), as the seat manager requires before it switches.
    fileprivate func disabled() {
        isSessionActive = false
        if let handler = sessionActivityChanged { MainActor.assumeIsolated { handler(false) } }
        if let handle { Self.check(libseat_disable_seat(handle), "libseat_disable_seat") }
    }

    /// A release or acknowledgement the seat manager refused: nothing is left to
    /// undo here, but the log says so (a switch that then never happens, a device
    /// it still counts as open).
    private static func check(_ result: Int32, _ call: String) {
        guard result < 0 else { return }
        SeatLog.record("\(call) failed: \(Errno(rawValue: errno))", isError: true)
    }
}

/// Runs `body` with SIGINT, SIGHUP and SIGTERM blocked in this thread. libseat's
/// embedded seatd is a child forked inside libseat_open_seat, in our process group
/// and cgroup: Ctrl-C or a hangup on the console, `timeout`, and systemd's default
/// KillMode=control-group signal every process there, and a child that took the
/// signal would end the session first, so every restore of the CRTCs was refused
/// (EACCES). A forked child keeps the blocked mask, so only the app sees them and
/// ends the session itself; the child ends when its client goes (SessionTests
/// checks it does, also after SIGKILL to the app).
private func withTerminalSignalsBlocked<T>(_ body: () -> T) -> T {
    var terminalSignals = sigset_t()
    sigemptyset(&terminalSignals)
    sigaddset(&terminalSignals, SIGINT)
    sigaddset(&terminalSignals, SIGHUP)
    sigaddset(&terminalSignals, SIGTERM)
    var previous = sigset_t()
    let blocked = pthread_sigmask(SIG_BLOCK, &terminalSignals, &previous) == 0
    defer { if blocked { pthread_sigmask(SIG_SETMASK, &previous, nil) } }
    return body()
}

/// libseat's enable_seat callback.
private func enableSeat(_ seat: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    guard let userData else { return }
    Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue().enabled()
}

/// libseat's disable_seat callback.
private func disableSeat(_ seat: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    guard let userData else { return }
    Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue().disabled()
}

/// Why a seat could not be had.
package enum SessionError: Error, Sendable, CustomStringConvertible {
    /// No back end could open a seat (no seatd socket, no logind, not root for the embedded one).
    case noSeat(reason: String)
    /// The seat opened but did not become active: another session holds it, or its VT is not in front.
    case inactive(seat: String, backend: String)
    case dispatchFailed(errno: Errno)
    case switchFailed(Int, errno: Errno)

    package var description: String {
        switch self {
        case .noSeat(let reason):
            "no seat manager could open a seat (\(reason)); start seatd, or run under systemd-logind, or as root"
        case .inactive(let seat, let backend):
            "\(seat) (libseat back end \(backend)) stayed inactive: another session holds it, or this virtual console is not in front"
        case .dispatchFailed(let errno): "libseat_dispatch failed: \(errno)"
        case .switchFailed(let number, let errno): "switching to session \(number) failed: \(errno)"
        }
    }
}
