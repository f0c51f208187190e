// swift-tools-version:6.1
// DirectDisplay: UIKit-style windows on Linux DRM/KMS displays.
//
// Layers, bottom to top (dependencies point down only):
//   C bindings      CDRM, CUdev, CInput, CPixman, CCairo (system libraries, pkg-config)
//   pure logic      WindowModel, EDID (no C library, no hardware)
//   pixels          Compositing (pixman composition, cairo PNG files)
//   back ends       KMS (DRM/KMS scanout), Udev (device discovery)
//   public API      DirectDisplay (@MainActor, UIKit-shaped)
//   programs        direct-display (CLI and demo), direct-display-bench (benchmarks on real KMS)
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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CUdev", pkgConfig: "libudev", apt: "libudev-dev"),
        systemLibrary("CInput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        systemLibrary("CXKBCommon", pkgConfig: "xkbcommon", apt: "libxkbcommon-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", apt: "libevdev-dev"),

        .target(name: "WindowModel"),
        .target(name: "EDID"),
        .target(name: "InputModel"),
        .target(name: "Input", dependencies: ["CInput", "CUdev", "CXKBCommon"]),
        .target(name: "Compositing", dependencies: ["CPixman", "CCairo"]),
        .target(name: "KMS", dependencies: ["CDRM", "EDID"]),
        .target(name: "Udev", dependencies: ["CUdev"]),
        // uinput devices made by tests and benchmarks (libevdev), never by the library.
        .target(name: "VirtualInput", dependencies: ["CEvdev"]),
        .target(
            name: "DirectDisplay",
            dependencies: ["WindowModel", "Compositing", "EDID", "KMS", "Udev", "Input", "InputModel"]
        ),
        .executableTarget(
            name: "DirectDisplayCLI",
            dependencies: [
                "DirectDisplay", "KMS", "Udev", "EDID", "Input", "InputModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "DirectDisplayBench",
            dependencies: [
                "DirectDisplay", "KMS", "Udev", "VirtualInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "DirectDisplayTests", dependencies: ["DirectDisplay", "WindowModel", "Compositing", "TestSupport"]),
        .testTarget(name: "WindowModelTests", dependencies: ["WindowModel", "TestSupport"]),
        .testTarget(name: "EDIDTests", dependencies: ["EDID", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "KMSTests", dependencies: ["KMS"]),
        .testTarget(name: "UdevTests", dependencies: ["Udev"]),
        .testTarget(name: "InputTests", dependencies: ["Input"]),
        .testTarget(name: "InputModelTests", dependencies: ["InputModel"]),
        .testTarget(
            name: "HardwareTests",
            dependencies: ["DirectDisplay", "KMS", "Udev", "Compositing", "Input", "CEvdev", "VirtualInput"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
