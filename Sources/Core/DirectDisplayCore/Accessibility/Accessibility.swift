import Foundation

/// The accessibility notifications, the speech the screen reader uses and whether it
/// runs, as UIKit's `UIAccessibility`.
@MainActor public enum Accessibility {
    /// What changed on screen, posted with `post(notification:argument:)`.
    public struct Notification: Hashable, Sendable {
        let kind: Int
        /// A new screen: the reader focuses the argument (a view or element), else the
        /// first element, and speaks it.
        public static let screenChanged = Notification(kind: 0)
        /// Some elements came or went: the reader reads the screen again and focuses the
        /// argument if one is given.
        public static let layoutChanged = Notification(kind: 1)
        /// The argument, a `String`, is spoken.
        public static let announcement = Notification(kind: 2)
    }

    /// Tells the screen reader what changed (nothing happens while it is off), as `UIAccessibility.post`.
    public static func post(notification: Notification, argument: Any?) {
        ScreenReader.shared.handle(notification, argument: argument)
    }

    /// Whether the screen reader runs (`Application.isScreenReaderEnabled`), as `UIAccessibility.isVoiceOverRunning`.
    public static var isVoiceOverRunning: Bool { ScreenReader.shared.isRunning }

    /// Where the focus outline shows, in screen coordinates (nil: hidden); for tests.
    package static var focusOutlineFrame: CGRect? { ScreenReader.shared.outline.shownFrame }

    /// Posted (object nil) when the screen reader starts or stops.
    public nonisolated static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name(
        "DirectDisplay.Accessibility.voiceOverStatusDidChange")

    /// Where the screen reader's phrases go. `Application.run` of the DirectDisplay
    /// product sets the system's speech (speech-dispatcher, else espeak-ng) unless one
    /// was set; tests set a `RecordingSpeechOutput`. Setting one stops the previous.
    public static var speechOutput: any SpeechOutput {
        get { speechOutputStorage }
        set {
            speechOutputStorage.stopSpeaking()
            speechOutputStorage = newValue
            speechOutputWasSet = true
        }
    }

    private static var speechOutputStorage: any SpeechOutput = SilentSpeechOutput()
    /// Back to the silent default (the application forgot everything, between tests).
    static func resetSpeechOutput() {
        speechOutputStorage = SilentSpeechOutput()
        speechOutputWasSet = false
    }

    /// Whether an app or test chose the speech (the product then leaves it alone).
    package private(set) static var speechOutputWasSet = false
}

/// Where spoken phrases go: a speech synthesizer, or a test's recorder. Speaking a
/// phrase interrupts the one being spoken.
@MainActor public protocol SpeechOutput: AnyObject {
    /// Speaks `text`, stopping what is being spoken; returns at once.
    func speak(_ text: String)
    /// Stops speaking.
    func stopSpeaking()
}

/// Keeps what would have been spoken, for tests (an app's and the library's).
@MainActor public final class RecordingSpeechOutput: SpeechOutput {
    /// Every phrase, in order.
    public private(set) var spokenPhrases: [String] = []
    /// How many times speech was stopped.
    public private(set) var stopCount = 0

    public init() {}

    public func speak(_ text: String) { spokenPhrases.append(text) }
    public func stopSpeaking() { stopCount += 1 }
}

/// Speaks nothing; says once that it does (a machine without speech).
@MainActor package final class SilentSpeechOutput: SpeechOutput {
    private var reported = false
    private let reason: String

    package init(reason: String = "no speech output is set") { self.reason = reason }

    package func speak(_ text: String) {
        guard !reported else { return }
        reported = true
        StderrLog.info("the screen reader is silent: \(reason)")
    }

    package func stopSpeaking() {}
}

extension Application {
    /// Whether the built-in screen reader runs (default: `DIRECTDISPLAY_SCREEN_READER=1`).
    /// While it runs touches explore the screen and speak instead of reaching the app
    /// (see docs/accessibility.md).
    public var isScreenReaderEnabled: Bool {
        get { ScreenReader.shared.isRunning }
        set { ScreenReader.shared.isRunning = newValue }
    }

    /// Whether three fingers held still on a touchscreen for a second turn the screen
    /// reader on and off (default false: an opt-in for kiosks whose users cannot reach a setting).
    public var togglesScreenReaderWithThreeFingerLongPress: Bool {
        get { ScreenReader.shared.shortcut.isEnabled }
        set { ScreenReader.shared.shortcut.isEnabled = newValue }
    }
}
