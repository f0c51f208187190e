import CEGL
import CGLES

/// A GL texture whose storage is a dmabuf (EGL_EXT_image_dma_buf_import, then
/// glEGLImageTargetTexture2DOES): GL samples the buffer's memory itself, so what the
/// CPU writes there later is what GL draws next, with no upload. The one owner of the
/// EGLImage and the texture name, freed once in deinit with the context current (a
/// terminated display took both with it). The dmabuf descriptor stays the caller's:
/// the image holds its own reference to the buffer.
package final class GLImportedTexture {
    package let context: GLContext
    /// The GL texture name (GL_TEXTURE_2D), nearest filtering, clamped to its edges.
    package let name: GLuint
    package let width: Int
    package let height: Int
    private let image: EGLImageKHR

    /// Imports one plane of `width`×`height` pixels of DRM fourcc `format` (linear,
    /// `bytesPerRow` apart) from the dmabuf `fd`.
    package init(context: GLContext, fd: Int32, format: UInt32, width: Int, height: Int, bytesPerRow: Int)
        throws(GLError)
    {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        try context.makeCurrent()
        try context.display.require("EGL_EXT_image_dma_buf_import")
        let attributes: [EGLint] = [
            EGLint(EGL_WIDTH), EGLint(width), EGLint(EGL_HEIGHT), EGLint(height),
            EGLint(EGL_LINUX_DRM_FOURCC_EXT), EGLint(bitPattern: format),
            EGLint(EGL_DMA_BUF_PLANE0_FD_EXT), fd,
            EGLint(EGL_DMA_BUF_PLANE0_OFFSET_EXT), 0,
            EGLint(EGL_DMA_BUF_PLANE0_PITCH_EXT), EGLint(bytesPerRow),
            EGLint(EGL_NONE),
        ]
        guard
            let made = dd_egl_create_image(
                context.display.handle, EGLenum(EGL_LINUX_DMA_BUF_EXT), nil, attributes)
        else { throw .lastEGL("eglCreateImageKHR(\(width)x\(height) dmabuf)") }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        defer { glBindTexture(GLenum(GL_TEXTURE_2D), 0) }
        guard dd_gl_image_target_texture_2d(GLenum(GL_TEXTURE_2D), made) != 0 else {
            glDeleteTextures(1, &texture)
            _ = dd_egl_destroy_image(context.display.handle, made)
            throw .missingExtension("GL_OES_EGL_image", by: context.display.name)
        }
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
        self.context = context
        self.width = width
        self.height = height
        image = made
        name = texture
        // From here deinit frees both, also when the check below throws.
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw .gl(call: "glEGLImageTargetTexture2DOES", code: error) }
    }

    deinit {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        guard (try? context.makeCurrent()) != nil else { return }
        var texture = name
        glDeleteTextures(1, &texture)
        _ = dd_egl_destroy_image(context.display.handle, image)
    }
}
