import DirectDisplayCore
import Foundation
import Speech

/// The machine's voice for the screen reader: speech-dispatcher when its daemon
/// answers, else espeak-ng playing to the default sound device, else silence with
/// one log line. Phrases are spoken off the main thread (a frame never waits for
/// speech), in order, each interrupting the one before. `Application.run` sets one
/// as `Accessibility.speechOutput` unless the app chose its own.
@MainActor public final class SystemSpeechOutput: SpeechOutput {
    /// Speaking speed in words per minute (80…450; espeak-ng's normal is 175).
    public var wordsPerMinute: Int {
        didSet {
            let rate = wordsPerMinute
            let engine = self.engine
            worker.async { engine.setRate(wordsPerMinute: rate) }
        }
    }

    private let worker = DispatchQueue(label: "DirectDisplay.speech")
    private let engine: SpeechEngine

    /// A voice for `language` ("en", "de", "fr"; default: the locale's, from LANG).
    public init(language: String? = nil, wordsPerMinute: Int = 175) {
        self.wordsPerMinute = wordsPerMinute
        engine = SpeechEngine(language: language, wordsPerMinute: wordsPerMinute)
    }

    public func speak(_ text: String) {
        let engine = self.engine
        worker.async { engine.speak(text) }
    }

    public func stopSpeaking() {
        let engine = self.engine
        worker.async { engine.stop() }
    }
}

/// The chosen synthesizer; used on `SystemSpeechOutput`'s queue only.
private final class SpeechEngine: @unchecked Sendable {
    private enum Voice {
        case undecided
        case dispatcher(SpeechDispatcher)
        case espeak(Espeak)
        case silent
    }

    private var voice = Voice.undecided
    private let requestedLanguage: String?
    /// The locale's language is looked up at the first phrase, not when the app starts
    /// (`Application.run` makes this before the display opens: the first frame's path).
    private lazy var language: String = requestedLanguage ?? Locale.current.language.languageCode?.identifier ?? "en"
    private var wordsPerMinute: Int

    init(language: String?, wordsPerMinute: Int) {
        requestedLanguage = language
        self.wordsPerMinute = wordsPerMinute
    }

    func speak(_ text: String) {
        switch chosenVoice() {
        case .dispatcher(let dispatcher):
            guard dispatcher.speak(text) else {
                StderrLog.info("speech-dispatcher went away: speaking through espeak-ng")
                voice = espeakOrSilence()
                return speak(text)
            }
        case .espeak(let espeak):
            espeak.speak(text)
        case .undecided, .silent:
            break
        }
    }

    func stop() {
        switch voice {
        case .dispatcher(let dispatcher): dispatcher.stop()
        case .espeak(let espeak): espeak.stop()
        case .undecided, .silent: break
        }
    }

    func setRate(wordsPerMinute: Int) {
        self.wordsPerMinute = wordsPerMinute
        applyRate()
    }

    /// speech-dispatcher's -100…100 from words per minute (175 its normal, 0).
    private func applyRate() {
        switch voice {
        case .dispatcher(let dispatcher): dispatcher.setRate((wordsPerMinute - 175) * 100 / 275)
        case .espeak(let espeak): espeak.setRate(wordsPerMinute: wordsPerMinute)
        case .undecided, .silent: break
        }
    }

    private func chosenVoice() -> Voice {
        if case .undecided = voice {
            if let dispatcher = SpeechDispatcher(clientName: "direct-display") {
                dispatcher.setLanguage(language)
                voice = .dispatcher(dispatcher)
                applyRate()
            } else {
                voice = espeakOrSilence()
            }
        }
        return voice
    }

    private func espeakOrSilence() -> Voice {
        do {
            let espeak = try Espeak.open(for: .soundDevice)
            if !espeak.setLanguage(language) { espeak.setLanguage("en") }
            espeak.setRate(wordsPerMinute: wordsPerMinute)
            return .espeak(espeak)
        } catch {
            StderrLog.info("the screen reader is silent: no speech-dispatcher, and \(error)")
            return .silent
        }
    }
}
