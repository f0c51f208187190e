import CSystemd
import Foundation
import TestSupport
import XCTest

@testable import Backlight

/// logind's SetBrightness as the writer sends it, received by a fake
/// org.freedesktop.login1 on a private dbus-daemon (never the system bus): the
/// session object's path, the interface, the method and its three arguments.
final class LogindSetBrightnessTests: XCTestCase {
    /// What the fake logind received.
    private final class Received: @unchecked Sendable {
        let lock = NSLock()
        var calls: [String] = []
        var failure: String?
    }

    func testSetBrightnessGoesToTheSessionObjectWithItsThreeArguments() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw XCTSkip("no dbus-daemon")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let address = "unix:path=\(folder.path)/bus"
        let daemon = try ChildProcess(
            "/usr/bin/dbus-daemon",
            ["--session", "--nofork", "--nopidfile", "--address=\(address)", "--print-address=1"])
        defer { daemon.terminate() }
        // The daemon prints its address once it listens.
        XCTAssertTrue(daemon.waitForOutput(containing: "unix:", timeout: 20), "the daemon listens: \(daemon.text)")

        let received = Received()
        let fake = try FakeLogind(address: address)
        let served = Thread {
            fake.serve(until: Date().addingTimeInterval(10)) { path, interface, member, arguments in
                received.lock.withLock { received.calls.append("\(path) \(interface).\(member)(\(arguments))") }
            }
        }
        served.start()

        let writer = try LogindBacklightWriter(session: "c2", busAddress: address)
        XCTAssertEqual(writer.sessionPath, "/org/freedesktop/login1/session/c2")
        let device = BacklightDevice(name: "intel_backlight", maxBrightness: 96000, directory: "/nonexistent")
        try writer.set(device, to: 9600)
        XCTAssertEqual(
            received.lock.withLock { received.calls },
            [
                "/org/freedesktop/login1/session/c2 org.freedesktop.login1.Session.SetBrightness(backlight, intel_backlight, 9600)"
            ])
    }
}

/// A bus connection that owns org.freedesktop.login1 and answers every method call
/// with an empty return, reporting each call's path, interface, member and "ssu" arguments.
private final class FakeLogind: @unchecked Sendable {
    private let bus: OpaquePointer

    init(address: String) throws {
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        if result >= 0 { result = sd_bus_set_address(bus, address) }
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        if result >= 0 { result = sd_bus_request_name(bus, "org.freedesktop.login1", 0) }
        guard result >= 0, let bus else {
            sd_bus_unref(bus)
            throw LogindError(description: "fake logind: \(result)")
        }
        self.bus = bus
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// Serves calls until one was answered or `deadline` passes (this thread's own connection).
    func serve(until deadline: Date, _ report: (String, String, String, String) -> Void) {
        while Date() < deadline {
            var message: OpaquePointer?
            let result = sd_bus_process(bus, &message)
            guard result >= 0 else { return }
            if let message {
                defer { sd_bus_message_unref(message) }
                // (NameAcquired and other signals come first.)
                guard sd_bus_message_is_method_call(message, nil, nil) > 0 else { continue }
                let path = String(cString: sd_bus_message_get_path(message))
                let interface = String(cString: sd_bus_message_get_interface(message))
                let member = String(cString: sd_bus_message_get_member(message))
                var first: UnsafePointer<CChar>?
                var second: UnsafePointer<CChar>?
                var value: UInt32 = 0
                sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &first)
                sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &second)
                sd_bus_message_read_basic(message, CChar(UInt8(ascii: "u")), &value)
                report(
                    path, interface, member,
                    "\(first.map { String(cString: $0) } ?? "?"), \(second.map { String(cString: $0) } ?? "?"), \(value)"
                )
                var reply: OpaquePointer?
                if sd_bus_message_new_method_return(message, &reply) >= 0 { sd_bus_send(bus, reply, nil) }
                sd_bus_message_unref(reply)
                sd_bus_flush(bus)
                return
            }
            if result == 0 { sd_bus_wait(bus, 100_000) }
        }
    }
}
