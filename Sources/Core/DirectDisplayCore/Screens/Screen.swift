import Foundation
import WindowModel

/// A connected display, as UIKit's `UIScreen`: its modes, size in points and
/// pixels, and the notifications apps use to follow displays coming and going.
@MainActor public final class Screen {
    /// Posted with the screen as `object` after it connects.
    public nonisolated static let didConnectNotification = Notification.Name("DirectDisplay.Screen.didConnect")
    /// Posted with the screen as `object` after it disconnects and its windows were hidden and moved.
    public nonisolated static let didDisconnectNotification = Notification.Name("DirectDisplay.Screen.didDisconnect")
    /// Posted with the screen as `object` after its current mode changed.
    public nonisolated static let modeDidChangeNotification = Notification.Name("DirectDisplay.Screen.modeDidChange")
    /// Posted with the screen as `object` after `brightness` changed.
    public nonisolated static let brightnessDidChangeNotification = Notification.Name(
        "DirectDisplay.Screen.brightnessDidChange")
    /// Posted with the screen as `object` after `isPoweredOn` changed (set, or a
    /// display that could not power the screen off turned it back on).
    public nonisolated static let powerDidChangeNotification = Notification.Name("DirectDisplay.Screen.powerDidChange")

    /// Connected screens, the main screen first while one exists.
    public static var screens: [Screen] { Application.shared.screens }

    /// The main screen: an internal panel if any, else the first connected one; nil with no screen.
    public static var main: Screen? { Application.shared.mainScreen }

    /// The connector name, e.g. "HDMI-A-1" or "eDP-1".
    public let name: String
    /// The monitor's own name from its EDID (e.g. "DELL U2720Q"), else the connector name.
    public let localizedName: String
    /// Pixels per point.
    public let scale: CGFloat
    /// The panel's physical size in millimetres, when known.
    public let physicalSize: CGSize?
    /// Whether this is a panel built into the device (eDP, LVDS, DSI).
    public let isInternal: Bool
    /// Every mode the display accepts.
    public private(set) var availableModes: [Mode]
    /// The mode the display prefers (its native resolution): the kernel's
    /// preferred mode, else the largest area, then the highest refresh rate.
    public private(set) var preferredMode: Mode?
    private var currentModeStorage: Mode?
    private var orientationStorage: InterfaceOrientation = .portrait
    /// Whether the screen is still connected.
    public package(set) var isConnected = false
    /// The screen this one shows, scaled to fit with black bars, while it mirrors
    /// one (`mirror(_:)`); nil when it shows its own windows. UIKit's `mirrored`.
    public internal(set) var mirroredScreen: Screen?
    private var isPoweredOnStorage = true
    private var brightnessStorage: CGFloat = 1
    /// Dimmed by the idle timer: the backlight at a tenth of `brightness`.
    package internal(set) var isDimmed = false {
        didSet { if isDimmed != oldValue { Application.shared.backend?.brightnessDidChange(self) } }
    }
    /// Whether something visible changed since the last composition.
    package private(set) var needsComposite = false
    /// Its composition state: the shadow frame, the previous scene, buffer ages.
    package let compositor = ScreenCompositor()
    /// `Window.passRequests` and the windows of the latest layout and display pass.
    var layoutPassSeen: (version: UInt64, windows: [ObjectIdentifier]) = (0, [])

    /// Makes a screen for a back end; connect it with its `DisplayHost.connect(_:)`.
    package init(
        name: String, modes: [Mode], preferredMode: Mode? = nil, currentMode: Mode? = nil, scale: CGFloat = 1,
        physicalSize: CGSize? = nil, isInternal: Bool? = nil, localizedName: String? = nil
    ) {
        self.name = name
        self.localizedName = localizedName.flatMap { $0.isEmpty ? nil : $0 } ?? name
        availableModes = modes
        self.preferredMode = preferredMode ?? modes.first
        currentModeStorage = currentMode ?? preferredMode ?? modes.first
        self.scale = scale
        self.physicalSize = physicalSize
        self.isInternal = isInternal ?? MainScreenRule.isInternal(connectorName: name)
    }

    /// The mode being scanned out. Setting it asks the display to apply it;
    /// use `setCurrentMode(_:)` to learn why a mode was refused.
    public var currentMode: Mode? {
        get { currentModeStorage }
        set {
            guard let newValue else { return }
            try? setCurrentMode(newValue)
        }
    }

    /// Applies a mode through the application's display, throwing if the
    /// display refuses it (for example because it is not in `availableModes`).
    public func setCurrentMode(_ mode: Mode) throws {
        guard availableModes.contains(mode) else { throw ScreenModeError.unavailable(mode: mode, screen: name) }
        if let display = Application.shared.backend {
            try display.apply(mode, to: self)
        } else {
            updateCurrentMode(mode)
        }
    }

    /// Records a mode a back end applied: posts modeDidChange and, if the size
    /// changed, resizes full-screen windows and tells their view controllers.
    package func updateCurrentMode(_ mode: Mode) {
        guard mode != currentModeStorage else { return }
        let oldBounds = bounds
        if !availableModes.contains(mode) { availableModes.append(mode) }
        currentModeStorage = mode
        Application.shared.screenBoundsDidChange(self, from: oldBounds)
        NotificationCenter.default.post(name: Screen.modeDidChangeNotification, object: self)
    }

