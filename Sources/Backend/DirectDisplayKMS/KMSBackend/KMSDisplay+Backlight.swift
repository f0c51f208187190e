import Backlight
import DirectDisplayCore
import Foundation
import KMS

/// Brightness (`Screen.brightness`): the backlight of the panel a screen is, found
/// in /sys/class/backlight when it lights up (Backlight's `BacklightDiscovery`), set
/// through logind's SetBrightness when the app runs in a logind session (no
/// privileges needed), else by writing sysfs (root, or the udev rule in docs/kiosk.md).
extension KMSDisplay {
    /// Finds `entry`'s backlight and takes its level as the screen's brightness; an
    /// internal panel without a usable one says why, once.
    func findBacklight(for entry: LitScreen) {
        let result = BacklightDiscovery.find(
            card: entry.card.node.sysname, connector: entry.connector.name, isInternal: entry.screen.isInternal,
            named: configuration.backlight, sysfsRoot: sysfsRoot)
        switch result {
        case .success(let device):
            entry.backlight = device
            if let level = device.level { entry.screen.updateBrightness(CGFloat(level)) }
            StderrLog.info("\(entry.connector.name): backlight \(device.name) (0…\(device.maxBrightness))")
        case .failure(.notInternal):
            break
        case .failure(let reason):
            StderrLog.info("\(entry.connector.name): \(reason)")
            entry.noBacklightLogged = true
        }
    }

    package func brightnessDidChange(_ screen: Screen) {
        guard let entry = entry(for: screen) else { return }
        guard let device = entry.backlight else {
            if !entry.noBacklightLogged {
                entry.noBacklightLogged = true
                StderrLog.info("\(entry.connector.name) has no backlight: its brightness stays 1 (said once)")
            }
            return
        }
        let value = device.value(for: screen.backlightLevel)
        let writer = backlightWriter ?? makeBacklightWriter()
        backlightWriter = writer
        do {
            try writer.set(device, to: value)
        } catch {
            guard writer is LogindBacklightWriter else {
                StderrLog.error("\(entry.connector.name): setting backlight \(device.name): \(error)")
                return
            }
            // logind may refuse a session that is not active or not local: sysfs from now on.
            StderrLog.info("\(entry.connector.name): \(error); writing sysfs from now on")
            backlightWriter = SysfsBacklightWriter()
            brightnessDidChange(screen)
        }
    }

    package func hasBacklight(_ screen: Screen) -> Bool? { entry(for: screen).map { $0.backlight != nil } }

    /// logind's SetBrightness on this process's session when it has one, else sysfs.
    private func makeBacklightWriter() -> any BacklightWriter {
        if let session = LogindBacklightWriter.currentSession() {
            do {
                return try LogindBacklightWriter(session: session)
            } catch {
                StderrLog.info("backlights: no logind (\(error)), writing sysfs")
            }
        }
        return SysfsBacklightWriter()
    }
}
