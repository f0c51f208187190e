import Foundation
import Glibc

/// A backlight of /sys/class/backlight: its name (what logind's SetBrightness and
/// `DIRECTDISPLAY_BACKLIGHT` name it by), its range, and its sysfs directory.
package struct BacklightDevice: Sendable, Equatable {
    package let name: String
    /// The largest value its `brightness` file takes (`max_brightness`, above 0).
    package let maxBrightness: Int
    /// Its directory: SYSFS/class/backlight/NAME.
    package let directory: String

    package init(name: String, maxBrightness: Int, directory: String) {
        self.name = name
        self.maxBrightness = maxBrightness
        self.directory = directory
    }

    /// Its level now, 0…1, from its `brightness` file; nil when unreadable.
    package var level: Double? {
        guard let value = readInteger(at: directory + "/brightness") else { return nil }
        return min(max(Double(value) / Double(maxBrightness), 0), 1)
    }

    /// The value of `brightness` that shows `level` (0…1, clamped).
    package func value(for level: Double) -> Int {
        let clamped = level.isNaN ? 1 : min(max(level, 0), 1)
        return Int((clamped * Double(maxBrightness)).rounded())
    }
}

/// Why a connector has no backlight to drive.
package enum BacklightDiscoveryError: Error, Equatable, CustomStringConvertible {
    /// Not an internal panel (eDP, LVDS, DSI): an external monitor's backlight is its own.
    case notInternal(connector: String)
    /// No backlight belongs to the connector or its card.
    case noneFound(connector: String)
    /// `DIRECTDISPLAY_BACKLIGHT` names a device that does not exist.
    case notFound(name: String)
    /// The device exists but cannot be driven: `max_brightness` is 0 or unreadable.
    case unusable(name: String, reason: String)

    package var description: String {
        switch self {
        case .notInternal(let connector): "\(connector) is not an internal panel: no backlight"
        case .noneFound(let connector): "no backlight in /sys/class/backlight belongs to \(connector) or its card"
        case .notFound(let name): "DIRECTDISPLAY_BACKLIGHT names \(name), which /sys/class/backlight does not have"
        case .unusable(let name, let reason): "backlight \(name) cannot be used: \(reason)"
        }
    }
}

/// Which backlight belongs to a connector, read from a sysfs tree (the real one at
/// /sys, or a test's in a temporary folder): the device whose parent is the
/// connector itself (e.g. intel_backlight under card0-eDP-1), else one whose parent
/// is the connector's card or its PCI device (e.g. amdgpu_bl0); firmware and
/// platform backlights parented elsewhere (acpi_video0) are left alone. Only
/// internal panels (eDP, LVDS, DSI) have one; a name given by the user
/// (`DIRECTDISPLAY_BACKLIGHT`) wins.
package enum BacklightDiscovery {
    /// The backlight of `connector` (e.g. "eDP-1") on card `card` (e.g. "card0").
    package static func find(
        card: String, connector: String, isInternal: Bool, named override: String? = nil,
        sysfsRoot: String = "/sys"
    ) -> Result<BacklightDevice, BacklightDiscoveryError> {
        guard isInternal else { return .failure(.notInternal(connector: connector)) }
        let backlights = sysfsRoot + "/class/backlight"
        if let override, !override.isEmpty {
            guard FileManager.default.fileExists(atPath: backlights + "/" + override) else {
                return .failure(.notFound(name: override))
            }
            return device(named: override, in: backlights)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: backlights)) ?? []).sorted()
        let connectorPath = realPath(sysfsRoot + "/class/drm/\(card)-\(connector)")
        let cardPaths = [
            realPath(sysfsRoot + "/class/drm/\(card)"), realPath(sysfsRoot + "/class/drm/\(card)/device"),
        ].compactMap { $0 }
        var best: (rank: Int, name: String)?
        for name in names {
            guard let parent = realPath(backlights + "/" + name + "/device") else { continue }
            let rank: Int
            if parent == connectorPath {
                rank = 0
            } else if cardPaths.contains(parent) {
                rank = 1
            } else {
                continue
            }
            if best == nil || rank < best!.rank { best = (rank, name) }
        }
        guard let best else { return .failure(.noneFound(connector: connector)) }
        return device(named: best.name, in: backlights)
    }

    private static func device(named name: String, in backlights: String) -> Result<
        BacklightDevice, BacklightDiscoveryError
    > {
        let directory = backlights + "/" + name
        guard let maximum = readInteger(at: directory + "/max_brightness") else {
            return .failure(.unusable(name: name, reason: "max_brightness is unreadable"))
        }
        guard maximum > 0 else { return .failure(.unusable(name: name, reason: "max_brightness is \(maximum)")) }
        return .success(BacklightDevice(name: name, maxBrightness: maximum, directory: directory))
    }

    /// The path with every symbolic link resolved (realpath(3)); nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A whole number in a sysfs attribute file (trailing newline allowed); nil when unreadable.
func readInteger(at path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
}
