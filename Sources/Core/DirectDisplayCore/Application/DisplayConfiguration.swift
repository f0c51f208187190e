import Foundation

/// The settings a user may change without rebuilding the app: each is a
/// `DIRECTDISPLAY_*` environment variable (docs/configuration.md lists them) and
/// a property settable from code, handed to the display:
///
///     var configuration = DisplayConfiguration.environment
///     configuration.usesOverlayPlanes = false
///     Application.shared.run(on: try KMSDisplay(configuration: configuration)) { … }
///
/// The variables are parsed here and nowhere else, with one rule: a yes-or-no
/// setting takes 1, 0, true, false, yes or no (any case), a choice one of its
/// names; an empty variable counts as unset, and any other value is named in one
/// log line and ignored (the default stays).
public struct DisplayConfiguration: Equatable, Sendable {
    /// Which compositor composes a card's screens.
    public enum Compositor: String, CaseIterable, Sendable {
        /// GLES where the card's renderer is a GPU; pixman on a software rasteriser or without EGL.
        case automatic
        /// GLES wherever EGL works on the card.
        case gl
        /// pixman, on the CPU, always.
        case pixman
    }

    /// How the display reaches the cards, the input devices and the virtual console.
    public enum Session: String, CaseIterable, Sendable {
        /// Through a seat manager (libseat: seatd, logind, or its builtin back end as
        /// root); when none opens a seat, as `direct`.
        case libseat
        /// open(2) on the devices, and the VT put into graphics mode by the library itself.
        case direct
    }

    /// OpenGL ES for GLViews and GL composition; without it GLViews show their
    /// background (`DIRECTDISPLAY_NO_GL`).
    public var usesOpenGL = true
    /// The atomic KMS API where the driver has it; false keeps the legacy one
    /// (drmModeSetCrtc, drmModePageFlip, the legacy cursor) everywhere (`DIRECTDISPLAY_NO_ATOMIC`).
    public var usesAtomicModesetting = true
    /// A full-screen opaque GLView scanned out from its own buffers; false composes
    /// it like any view (`DIRECTDISPLAY_NO_DIRECT_SCANOUT`). Read at every frame.
    public var usesDirectScanout = true
    /// Windows put on overlay planes where the card can; false composes every window
    /// into the primary plane (`DIRECTDISPLAY_NO_OVERLAYS`). Read when a screen lights up.
    public var usesOverlayPlanes = true
    /// A screen that mirrors another on the same card shares its CRTC where the card
    /// can (hardware clone mode, no copy); false always mirrors by a scaled copy
    /// (`DIRECTDISPLAY_NO_HARDWARE_CLONE`). Read at every frame.
    public var usesHardwareClones = true
    /// The compositor of every card (`DIRECTDISPLAY_COMPOSITOR`).
    public var compositor = Compositor.automatic
    /// The session (`DIRECTDISPLAY_SESSION`).
    public var session = Session.libseat
    /// The backlight the internal panel's `Screen.brightness` drives, by its name in
    /// /sys/class/backlight (`DIRECTDISPLAY_BACKLIGHT`); nil: the one found for its
    /// connector (docs/kiosk.md). Read when a screen lights up.
    public var backlight: String?

    /// Every default.
    public init() {}

    /// What the process's environment says, read once (at first use); each value
    /// ignored is named in one log line then.
    public static let environment: DisplayConfiguration = {
        let parsed = parse(ProcessInfo.processInfo.environment)
        for line in parsed.ignored { StderrLog.info(line) }
        return parsed.configuration
    }()

    /// The configuration `variables` describe, and one line for each value ignored.
    package static func parse(_ variables: [String: String]) -> (configuration: DisplayConfiguration, ignored: [String])
    {
        var configuration = DisplayConfiguration()
        var ignored: [String] = []
        for setting in settings {
            guard let value = variables[setting.name], !value.isEmpty else { continue }
            if !setting.apply(value, &configuration) {
                ignored.append(
                    "\(setting.name)=\(value) ignored: not one of \(setting.values.joined(separator: ", "))")
            }
        }
        return (configuration, ignored)
    }

    /// One variable: its name, the values it takes, and how a value sets the configuration.
    package struct Setting: Sendable {
        package let name: String
        package let values: [String]
        /// Sets the configuration from a value; false when the value is not one of `values`.
        let apply: @Sendable (String, inout DisplayConfiguration) -> Bool
    }

    /// Every variable, in the order docs/configuration.md lists them.
    package static let settings: [Setting] = [
        turnsOff("DIRECTDISPLAY_NO_GL") { $0.usesOpenGL = $1 },
        turnsOff("DIRECTDISPLAY_NO_ATOMIC") { $0.usesAtomicModesetting = $1 },
        turnsOff("DIRECTDISPLAY_NO_DIRECT_SCANOUT") { $0.usesDirectScanout = $1 },
        turnsOff("DIRECTDISPLAY_NO_OVERLAYS") { $0.usesOverlayPlanes = $1 },
        turnsOff("DIRECTDISPLAY_NO_HARDWARE_CLONE") { $0.usesHardwareClones = $1 },
        choice("DIRECTDISPLAY_COMPOSITOR", Compositor.self) { $0.compositor = $1 },
        choice("DIRECTDISPLAY_SESSION", Session.self) { $0.session = $1 },
        Setting(name: "DIRECTDISPLAY_BACKLIGHT", values: ["a name in /sys/class/backlight"]) { value, configuration in
            configuration.backlight = value
            return true
        },
    ]

    /// The yes-or-no values, any case.
    package static func boolean(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: return nil
        }
    }

    /// A `DIRECTDISPLAY_NO_*` variable: yes turns the feature off (`set` gets whether it stays on).
    private static func turnsOff(
        _ name: String, _ set: @escaping @Sendable (inout DisplayConfiguration, Bool) -> Void
    ) -> Setting {
        Setting(name: name, values: ["1", "0", "true", "false", "yes", "no"]) { value, configuration in
            guard let turnedOff = boolean(value) else { return false }
            set(&configuration, !turnedOff)
            return true
        }
    }

    /// A variable naming one case of `kind`, any case.
    private static func choice<Kind: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ kind: Kind.Type, _ set: @escaping @Sendable (inout DisplayConfiguration, Kind) -> Void
    ) -> Setting where Kind.RawValue == String {
        Setting(name: name, values: Kind.allCases.map(\.rawValue)) { value, configuration in
            guard let chosen = Kind(rawValue: value.lowercased()) else { return false }
            set(&configuration, chosen)
            return true
        }
    }
}
