import Foundation
import Glibc

/// A program run to its end by a test (posix_spawn, as ChildProcess does):
/// standard input from bytes, standard output and error gathered apart into files
/// (no pipe to fill up and block the child), the exit status.
package struct ProgramRun: Sendable {
    /// The exit status, or 128 + the signal that ended the program.
    package let status: Int32
    package let standardOutput: String
    package let standardError: String

    /// Standard error's lines, without empty ones.
    package var errorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Why a program could not be run to its end.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `path` with `arguments`; kills it and throws after `timeout` seconds.
    package static func run(
        _ path: String, _ arguments: [String], standardInput: [UInt8] = [], timeout: TimeInterval = 30
    )
        throws -> ProgramRun
    {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("program-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("stdin")
        let output = scratch.appendingPathComponent("stdout")
        let error = scratch.appendingPathComponent("stderr")
        try Data(standardInput).write(to: input)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, error.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard result == 0 else {
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(result)))")
        }

        let deadline = Date().addingTimeInterval(timeout)
        var raw: Int32 = 0
        while true {
            let waited = waitpid(pid, &raw, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR {
                throw Failure(description: "waitpid: \(String(cString: strerror(errno)))")
            }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &raw, 0)
                throw Failure(description: "\(path) \(arguments) still ran after \(timeout) s; killed")
            }
            usleep(5000)
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        let status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        return ProgramRun(
            status: status,
            standardOutput: String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self),
            standardError: String(decoding: (try? Data(contentsOf: error)) ?? Data(), as: UTF8.self))
    }

    /// A product SwiftPM built next to the running test bundle (`.build/debug/NAME`),
    /// or the path in `environmentVariable` when it is set; nil when there is no
    /// such executable.
    package static func builtProduct(_ name: String, environmentVariable: String? = nil) -> String? {
        if let variable = environmentVariable, let path = ProcessInfo.processInfo.environment[variable] {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let path = testBinary.deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
