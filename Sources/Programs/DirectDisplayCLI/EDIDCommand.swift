import ArgumentParser
import DirectDisplay
import EDID
import Foundation
import KMS
import Udev

/// `direct-display edid`: what an EDID says, from a file or from a connector's EDID blob.
///
/// Facts go to stdout, the parser's warnings to stderr ("warning: …"; in the
/// JSON they are its `warnings` field). Input that is not an EDID, a file that
/// cannot be read and a connector without one end the command with one line on
/// stderr and status 1; giving neither or both of FILE and --connector is a
/// usage error (status 64).
struct EDIDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edid",
        abstract: "Decode an EDID: manufacturer, product, serial, year, name, size, preferred mode, warnings.",
        discussion: """
            FILE holds the EDID as bytes (as /sys/class/drm/*/edid does) or as hex text: plain hex \
            (xxd -p, spaces and newlines allowed), the EDID: block of `xrandr --verbose` (other lines \
            are skipped) or a C array (0x00, 0xff, …). "-" reads standard input. Files over 32 KiB are \
            refused. Warnings go to stderr ("warning: …"), or into the JSON's warnings field.
            """)

    @Argument(help: "An EDID file (binary or hex text), or - for standard input.")
    var file: String?

    @Option(help: "Read the EDID of this connector instead, e.g. HDMI-A-1.")
    var connector: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if (file == nil) == (connector == nil) { throw ValidationError("give either FILE or --connector NAME") }
    }

    func run() throws {
        let info = EDIDInfo(bytes: try file.map(Self.bytes(ofFile:)) ?? connectorEDID(connector ?? ""))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(info), as: UTF8.self))
            return
        }
        // Unbuffered, so the facts come first also when both streams go to one file.
        FileHandle.standardOutput.write(Data((Self.text(info) + "\n").utf8))
        let warnings = info.warnings.map { "warning: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(warnings.utf8))
    }

    /// The EDID in `path`, or the one line that says why there is none.
    static func bytes(ofFile path: String) throws -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let contents: [UInt8]
        do {
            contents = try BoundedFileReader.read(path, limit: EDIDFile.maximumSize)
        } catch .system(let number) {
            throw failure("cannot read \(name): \(errorText(number))")
        } catch .tooLarge(let byteCount) {
            throw failure("\(name): \(EDIDFileError.tooLarge(byteCount: byteCount))")
        }
        do {
            return try EDIDFile(contents: contents).bytes
        } catch {
            throw failure("\(name): \(error)")
        }
    }

    /// The EDID blob of the connector called `name`, on any card.
    private func connectorEDID(_ name: String) throws -> [UInt8] {
        let udev: UdevContext
        do {
            udev = try UdevContext()
        } catch {
            throw failure("cannot list DRM cards (udev): \(error)")
        }
        var seen: [String] = []
        for node in DRMCardEnumerator(udev: udev).cards() {
            guard let device = try? DRMDevice(path: node.devnode, requireMaster: false),
                let probe = try? CardProbe(device: device, forceProbe: false)
            else { continue }
            seen += probe.connectors.map(\.name)
            if let match = probe.connector(named: name) {
                guard let edid = match.edid else {
                    throw failure(
                        "connector \(name) has no EDID (status \(match.status.rawValue)); plug in a display "
                            + "or name a connected connector (direct-display info lists them)")
                }
                return edid
            }
        }
        if seen.isEmpty { throw failure(NoDisplayDevice.message) }
        throw failure("no connector named \(name); name one of: \(seen.joined(separator: ", "))")
    }

    static func text(_ info: EDIDInfo) -> String {
        func show(_ value: (any CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "unknown" }
        let lines = [
            "manufacturer: \(show(info.manufacturer))",
            "product code: \(show(info.productCode))",
            "serial: \(show(info.serial))",
            "year: \(show(info.year))\(info.isModelYear ? " (model year)" : "")",
            "name: \(show(info.name))",
            "size: \(info.widthMillimeters.map { "\($0) x \(show(info.heightMillimeters)) mm" } ?? "unknown")",
            "preferred mode: \(info.preferredMode.map { "\($0.width)x\($0.height)@\($0.refreshRate)" } ?? "unknown")",
            "modes: \(info.modes.map { "\($0.width)x\($0.height)@\($0.refreshRate)\($0.interlaced ? "i" : "")" }.joined(separator: " "))",
        ]
        return lines.joined(separator: "\n")
    }
}
