import ArgumentParser
import Foundation
import Glibc
import Session

/// Gives a virtual console its text mode and keyboard back by hand, after a
/// program that drew on it was killed (SIGKILL) or crashed before it could.
struct RestoreConsoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore-console",
        abstract: "Put a virtual console back to text mode with its keyboard on (after a crash or kill -9).",
        discussion: """
            Run it from another console or over ssh, as root (or as the console's owner, from that \
            console): `direct-display restore-console /dev/tty1`. It sets automatic VT switching, the \
            keyboard mode (unicode by default) and text mode.
            """)

    @Argument(help: "The console, e.g. /dev/tty1 (default: the one in front).")
    var tty: String?

    @Option(help: "Keyboard mode to set: unicode or xlate.")
    var keyboard: KeyboardMode = .unicode

    enum KeyboardMode: String, ExpressibleByArgument {
        case unicode, xlate
    }

    func run() throws {
        guard let path = tty ?? VirtualConsole.foregroundNumber().map({ "/dev/tty\($0)" }) else {
            throw failure("no virtual console in front (no /dev/tty0 access?); name one, e.g. /dev/tty1")
        }
        do {
            try VirtualConsole.forceText(path: path, keyboardMode: keyboard == .unicode ? 3 : 1)
        } catch {
            let remedy =
                switch error.errno {
                case .permissionDenied, .notPermitted: "run as root, or as the console's owner from that console"
                case .noSuchFileOrDirectory, .isDirectory, .inappropriateIOCTLForDevice, .invalidArgument:
                    "name a virtual console, e.g. /dev/tty1"
                default: "run as root and name a virtual console, e.g. /dev/tty1"
                }
            throw failure("\(error); \(remedy)")
        }
        print("\(path): text mode, keyboard \(keyboard.rawValue), automatic VT switching")
    }
}
