import ArgumentParser
import Foundation
import Glibc

/// Reports a command's failure the one way every command does: one line on
/// stderr, "direct-display: " and what is wrong and what to do, and exit status 1.
/// Usage errors (a missing or malformed argument) stay ArgumentParser's, status 64.
///
///     throw failure("\(path): the file is empty; …")
func failure(_ message: String) -> ExitCode {
    let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("direct-display: \(oneLine)\n".utf8))
    return ExitCode.failure
}

/// The text of an errno value, e.g. "No such file or directory".
func errorText(_ number: Int32) -> String {
    String(cString: strerror(number))
}
