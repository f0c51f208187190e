import CVirtualTerminal
import Foundation
import Session
import TestSupport
import VirtualInput
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// seatd run by a test: its socket owned by `nobody`, so an unprivileged app may
/// use it. Stopped (and its socket gone) before the next test, since libseat
/// tries seatd first and the other tests use the embedded one.
final class SeatdDaemon {
    static let socket = "/run/seatd.sock"
    private let process: ChildProcess

    init() throws {
        try? FileManager.default.removeItem(atPath: Self.socket)
        process = try ChildProcess("/usr/sbin/seatd", ["-u", "nobody", "-g", "nogroup", "-l", "info"])
        let deadline = Date().addingTimeInterval(10)
        // seatd says nothing when its socket is ready: the socket is polled for.
        while !FileManager.default.fileExists(atPath: Self.socket) {
            guard Date() < deadline, !process.hasExited else {
                throw HardwareTestError("seatd did not start: \(process.text)")
            }
            usleep(10_000)
        }
    }

    var log: String { process.text }

    func stop() {
        process.signal(SIGTERM)
        _ = process.waitForExit(timeout: 5)
        try? FileManager.default.removeItem(atPath: Self.socket)
    }
}

/// The app as a session on a virtual console: libseat opens its devices, its VT is
/// in graphics mode with the keyboard off while it runs, a VT switch pauses and
/// resumes it, and signals give the console back.
final class SessionTests: KMSDisplayTestCase {
    private let timeout = 20.0

    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        Application.shared.reset()
        guard VirtualConsole.foregroundNumber() == 1 else { throw HardwareTestError("tty1 is not in front") }
    }

    override func tearDown() async throws {
        try await super.tearDown()
        unsetenv("LIBSEAT_BACKEND")
        if VirtualConsole.foregroundNumber() != 1 { try? VirtualConsole.activate(1) }
    }

    private func tty1() throws -> VirtualConsole {
        try XCTUnwrap(VirtualConsole(path: "/dev/tty1"), "/dev/tty1 is a VT")
    }

    /// As root with no seat manager running, libseat's embedded seatd takes the VT.
    func testAsRootWithoutASeatManagerTheEmbeddedOneTakesTheConsole() async throws {
        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        let seat = try XCTUnwrap(display.opener as? SeatSession)
        XCTAssertEqual(seat.backend, "builtin")
        XCTAssertEqual(try tty1().mode, Int32(KD_GRAPHICS))
        XCTAssertEqual(try tty1().keyboardMode, Int32(K_OFF))
        display.shutdown()
        XCTAssertEqual(try tty1().mode, Int32(KD_TEXT), "text mode after shutdown")
        XCTAssertNotEqual(try tty1().keyboardMode, Int32(K_OFF), "keyboard back after shutdown")
    }

    /// seatd with the app on tty1: `chvt 2` pauses it (no frames while away), a head
    /// unplugged meanwhile is reported on return, and `chvt 1` redraws what it showed.
    func testSwitchingAwayAndBackPausesRedrawsAndReportsWhatChanged() async throws {
        let seatd = try SeatdDaemon()
        defer {
            closeDisplay()  // the seat closes before seatd goes
            seatd.stop()
        }
        setenv("LIBSEAT_BACKEND", "seatd", 1)
        let display = try KMSDisplay()
        Application.shared.display = display
        self.display = display
        recordScreenNotifications()
        let seat = try XCTUnwrap(display.opener as? SeatSession)
        XCTAssertEqual(seat.backend, "seatd")
        let gpuOutputs = HardwareEnvironment.gpuOutputs
        var plugged: Screen?
        if gpuOutputs >= 2 {
            let plug = try HostHeadRequest.send("plug 1 800 600")
            try display.waitFor("head 1 plugged (\(HostHeadRequest.response(plug) ?? "no answer"))", timeout: 15) {
                display.screens.contains { $0.nativeBounds.width == 800 }
            }
            plugged = display.screens.first { $0.nativeBounds.width == 800 }
        }
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0.5, blue: 1, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        let before = try display.capture(screen)
        try save(before, "session-before-switch")

        // Ctrl+Alt+F2: the VT's keyboard is off, so the app asks the seat manager to switch.
        let keyboard = try UinputDevice.keyboard(name: "DirectDisplay switching keyboard")
        defer { keyboard.unplug() }
        try display.waitFor("the keyboard", timeout: timeout) { display.input.deviceNames.contains(keyboard.name) }
        for (code, pressed) in [(29, true), (56, true), (60, true), (60, false), (56, false), (29, false)] {
            try keyboard.key(Int32(code), pressed: pressed)
        }
        try display.waitFor("the session to pause", timeout: timeout) { display.isSuspended }
        XCTAssertEqual(VirtualConsole.foregroundNumber(), 2)
        screenEvents = []
        if let plugged {
            let unplug = try HostHeadRequest.send("unplug 1")
            try display.waitFor("the unplug to be held", timeout: 15) { !display.heldDeviceEvents.isEmpty }
            XCTAssertTrue(plugged.isConnected, "nothing changes while away: \(HostHeadRequest.response(unplug) ?? "")")
        }
        let presented = display.presentedFrameNumber(of: screen)
        window.setNeedsDisplay()  // a change while away waits
        XCTAssertThrowsError(
            try display.waitFor("a frame while away", timeout: 1) {
                display.presentedFrameNumber(of: screen) != presented
            },
            "no commits while the session is away")
        // A writeback capture is a commit too: refused before it reaches the kernel
        // (which would answer EACCES: seatd has taken master).
        XCTAssertThrowsError(try display.capture(screen), "no capture while away") { error in
            guard case KMSDisplayError.suspended = error else {
                return XCTFail("refused as suspended, not by the kernel: \(error)")
            }
        }

        try VirtualConsole.activate(1)
        try display.waitFor("the session to resume", timeout: timeout) { !display.isSuspended }
        if let plugged {
            XCTAssertEqual(screenEvents, ["disconnect \(plugged.name)"], "the unplug is reported on return")
        }
        try display.waitForPresentation(of: screen)
        XCTAssertNotEqual(display.presentedFrameNumber(of: screen), presented, "redrawn on return")
        let after = try display.capture(screen)
        try save(after, "session-after-switch")
        XCTAssertEqual(after.pixels.map(rgb), before.pixels.map(rgb), "the screen shows what it showed before")
    }

    /// A flip whose event never comes (a driver that loses it) is given up after its
    /// deadline and the screen is modeset again with the latest frame: never frozen.
    func testAFlipWhoseEventNeverComesIsGivenUpAndTheScreenRecovers() async throws {
        let display = try KMSDisplay(cardAccess: faults.card)
        Application.shared.display = display
        self.display = display
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        window.isHidden = false
        try display.waitForPresentation(of: screen)
        faults.dropsFlipEvents = true
        window.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        display.flush()
        try display.waitFor("the lost flip to be given up", timeout: 5) { display.lostFlipCount(of: screen) == 1 }
        faults.dropsFlipEvents = false
        try display.waitForPresentation(of: screen)
        XCTAssertEqual(rgb(try display.capture(screen).rawPixel(x: 20, y: 20)), 0xFF00FF, "the latest frame is shown")
        XCTAssertEqual(display.lostFlipCount(of: screen), 1)
    }

    /// kill -9 leaves no stuck DRM master (the kernel drops it with the process), and
    /// the next start lights the screen. Through libseat's embedded seatd (round 1)
    /// the seat manager outlives the app for a moment and gives the console back
    /// itself; with the devices opened directly (round 2, DIRECTDISPLAY_SESSION=direct)
    /// nobody can, and `direct-display restore-console` does it by hand.
    func testAfterKill9TheNextStartWorksAndTheConsoleComesBack() async throws {
        for round in 1...2 {
            let session = round == 1 ? "libseat" : "direct"
            let demo = try ChildProcess(
                "/usr/bin/env",
                ["DIRECTDISPLAY_SESSION=\(session)", ChildProcess.directDisplayPath, "demo", "--seconds", "60"])
            XCTAssertTrue(
                demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
                demo.text)
            XCTAssertEqual(try tty1().mode, Int32(KD_GRAPHICS), "round \(round): graphics mode while the demo runs")
            demo.signal(SIGKILL)
            XCTAssertEqual(demo.waitForExit(timeout: 10), 128 + SIGKILL)
            if round == 1 {
                XCTAssertTrue(
                    try waitForTTY1(mode: Int32(KD_TEXT), keyboardMode: Int32(K_UNICODE)),
                    "the embedded seatd gives the console back when the app dies")
                let display = try KMSDisplay()
                Application.shared.display = display
                self.display = display
                let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
                let window = Window(screen: screen)
                window.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
                window.isHidden = false
                try display.waitForPresentation(of: screen)
                XCTAssertEqual(rgb(try display.capture(screen).rawPixel(x: 9, y: 9)), 0xFFFF00, "the restart draws")
                closeDisplay()
            } else {
                XCTAssertEqual(try tty1().mode, Int32(KD_GRAPHICS), "a killed process cannot give the console back")
                XCTAssertEqual(try tty1().keyboardMode, Int32(K_OFF))
                let restore = try ChildProcess(ChildProcess.directDisplayPath, ["restore-console", "/dev/tty1"])
                XCTAssertEqual(restore.waitForExit(timeout: 10), 0, restore.text)
            }
            XCTAssertEqual(try tty1().mode, Int32(KD_TEXT), "round \(round): text mode again")
            XCTAssertEqual(try tty1().keyboardMode, Int32(K_UNICODE), "round \(round): the keyboard is on again")
        }
    }

    /// Waits until tty1 is in `mode` with `keyboardMode`; false after `timeout` seconds.
    private func waitForTTY1(mode: Int32, keyboardMode: Int32, timeout: TimeInterval = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while try tty1().mode != mode || tty1().keyboardMode != keyboardMode {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    /// The demo as `nobody` (not root, in no video or input group) through seatd:
    /// the VT is in graphics mode with its keyboard off, keys reach the demo and not
    /// the VT, and SIGTERM and SIGHUP give back text mode and the keyboard mode found.
    func testTheDemoRunsUnprivilegedAndSignalsGiveTheConsoleBack() async throws {
        closeDisplay()
        let seatd = try SeatdDaemon()
        defer { seatd.stop() }
        // As login does for the user of a VT; and a mode that seatd would not restore by itself.
        XCTAssertEqual(chown("/dev/tty1", 65534, 5), 0)
        defer { chown("/dev/tty1", 0, 5) }
        withTTY { XCTAssertEqual(dd_vt_set_keyboard_mode($0, Int32(K_XLATE)), 0) }
        defer { withTTY { _ = dd_vt_set_keyboard_mode($0, Int32(K_UNICODE)) } }
        let keyboard = try UinputDevice.keyboard(name: "DirectDisplay session keyboard")
        defer { keyboard.unplug() }

        // The check below can fail: with the keyboard on, typed keys wait in the VT's input.
        try withRawTTY {
            try type(keyboard, [30])
            XCTAssertTrue(waitForPendingInput(atLeast: 1), "a key typed on a text VT reaches its tty")
        }

        for signal in [SIGTERM, SIGHUP] {
            // Run as from a login on tty1: tty1 is its controlling terminal and standard input.
            let demo = try ChildProcess(
                "/bin/sh",
                [
                    "-c",
                    "exec </dev/tty1; exec setsid --ctty setpriv --reuid=nobody --regid=nogroup --clear-groups"
                        + " env LIBSEAT_BACKEND=seatd HOME=/tmp '\(ChildProcess.directDisplayPath)' demo --seconds 60",
                ])
            XCTAssertTrue(
                demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
                "demo start: \(demo.text)")
            XCTAssertTrue(demo.text.contains("libseat's seatd back end"), demo.text)
            XCTAssertEqual(try tty1().mode, Int32(KD_GRAPHICS), "graphics mode while the demo runs")
            XCTAssertEqual(try tty1().keyboardMode, Int32(K_OFF), "the VT's keyboard is off while the demo runs")
            XCTAssertTrue(
                demo.waitForOutput(containing: keyboard.name, timeout: timeout),
                "the demo sees the keyboard: \(demo.text)")
            try withRawTTY {
                try type(keyboard, [35, 23])  // h i
                XCTAssertTrue(demo.waitForOutput(containing: "demo: typed \"hi\"", timeout: timeout), demo.text)
                XCTAssertFalse(waitForPendingInput(atLeast: 1, timeout: 0.5), "no key reached the VT behind the demo")
            }

            demo.signal(signal)
            XCTAssertEqual(demo.waitForExit(timeout: 15), 128 + signal, "the demo ends on \(signal): \(demo.text)")
            XCTAssertEqual(try tty1().mode, Int32(KD_TEXT), "text mode after signal \(signal)")
            XCTAssertEqual(
                try tty1().keyboardMode, Int32(K_XLATE), "the keyboard mode found is back after \(signal): \(demo.text)"
            )
        }
    }

    /// Ctrl-C on the console signals the whole foreground process group, and so do
    /// `timeout` (SIGTERM to its group) and systemd's default KillMode=control-group
    /// (SIGTERM to every process of the unit): the embedded seatd that libseat forks
    /// gets the signal too. The app must still be the one that ends the session:
    /// CRTCs restored while it is DRM master, then the seat closed, so the VT comes
    /// back in text mode with its keyboard, nothing is refused on the way out, and
    /// the embedded seatd ends with the app.
    func testSignalsToTheWholeProcessGroupGiveTheConsoleBack() async throws {
        closeDisplay()
        let command = "env LIBSEAT_BACKEND=builtin HOME=/tmp '\(ChildProcess.directDisplayPath)' demo --seconds 60"
        for signal in [SIGINT, SIGTERM] {
            let demo = try ChildProcess("/bin/sh", ["-c", "exec </dev/tty1; exec setsid --ctty \(command)"])
            XCTAssertTrue(
                demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
                demo.text)
            XCTAssertEqual(try tty1().mode, Int32(KD_GRAPHICS), "graphics mode while the demo runs")
            let seatd = childProcesses(of: demo.processID)
            XCTAssertFalse(seatd.isEmpty, "libseat's builtin back end forks its seatd")
            // As the terminal does for Ctrl-C: the signal goes to the group (setsid made the demo its leader).
            demo.signalGroup(signal)
            XCTAssertEqual(demo.waitForExit(timeout: 15), 128 + signal, "the demo ends on \(signal): \(demo.text)")
            XCTAssertEqual(try tty1().mode, Int32(KD_TEXT), "text mode after signal \(signal): \(demo.text)")
            XCTAssertEqual(try tty1().keyboardMode, Int32(K_UNICODE), "the keyboard is on after signal \(signal)")
            for refusal in ["Permission denied", "direct-display: error", "libseat_close"] {
                XCTAssertFalse(demo.text.contains(refusal), "nothing refused on signal \(signal): \(demo.text)")
            }
            XCTAssertTrue(processesEnd(seatd), "the embedded seatd ends with the app (signal \(signal))")
        }
    }

    /// The children of `pid` (from /proc: the task's `children` list).
    private func childProcesses(of pid: pid_t) -> [pid_t] {
        let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return list.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Waits until none of `pids` runs (reaped or a zombie); false after `timeout` seconds.
    private func processesEnd(_ pids: [pid_t], timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while pids.contains(where: isRunning) {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// Runs `body` with a fresh descriptor of /dev/tty1 (a session ending hangs up the old ones).
    @discardableResult
    private func withTTY<T>(_ body: (Int32) throws -> T) rethrows -> T {
        let fd = open("/dev/tty1", O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        return try body(fd)
    }

    /// Runs `body` with tty1 held open (input to a tty nobody has open is dropped),
    /// non-canonical (FIONREAD then counts bytes before a newline too) and its
    /// input flushed first.
    private func withRawTTY(_ body: () throws -> Void) throws {
        let fd = open("/dev/tty1", O_RDWR | O_NOCTTY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var saved = termios()
        XCTAssertEqual(tcgetattr(fd, &saved), 0)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        XCTAssertEqual(tcsetattr(fd, TCSANOW, &raw), 0)
        defer { tcsetattr(fd, TCSANOW, &saved) }
        _ = dd_tty_flush_input(fd)
        try body()
    }

    private func type(_ keyboard: UinputDevice, _ codes: [Int32]) throws {
        for code in codes {
            try keyboard.key(code, pressed: true)
            try keyboard.key(code, pressed: false)
        }
    }

    /// Waits until the VT holds at least `count` bytes of typed input (FIONREAD).
    private func waitForPendingInput(atLeast count: Int32, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var pending: Int32 = 0
            if withTTY({ dd_tty_pending_input($0, &pending) }) == 0, pending >= count { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }
}
