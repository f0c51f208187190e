import Glibc
import Synchronization

/// The launch's timeline on standard error when `DIRECTDISPLAY_TRACE_START` is set
/// (docs/benchmarks.md, Start and stop): one line per phase on the way to the first
/// frame (and, at a signal or `exit`, each step of the shutdown),
/// "direct-display: start: +MS ms (+DELTA) PHASE", in milliseconds since the
/// process was started (exec; the kernel counts it in 10 ms ticks) and since the
/// phase before. Off, a mark costs one load and a branch.
package enum StartTrace {
    /// Set to anything but empty, `0`, `false` or `no` (any case).
    package static let isOn: Bool = {
        guard let value = getenv("DIRECTDISPLAY_TRACE_START") else { return false }
        return !["", "0", "false", "no"].contains(String(cString: value).lowercased())
    }()

    /// When the process started, in CLOCK_BOOTTIME seconds (/proc/self/stat's field 22),
    /// and the last mark's time. Locked: a thread making the GL context marks too.
    private static let times = Mutex<(started: Double?, last: Double?)>((nil, nil))

    /// Writes `phase` with its time (the first mark also gives exec to this moment).
    package static func mark(_ phase: @autoclosure () -> String) {
        guard isOn else { return }
        let (start, now, last) = times.withLock { times in
            let now = bootSeconds()
            let start = times.started ?? processStart() ?? now
            let last = times.last
            times = (start, now)
            return (start, now, last)
        }
        let delta = last.map { " (+\(milliseconds(now - $0)))" } ?? ""
        let line = "direct-display: start: +\(milliseconds(now - start)) ms\(delta) \(phase())\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(Int((seconds * 1000).rounded()))
    }

    private static func bootSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }

    /// The process's start time from /proc/self/stat (after the command's closing parenthesis: field 22).
    private static func processStart() -> Double? {
        guard let file = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Field 3 (state) is fields[0]: field 22 is fields[19].
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
