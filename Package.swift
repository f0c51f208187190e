// swift-tools-version:6.1
// DirectDisplay: UIKit-style windows on Linux DRM/KMS displays.
//
// The layers, bottom to top, are the folders of Sources/ (`layers` below places each
// target in its layer's folder); dependencies point down, or across within a layer:
//   Bindings   C system libraries (pkg-config) and kernel headers: CDRM, CUdev, CInput, CXKBCommon,
//              CEvdev, CPixman, CCairo, CPango, CTurboJPEG, CSeat, CSystemd, CLinuxEvents,
//              CVirtualTerminal, CGBM, CEGL, CGLES, CFrameCopy (streaming copies into scanout buffers),
//              CEspeakNG, CSpeechd (headers; the libraries are opened at run time)
//   Logic      pure logic, no C library, no hardware: WindowModel, EDID, InputModel (input event values
//              and rules), Geometry (CGAffineTransform where Foundation has none, autoresizing),
//              Animation (timing curves, interpolation, vblank prediction)
//   System     Scheduling (the event loop and its clocks), DeviceAccess (the device opener),
//              Keyboard (xkbcommon keymaps and state)
//   Graphics   Compositing (pixman composition, cairo drawing, PNG files), Typesetting (pango),
//              ImageDecoding (PNG, JPEG), GLRendering (EGL, GLES, GBM buffers), GLCompositing
//              (draw operations composed with GLES)
//   Backend    KMS (DRM/KMS scanout: probes, commits, page flips), Udev (device discovery), Input
//              (libinput), Session (libseat and the virtual console), Backlight (panel backlights in
//              sysfs, set through logind or sysfs), Speech (speech-dispatcher, espeak-ng); DirectDisplayKMS (KMSDisplay:
//              the core's Display on DRM/KMS cards, libinput and the console; above the core)
//   Core       DirectDisplayCore (@MainActor, UIKit-shaped: model, views, input routing, rendering,
//              animation, GLView, the headless display and the Display interface back ends implement;
//              no KMS, Udev, Input, Session or DeviceAccess)
//   Product    DirectDisplay (re-exports the core and the KMS display; `Application.shared.run { }`
//              runs on a KMSDisplay)
//   Programs   direct-display (CLI and demo), direct-display-bench, the demo's scene, the EDID fuzzer
//   Testing    VirtualInput (uinput devices), DirectDisplayTesting (fault injection): tests only
import PackageDescription

