import CSpeechd
import Foundation

/// A connection to speech-dispatcher's daemon (libspeechd, opened at run time).
/// Not started when it does not run: `init` fails and the caller uses espeak-ng.
package final class SpeechDispatcher: @unchecked Sendable {
    private var library: dd_speechd_library
    private let connection: UnsafeMutablePointer<SPDConnection>

    /// Connects to a running daemon; nil when libspeechd is missing or no daemon answers.
    package init?(clientName: String) {
        var library = dd_speechd_library()
        guard dd_speechd_open(&library) != 0 else { return nil }
        var error: UnsafeMutablePointer<CChar>?
        // No autospawn: a kiosk without the daemon falls back to espeak-ng at once.
        guard let connection = library.open2(clientName, "main", nil, SPD_MODE_SINGLE, nil, 0, &error) else {
            free(error)
            return nil
        }
        self.library = library
        self.connection = connection
    }

    deinit {
        let (library, connection) = (library, connection)
        withoutSIGPIPE { library.close(connection) }
    }

    /// Speaks `text`, interrupting what is being said; false when the daemon went away.
    package func speak(_ text: String) -> Bool {
        withoutSIGPIPE {
            _ = library.cancel(connection)
            return library.say(connection, SPD_TEXT, text) >= 0
        }
    }

    package func stop() { withoutSIGPIPE { _ = library.cancel(connection) } }

    package func setLanguage(_ language: String) {
        withoutSIGPIPE { _ = library.set_language(connection, language) }
    }

    /// -100 (slowest) … 100 (fastest); 0 is the daemon's normal.
    package func setRate(_ rate: Int) {
        withoutSIGPIPE { _ = library.set_voice_rate(connection, Int32(min(max(rate, -100), 100))) }
    }
}

/// Runs `body` with SIGPIPE blocked on this thread, and drops one it raised: libspeechd
/// writes to the daemon's socket, and a write after the daemon went away would end the
/// whole process (SIGPIPE's default) instead of failing with EPIPE, which `speak` reports.
private func withoutSIGPIPE<T>(_ body: () -> T) -> T {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    return body()
}
