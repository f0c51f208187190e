import CSystemd
import Glibc
import SystemPackage

/// systemd's file-descriptor store: a service (`FileDescriptorStoreMax=` ≥ 1 in its
/// unit) hands descriptors to the service manager (sd_notify `FDSTORE=1`), which
/// keeps them open after the process ends and passes them to the next start of the
/// service (`LISTEN_FDS`, `LISTEN_FDNAMES`) until it is told to drop them
/// (`FDSTOREREMOVE=1`). A card descriptor kept there keeps the card's framebuffers,
/// so the last frame stays on screen between two runs of a kiosk app.
package enum DescriptorStore {
    /// Whether a service manager listens (NOTIFY_SOCKET is set): only then can a
    /// descriptor be kept.
    package static var isAvailable: Bool { getenv("NOTIFY_SOCKET") != nil }

    /// Hands `fd` to the store under `name` (letters, digits, `-`, `_`, `.`; no `:`).
    /// - Throws: the errno of the notification; `.noSuchFileOrDirectory` when no
    ///   service manager listens.
    package static func keep(_ fd: Int32, name: String) throws(Errno) {
        var descriptors = [fd]
        let result = sd_pid_notify_with_fds(0, 0, "FDSTORE=1\nFDNAME=\(name)", &descriptors, 1)
        if result < 0 { throw Errno(rawValue: -result) }
        if result == 0 { throw .noSuchFileOrDirectory }
    }

    /// Tells the store to close and forget the descriptors under `name`.
    package static func remove(name: String) {
        _ = sd_notify(0, "FDSTOREREMOVE=1\nFDNAME=\(name)")
    }

    /// The descriptors passed to this process (`LISTEN_FDS` for this pid) whose names
    /// start with `prefix`, by name. The environment is left as it is: other
    /// descriptors there (sockets) are the app's.
    package static func inherited(prefix: String) -> [(name: String, fd: Int32)] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(0, &names)
        guard count > 0, let names else { return [] }
        defer {
            for index in 0..<Int(count) { free(names[index]) }
            free(names)
        }
        var found: [(name: String, fd: Int32)] = []
        for index in 0..<Int(count) {
            guard let pointer = names[index] else { continue }
            let name = String(cString: pointer)
            if name.hasPrefix(prefix) { found.append((name, SD_LISTEN_FDS_START + Int32(index))) }
        }
        return found
    }
}
