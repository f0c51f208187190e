import CEGL
import CGLES

/// A GL framebuffer object of `width`×`height` pixels with a colour and a
/// depth-stencil renderbuffer: the one owner of the three GL names (and of the
/// EGLImage when the colour lives in a GBM buffer), deleted once in deinit with
/// their context current.
package final class GLFramebuffer {
    package let context: GLContext
    package let width: Int
    package let height: Int
    /// The GL framebuffer name (what glBindFramebuffer takes).
    package let name: GLuint
    /// The GBM buffer holding the colour, when it was made from one (scanout).
    package let buffer: GBMBuffer?
    private let colorRenderbuffer: GLuint
    private let depthRenderbuffer: GLuint
    private let image: EGLImageKHR?

    /// An RGBA8 framebuffer in GL's own memory (read back with `readPixels`).
    package convenience init(context: GLContext, width: Int, height: Int) throws(GLError) {
        try self.init(context: context, width: width, height: height, buffer: nil)
    }

    /// A framebuffer whose colour is `buffer` (EGLImage from the GBM buffer object):
    /// what GL draws is what the card scans out, no copy. `context` must be on the
    /// GBM display of the buffer's device. GL's rows go bottom-up but a scanout's go
    /// top-down: the framebuffer is flipped (GL_MESA_framebuffer_flip_y), so the
    /// same drawing shows the same way up on screen as read back from the other kind.
    package convenience init(context: GLContext, buffer: GBMBuffer) throws(GLError) {
        try self.init(context: context, width: buffer.width, height: buffer.height, buffer: buffer)
    }

    private init(context: GLContext, width: Int, height: Int, buffer: GBMBuffer?) throws(GLError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        try context.makeCurrent()
        var image: EGLImageKHR?
        if let buffer {
            try context.display.require("EGL_KHR_image_pixmap")
            guard
                let made = dd_egl_create_image(
                    context.display.handle, EGLenum(EGL_NATIVE_PIXMAP_KHR), EGLClientBuffer(buffer.handle),
                    [EGLint(EGL_NONE)])
            else { throw .lastEGL("eglCreateImageKHR(\(buffer.width)x\(buffer.height) GBM buffer)") }
            image = made
        }
        var names: [GLuint] = [0, 0]
        glGenRenderbuffers(2, &names)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), names[0])
        if let image {
            guard dd_gl_image_target_renderbuffer(GLenum(GL_RENDERBUFFER), image) != 0 else {
                glDeleteRenderbuffers(2, names)
                glDeleteFramebuffers(1, &framebuffer)
                _ = dd_egl_destroy_image(context.display.handle, image)
                throw .missingExtension("GL_OES_EGL_image", by: context.display.name)
            }
        } else {
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), names[1])
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), names[0])
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), names[1])
        let flips = image != nil && context.glExtensions.contains("GL_MESA_framebuffer_flip_y")
        if flips { glFramebufferParameteri(GLenum(GL_FRAMEBUFFER), Self.flipY, 1) }
        self.context = context
        self.width = width
        self.height = height
        self.buffer = buffer
        self.image = image
        name = framebuffer
        colorRenderbuffer = names[0]
        depthRenderbuffer = names[1]
        // From here deinit frees everything, also when the status check throws.
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .incompleteFramebuffer(status: status) }
        if image != nil && !flips { throw .missingExtension("GL_MESA_framebuffer_flip_y", by: context.renderer) }
    }

    /// GL_FRAMEBUFFER_FLIP_Y_MESA (GLES2/gl2ext.h, not in the GLES 3 headers).
    private static let flipY = GLenum(0x8BBB)

    deinit {
        // A terminated display took every GL name and image with it.
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        guard (try? context.makeCurrent()) != nil else { return }
        var framebuffer = name
        glDeleteFramebuffers(1, &framebuffer)
        let renderbuffers = [colorRenderbuffer, depthRenderbuffer]
        glDeleteRenderbuffers(2, renderbuffers)
        if let image { _ = dd_egl_destroy_image(context.display.handle, image) }
    }

    /// Makes the context current, binds the framebuffer and sets the viewport to all of it.
    package func bind() throws(GLError) {
        try context.makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Waits for GL to finish drawing into the framebuffer (before the card scans it out).
    package func finish() {
        glFinish()
    }

    /// Copies the pixels out, top row first, as premultiplied ARGB8888 (what cairo and
    /// pixman read: B, G, R, A bytes), to `width`×`height` memory of `bytesPerRow`.
    /// GL's rows go bottom-up and its bytes R, G, B, A: both are turned around here.
    package func readPixels(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) throws(GLError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        try bind()
        var rows = [UInt32](repeating: 0, count: width * height)
        rows.withUnsafeMutableBytes { bytes in
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
            glReadPixels(
                0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        for row in 0..<height {
            let source = (height - 1 - row) * width
            let target = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                // Little-endian RGBA is 0xAABBGGRR; ARGB8888 is 0xAARRGGBB: swap R and B.
                let value = rows[source + x]
                target[x] = (value & 0xFF00_FF00) | ((value & 0xFF) << 16) | ((value >> 16) & 0xFF)
            }
        }
    }
}