    /// Records a new mode list from a back end (the monitor changed what it offers).
    package func updateModes(_ modes: [Mode], preferred: Mode?) {
        availableModes = modes
        preferredMode = preferred ?? modes.first
    }

    /// The available mode of `width`×`height` pixels whose refresh rate is
    /// closest to `refreshRate` (within half a hertz), or the fastest one when no
    /// rate is given; nil when the screen has no such mode.
    public func mode(width: Int, height: Int, refreshRate: Double? = nil) -> Mode? {
        let sized = availableModes.filter { Int($0.size.width) == width && Int($0.size.height) == height }
        guard let refreshRate else { return sized.max { $0.refreshRate < $1.refreshRate } }
        return sized.filter { abs($0.refreshRate - refreshRate) < 0.5 }
            .min { abs($0.refreshRate - refreshRate) < abs($1.refreshRate - refreshRate) }
    }

    /// How content is turned on the panel. Setting it rotates `bounds`;
    /// full-screen windows whose root view controller supports the
    /// orientation take the new bounds and get `viewWillTransition(to:with:)`.
    public var orientation: InterfaceOrientation {
        get { orientationStorage }
        set {
            guard newValue != orientationStorage else { return }
            let oldBounds = bounds
            orientationStorage = newValue
            Application.shared.screenBoundsDidChange(self, from: oldBounds, orientation: newValue)
        }
    }

    /// Whether the panel is lit. Off is DPMS off: the screen goes dark with its mode
    /// and last frame kept; nothing is composed or committed while it is off (changes
    /// are kept and drawn on waking), and on shows the last frame at once. The display
    /// applies it at the next frame, the latest value of many set in between; a display
    /// whose kernel refuses to power the screen off logs it once and keeps it on.
    public var isPoweredOn: Bool {
        get { isPoweredOnStorage }
        set {
            guard updatePowerState(newValue) else { return }
            Application.shared.backend?.powerDidChange(self)
            if newValue { Application.shared.idle.screenPoweredOn() }
        }
    }

    /// The backlight's level, 0…1 (UIScreen's name): a panel's backlight in
    /// /sys/class/backlight, set through logind where the app runs in a session, else
    /// in sysfs. A screen without one (an HDMI monitor) reports 1 and logs once when
    /// set. Values outside 0…1 are clamped; NaN is refused (logged once).
    public var brightness: CGFloat {
        get { Application.shared.backend?.hasBacklight(self) == false ? 1 : brightnessStorage }
        set {
            guard !newValue.isNaN else {
                NonFiniteValueLog.refused("brightness", of: self, value: newValue)
                return
            }
            let clamped = min(max(newValue, 0), 1)
            guard clamped != brightnessStorage else { return }
            brightnessStorage = clamped
            Application.shared.backend?.brightnessDidChange(self)
            NotificationCenter.default.post(name: Screen.brightnessDidChangeNotification, object: self)
        }
    }

    /// Records the level a back end read from the backlight (when the screen lit up).
    package func updateBrightness(_ level: CGFloat) {
        guard level.isFinite else { return }
        brightnessStorage = min(max(level, 0), 1)
    }

    /// The level the backlight is set to: `brightness`, a tenth of it while dimmed.
    package var backlightLevel: Double { Double(brightnessStorage) * (isDimmed ? 0.1 : 1) }

    /// Records a power state (the API's, or a back end's that could not apply it):
    /// posts powerDidChange when it changed. Returns whether it did.
    @discardableResult
    package func updatePowerState(_ isOn: Bool) -> Bool {
        guard isOn != isPoweredOnStorage else { return false }
        isPoweredOnStorage = isOn
        NotificationCenter.default.post(name: Screen.powerDidChangeNotification, object: self)
        return true
    }

    /// The size of the current mode in pixels, unrotated (origin zero).
    public var nativeBounds: CGRect {
        CGRect(origin: .zero, size: currentModeStorage?.size ?? .zero)
    }

    /// Pixels per point of `nativeBounds`.
    public var nativeScale: CGFloat { scale }

    /// The screen's rectangle in points, rotated by `orientation`.
    public var bounds: CGRect {
        let size = nativeBounds.size
        let points = CGSize(width: size.width / scale, height: size.height / scale)
        return CGRect(
            origin: .zero,
            size: orientation.isRotatedQuarter ? CGSize(width: points.height, height: points.width) : points)
    }

    /// The refresh rate of the current mode, rounded, in frames per second.
    public var maximumFramesPerSecond: Int { Int((currentModeStorage?.refreshRate ?? 60).rounded()) }

    /// Windows on this screen (hidden ones too), back to front.
    public var windows: [Window] { Application.shared.windows.filter { $0.screen === self } }

    /// Asks the display to compose this screen again (once until it has).
    package func setNeedsComposite() {
        guard isConnected, !needsComposite else { return }
        needsComposite = true
        Application.shared.backend?.setNeedsComposite(self)
    }

    /// Called by the composition pass.
    package func didComposite() { needsComposite = false }
}

/// Why a screen refused a mode.
public enum ScreenModeError: Error, Equatable, CustomStringConvertible {
    /// The mode is not one of the screen's `availableModes`.
    case unavailable(mode: Screen.Mode, screen: String)
    /// The screen has been disconnected.
    case notConnected(screen: String)

    public var description: String {
        switch self {
        case .unavailable(let mode, let screen): "mode \(mode) is not one of \(screen)'s available modes"
        case .notConnected(let screen): "screen \(screen) is not connected"
        }
    }
}
