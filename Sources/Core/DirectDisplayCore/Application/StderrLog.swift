import Foundation
import Synchronization

/// The library's log lines on standard error ("direct-display: …"), each naming
/// what it is about: the KMS and input back ends and `Application.run` share it.
package enum StderrLog {
    package static func info(_ line: String) { write("direct-display: \(line)") }
    package static func error(_ line: String) { write("direct-display: error: \(line)") }

    /// Test hook: while non-nil, every line is also kept here, for tests that check what was said.
    package static let kept = Mutex<[String]?>(nil)

    private static func write(_ line: String) {
        kept.withLock { $0?.append(line) }
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
