import ArgumentParser
import Demo
import DirectDisplay
import Foundation

/// `direct-display demo`: windows at three levels on the main screen, a white
/// placeholder window on every other screen, painting where touched, typed text in
/// the key window, PNG captures of what each screen scans out.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the demo windows on every screen, paint where touched, show typed text in the key window.",
        discussion: """
            Touches and mouse drags leave strokes in the main screen's normal window; every touchscreen \
            without a WL_OUTPUT udev property is bound to the main screen, so one touchscreen works with \
            several screens connected. Keys type into a line shown in the key window (which changes every \
            second): Backspace deletes the last character, Enter clears the line. stdout gets one line per \
            finished stroke ("demo: painted N points on SCREEN"), per key that changes the text \
            ("demo: typed "TEXT"") and per input device that comes or goes.
            """)

    @Option(help: "Write a PNG per screen here when its first frame is on screen and whenever it changes.")
    var capture: String?

    // Unconditional, so "--seconds -1" reaches validate() instead of reading as an option.
    @Option(parsing: .unconditional, help: "Exit cleanly after this many seconds (default: run until Ctrl-C).")
    var seconds: Double?

    @Flag(name: .customLong("no-glview"), help: "Leave out the spinning OpenGL ES triangle (no EGL context at all).")
    var noGLView = false

    @Option(
        help: """
            When the on-screen keyboard shows for the text field: automatic (the default, as the \
            library's: when the seat has no keyboard to type on), always or never.
            """)
    var keyboard: KeyboardChoice = .automatic

    /// `--keyboard`'s values: `Application.OnScreenKeyboardMode` by name.
    enum KeyboardChoice: String, ExpressibleByArgument, CaseIterable {
        case automatic, always, never

        var mode: Application.OnScreenKeyboardMode {
            switch self {
            case .automatic: .automatic
            case .always: .always
            case .never: .never
            }
        }
    }

    func validate() throws {
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ValidationError("--seconds must be a positive number of seconds, e.g. --seconds 5 (got \(seconds))")
        }
    }

    func run() throws {
        // Checked first but made only once the screens are up: no display, no directory.
        if let capture, let problem = CaptureDirectory.problem(capture) { throw failure(problem) }
        let capture = self.capture
        let seconds = self.seconds
        let showsGLView = !noGLView
        let keyboardMode = keyboard.mode
        MainActor.assumeIsolated {
            DemoScene.showsGLView = showsGLView
            Application.shared.onScreenKeyboard = keyboardMode
            Application.shared.run {
                if let capture, let problem = CaptureDirectory.create(capture) {
                    _ = failure(problem)
                    Application.shared.exit(1)
                }
                let demo = DemoScene(input: Application.shared.display?.input)
                demo.start()
                // Kept for the life of the process: its timer and observers die with it
                // (without --seconds nothing else held it, and the demo froze after its first frames).
                DemoScene.running = demo
                if let capture { ScanoutRecorder(directory: capture).start() }
                if let seconds {
                    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                        MainActor.assumeIsolated {
                            demo.stop()
                            Application.shared.exit(0)
                        }
                    }
                }
            }
        }
    }
}
