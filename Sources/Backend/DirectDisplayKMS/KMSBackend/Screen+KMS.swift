import CoreFoundation
import DirectDisplayCore
import EDID
import Foundation
import KMS

extension Screen.Mode {
    /// The public face of a kernel mode: pixel size, refresh rate, square pixels.
    init(_ mode: DisplayMode) {
        self.init(
            size: CGSize(width: mode.width, height: mode.height), refreshRate: mode.refreshRate, pixelAspectRatio: 1)
    }
}

extension Screen {
    /// A screen for a connected connector: its kernel name, modes without duplicates,
    /// and a scale from the EDID's physical size.
    convenience init(kmsConnector connector: ConnectorState, mode: DisplayMode) {
        let edid = connector.edidInfo
        let preferred = connector.modes.preferred.map(Screen.Mode.init)
        let physicalSize =
            connector.widthMillimeters > 0 && connector.heightMillimeters > 0
            ? CGSize(width: connector.widthMillimeters, height: connector.heightMillimeters) : nil
        self.init(
            name: connector.name, modes: Screen.modes(of: connector), preferredMode: preferred,
            currentMode: Screen.Mode(mode),
            scale: CGFloat(Screen.scale(edid: edid, connector: connector, mode: preferred ?? Screen.Mode(mode))),
            physicalSize: physicalSize, isInternal: connector.isInternal,
            localizedName: edid?.name)
    }

    /// The connector's modes in the kernel's order, without duplicates.
    static func modes(of connector: ConnectorState) -> [Screen.Mode] {
        var modes: [Screen.Mode] = []
        for kernelMode in connector.modes {
            let mode = Screen.Mode(kernelMode)
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }

    /// Pixels per point from pixel density (see `PixelDensity`): the EDID's size
    /// when it has a plausible one, else the size the kernel reports.
    static func scale(edid: EDIDInfo?, connector: ConnectorState, mode: Screen.Mode) -> Int {
        if let edid, edid.widthMillimeters != nil { return edid.suggestedScale }
        return PixelDensity.scale(forWidthPixels: Int(mode.size.width), widthMillimeters: connector.widthMillimeters)
    }
}
