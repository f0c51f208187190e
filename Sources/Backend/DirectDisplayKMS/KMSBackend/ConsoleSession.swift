import DeviceAccess
import DirectDisplayCore
import Foundation
import Scheduling
import Session

/// How the display reaches its devices and its virtual console: through a seat
/// manager (libseat: seatd, logind, or its embedded seatd as root), or directly
/// with open(2) when none can open a seat. Either way, while the app runs the VT
/// is in graphics mode with its keyboard off, and on `end()` it gets back the
/// modes it had.
///
/// `DisplayConfiguration.session` `.direct` skips libseat; `LIBSEAT_BACKEND` picks
/// libseat's back end.
@MainActor
final class ConsoleSession {
    let opener: any DeviceOpener
    private let seat: SeatSession?
    /// The VT found at start, its modes saved (nil when there is none we may open).
    private let console: VirtualConsole?
    private var watch: DescriptorWatch?
    private var ended = false
    /// The VT was put in graphics mode by the app itself (no seat manager).
    private var tookConsole = false

    /// The session for a display that was given its own opener: nothing of the VT is touched.
    init(opener: any DeviceOpener) {
        self.opener = opener
        seat = nil
        console = nil
    }

    /// Opens a seat through libseat, else opens devices directly and takes the VT itself.
    init(usesSeatManager: Bool) {
        // Opened first, so the modes saved are those from before the seat manager changed them.
        let console = VirtualConsole.current()
        self.console = console
        var seat: SeatSession?
        if usesSeatManager {
            do {
                let opened = try SeatSession()
                StderrLog.info(
                    "session: \(opened.seatName) through libseat's \(opened.backend) back end"
                        + (console.map { " on \($0.path)" } ?? ""))
                seat = opened
            } catch {
                StderrLog.info("session: \(error); opening devices directly")
            }
        }
        self.seat = seat
        if let seat {
            opener = seat
        } else {
            opener = DirectDeviceOpener()
            guard let console else {
                StderrLog.info("session: no virtual console of ours to put in graphics mode")
                return
            }
            do {
                try console.takeOver()
                tookConsole = true
                StderrLog.info("session: \(console.path) in graphics mode, its keyboard off")
            } catch {
                StderrLog.error("session: \(error)")
            }
        }
    }

    /// Serves the seat manager's messages (session switches) on `loop`.
    func attach(to loop: EventLoop) throws(EventLoopError) {
        guard let seat, watch == nil else { return }
        watch = try loop.watch(seat.fd, name: "libseat") { [weak seat] in
            do { try seat?.dispatch() } catch { StderrLog.error("session: \(error)") }
        }
    }

    /// Whether the opener can switch virtual consoles (a seat manager).
    var canSwitchConsoles: Bool { seat != nil }

    /// Asks the seat manager to switch to VT `number`.
    func switchConsole(to number: Int) {
        do {
            try opener.switchSession(to: number)
        } catch {
            StderrLog.error("session: \(error)")
        }
    }

    /// Why a frame cannot be left on screen after the process ends with this session
    /// (see `KMSDisplay.shutdown`); nil when it can: the app opened the devices
    /// itself and holds the VT in graphics mode, so nothing puts it back in text mode
    /// (a seat manager does at exit, and drops DRM master: the fbdev console redraws).
    var whyNoFrameOutlivesProcess: String? {
        if seat != nil { return "the seat manager (libseat) gives the console back at exit" }
        if !tookConsole { return "no virtual console of ours is held in graphics mode" }
        return nil
    }

    /// Says the session is ending: input devices closed from now on are released
    /// by the kernel on a background thread (`SeatSession.beginEnding()`). Call at
    /// shutdown only, never for a pause.
    func beginEnding() {
        seat?.beginEnding()
    }

    /// Closes the seat (its manager puts the VT back to text mode) and puts back the
    /// VT's modes found at start (with `keepingGraphicsMode`, its keyboard only: a frame
    /// is left on screen). Call after the devices are closed. Once only.
    func end(keepingGraphicsMode: Bool = false) {
        guard !ended else { return }
        ended = true
        watch?.cancel()
        watch = nil
        seat?.close()
        StartTrace.mark("shutdown: seat closed (libseat_close_seat)")
        for failure in console?.restore(keepingGraphicsMode: keepingGraphicsMode) ?? [] {
            StderrLog.error("restoring the console: \(failure)")
        }
    }
}
