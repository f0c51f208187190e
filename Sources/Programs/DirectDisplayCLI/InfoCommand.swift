import ArgumentParser
import DirectDisplay
import Foundation
import KMS
import Udev

/// `direct-display info`: cards, connectors, modes, CRTCs and planes, and the
/// seat's input devices. Reads only: needs no DRM master.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract:
            "List DRM cards, connectors (with EDID monitor names), modes, CRTCs and planes, and the seat's input devices (which screen each touchscreen drives)."
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let udev: UdevContext
        do {
            udev = try UdevContext()
        } catch {
            throw failure("cannot list DRM cards (udev): \(error)")
        }
        let nodes = DRMCardEnumerator(udev: udev).cards()
        guard !nodes.isEmpty else { throw failure(NoDisplayDevice.message) }
        var reports: [CardReport] = []
        for node in nodes {
            do {
                let device = try DRMDevice(
                    path: node.devnode, requireMaster: false,
                    allowsAtomic: DisplayConfiguration.environment.usesAtomicModesetting)
                reports.append(CardReport(node: node, device: device, probe: try CardProbe(device: device)))
            } catch {
                FileHandle.standardError.write(Data("direct-display: skipping \(node.devnode): \(error)\n".utf8))
            }
        }
        let connected = reports.flatMap { report in
            report.connectors.filter { $0.status == "connected" && !$0.writeback }.map(\.name)
        }
        var inputDevices: [InputDeviceReport]?
        let seat = ProcessInfo.processInfo.environment["XDG_SEAT"] ?? "seat0"
        do {
            inputDevices = try InputDeviceReport.all(seat: seat, connectedScreens: connected)
        } catch {
            FileHandle.standardError.write(Data("direct-display: no input devices listed: \(error)\n".utf8))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(
                String(
                    decoding: try encoder.encode(InfoReport(cards: reports, inputDevices: inputDevices)), as: UTF8.self)
            )
        } else {
            print(reports.map(\.text).joined(separator: "\n"))
            if let inputDevices {
                print("input devices on \(seat)\(inputDevices.isEmpty ? ": none" : "")")
                for device in inputDevices { print(device.text) }
            }
        }
    }
}

/// The whole of `info --json`.
struct InfoReport: Codable {
    let cards: [CardReport]
    /// nil when libinput could not start (the reason went to stderr).
    let inputDevices: [InputDeviceReport]?
}
