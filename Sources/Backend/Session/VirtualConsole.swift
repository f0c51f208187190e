import CVirtualTerminal
import Glibc
import SystemPackage

/// The virtual console (VT) the app runs on: its display mode (text or graphics)
/// and keyboard mode as found at start, so they can be put back on exit.
///
/// While the app draws, the VT must be in graphics mode (KD_GRAPHICS: the kernel
/// stops drawing its text console over our frames) with its keyboard off (K_OFF:
/// keys reach libinput only, not the shell behind the app). A seat manager does
/// that for its client; without one the app does it through ``takeOver()``. On
/// exit the mode found at start comes back (a seat manager restores K_UNICODE,
/// which is not always what was there).
package final class VirtualConsole {
    /// The VT's device, e.g. "/dev/tty1".
    package let path: String
    /// Its number (1 for tty1).
    package let number: Int
    /// KD_TEXT or KD_GRAPHICS, as found when opened (``restore()`` always gives KD_TEXT).
    package let savedMode: Int32
    /// K_XLATE, K_UNICODE, K_RAW, K_MEDIUMRAW or K_OFF, as found when opened.
    package let savedKeyboardMode: Int32
    private var fd: Int32

    /// Opens the VT given (a path such as /dev/tty2), else the one on standard
    /// input if that is a VT, else the foreground VT (/sys/class/tty/tty0/active).
    /// Nil when there is none or it cannot be opened (not its owner, no VTs).
    package static func current(path: String? = nil) -> VirtualConsole? {
        if let path { return VirtualConsole(path: path) }
        if let name = ttyname(0).map({ String(cString: $0) }), let console = VirtualConsole(path: name) {
            return console
        }
        guard let active = readFile("/sys/class/tty/tty0/active")?.split(whereSeparator: \.isWhitespace).first
        else { return nil }
        return VirtualConsole(path: "/dev/\(active)")
    }

    /// Opens `path` if it is a VT (KDGETMODE works on it).
    package init?(path: String) {
        guard let number = Self.number(of: path) else { return nil }
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var mode: Int32 = 0
        var keyboard: Int32 = 0
        guard dd_vt_get_mode(fd, &mode) == 0, dd_vt_get_keyboard_mode(fd, &keyboard) == 0 else {
            close(fd)
            return nil
        }
        self.path = path
        self.number = number
        self.fd = fd
        savedMode = mode
        savedKeyboardMode = keyboard
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The display mode now (KD_TEXT or KD_GRAPHICS); nil if it cannot be read.
    package var mode: Int32? {
        var mode: Int32 = 0
        return dd_vt_get_mode(fd, &mode) == 0 ? mode : nil
    }

    /// The keyboard mode now (e.g. K_OFF); nil if it cannot be read.
    package var keyboardMode: Int32? {
        var mode: Int32 = 0
        return dd_vt_get_keyboard_mode(fd, &mode) == 0 ? mode : nil
    }

    /// Puts the VT into graphics mode with its keyboard off, for an app that opens
    /// its devices without a seat manager.
    /// - Throws: the errno of the ioctl that failed (EPERM when not allowed).
    package func takeOver() throws(VirtualConsoleError) {
        guard dd_vt_set_mode(fd, Int32(KD_GRAPHICS)) == 0 else { throw .init(path, "KDSETMODE KD_GRAPHICS") }
        guard dd_vt_set_keyboard_mode(fd, Int32(K_OFF)) == 0 else { throw .init(path, "KDSKBMODE K_OFF") }
    }

    /// Puts back the display and keyboard modes found at start. A VT found in
    /// graphics mode or with its keyboard off (left so by a crashed program) gets a
    /// text console and K_UNICODE instead: never leave a console unusable. Returns
    /// the failures (there is nothing else to do about them than to say so).
    /// `keepingGraphicsMode` leaves the VT in graphics mode (its keyboard back): the
    /// fbdev console would otherwise redraw over a frame left on screen.
    @discardableResult
    package func restore(keepingGraphicsMode: Bool = false) -> [VirtualConsoleError] {
        var failures: [VirtualConsoleError] = []
        let keyboard = savedKeyboardMode == Int32(K_OFF) ? Int32(K_UNICODE) : savedKeyboardMode
        if dd_vt_set_keyboard_mode(fd, keyboard) != 0 {
            failures.append(.init(path, "KDSKBMODE \(keyboard)"))
        }
        if !keepingGraphicsMode, dd_vt_set_mode(fd, Int32(KD_TEXT)) != 0 {
            failures.append(.init(path, "KDSETMODE KD_TEXT"))
        }
        return failures
    }

    /// Puts a VT back to a text console by hand (after a crash left it in graphics
    /// mode with its keyboard off): KD_TEXT, `keyboardMode` (K_UNICODE by default),
    /// automatic switching.
    package static func forceText(path: String, keyboardMode: Int32 = Int32(K_UNICODE)) throws(VirtualConsoleError) {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .init(path, "open") }
        defer { close(fd) }
        guard dd_vt_set_auto_switching(fd) == 0 else { throw .init(path, "VT_SETMODE VT_AUTO") }
        guard dd_vt_set_keyboard_mode(fd, keyboardMode) == 0 else { throw .init(path, "KDSKBMODE") }
        guard dd_vt_set_mode(fd, Int32(KD_TEXT)) == 0 else { throw .init(path, "KDSETMODE KD_TEXT") }
    }

    /// The foreground VT's number (VT_GETSTATE on /dev/tty0); nil without VTs or access.
    package static func foregroundNumber() -> Int? {
        let fd = open("/dev/tty0", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var state = vt_stat()
        return dd_vt_get_state(fd, &state) == 0 ? Int(state.v_active) : nil
    }

    /// Switches the foreground VT (VT_ACTIVATE on /dev/tty0, as chvt does); root only.
    /// Returns at once: a VT in process-switching mode switches once its owner agrees.
    package static func activate(_ number: Int) throws(VirtualConsoleError) {
        let fd = open("/dev/tty0", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .init("/dev/tty0", "open") }
        defer { close(fd) }
        guard dd_vt_activate(fd, Int32(number)) == 0 else { throw .init("/dev/tty0", "VT_ACTIVATE \(number)") }
    }

    /// "/dev/tty3" → 3; nil for anything that is not a numbered VT.
    static func number(of path: String) -> Int? {
        guard path.hasPrefix("/dev/tty"), let number = Int(path.dropFirst("/dev/tty".count)), number > 0 else {
            return nil
        }
        return number
    }

    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A VT ioctl that failed, with the VT, the request and errno.
package struct VirtualConsoleError: Error, Sendable, CustomStringConvertible {
    package let path: String
    package let request: String
    package let errno: Errno

    /// By default with the errno the failed call just left.
    init(_ path: String, _ request: String, _ errno: Errno = Errno(rawValue: Glibc.errno)) {
        self.path = path
        self.request = request
        self.errno = errno
    }

    package var description: String { "\(path): \(request) failed: \(errno)" }
}
