import CSystemd
import Foundation
import Glibc
import SystemPackage

/// Sets a backlight's `brightness` value: through logind (unprivileged, for an app
/// in a logind session) or by writing the sysfs file (root, or the udev rule in
/// docs/kiosk.md).
package protocol BacklightWriter: AnyObject {
    func set(_ device: BacklightDevice, to value: Int) throws
}

/// Writes SYSFS/class/backlight/NAME/brightness.
package final class SysfsBacklightWriter: BacklightWriter {
    package init() {}

    package func set(_ device: BacklightDevice, to value: Int) throws {
        let path = FilePath(device.directory + "/brightness")
        // As `echo VALUE > brightness` opens it (truncating, which sysfs ignores).
        let file = try FileDescriptor.open(path, .writeOnly, options: .truncate)
        defer { try? file.close() }
        _ = try file.writeAll("\(value)\n".utf8)
    }
}

/// Why logind did not set a backlight.
package struct LogindError: Error, CustomStringConvertible {
    package let description: String
}

/// logind's `SetBrightness("backlight", NAME, VALUE)` on this process's session
/// object (org.freedesktop.login1.Session), over the system bus (or a given one:
/// tests use a private bus).
package final class LogindBacklightWriter: BacklightWriter {
    private let bus: OpaquePointer
    /// The session's object path, e.g. /org/freedesktop/login1/session/_32.
    package let sessionPath: String

    /// The writer for `session` (an id such as "2"), on the system bus or the bus at
    /// `busAddress`. Throws when the bus cannot be reached.
    package init(session: String, busAddress: String? = nil) throws {
        var bus: OpaquePointer?
        var result: Int32
        if let busAddress {
            result = sd_bus_new(&bus)
            if result >= 0 { result = sd_bus_set_address(bus, busAddress) }
            if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
            if result >= 0 { result = sd_bus_start(bus) }
        } else {
            result = sd_bus_open_system(&bus)
        }
        guard result >= 0, let bus else {
            sd_bus_unref(bus)
            throw LogindError(description: "the system bus: \(Errno(rawValue: -result))")
        }
        var path: UnsafeMutablePointer<CChar>?
        let encoded = sd_bus_path_encode("/org/freedesktop/login1/session", session, &path)
        guard encoded >= 0, let path else {
            sd_bus_unref(bus)
            throw LogindError(description: "session \(session): \(Errno(rawValue: -encoded))")
        }
        defer { free(path) }
        self.bus = bus
        sessionPath = String(cString: path)
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// The logind session this process belongs to: XDG_SESSION_ID, else sd_pid_get_session; nil outside one.
    package static func currentSession() -> String? {
        if let id = ProcessInfo.processInfo.environment["XDG_SESSION_ID"], !id.isEmpty { return id }
        var session: UnsafeMutablePointer<CChar>?
        guard sd_pid_get_session(0, &session) >= 0, let session else { return nil }
        defer { free(session) }
        return String(cString: session)
    }

    package func set(_ device: BacklightDevice, to value: Int) throws {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(
            bus, &message, "org.freedesktop.login1", sessionPath, "org.freedesktop.login1.Session", "SetBrightness")
        defer { sd_bus_message_unref(message) }
        if result >= 0 { result = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), "backlight") }
        if result >= 0 {
            result = device.name.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
        }
        var number = UInt32(clamping: value)
        if result >= 0 { result = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &number) }
        guard result >= 0 else {
            throw LogindError(description: "SetBrightness message: \(Errno(rawValue: -result))")
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        // Two seconds at most: a logind that does not answer must not freeze the screens.
        result = sd_bus_call(bus, message, 2_000_000, &error, &reply)
        sd_bus_message_unref(reply)
        guard result >= 0 else {
            let reason = error.message.map { String(cString: $0) } ?? "\(Errno(rawValue: -result))"
            throw LogindError(description: "logind's SetBrightness(\(device.name), \(value)): \(reason)")
        }
    }
}
