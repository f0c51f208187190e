import GLCompositing
import XCTest

/// The compositor a card's screens get, as a table of what the configuration forces, what EGL offers
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
        let cases:
            [(forced: CompositorChoice.Kind?, gl: CompositorChoice.GLAvailability, expected: CompositorChoice.Kind)] = [
                (nil, radeon, .gl),
                (nil, llvmpipe, .pixman),
                (nil, softpipe, .pixman),
                (nil, swrast, .pixman),
                (nil, softwareDevice, .pixman),
                (nil, none, .pixman),
                (.gl, radeon, .gl),
                (.gl, llvmpipe, .gl),
                (.gl, softwareDevice, .gl),
                (.gl, none, .pixman),
                (.pixman, radeon, .pixman),
                (.pixman, llvmpipe, .pixman),
            ]
        for (forced, gl, expected) in cases {
            let choice = CompositorChoice.choose(forced: forced, gl: gl)
            XCTAssertEqual(choice.kind, expected, "forced \(forced.map(\.rawValue) ?? "nothing"), \(gl)")
            XCTAssertFalse(choice.reason.isEmpty)
        }
    }

    func testReasonNamesWhatDecided() {
        let llvmpipe = CompositorChoice.GLAvailability.available(
            renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", deviceExtensions: [])
        XCTAssertTrue(CompositorChoice.choose(forced: nil, gl: llvmpipe).reason.contains("software rasteriser"))
        XCTAssertTrue(
            CompositorChoice.choose(forced: .gl, gl: llvmpipe).reason.contains("the configuration asks for GL"))
        XCTAssertTrue(CompositorChoice.choose(forced: .pixman, gl: llvmpipe).reason.contains("asks for pixman"))
        XCTAssertTrue(
            CompositorChoice.choose(forced: nil, gl: .unavailable(reason: "no EGL")).reason.contains("no EGL"))
    }
}

/// Whether Mesa would render in software on a card, told from its DRI folders without EGL.
final class MesaDriverLookupTests: XCTestCase {
    private let folder = "/usr/lib/x86_64-linux-gnu/dri"

    private func lookup(_ driver: String, files: Set<String>, environment: [String: String] = [:]) -> Bool? {
        MesaDriverLookup.rendersInSoftware(
            kernelDriver: driver, environment: environment, folders: [folder], fileExists: files.contains)
    }

    func testADriverWithoutAMesaDriverRendersInSoftware() {
        let mesa: Set = ["\(folder)/kms_swrast_dri.so", "\(folder)/virtio_gpu_dri.so", "\(folder)/i915_dri.so"]
        XCTAssertEqual(lookup("vkms", files: mesa), true, "vkms: kms_swrast, llvmpipe")
        XCTAssertEqual(lookup("virtio_gpu", files: mesa), false, "EGL is asked")
        XCTAssertEqual(lookup("i915", files: mesa), false)
    }

    func testAnotherLayoutOrAnOverrideIsNotGuessed() {
        XCTAssertNil(lookup("vkms", files: []), "no Mesa folders as known (a vendor's EGL, newer Mesa): ask EGL")
        XCTAssertNil(lookup("vkms", files: ["\(folder)/virtio_gpu_dri.so"]), "no kms_swrast there")
        let mesa: Set = ["\(folder)/kms_swrast_dri.so"]
        XCTAssertNil(lookup("vkms", files: mesa, environment: ["GALLIUM_DRIVER": "llvmpipe"]))
        XCTAssertNil(lookup("vkms", files: mesa, environment: ["MESA_LOADER_DRIVER_OVERRIDE": "zink"]))
        XCTAssertNil(lookup("", files: mesa))
        XCTAssertNil(lookup("../x", files: mesa))
    }

    func testThisMachinesMesaHasNoVKMSDriver() throws {
        let known = MesaDriverLookup.rendersInSoftware(kernelDriver: "vkms", environment: [:])
        guard let known else { throw XCTSkip("Mesa's DRI folders are not laid out as known here") }
        XCTAssertTrue(known)
    }
}
