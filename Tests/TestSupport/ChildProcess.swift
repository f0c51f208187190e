import Foundation
import Glibc

/// A program started by a test (posix_spawn), its output gathered by a reader
/// thread and its exit by a waitpid thread, so the test waits on conditions with
/// timeouts instead of sleeping. Foundation's Process is not used: it needs a
/// CFRunLoop wakeup socket that the VM's minimal userland may refuse.
package final class ChildProcess: @unchecked Sendable {
    private let pid: pid_t
    private let lock = NSCondition()
    private var output = ""
    private var status: Int32?
    /// The output pipe reached its end: every byte the process wrote is in `output`.
    private var outputEnded = false

    /// The `direct-display` binary built next to the test bundle.
    package static var directDisplayPath: String {
        if let path = ProcessInfo.processInfo.environment["DIRECTDISPLAY_CLI"] { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("direct-display").path
    }

    /// `descriptors` (this process's descriptor → the child's number) are passed on
    /// as well, as a service manager passes LISTEN_FDS.
    /// `environment`: variables set for the child on top of this process's.
    package init(
        _ path: String, _ arguments: [String], descriptors: [(Int32, Int32)] = [], environment: [String: String] = [:]
    ) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        // Close-on-exec (dup2 onto 1 and 2 clears it there), so a child spawned later does
        // not inherit this write end and hold the pipe open past this child's exit.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        for (ours, theirs) in descriptors { posix_spawn_file_actions_adddup2(&actions, ours, theirs) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            let name = String(cString: variable).prefix { $0 != "=" }
            if environment[String(name)] == nil { inherited.append(strdup(variable)) }
            entry += 1
        }
        let envp = inherited + environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(fds[1])
        guard result == 0 else {
            close(fds[0])
            throw POSIXError(.init(rawValue: result) ?? .EIO)
        }
        self.pid = pid
        let readEnd = fds[0]
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                lock.lock()
                output += String(decoding: buffer[0..<count], as: UTF8.self)
                lock.broadcast()
                lock.unlock()
            }
            close(readEnd)
            lock.lock()
            outputEnded = true
            lock.broadcast()
            lock.unlock()
        }
        Thread.detachNewThread { [self] in
            var raw: Int32 = 0
            while waitpid(self.pid, &raw, 0) < 0 && errno == EINTR {}
            lock.lock()
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
            status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            lock.broadcast()
            lock.unlock()
        }
    }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return output
    }

    /// Waits until the output so far meets `condition`; false on timeout.
    package func waitForOutput(containing condition: @escaping (String) -> Bool, timeout: TimeInterval) -> Bool {
        wait(timeout: timeout) { condition($0.output) }
    }

    /// Waits until the output contains `needle`; false on timeout.
    package func waitForOutput(containing needle: String, timeout: TimeInterval) -> Bool {
        wait(timeout: timeout) { $0.output.contains(needle) }
    }

    /// Waits for the exit status (128 + signal when killed) and for the rest of its
    /// output (the exit can be seen before the last bytes are read: a test that then
    /// reads `text` would miss them); nil on timeout, and then the process is killed.
    /// A process whose own child still holds the output open gets 2 s for it.
    package func waitForExit(timeout: TimeInterval) -> Int32? {
        if wait(timeout: timeout, until: { $0.status != nil }) {
            _ = wait(timeout: 2) { $0.outputEnded }
            return lockedStatus
        }
        kill(pid, SIGKILL)
        return nil
    }

    package func signal(_ number: Int32) { kill(pid, number) }

    /// Ends the process as a service manager does: SIGTERM, then SIGKILL when it
    /// has not exited within `grace` seconds (a daemon can hang in its own
    /// shutdown); returns once it has been reaped, or after 5 s more.
    @discardableResult
    package func terminate(grace: TimeInterval = 5) -> Int32? {
        if let status = lockedStatus { return status }
        kill(pid, SIGTERM)
        if let status = waitForExit(timeout: grace) { return status }
        return waitForExit(timeout: 5)
    }

    /// Signals the process's whole group, as a terminal does for Ctrl-C (the
    /// process must lead its group: started through `setsid`).
    package func signalGroup(_ number: Int32) { kill(-pid, number) }

    /// The process's id (for /proc).
    package var processID: pid_t { pid }

    /// Whether the process has exited (without waiting).
    package var hasExited: Bool { lockedStatus != nil }

    private var lockedStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    private func wait(timeout: TimeInterval, until condition: (ChildProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !condition(self) {
            if !lock.wait(until: deadline) { return condition(self) }
        }
        return true
    }

    deinit {
        if lockedStatus == nil { kill(pid, SIGKILL) }
    }
}
