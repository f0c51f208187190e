import Foundation

/// Asks the host side of Hardware/vm to plug, resize or unplug a virtio-gpu head
/// through QEMU's per-head VNC server (a real HOTPLUG=1 uevent follows).
/// The file protocol is in Hardware/README.md.
enum HostHeadRequest {
    static var control: String? { ProcessInfo.processInfo.environment["DIRECTDISPLAY_VM_CONTROL"] }

    /// Writes the request; the answer is read with `response(_:)`.
    static func send(_ line: String) throws -> String {
        guard let control else { throw HardwareTestError("not inside Hardware/vm (no DIRECTDISPLAY_VM_CONTROL)") }
        let id = "t\(UInt64(Date().timeIntervalSince1970 * 1_000_000))"
        let temporary = "\(control)/requests/.\(id).tmp"
        try FileManager.default.createDirectory(atPath: "\(control)/requests", withIntermediateDirectories: true)
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.moveItem(atPath: temporary, toPath: "\(control)/requests/\(id).req")
        return id
    }

    /// The agent's answer ("ok", "ok unchanged", "error …"), nil while there is none.
    static func response(_ id: String) -> String? {
        guard let control else { return nil }
        let path = "\(control)/responses/\(id).res"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        try? FileManager.default.removeItem(atPath: path)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
