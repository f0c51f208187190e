import CEGL
import CGLES
import Synchronization

/// One initialised EGL display: one owner of eglInitialize's reference, given
/// up once (`terminate()`, or deinit); the display ends with its last owner. Either surfaceless (Mesa's platform that needs no
/// device: software rendering where there is no GPU, on the host too) or on a
/// card's GBM device (buffers the card can scan out).
package final class GLDisplay {
    let handle: EGLDisplay
    /// The display's extensions (eglQueryString EGL_EXTENSIONS).
    package let extensions: Set<String>
    /// "surfaceless" or the GBM device's path: what log lines call it.
    package let name: String
    /// The GBM device under the display (nil: surfaceless, or terminated).
    package private(set) var gbmDevice: GBMDevice?
    /// `terminate()` ran: the display, its contexts and their GL names are gone.
    package private(set) var isTerminated = false

    /// The surfaceless display (EGL_MESA_platform_surfaceless).
    package convenience init() throws(GLError) {
        try self.init(
            platform: EGLenum(EGL_PLATFORM_SURFACELESS_MESA), extension: "EGL_MESA_platform_surfaceless",
            native: nil, device: nil, name: "the surfaceless EGL display")
    }

    /// The display of a card's GBM device (EGL_KHR_platform_gbm).
    package convenience init(device: GBMDevice) throws(GLError) {
        try self.init(
            platform: EGLenum(EGL_PLATFORM_GBM_KHR), extension: "EGL_KHR_platform_gbm",
            native: UnsafeMutableRawPointer(device.handle), device: device, name: "the EGL display of \(device.path)")
    }

    private init(
        platform: EGLenum, extension required: String, native: UnsafeMutableRawPointer?, device: GBMDevice?,
        name: String
    ) throws(GLError) {
        // The first GL use opens the libraries (not linked, see Scripts/gl-entry-points):
        // a machine without them gets this error, not a crash at the first call.
        try GLError.requireLibrary("libEGL.so.1", dd_egl_library)
        try GLError.requireLibrary("libGLESv2.so.2", dd_gles_library)
        GLCurrentBinding.eglIsOpen.store(true, ordering: .releasing)
        // Client extensions: a NULL answer means an EGL without EXT_client_extensions.
        let client = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        let clientExtensions = Set(client.split(separator: " ").map(String.init))
        guard clientExtensions.contains(required) || clientExtensions.contains(required.replacingKHRWithMESA) else {
            throw .missingExtension(required, by: "the EGL client")
        }
        guard let display = dd_egl_get_platform_display(platform, native) else {
            throw .lastEGL("eglGetPlatformDisplayEXT")
        }
        try Self.initializations.acquire(display)
        let list = eglQueryString(display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        handle = display
        extensions = Set(list.split(separator: " ").map(String.init))
        self.name = name
        gbmDevice = device
    }

    deinit { terminate() }

    /// Ends the display now (EGL closes its own copy of a card's file descriptor):
    /// its contexts, framebuffers and programs die with it, and their owners then
    /// free nothing more. For a card that must be closed while GL objects remain.
    package func terminate() {
        guard !isTerminated else { return }
        isTerminated = true
        Self.initializations.release(handle)
        gbmDevice = nil
    }

    /// EGL hands out one EGLDisplay per platform and native display, and its
    /// initialisation is not counted: eglTerminate from one owner would end the
    /// display under every other (two surfaceless GLDisplays, a test's and a
    /// GLView's, made each other's calls fail with EGL_BAD_DISPLAY). So owners are
    /// counted here, and only the last one terminates.
    private static let initializations = DisplayInitializations()

    /// The extensions of the EGL device under the display (EGL_EXT_device_query),
    /// e.g. EGL_MESA_device_software for a software rasteriser; empty when it cannot say.
    package var deviceExtensions: Set<String> {
        guard !isTerminated, let list = dd_egl_device_extensions(handle) else { return [] }
        return Set(String(cString: list).split(separator: " ").map(String.init))
    }

    /// Throws when the display lacks `name`.
    func require(_ name: String) throws(GLError) {
        guard extensions.contains(name) else { throw .missingExtension(name, by: self.name) }
    }
}

extension String {
    /// GBM's platform is EGL_KHR_platform_gbm or, in older Mesa, EGL_MESA_platform_gbm.
    fileprivate var replacingKHRWithMESA: String {
        hasPrefix("EGL_KHR_") ? "EGL_MESA_" + dropFirst("EGL_KHR_".count) : self
    }
}

/// How many GLDisplays own each initialised EGLDisplay (see `GLDisplay.initializations`).
private final class DisplayInitializations: Sendable {
    private let owners = Mutex<[UInt: Int]>([:])

    /// eglInitialize for the first owner of `display`; counts the others.
    func acquire(_ display: EGLDisplay) throws(GLError) {
        let key = UInt(bitPattern: display)
        let failed: Bool = owners.withLock { owners in
            if let count = owners[key] {
                owners[key] = count + 1
                return false
            }
            var major: EGLint = 0
            var minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGL_TRUE else { return true }
            owners[key] = 1
            return false
        }
        if failed { throw .lastEGL("eglInitialize") }
    }

    /// Gives up one owner's reference; the last one unbinds this thread from
    /// `display` and terminates it (the other owners' contexts stay current where they are).
    func release(_ display: EGLDisplay) {
        let key = UInt(bitPattern: display)
        owners.withLock { owners in
            let count = owners[key] ?? 1
            guard count <= 1 else {
                owners[key] = count - 1
                return
            }
            owners[key] = nil
            eglMakeCurrent(display, nil, nil, nil)
            eglTerminate(display)
        }
    }
}
