import Foundation
import Geometry

extension Screen {
    /// Posted with the mirroring screen (the target) as `object` when it starts or
    /// stops mirroring another (`mirror(_:)`, `stopMirroring()`, or either screen
    /// disconnecting); read `mirroredScreen` for which.
    public nonisolated static let mirroringDidChangeNotification = Notification.Name(
        "DirectDisplay.Screen.mirroringDidChange")

    /// Shows `source`'s frames on this screen, scaled to fit with black bars (aspect
    /// kept), updated by every frame `source` presents. This screen's windows move
    /// to `source` (and stay there when mirroring stops, as UIKit never moves a
    /// window back); touches on its touchscreen reach `source`'s views through the
    /// same scale (touches on the bars go nowhere). Mirroring ends, with
    /// `mirroringDidChangeNotification`, when either screen disconnects.
    ///
    /// Throws when `source` is this screen, when `source` mirrors another screen
    /// itself, or when this screen is a source for another: one level only, so no
    /// chain or cycle can form.
    public func mirror(_ source: Screen) throws {
        guard source !== self else { throw ScreenMirroringError.ontoItself(screen: name) }
        guard isConnected else { throw ScreenModeError.notConnected(screen: name) }
        guard source.isConnected else { throw ScreenModeError.notConnected(screen: source.name) }
        if let mirrored = source.mirroredScreen {
            throw ScreenMirroringError.sourceIsMirroring(source: source.name, mirrored: mirrored.name)
        }
        if let target = mirrorTargets.first {
            throw ScreenMirroringError.targetIsSource(target: name, mirroredBy: target.name)
        }
        guard mirroredScreen !== source else { return }
        mirroredScreen = source
        for window in Application.shared.windows where window.screen === self { window.screen = source }
        Application.shared.windowScreenDidChange()
        compositor.invalidate()
        setNeedsComposite()
        // The source's last frame may have left windows out of its shadow frame (overlay
        // planes, a GLView scanned out directly, GL composition): composed whole again.
        source.compositor.invalidate()
        source.setNeedsComposite()
        NotificationCenter.default.post(name: Screen.mirroringDidChangeNotification, object: self)
    }

    /// Stops mirroring: the screen shows its own windows again (none, unless some
    /// were put on it since; those that moved to the source stay there).
    public func stopMirroring() {
        guard mirroredScreen != nil else { return }
        mirroredScreen = nil
        Application.shared.windowScreenDidChange()
        compositor.invalidate()
        setNeedsComposite()
        NotificationCenter.default.post(name: Screen.mirroringDidChangeNotification, object: self)
    }

    /// Whether the screen mirrors another or is mirrored: its frame is then composed
    /// by pixman into its shadow (no GL, overlay planes or direct scanout).
    package var isMirroring: Bool { mirroredScreen != nil || !mirrorTargets.isEmpty }

    /// The connected screens that mirror this one (the main screen first, as in
    /// `Application.screens`). Every frame asks: no list of all screens is made for it.
    package var mirrorTargets: [Screen] {
        let application = Application.shared
        // One screen alone mirrors nothing (the commonest case: nothing to look through).
        let connected = application.connectedScreens
        if connected.count <= 1, connected.first.map({ $0 === self }) ?? true,
            application.mainScreen.map({ $0 === self }) ?? true
        {
            return []
        }
        var targets = connected.filter { $0.mirroredScreen === self }
        if let main = application.mainScreen, main.mirroredScreen === self {
            targets.removeAll { $0 === main }
            targets.insert(main, at: 0)
        }
        return targets
    }

    /// Where the source's image sits on this screen while it mirrors one: the
    /// source upright (its `bounds` in pixels, its orientation undone) on this panel.
    package var mirrorLetterbox: Letterbox? {
        guard let source = mirroredScreen else { return nil }
        let panel = source.nativeBounds.size
        let upright = source.orientation.isRotatedQuarter ? CGSize(width: panel.height, height: panel.width) : panel
        return Letterbox(
            sourceWidth: Int(upright.width), sourceHeight: Int(upright.height),
            targetWidth: Int(nativeBounds.width), targetHeight: Int(nativeBounds.height))
    }
}

/// Why `Screen.mirror(_:)` refused.
public enum ScreenMirroringError: Error, Equatable, CustomStringConvertible {
    /// A screen cannot mirror itself.
    case ontoItself(screen: String)
    /// The source mirrors another screen itself (mirroring is one level deep).
    case sourceIsMirroring(source: String, mirrored: String)
    /// The screen asked to mirror is mirrored by another (it cannot be both).
    case targetIsSource(target: String, mirroredBy: String)

    public var description: String {
        switch self {
        case .ontoItself(let screen): "screen \(screen) cannot mirror itself"
        case .sourceIsMirroring(let source, let mirrored):
            "screen \(source) mirrors \(mirrored) itself: mirror \(mirrored) instead"
        case .targetIsSource(let target, let mirroredBy):
            "screen \(target) is mirrored by \(mirroredBy): it cannot mirror another screen"
        }
    }
}
