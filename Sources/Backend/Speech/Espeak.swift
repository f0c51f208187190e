import CEspeakNG
import Foundation

/// espeak-ng, opened at run time: speaks to the default sound device, or renders
/// samples for a caller. The library keeps one global state, so the process has one
/// `Espeak`, initialised for the first output asked for; every call goes through its lock.
package final class Espeak: @unchecked Sendable {
    package enum Output: Sendable {
        /// Played on the default sound device by espeak-ng's own thread.
        case soundDevice
        /// Rendered into memory (`samples(for:)`).
        case samples
    }

    /// Why espeak-ng cannot be used here.
    package enum Failure: Error, CustomStringConvertible, Equatable {
        case libraryMissing
        case noSoundDevice
        case initializationFailed(Output)
        case alreadyInitialized(for: Output)

        package var description: String {
            switch self {
            case .libraryMissing: "libespeak-ng.so.1 is not installed (apt-get install libespeak-ng1)"
            case .noSoundDevice: "no sound device (no playback device in /dev/snd, no PulseAudio or PipeWire socket)"
            case .initializationFailed(.soundDevice): "espeak-ng found no sound device"
            case .initializationFailed: "espeak-ng did not start (its data in /usr/share/espeak-ng-data?)"
            case .alreadyInitialized(let output): "espeak-ng already serves \(output) in this process"
            }
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: Espeak?
    nonisolated(unsafe) private static var rendered: [Int16] = []

    private var library: dd_espeak_library
    package let output: Output
    /// Samples per second of what it renders.
    package let sampleRate: Int

    /// The process's espeak-ng for `output` (made on the first call).
    package static func open(for output: Output) throws(Failure) -> Espeak {
        lock.lock()
        defer { lock.unlock() }
        if let shared {
            guard shared.output == output else { throw .alreadyInitialized(for: shared.output) }
            return shared
        }
        var library = dd_espeak_library()
        guard dd_espeak_open(&library) != 0 else { throw .libraryMissing }
        // Without a device espeak-ng starts anyway and ALSA complains at every phrase: checked first.
        if output == .soundDevice, !SoundDevices.canPlay() { throw .noSoundDevice }
        let mode = output == .soundDevice ? AUDIO_OUTPUT_PLAYBACK : AUDIO_OUTPUT_SYNCHRONOUS
        let rate = library.initialize(mode, 200, nil, 0)
        guard rate > 0 else { throw .initializationFailed(output) }
        if output == .samples { library.set_synth_callback(collectSamples) }
        let espeak = Espeak(library: library, output: output, sampleRate: Int(rate))
        shared = espeak
        return espeak
    }

    private init(library: dd_espeak_library, output: Output, sampleRate: Int) {
        self.library = library
        self.output = output
        self.sampleRate = sampleRate
    }

    /// Speaks `text` after stopping what is being spoken (`.soundDevice`).
    package func speak(_ text: String) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        _ = library.cancel()
        synthesize(text)
    }

    package func stop() {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        _ = library.cancel()
    }

    /// `text` as 16-bit mono samples at `sampleRate` (`.samples`).
    package func samples(for text: String) -> [Int16] {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        Self.rendered = []
        synthesize(text)
        _ = library.synchronize()
        defer { Self.rendered = [] }
        return Self.rendered
    }

    /// The voice of a language ("en", "de", "fr-fr"); false when espeak-ng has none.
    @discardableResult
    package func setLanguage(_ language: String) -> Bool {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return language.withCString { library.set_voice_by_name($0) } == EE_OK
    }

    /// Words per minute (80…450; 175 is espeak-ng's normal).
    package func setRate(wordsPerMinute: Int) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        _ = library.set_parameter(espeakRATE, Int32(min(max(wordsPerMinute, 80), 450)), 0)
    }

    /// Under the lock.
    private func synthesize(_ text: String) {
        var utf8 = Array(text.utf8CString)
        _ = library.synth(&utf8, utf8.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
    }
}

/// espeak-ng's synthesis callback in `.samples` mode: called on the synthesizing
/// thread, under `Espeak`'s lock.
private func collectSamples(
    _ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    if let samples, count > 0 {
        Espeak.appendRendered(UnsafeBufferPointer(start: samples, count: Int(count)))
    }
    return 0
}

extension Espeak {
    fileprivate static func appendRendered(_ samples: UnsafeBufferPointer<Int16>) {
        rendered.append(contentsOf: samples)
    }
}
