import Foundation

/// The library's log lines on standard error ("direct-display: …"), each naming
/// what it is about: the KMS and input back ends and `Application.run` share it.
enum StderrLog {
    static func info(_ line: String) { FileHandle.standardError.write(Data("direct-display: \(line)\n".utf8)) }
    static func error(_ line: String) { FileHandle.standardError.write(Data("direct-display: error: \(line)\n".utf8)) }
}
