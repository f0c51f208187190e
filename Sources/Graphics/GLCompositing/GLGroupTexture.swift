import CGLES
import GLRendering

/// A texture with a framebuffer drawing into it: where GLFrameComposer draws a group
/// before blending it as a whole. Its storage only grows (a frame's groups reuse it).
/// The one owner of both GL names, deleted once in deinit with the context current.
final class GLGroupTexture {
    let context: GLContext
    let texture: GLuint
    let framebuffer: GLuint
    private(set) var width = 0
    private(set) var height = 0

    init(context: GLContext) throws(GLError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        try context.makeCurrent()
        self.context = context
        var names: (texture: GLuint, framebuffer: GLuint) = (0, 0)
        glGenTextures(1, &names.texture)
        glGenFramebuffers(1, &names.framebuffer)
        texture = names.texture
        framebuffer = names.framebuffer
    }

    deinit {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        guard (try? context.makeCurrent()) != nil else { return }
        var names = (texture, framebuffer)
        glDeleteFramebuffers(1, &names.1)
        glDeleteTextures(1, &names.0)
    }

    /// Makes the storage at least `width`×`height` (it keeps any larger size it has).
    /// Leaves the composer's texture unit bound to this texture's name unchanged.
    func reserve(width: Int, height: Int) {
        guard width > self.width || height > self.height else { return }
        // Some room beyond the need, so that a growing group does not reallocate each frame.
        self.width = max(self.width, (width + 63) / 64 * 64)
        self.height = max(self.height, (height + 63) / 64 * 64)
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(self.width), GLsizei(self.height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound))
        var drawn: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &drawn)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(drawn))
    }
}
