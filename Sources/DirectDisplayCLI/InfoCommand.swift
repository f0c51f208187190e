import ArgumentParser
import DirectDisplay
import Foundation
import KMS
import Udev

/// `direct-display info`: cards, connectors, modes, CRTCs and planes. Reads only: needs no DRM master.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "List DRM cards, connectors (with EDID monitor names), modes, CRTCs and planes.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let nodes = DRMCardEnumerator(udev: try UdevContext()).cards()
        guard !nodes.isEmpty else {
            FileHandle.standardError.write(Data("direct-display: \(NoDisplayDevice.message)\n".utf8))
            throw ExitCode.failure
        }
        var reports: [CardReport] = []
        for node in nodes {
            do {
                let device = try DRMDevice(path: node.devnode, requireMaster: false)
                reports.append(CardReport(node: node, device: device, probe: try CardProbe(device: device)))
            } catch {
                FileHandle.standardError.write(Data("direct-display: skipping \(node.devnode): \(error)\n".utf8))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(["cards": reports]), as: UTF8.self))
        } else {
            print(reports.map(\.text).joined(separator: "\n"))
        }
    }
}
