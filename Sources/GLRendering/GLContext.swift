import CEGL
import CGLES

/// An OpenGL ES 3 context without a surface: everything is drawn into
/// framebuffer objects (`GLFramebuffer`). The one owner of the EGLContext.
public final class GLContext {
    public let display: GLDisplay
    let handle: EGLContext

    /// A GLES 3 context on `display` (needs EGL_KHR_surfaceless_context and
    /// EGL_KHR_no_config_context, which Mesa offers on every platform).
    public init(display: GLDisplay) throws(GLError) {
        try display.require("EGL_KHR_surfaceless_context")
        try display.require("EGL_KHR_no_config_context")
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .lastEGL("eglBindAPI") }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        guard let context = eglCreateContext(display.handle, nil, nil, attributes) else {
            throw .lastEGL("eglCreateContext")
        }
        self.display = display
        handle = context
    }

    deinit {
        if eglGetCurrentContext() == handle { eglMakeCurrent(display.handle, nil, nil, nil) }
        eglDestroyContext(display.handle, handle)
    }

    /// Makes the context current on this thread (no surface: draw into an FBO).
    public func makeCurrent() throws(GLError) {
        guard eglGetCurrentContext() != handle else { return }
        guard eglMakeCurrent(display.handle, nil, nil, handle) == EGL_TRUE else { throw .lastEGL("eglMakeCurrent") }
    }

    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" (the context must be current).
    public var renderer: String { glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown" }
}
