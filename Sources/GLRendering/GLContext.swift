import CEGL
import CGLES

/// An OpenGL ES 3 context without a surface: everything is drawn into
/// framebuffer objects (`GLFramebuffer`). The one owner of the EGLContext.
package final class GLContext {
    package let display: GLDisplay
    let handle: EGLContext

    /// A GLES 3 context on `display` (needs EGL_KHR_surfaceless_context and
    /// EGL_KHR_no_config_context, which Mesa offers on every platform).
    package init(display: GLDisplay) throws(GLError) {
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
        guard !display.isTerminated else { return }
        if eglGetCurrentContext() == handle { eglMakeCurrent(display.handle, nil, nil, nil) }
        eglDestroyContext(display.handle, handle)
    }

    /// Whether the context still exists (its display was not terminated).
    package var isAlive: Bool { !display.isTerminated }

    /// Makes the context current on this thread (no surface: draw into an FBO).
    package func makeCurrent() throws(GLError) {
        guard isAlive else { throw .disabled(reason: "\(display.name) was terminated") }
        guard eglGetCurrentContext() != handle else { return }
        guard eglMakeCurrent(display.handle, nil, nil, handle) == EGL_TRUE else { throw .lastEGL("eglMakeCurrent") }
    }

    /// The GL extensions (GL_EXTENSIONS; the context must be current).
    package var glExtensions: Set<String> {
        let list = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        return Set(list.split(separator: " ").map(String.init))
    }

    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" (the context must be current).
    package var renderer: String { glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown" }
}