func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "DirectDisplay",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DirectDisplay", targets: ["DirectDisplay"]),
        .executable(name: "direct-display", targets: ["DirectDisplayCLI"]),
        .executable(name: "direct-display-bench", targets: ["DirectDisplayBench"]),
        .executable(name: "edid-fuzzer", targets: ["EDIDFuzzer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Errno: errno values with names (DRMError.errno).
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CUdev", pkgConfig: "libudev", apt: "libudev-dev"),
        systemLibrary("CInput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        systemLibrary("CPango", pkgConfig: "pangocairo", apt: "libpango1.0-dev"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
        systemLibrary("CXKBCommon", pkgConfig: "xkbcommon", apt: "libxkbcommon-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", apt: "libevdev-dev"),
        .systemLibrary(name: "CLinuxEvents"),
        .systemLibrary(name: "CVirtualTerminal"),
        // Copies into scanout buffers by streaming stores (a header of its own, no library).
        .systemLibrary(name: "CFrameCopy"),
        systemLibrary("CSeat", pkgConfig: "libseat", apt: "libseat-dev"),
        systemLibrary("CSystemd", pkgConfig: "libsystemd", apt: "libsystemd-dev"),
        // GBM, EGL and GLES: headers only, no pkg-config (its --libs would link them). The
        // libraries are opened on the first GLView or GL composition (Scripts/gl-entry-points).
        .systemLibrary(name: "CGBM", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CEGL", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES", providers: [.apt(["libgles-dev"])]),
        // Speech for the screen reader: headers only (libespeak-ng-dev, libspeechd-dev); the
        // libraries are opened at run time, so a machine without them runs, silent.
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSpeechd", providers: [.apt(["libspeechd-dev"])]),

        .target(name: "WindowModel"),
        .target(name: "EDID"),
        .target(name: "InputModel"),
        .target(name: "Animation"),
        .target(name: "Geometry"),
        .target(
            name: "Scheduling",
            dependencies: ["CLinuxEvents", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "DeviceAccess", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "Session",
            dependencies: [
                "CSeat", "CVirtualTerminal", "CSystemd", "DeviceAccess", "Scheduling",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(name: "Keyboard", dependencies: ["CXKBCommon", "InputModel"]),
        .target(
            name: "Input",
            dependencies: [
                "CInput", "CUdev", "DeviceAccess", "InputModel",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(name: "Compositing", dependencies: ["CPixman", "CCairo", "CFrameCopy", "Geometry"]),
        .target(name: "Typesetting", dependencies: ["CPango", "CCairo", "Compositing", "Geometry"]),
        .target(name: "ImageDecoding", dependencies: ["CCairo", "CTurboJPEG", "Compositing"]),
        .target(
            name: "KMS",
            dependencies: [
                "CDRM", "EDID", "DeviceAccess", "Scheduling", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(name: "Udev", dependencies: ["CUdev"]),
        // The screen reader's voice: speech-dispatcher when its daemon runs, else espeak-ng.
        .target(name: "Speech", dependencies: ["CEspeakNG", "CSpeechd"]),
        // Panel backlights: which /sys/class/backlight device a connector has, set through logind or sysfs.
        .target(
            name: "Backlight",
            dependencies: ["CSystemd", .product(name: "SystemPackage", package: "swift-system")]),
        // OpenGL ES through EGL (surfaceless, or on a card's GBM device): contexts, framebuffers, GBM buffers.
        .target(name: "GLRendering", dependencies: ["CGBM", "CEGL", "CGLES"]),
        // Draw operations composed with GLES (the GPU counterpart of Compositing's FrameComposer).
        .target(name: "GLCompositing", dependencies: ["Compositing", "Geometry", "GLRendering", "CGLES"]),
        // uinput devices made by tests and benchmarks (libevdev), never by the library.
        .target(name: "VirtualInput", dependencies: ["CEvdev"]),
        // The public, UIKit-shaped module. No back-end module here: the KMS display is
        // DirectDisplayKMS, above; LayeringTests checks that none is reached.
        .target(
            name: "DirectDisplayCore",
            dependencies: [
                "WindowModel", "Geometry", "Animation", "Compositing", "Typesetting", "ImageDecoding", "InputModel",
                "Keyboard", "Scheduling", "GLRendering",
                // GLView re-exports GLES for its users' draw calls.
                "CGLES",
            ]
        ),
        // The core's Display on DRM/KMS: cards, hotplug, libinput, the console session.
        .target(
            name: "DirectDisplayKMS",
            dependencies: [
                "DirectDisplayCore", "Animation", "Compositing", "EDID", "KMS", "Udev", "Input", "InputModel",
                "Scheduling", "DeviceAccess", "Session", "GLRendering", "GLCompositing", "Backlight", "Speech",
            ]
        ),
        // The product: both modules, and `Application.shared.run { }` on the KMS display.
        .target(name: "DirectDisplay", dependencies: ["DirectDisplayCore", "DirectDisplayKMS"]),
        // The demo's windows, shown by `direct-display demo` and measured by `direct-display-bench compositor`.
        .target(name: "Demo", dependencies: ["DirectDisplay"]),
        .executableTarget(
            name: "DirectDisplayCLI",
            dependencies: [
                "Demo", "DirectDisplay", "KMS", "Udev", "EDID", "Input", "InputModel", "Scheduling", "Session",
                "Typesetting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "DirectDisplayBench",
            dependencies: [
                "Demo", "DirectDisplay", "Compositing", "KMS", "Udev", "VirtualInput", "Scheduling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target for the EDID parser; Scripts/fuzz-edid builds it with -sanitize=fuzzer.
        .executableTarget(name: "EDIDFuzzer", dependencies: ["EDID"]),

        // Test hooks for the library's tests, kept out of the product (as swift-nio's NIOEmbedded):
        // failures injected into the KMS module's libdrm funnel, and cards that lose flip
        // events or refuse overlay planes (FaultyCard).
        .target(
            name: "DirectDisplayTesting",
            dependencies: ["KMS", "DirectDisplayKMS", .product(name: "SystemPackage", package: "swift-system")]),
        // Helpers shared by the test targets (a seeded random generator, running a built program).
        .target(name: "TestSupport", dependencies: ["CGLES"], path: "Tests/TestSupport"),
        // A GLView run through Application.run on the headless display (LaunchedGLViewTests runs it).
        .executableTarget(
            name: "GLLaunchCheck", dependencies: ["DirectDisplay", "TestSupport"], path: "Tests/GLLaunchCheck"),
        // Hostile values through the public API, one case per process (HostileValueTests runs it).
        .executableTarget(
            name: "HostileValueCases", dependencies: ["DirectDisplay"], path: "Tests/HostileValueCases"),
        // The built direct-display binary as a child process on the host (bad input, exit statuses).
        .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
        // The layers, read from this package's own graph: the core reaches no back end.
        .testTarget(name: "LayeringTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "DirectDisplayTests",
            dependencies: [
                "DirectDisplayCore", "WindowModel", "Geometry", "Animation", "Compositing", "InputModel", "Scheduling",
                "TestSupport", "GLRendering", "Typesetting", "CPango",
                // The JPEG tests make their JPEG with TurboJPEG's compressor.
                "CTurboJPEG",
            ]),
        .testTarget(name: "WindowModelTests", dependencies: ["WindowModel", "TestSupport"]),
        .testTarget(name: "EDIDTests", dependencies: ["EDID", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "KMSTests",
            dependencies: ["KMS", "DirectDisplayTesting", .product(name: "SystemPackage", package: "swift-system")]),
        // A whole KMSDisplay on the host through a fake card (no VM, no /dev/dri).
        .testTarget(
            name: "KMSDisplayTests",
            dependencies: [
                "DirectDisplayKMS", "DirectDisplayCore", "KMS", "Udev", "Scheduling", "CDRM", "Backlight",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(name: "UdevTests", dependencies: ["Udev"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "TestSupport"]),
        .testTarget(name: "BacklightTests", dependencies: ["Backlight", "CSystemd", "TestSupport"]),
        .testTarget(name: "KeyboardTests", dependencies: ["Keyboard", "InputModel"]),
        .testTarget(
            name: "SchedulingTests",
            dependencies: ["Scheduling", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "CompositingTests", dependencies: ["Compositing"]),
        .testTarget(
            name: "GLCompositingTests", dependencies: ["GLCompositing", "Compositing", "Geometry", "GLRendering"]),
        .testTarget(name: "GLRenderingTests", dependencies: ["GLRendering", "CGLES", "TestSupport"]),
        .testTarget(name: "InputModelTests", dependencies: ["InputModel"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(
            name: "HardwareTests",
            dependencies: [
                "DirectDisplay", "DirectDisplayCore", "DirectDisplayKMS", "KMS", "Udev", "Compositing", "Input",
                "InputModel", "Keyboard", "CEvdev",
                // The demo's scene, shown in process where its frames and pixels are read (DemoListTests).
                "Demo",
                "VirtualInput",
                "Scheduling", "DeviceAccess", "Session", "CVirtualTerminal", "TestSupport", "ImageDecoding",
                "DirectDisplayTesting",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// Each layer's folder under Sources/ and the targets in it, bottom to top (see the header).
let layers: [(folder: String, targets: [String])] = [
    (
        "Bindings",
        [
            "CDRM", "CUdev", "CInput", "CXKBCommon", "CEvdev", "CPixman", "CCairo", "CPango", "CTurboJPEG",
            "CLinuxEvents", "CVirtualTerminal", "CSeat", "CSystemd", "CGBM", "CEGL", "CGLES", "CFrameCopy",
            "CEspeakNG", "CSpeechd",
        ]
    ),
    ("Logic", ["WindowModel", "EDID", "InputModel", "Geometry", "Animation"]),
    ("System", ["Scheduling", "DeviceAccess", "Keyboard"]),
    ("Graphics", ["Compositing", "Typesetting", "ImageDecoding", "GLRendering", "GLCompositing"]),
    ("Backend", ["KMS", "Udev", "Input", "Session", "Backlight", "Speech", "DirectDisplayKMS"]),
    ("Core", ["DirectDisplayCore"]),
    ("Product", ["DirectDisplay"]),
    ("Programs", ["DirectDisplayCLI", "DirectDisplayBench", "Demo", "EDIDFuzzer"]),
    ("Testing", ["VirtualInput", "DirectDisplayTesting"]),
]
for target in package.targets where target.path == nil && target.type != .test {
    guard let layer = layers.first(where: { $0.targets.contains(target.name) }) else {
        fatalError("\(target.name) belongs to no layer: add it to `layers` in Package.swift")
    }
    target.path = "Sources/\(layer.folder)/\(target.name)"
}
