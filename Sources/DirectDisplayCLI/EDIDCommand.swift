import ArgumentParser
import DirectDisplay
import EDID
import Foundation
import KMS
import Udev

/// `direct-display edid`: what an EDID says, from a file or from a connector's EDID blob.
struct EDIDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edid",
        abstract: "Decode an EDID: manufacturer, product, serial, year, name, size, preferred mode, warnings.",
        discussion: "FILE holds the EDID as bytes (as /sys/class/drm/*/edid does) or as hex text.")

    @Argument(help: "An EDID file (binary or hex text).")
    var file: String?

    @Option(help: "Read the EDID of this connector instead, e.g. HDMI-A-1.")
    var connector: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if (file == nil) == (connector == nil) { throw ValidationError("give either FILE or --connector NAME") }
    }

    func run() throws {
        let info = EDIDInfo(bytes: try edidBytes())
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(info), as: UTF8.self))
            return
        }
        print(Self.text(info))
    }

    private func edidBytes() throws -> [UInt8] {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            return Self.bytes(fromFileContents: [UInt8](data))
        }
        let name = connector ?? ""
        var seen: [String] = []
        for node in DRMCardEnumerator(udev: try UdevContext()).cards() {
            guard let device = try? DRMDevice(path: node.devnode, requireMaster: false),
                let probe = try? CardProbe(device: device, forceProbe: false)
            else { continue }
            seen += probe.connectors.map(\.name)
            if let match = probe.connector(named: name) {
                guard let edid = match.edid else {
                    throw ValidationError("connector \(name) has no EDID (status \(match.status.rawValue))")
                }
                return edid
            }
        }
        if seen.isEmpty { throw ValidationError(NoDisplayDevice.message) }
        throw ValidationError("no connector named \(name); connectors: \(seen.joined(separator: ", "))")
    }

    /// Hex text ("00ffffffffffff00 …", edid-decode's and xrandr's form) or raw bytes.
    static func bytes(fromFileContents contents: [UInt8]) -> [UInt8] {
        let text = String(decoding: contents, as: UTF8.self)
        let hexDigits = text.filter { !$0.isWhitespace }
        let isHex = !hexDigits.isEmpty && hexDigits.count.isMultiple(of: 2) && hexDigits.allSatisfy(\.isHexDigit)
        guard isHex else { return contents }
        var bytes: [UInt8] = []
        var index = hexDigits.startIndex
        while index < hexDigits.endIndex {
            let next = hexDigits.index(index, offsetBy: 2)
            bytes.append(UInt8(hexDigits[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func text(_ info: EDIDInfo) -> String {
        func show(_ value: (any CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "unknown" }
        var lines = [
            "manufacturer: \(show(info.manufacturer))",
            "product code: \(show(info.productCode))",
            "serial: \(show(info.serial))",
            "year: \(show(info.year))\(info.isModelYear ? " (model year)" : "")",
            "name: \(show(info.name))",
            "size: \(info.widthMillimeters.map { "\($0) x \(show(info.heightMillimeters)) mm" } ?? "unknown")",
            "preferred mode: \(info.preferredMode.map { "\($0.width)x\($0.height)@\($0.refreshRate)" } ?? "unknown")",
            "modes: \(info.modes.map { "\($0.width)x\($0.height)@\($0.refreshRate)\($0.interlaced ? "i" : "")" }.joined(separator: " "))",
        ]
        lines += info.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
