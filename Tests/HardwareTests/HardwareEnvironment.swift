import Foundation
import XCTest

/// Hardware tests need a real DRM card: they run inside `Hardware/vm` (VKMS),
/// which sets DIRECTDISPLAY_HARDWARE=1. Elsewhere they are skipped, and inside the
/// VM a missing card is a failure, never a skip.
enum HardwareEnvironment {
    static var isEnabled: Bool { ProcessInfo.processInfo.environment["DIRECTDISPLAY_HARDWARE"] == "1" }

    /// Where captures go when the caller wants to look at them (an --out folder of Hardware/vm).
    static var captureDirectory: String? { ProcessInfo.processInfo.environment["DIRECTDISPLAY_CAPTURES"] }

    /// The run forces the legacy KMS API (DIRECTDISPLAY_NO_ATOMIC=1): no writeback
    /// connector then (it needs atomic), so captures are front-buffer copies, which
    /// hold no cursor plane.
    static var isLegacyKMS: Bool { ProcessInfo.processInfo.environment["DIRECTDISPLAY_NO_ATOMIC"] == "1" }

    /// How long a demo child process may take to say "demo: input devices:": the line
    /// comes once its devices are open, after its first frame (the launch, the first
    /// composition and, with automatic composition, EGL's start, all emulated).
    static let demoStartTimeout: Double = 60

    static func requireHardware() throws {
        guard isEnabled else {
            throw XCTSkip("hardware test: runs inside Hardware/vm (Scripts/test does this)")
        }
    }

    /// The virtio-gpu heads the VM has beside VKMS (Hardware/vm --gpu-outputs N; 0 without).
    static var gpuOutputs: Int { Int(ProcessInfo.processInfo.environment["DIRECTDISPLAY_VM_GPU_OUTPUTS"] ?? "0") ?? 0 }

    /// Skips a test that needs at least `count` virtio-gpu heads.
    static func requireGPUOutputs(_ count: Int) throws {
        guard gpuOutputs >= count else { throw XCTSkip("needs Hardware/vm --gpu-outputs \(count)") }
    }
}

/// 0xRRGGBB of a scanout pixel (the X byte ignored).
func rgb(_ value: UInt32) -> UInt32 { value & 0x00FF_FFFF }

/// Aborts the test process when one test runs far too long, so a hang in the VM
/// prints every thread's stack (Swift's backtracer) instead of silently using up
/// the VM's whole --timeout. A hang has been seen rarely after hotplug and not
/// found yet; this is how the next one says where it is.
final class HangWatchdog: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    init(test: String, seconds: Double = 240) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            FileHandle.standardError.write(
                Data("hang watchdog: \(test) still runs after \(Int(seconds)) s; aborting for a backtrace\n".utf8))
            abort()
        }
        timer.resume()
    }

    func cancel() { timer.cancel() }
}
