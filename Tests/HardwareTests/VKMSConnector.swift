import Foundation
import KMS
import Udev

/// VKMS's Virtual-1 connector driven through sysfs: a status write changes the
/// connector at once, and a synthetic change uevent on the card announces it
/// (vkms sends none of its own; HARDWARE.md).
struct VKMSConnector {
    let card: DRMCardNode

    init() throws {
        let cards = DRMCardEnumerator(udev: try UdevContext()).cards()
        // vkms's platform device has no bound driver in udev; the DRM driver name says it.
        let vkms = cards.first { (try? DRMDevice(path: $0.devnode, requireMaster: false))?.driverName == "vkms" }
        guard let card = vkms else {
            throw HardwareTestError("no vkms card in udev")
        }
        self.card = card
    }

    func setStatus(_ status: String) throws {
        try write(status, to: "/sys/class/drm/\(card.sysname)-Virtual-1/status")
        try write("change", to: "/sys/class/drm/\(card.sysname)/uevent")
    }
}

/// Every non-writeback connector in sysfs, e.g. "card0-Virtual-1", for tests that
/// force them all off and back (status writes work on vkms and virtio-gpu alike).
enum SysfsConnectors {
    static func all() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/drm")) ?? []
        return names.filter { $0.hasPrefix("card") && $0.contains("-") && !$0.contains("Writeback") }.sorted()
    }

    /// Writes `status` to each connector, then a synthetic change on each card.
    static func set(_ status: String, _ connectors: [String]) throws {
        for connector in connectors {
            try write(status, to: "/sys/class/drm/\(connector)/status")
        }
        for card in Set(connectors.map { String($0.prefix { $0 != "-" }) }) {
            try write("change", to: "/sys/class/drm/\(card)/uevent")
        }
    }
}

func write(_ text: String, to path: String) throws {
    guard let handle = FileHandle(forWritingAtPath: path) else { throw HardwareTestError("cannot open \(path)") }
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(text.utf8))
}

struct HardwareTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Open file descriptors of this process.
func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// Resident memory of this process in bytes (/proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
