import GLCompositing
import XCTest

/// The compositor a card's screens get, as a table of the setting, what EGL offers
/// on the card and its renderer.
final class CompositorChoiceTests: XCTestCase {
    func testChoiceFollowsSettingEGLAndRenderer() {
        let radeon = CompositorChoice.GLAvailability.available(
            renderer: "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)",
            deviceExtensions: ["EGL_EXT_device_drm"])
        let llvmpipe = CompositorChoice.GLAvailability.available(
            renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", deviceExtensions: ["EGL_EXT_device_drm"])
        let softpipe = CompositorChoice.GLAvailability.available(renderer: "softpipe", deviceExtensions: [])
        let swrast = CompositorChoice.GLAvailability.available(renderer: "Mesa X11 swrast", deviceExtensions: [])
        let softwareDevice = CompositorChoice.GLAvailability.available(
            renderer: "some renderer", deviceExtensions: ["EGL_MESA_device_software"])
        let none = CompositorChoice.GLAvailability.unavailable(reason: "eglInitialize failed")
        let cases: [(setting: String?, gl: CompositorChoice.GLAvailability, expected: CompositorChoice.Kind)] = [
            (nil, radeon, .gl),
            (nil, llvmpipe, .pixman),
            (nil, softpipe, .pixman),
            (nil, swrast, .pixman),
            (nil, softwareDevice, .pixman),
            (nil, none, .pixman),
            ("", radeon, .gl),
            ("gl", radeon, .gl),
            ("gl", llvmpipe, .gl),
            ("GL", softwareDevice, .gl),
            ("gl", none, .pixman),
            ("pixman", radeon, .pixman),
            ("pixman", llvmpipe, .pixman),
            ("vulkan", radeon, .gl),
            ("vulkan", llvmpipe, .pixman),
        ]
        for (setting, gl, expected) in cases {
            let choice = CompositorChoice.choose(environment: setting, gl: gl)
            XCTAssertEqual(choice.kind, expected, "DIRECTDISPLAY_COMPOSITOR=\(setting ?? "unset"), \(gl)")
            XCTAssertFalse(choice.reason.isEmpty)
        }
    }

    func testReasonNamesWhatDecided() {
        let llvmpipe = CompositorChoice.GLAvailability.available(
            renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", deviceExtensions: [])
        XCTAssertTrue(
            CompositorChoice.choose(environment: nil, gl: llvmpipe).reason.contains("software rasteriser"))
        XCTAssertTrue(
            CompositorChoice.choose(environment: "gl", gl: llvmpipe).reason.contains("DIRECTDISPLAY_COMPOSITOR=gl"))
        XCTAssertTrue(CompositorChoice.choose(environment: "vulkan", gl: llvmpipe).reason.contains("ignored"))
        XCTAssertTrue(
            CompositorChoice.choose(environment: nil, gl: .unavailable(reason: "no EGL")).reason.contains("no EGL"))
    }
}
