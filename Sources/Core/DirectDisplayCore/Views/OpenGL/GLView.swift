// GLView's users draw with GLES calls (glClear, glDrawArrays...): importing
// DirectDisplay gives them, as importing GLKit gives OpenGL ES.
@_exported import CGLES
import Compositing
import Foundation
import GLRendering

/// A linked vertex and fragment shader pair, made by `GLView.makeProgram`: `use()`, `name`,
/// `uniformLocation(_:)`. Type aliases, not re-exports: the GL back end stays out of the public API.
public typealias GLProgram = GLRendering.GLProgram
/// Why `GLView.makeProgram` failed: a shader that does not compile or a program that does not link.
public typealias GLProgramError = GLRendering.GLProgramError

/// A view whose content is drawn with OpenGL ES, as GLKit's `GLKView`: its draw
/// callback (`drawHandler`, or an override of `draw(inGL:)`) runs with a current
/// GLES 3 context and the view's framebuffer bound, sized to the view in native
/// pixels (`drawableWidth`×`drawableHeight`) with the viewport set to all of it.
/// `setNeedsDisplay()` asks for a new drawing on the screen's next frame.
///
/// What GL draws is premultiplied colour, composed like any view's content (GL's
/// bottom-up rows are turned the right way round). A GLView that is opaque, covers
/// a KMS screen and has nothing over it is scanned out from the buffer GL draws
/// into, without a copy (see `KMSDisplay+DirectScanout`). Without OpenGL ES (or
/// with `DisplayConfiguration.usesOpenGL` false) the view shows only its background
/// and one log line says why.
@MainActor open class GLView: View {
    /// Draws the view's content with GL; gets the view and the rectangle (its bounds).
    /// Like `GLKViewDelegate.glkView(_:drawIn:)`. Used when `draw(inGL:)` is not overridden.
    public var drawHandler: ((GLView, CGRect) -> Void)?

    /// Whether GL draws every pixel opaque (alpha 1), as UIKit's `isOpaque`: only an
    /// opaque GLView may be scanned out directly, whose alpha the screen ignores.
    public var isOpaque = true

    /// The framebuffer's size in pixels during the draw callback (0 before the first one).
    public private(set) var drawableWidth = 0
    public private(set) var drawableHeight = 0

    /// Draws the view's content with GL. Override it or set `drawHandler`, which
    /// this default calls. Like `GLKView.draw(_:)`.
    open func draw(inGL rect: CGRect) {
        drawHandler?(self, rect)
    }

    /// Binds the view's framebuffer again and resets the viewport (after the draw
    /// callback rendered into a framebuffer of its own), like `GLKView.bindDrawable()`:
    /// the buffer scanned out while the view is scanned out directly, else the one read back.
    public func bindDrawable() {
        try? (directTarget ?? framebuffer)?.bind()
    }

    /// Compiles and links a GLSL ES program (e.g. `#version 300 es` sources) in the
    /// GLViews' context, to draw with in the callback. Throws GL's log in one line,
    /// or says that there is no OpenGL ES.
    public static func makeProgram(vertexShader: String, fragmentShader: String) throws -> GLProgram {
        guard let context = GLViewContext.context else {
            throw GLViewContext.failure ?? GLError.disabled(reason: "no context")
        }
        return try GLProgram(context: context, vertexShader: vertexShader, fragmentShader: fragmentShader)
    }

    private var framebuffer: GLFramebuffer?

    /// Set by the KMS back end for one display pass: draw into this framebuffer
    /// (a buffer the card scans out) instead of the view's content.
    package var directTarget: GLFramebuffer?
    /// The last display pass drew into `directTarget`.
    package var drewDirectly = false

    /// Runs the GL draw callback, then reads the pixels back into the content the
    /// compositor blends (a GPU compositor would sample the framebuffer's texture
    /// instead; reading back is what software GL wants anyway). For direct scanout
    /// it draws into `directTarget` and leaves the content empty.
    public final override func draw(_ rect: CGRect) {
        // Not on the display's first frame (see GLViewContext.holdsContent): redrawn after it.
        if GLViewContext.holdsContent || GLViewContext.isStarting {
            GLViewContext.held(self)
            return
        }
        if let target = directTarget {
            do throws(GLError) {
                try target.bind()
            } catch {
                StderrLog.error("GLView: \(error)")
                return
            }
            drawableWidth = target.width
            drawableHeight = target.height
            draw(inGL: bounds)
            takeCallbackErrors()
            drewDirectly = true
            return
        }
        guard let graphics = GraphicsContext.current, let context = GLViewContext.context else { return }
        // The next draw may run on another thread: leave this one as it was (see GLCurrentBinding).
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        let surface = graphics.drawingSurface
        do throws(GLError) {
            let target = try framebuffer(context: context, width: surface.pixelWidth, height: surface.pixelHeight)
            try target.bind()
            drawableWidth = target.width
            drawableHeight = target.height
            draw(inGL: bounds)
            takeCallbackErrors()
            var failure: GLError?
            surface.withWritablePixels { pixels, bytesPerRow in
                do throws(GLError) {
                    try target.readPixels(into: pixels, bytesPerRow: bytesPerRow)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            // GL draws the whole view even when only a part was asked for: all of it changed.
            if rect != bounds { contentDamage = [bounds] }
        } catch {
            StderrLog.error("GLView: \(error)")
        }
    }

    /// The GL errors the last draw callback left, as last logged.
    private var callbackErrors: [GLenum] = []

    /// Takes the GL errors the draw callback left: glGetError reports each once, to
    /// whoever asks next, and the library's own checks (a dmabuf import, GL
    /// composition) would blame them on themselves and turn those paths off. One
    /// log line names them, again only when they change.
    private func takeCallbackErrors() {
        var codes: [GLenum] = []
        // Bounded: a lost context may report an error on every call.
        while codes.count < 8 {
            let code = glGetError()
            guard code != GLenum(GL_NO_ERROR) else { break }
            codes.append(code)
        }
        guard codes != callbackErrors else { return }
        callbackErrors = codes
        guard !codes.isEmpty else { return }
        let names = codes.map { "\(GLError.glName($0)) (0x\(String($0, radix: 16, uppercase: true)))" }
        StderrLog.error("GLView: the draw callback left GL error \(names.joined(separator: ", "))")
    }

    /// The framebuffer for this size: the last one, or a new one when the size changed.
    private func framebuffer(context: GLContext, width: Int, height: Int) throws(GLError) -> GLFramebuffer {
        if let framebuffer, framebuffer.context === context, framebuffer.width == width, framebuffer.height == height {
            return framebuffer
        }
        framebuffer = nil
        let made = try GLFramebuffer(context: context, width: width, height: height)
        framebuffer = made
        return made
    }
}
