import Glibc

/// The demo's `--capture` directory: checked before the display starts (without
/// creating anything, so a run that finds no display leaves nothing behind), made
/// once the screens are up.
enum CaptureDirectory {
    /// What to do about any problem below.
    private static let remedy = "name a directory you can write to for --capture"

    /// Why `path` could not be made a writable directory, or nil when it looks
    /// possible: it is one, or its nearest existing parent is a writable directory.
    static func problem(_ path: String) -> String? {
        guard !path.isEmpty else { return "the --capture directory's name is empty; \(remedy)" }
        var existing = path
        var missing = false
        var status = stat()
        while stat(existing, &status) != 0 {
            let number = errno
            let next = parent(of: existing)
            guard number == ENOENT || number == ENOTDIR, next != existing else {
                return "cannot create \(path): \(existing): \(errorText(number)); \(remedy)"
            }
            missing = true
            existing = next
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return existing == path
                ? "\(path) exists and is not a directory; \(remedy)"
                : "cannot create \(path): \(existing) is not a directory; \(remedy)"
        }
        guard access(existing, W_OK | X_OK) == 0 else {
            let reason = errorText(errno)
            return missing
                ? "cannot create \(path): \(existing): \(reason); \(remedy)"
                : "cannot write to \(path): \(reason); \(remedy)"
        }
        return nil
    }

    /// Makes `path` and its missing parents (mkdir -p); a one-line reason on failure.
    static func create(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? component : "/" + component
            if mkdir(prefix, 0o777) != 0 {
                let number = errno
                var status = stat()
                guard number == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    return "cannot create \(path): \(prefix): \(errorText(number)); \(remedy)"
                }
            }
        }
        return nil
    }

    /// "a/b" → "a", "/a" → "/", "a" → ".".
    private static func parent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path != "/" ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
