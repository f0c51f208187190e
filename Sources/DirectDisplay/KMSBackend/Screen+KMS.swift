import CoreFoundation
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
        var modes: [Screen.Mode] = []
        for kernelMode in connector.modes {
            let mode = Screen.Mode(kernelMode)
            if !modes.contains(mode) { modes.append(mode) }
        }
        let preferred = connector.modes.preferred.map(Screen.Mode.init)
        self.init(
            name: connector.name, modes: modes, preferredMode: preferred, currentMode: Screen.Mode(mode),
            scale: 1,
            physicalSize: CGSize(width: connector.widthMillimeters, height: connector.heightMillimeters),
            isInternal: connector.isInternal)
    }
}
