import Glibc

/// Whether Mesa would render on a card in software, found without starting EGL.
/// Starting EGL to ask (loading Mesa and LLVM, tens of MB) costs seconds on a slow
/// board, on the first frame's path, only to learn that llvmpipe renders there and
/// pixman composes instead. Mesa's loader opens `<kernel driver>_dri.so` from its DRI
/// folders and, when there is none (vkms, simpledrm, a display-only driver without
/// a kmsro entry), falls back to `kms_swrast`: llvmpipe.
package enum MesaDriverLookup {
    /// Where Mesa's loader looks (Debian's multiarch folder first), unless
    /// LIBGL_DRIVERS_PATH says otherwise.
    package static let standardFolders = [
        "/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib/arm-linux-gnueabihf/dri",
        "/usr/lib/riscv64-linux-gnu/dri", "/usr/lib64/dri", "/usr/lib/dri",
    ]

    /// True when Mesa's DRI folders are laid out the known way (a `kms_swrast_dri.so`
    /// is there) and none has a driver for `kernelDriver`: Mesa would use llvmpipe.
    /// Nil when that cannot be told without EGL: another layout (Mesa without
    /// per-driver files, a vendor's EGL), or the environment overrides Mesa's choice.
    package static func rendersInSoftware(
        kernelDriver: String, environment: [String: String], folders: [String]? = nil,
        fileExists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> Bool? {
        guard !kernelDriver.isEmpty, !kernelDriver.contains("/") else { return nil }
        for name in ["MESA_LOADER_DRIVER_OVERRIDE", "GALLIUM_DRIVER", "LIBGL_ALWAYS_SOFTWARE"]
        where environment[name] != nil {
            return nil
        }
        let searched =
            folders
            ?? environment["LIBGL_DRIVERS_PATH"].map { $0.split(separator: ":").map(String.init) }
            ?? standardFolders
        let laidOut = searched.filter { fileExists("\($0)/kms_swrast_dri.so") }
        guard !laidOut.isEmpty else { return nil }
        return !searched.contains { fileExists("\($0)/\(kernelDriver)_dri.so") }
    }
}
