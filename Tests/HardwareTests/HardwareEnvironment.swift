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

    static func requireHardware() throws {
        guard isEnabled else {
            throw XCTSkip("hardware test: runs inside Hardware/vm (Scripts/test does this)")
        }
    }
}

/// 0xRRGGBB of a scanout pixel (the X byte ignored).
func rgb(_ value: UInt32) -> UInt32 { value & 0x00FF_FFFF }
