import CSeat
import Glibc

/// libseat's log, on stderr with our prefix: its errors, and the lines that say
/// which back end opened the seat or why one was skipped. The back end's name is
/// kept, since libseat has no call that tells it.
enum SeatLog {
    /// The back end named by the last "Seat opened with backend 'NAME'" line.
    nonisolated(unsafe) static var openedBackend: String?
    /// The last error line, for an error message when no seat opens.
    nonisolated(unsafe) static var lastError: String?
    /// While a seat opens, errors are held: those of back ends that were skipped
    /// (no logind session, say) are noise once another back end opened the seat.
    nonisolated(unsafe) static var heldErrors: [String]?
    nonisolated(unsafe) private static var installed = false

    /// Sets the handler and the level (info) once.
    static func install() {
        guard !installed else { return }
        installed = true
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_INFO)
        libseat_set_log_handler(handle)
    }

    /// Formats one line (vsnprintf) and passes on what matters.
    private static let handle: libseat_log_func = { level, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        SeatLog.record(line, isError: level == LIBSEAT_LOG_LEVEL_ERROR)
    }

    static func record(_ line: String, isError: Bool) {
        let opened = "Seat opened with backend '"
        if let range = line.firstRange(of: opened) {
            openedBackend = String(line[range.upperBound...].prefix { $0 != "'" })
        }
        if isError {
            lastError = line
            if heldErrors != nil {
                heldErrors?.append(line)
                return
            }
        }
        guard isError || line.contains(opened) || line.contains("Backend '") || line.contains("No backend") else {
            return
        }
        write(line)
    }

    /// Starts holding errors (a seat is about to open).
    static func holdErrors() { heldErrors = [] }

    /// Stops holding errors; prints them when the seat did not open.
    static func releaseErrors(print: Bool) {
        let held = heldErrors ?? []
        heldErrors = nil
        if print { for line in held { write(line) } }
    }

    private static func write(_ line: String) {
        let text = "direct-display: libseat: \(line)\n"
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
