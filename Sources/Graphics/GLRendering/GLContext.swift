import CEGL
import CGLES
import Synchronization

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
    /// Pair it with a `GLCurrentBinding` restored afterwards: a context left current
    /// on one thread cannot be made current on another (EGL_BAD_ACCESS).
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

/// What is current on the calling thread (display, surfaces, context), saved to be
/// put back once a piece of GL work is done. A context stays bound to the thread it
/// was made current on until that thread lets it go, and after `dispatchMain()` the
/// main queue runs on whichever thread dispatch picks (the launching thread is gone):
/// so every piece of GL work leaves this thread as it found it, mostly with nothing current.
package struct GLCurrentBinding {
    private let display: EGLDisplay?
    private let draw: EGLSurface?
    private let read: EGLSurface?
    private let context: EGLContext?

    /// Set by the first GLDisplay, which opens EGL: until then none of the package's contexts
    /// can be current anywhere. (Asking the loader instead, dlopen's RTLD_NOLOAD, searched the
    /// library path each frame: start and stop 1.5-2.5x slower in the VM.)
    static let eglIsOpen = Atomic<Bool>(false)

    /// What is current on this thread now: nothing while EGL is not loaded (an app without
    /// GL asks every frame, and must not load it by asking).
    package static var ofThisThread: GLCurrentBinding {
        guard eglIsOpen.load(ordering: .acquiring) else {
            return GLCurrentBinding(display: nil, draw: nil, read: nil, context: nil)
        }
        return GLCurrentBinding(
            display: eglGetCurrentDisplay(), draw: eglGetCurrentSurface(EGLint(EGL_DRAW)),
            read: eglGetCurrentSurface(EGLint(EGL_READ)), context: eglGetCurrentContext())
    }

    /// Whether a context is current (nothing is, between pieces of GL work).
    package var hasContext: Bool { context != nil }

    /// Makes current again what was current when this was saved (releasing the
    /// thread's context when nothing was).
    package func restore() {
        let now = Self.ofThisThread
        guard now.context != context || now.draw != draw || now.read != read else { return }
        if let context, let display {
            eglMakeCurrent(display, draw, read, context)
        } else if let display = now.display {
            eglMakeCurrent(display, nil, nil, nil)
        }
    }

    /// Releases whatever context is current on this thread.
    package static func release() {
        GLCurrentBinding(display: nil, draw: nil, read: nil, context: nil).restore()
    }
}
