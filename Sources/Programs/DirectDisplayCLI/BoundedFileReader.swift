import Glibc

/// Reads a whole input file that must stay small (an EDID), refusing a large
/// one from its size before reading it, and any stream as soon as it passes
/// the limit, so a 100 MB file or /dev/zero is never read in full.
enum BoundedFileReader {
    /// Why a file could not be read.
    enum Failure: Error, Equatable {
        /// open, fstat or read failed with this errno.
        case system(Int32)
        /// The file is larger than the limit; its size when known (a regular file).
        case tooLarge(byteCount: Int?)
    }

    /// The bytes of `path` ("-" reads standard input), at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw .system(EISDIR)
        case S_IFREG where Int(status.st_size) > limit:
            // sysfs files (/sys/class/drm/*/edid) say 0 and are read below.
            throw .tooLarge(byteCount: Int(status.st_size))
        default:
            break
        }
        // One byte past the limit tells a stream that is too long.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if result == 0 { break }
            count += result
        }
        guard count <= limit else { throw .tooLarge(byteCount: nil) }
        return Array(bytes.prefix(count))
    }
}
