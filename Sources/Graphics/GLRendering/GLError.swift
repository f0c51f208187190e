import CEGL
import CGLES
import Glibc

/// Why OpenGL ES could not do something, in one line that names the EGL or GL
/// code ("eglInitialize failed: EGL_NOT_INITIALIZED (0x3001)").
public enum GLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An EGL call failed with eglGetError's `code`.
    case egl(call: String, code: Int32)
    /// An extension the job needs is not offered (`by`: the display or "EGL client").
    case missingExtension(String, by: String)
    /// A GL framebuffer is not complete (glCheckFramebufferStatus's answer).
    case incompleteFramebuffer(status: UInt32)
    /// A GBM call failed (errno, or 0 when GBM gave no reason).
    case gbm(call: String, code: Int32)
    /// GL reported `code` (glGetError) after `call`.
    case gl(call: String, code: UInt32)
    /// OpenGL ES was turned off by the caller (e.g. an environment variable).
    case disabled(reason: String)
    /// A library GL needs (libEGL.so.1, libGLESv2.so.2, libgbm.so.1) could not be opened;
    /// `reason` is dlerror's. They are opened on first use, not at launch.
    case missingLibrary(String, reason: String)

    /// Throws unless `library` (a dd_*_library of the C shims: opened on first use) opens.
    static func requireLibrary(_ name: String, _ library: () -> UnsafeMutableRawPointer?) throws(GLError) {
        guard library() == nil else { return }
        throw .missingLibrary(name, reason: dlerror().map { String(cString: $0) } ?? "unknown reason")
    }

    /// The EGL error after a failed call named `call`.
    static func lastEGL(_ call: String) -> GLError { .egl(call: call, code: eglGetError()) }

    public var description: String {
        switch self {
        case .egl(let call, let code):
            return "\(call) failed: \(Self.eglName(code)) (0x\(String(code, radix: 16, uppercase: true)))"
        case .missingExtension(let name, let owner):
            return "\(owner) does not offer \(name)"
        case .incompleteFramebuffer(let status):
            return
                "glCheckFramebufferStatus: \(Self.framebufferStatusName(status)) (0x\(String(status, radix: 16, uppercase: true)))"
        case .gbm(let call, let code):
            return code == 0 ? "\(call) failed" : "\(call) failed: \(String(cString: strerror(code)))"
        case .gl(let call, let code):
            return "\(call) failed: GL error 0x\(String(code, radix: 16, uppercase: true))"
        case .disabled(let reason):
            return "OpenGL ES is turned off (\(reason))"
        case .missingLibrary(let name, let reason):
            return "\(name) could not be opened: \(reason)"
        }
    }

    /// EGL's name for an eglGetError code.
    package static func eglName(_ code: Int32) -> String {
        switch code {
        case EGL_SUCCESS: return "EGL_SUCCESS"
        case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED"
        case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS"
        case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC"
        case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE"
        case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT"
        case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG"
        case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE"
        case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY"
        case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE"
        case EGL_BAD_MATCH: return "EGL_BAD_MATCH"
        case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER"
        case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP"
        case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW"
        case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST"
        default: return "unknown EGL error"
        }
    }

    /// GL's name for a glGetError code.
    package static func glName(_ code: UInt32) -> String {
        switch Int32(code) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        default: return "unknown GL error"
        }
    }

    static func framebufferStatusName(_ status: UInt32) -> String {
        switch Int32(status) {
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: return "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS"
        case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED"
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
        default: return "unknown framebuffer status"
        }
    }
}
