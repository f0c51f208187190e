import Foundation

/// Whether anything can play sound: an ALSA playback device, or a PulseAudio or PipeWire server.
package enum SoundDevices {
    /// `devices`: ALSA's device folder; `runtimeDirectory`: the user's XDG_RUNTIME_DIR (nil: none).
    package static func canPlay(
        devices: String = "/dev/snd",
        runtimeDirectory: String? = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
    ) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []
        // pcmC0D0p: card 0, device 0, playback (a name ending in c is a capture device).
        if names.contains(where: { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }) { return true }
        guard let runtimeDirectory else { return false }
        return ["pulse/native", "pipewire-0"].contains {
            FileManager.default.fileExists(atPath: "\(runtimeDirectory)/\($0)")
        }
    }
}
