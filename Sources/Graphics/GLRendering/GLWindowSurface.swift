import CEGL
import CGBM
import CGLES
import Glibc

/// Where GL draws a frame: a framebuffer object or a window surface's back buffer.
package protocol GLDrawTarget: AnyObject {
    var context: GLContext { get }
    var width: Int { get }
    var height: Int { get }
    /// Makes the context current, binds the target and sets the viewport to all of it.
    func bind() throws(GLError)
}

extension GLFramebuffer: GLDrawTarget {}

/// An EGL window surface on a gbm_surface (XRGB8888, SCANOUT | RENDERING) of a
/// card's GBM device: GL draws into its back buffer, `swapBuffers` makes that the
/// front buffer, which is locked for scanout (`lockFrontBuffer`) until the flip
/// that replaces it. EGL says how old the back buffer is (EGL_EXT_buffer_age), so a
/// frame redraws only what the buffer missed. The one owner of the gbm_surface and
/// of the EGLSurface on it; locked buffers hold it, so both outlive every buffer
/// still on screen.
package final class GLWindowSurface: GLDrawTarget {
    package let context: GLContext
    package let width: Int
    package let height: Int
    /// DRM fourcc of the buffers (XRGB8888).
    package let format: UInt32
    let gbmSurface: OpaquePointer
    private let surface: EGLSurface
    /// The GBM device the buffers live on (kept alive as long as they are).
    package let device: GBMDevice

    /// A surface of `width`×`height` on the GBM device under `context`'s display.
    /// Needs EGL_EXT_buffer_age (without it, draw into a framebuffer object per buffer).
    package init(context: GLContext, width: Int, height: Int) throws(GLError) {
        let display = context.display
        guard let device = display.gbmDevice else {
            throw .missingExtension("a GBM device", by: display.name)
        }
        try display.require("EGL_EXT_buffer_age")
        let format = dd_gbm_format_xrgb8888()
        let config = try Self.config(display: display, visual: format)
        let usage = UInt32(GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue)
        guard let made = dd_gbm_surface_create(device.handle, UInt32(width), UInt32(height), format, usage) else {
            throw .gbm(call: "gbm_surface_create(\(width)x\(height))", code: errno)
        }
        guard let window = dd_egl_create_platform_window_surface(display.handle, config, UnsafeMutableRawPointer(made))
        else {
            let error = GLError.lastEGL("eglCreatePlatformWindowSurfaceEXT(\(width)x\(height))")
            dd_gbm_surface_destroy(made)
            throw error
        }
        self.context = context
        self.width = width
        self.height = height
        self.format = format
        self.device = device
        gbmSurface = made
        surface = window
    }

    deinit {
        // A terminated display destroyed the EGL surface itself.
        if !context.display.isTerminated {
            if eglGetCurrentSurface(EGLint(EGL_DRAW)) == surface {
                eglMakeCurrent(context.display.handle, nil, nil, context.handle)
            }
            eglDestroySurface(context.display.handle, surface)
        }
        dd_gbm_surface_destroy(gbmSurface)
    }

    /// The config whose native visual is `visual` (eglChooseConfig lists 10-bit ones first).
    private static func config(display: GLDisplay, visual: UInt32) throws(GLError) -> EGLConfig {
        let attributes: [EGLint] = [
            EGLint(EGL_SURFACE_TYPE), EGLint(EGL_WINDOW_BIT), EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES2_BIT),
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8, EGLint(EGL_NONE),
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display.handle, attributes, nil, 0, &count) == EGL_TRUE else {
            throw .lastEGL("eglChooseConfig")
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display.handle, attributes, &configs, count, &count) == EGL_TRUE else {
            throw .lastEGL("eglChooseConfig")
        }
        for case let config? in configs.prefix(Int(count)) {
            var id: EGLint = 0
            if eglGetConfigAttrib(display.handle, config, EGLint(EGL_NATIVE_VISUAL_ID), &id) == EGL_TRUE,
                UInt32(bitPattern: id) == visual
            {
                return config
            }
        }
        throw .missingExtension("an EGL config of visual XRGB8888", by: display.name)
    }

    /// Makes the surface current with the context and binds its back buffer (framebuffer 0).
    package func bind() throws(GLError) {
        guard context.isAlive else { throw .disabled(reason: "\(context.display.name) was terminated") }
        if eglGetCurrentSurface(EGLint(EGL_DRAW)) != surface || eglGetCurrentContext() != context.handle {
            guard eglMakeCurrent(context.display.handle, surface, surface, context.handle) == EGL_TRUE else {
                throw .lastEGL("eglMakeCurrent(window surface)")
            }
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// How many frames ago the back buffer was the front one (EGL_BUFFER_AGE_EXT):
    /// 0 when its contents are unknown (never drawn). Binds the surface.
    package func bufferAge() throws(GLError) -> Int {
        try bind()
        var age: EGLint = 0
        guard eglQuerySurface(context.display.handle, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else {
            throw .lastEGL("eglQuerySurface(EGL_BUFFER_AGE_EXT)")
        }
        return Int(age)
    }

    /// Whether a buffer is free to draw the next frame into (gbm_surface_has_free_buffers):
    /// false while every buffer is locked, until a flip releases one.
    package var hasFreeBuffers: Bool { dd_gbm_surface_has_free_buffers(gbmSurface) != 0 }

    /// Swaps the drawn back buffer to the front (eglSwapBuffers), locks it for scanout
    /// and makes the context current without a surface again (GLViews draw into their
    /// own framebuffers and expect no window surface bound).
    package func swapAndLockFrontBuffer() throws(GLError) -> GBMSurfaceBuffer {
        try bind()
        guard eglSwapBuffers(context.display.handle, surface) == EGL_TRUE else { throw .lastEGL("eglSwapBuffers") }
        eglMakeCurrent(context.display.handle, nil, nil, context.handle)
        guard let bo = dd_gbm_surface_lock_front_buffer(gbmSurface) else {
            throw .gbm(call: "gbm_surface_lock_front_buffer", code: errno)
        }
        return GBMSurfaceBuffer(surface: self, bo: bo)
    }
}

/// A front buffer of a `GLWindowSurface`, locked for scanout: the one owner of the
/// lock, released (gbm_surface_release_buffer) once, in deinit, when the flip that
/// replaces it is done and nothing holds it any more.
package final class GBMSurfaceBuffer {
    package let surface: GLWindowSurface
    private let bo: OpaquePointer
    /// The buffer object's identity: the same for every lock of the same buffer.
    package var identity: UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bo))) }
    /// The GEM handle on the device's card (for drmModeAddFB2).
    package let gemHandle: UInt32
    package let bytesPerRow: Int

    init(surface: GLWindowSurface, bo: OpaquePointer) {
        self.surface = surface
        self.bo = bo
        gemHandle = dd_gbm_bo_get_handle(bo).u32
        bytesPerRow = Int(dd_gbm_bo_get_stride(bo))
    }

    deinit {
        // A terminated display took the surface's buffers with it.
        if !surface.context.display.isTerminated { dd_gbm_surface_release_buffer(surface.gbmSurface, bo) }
    }

    /// Copies the pixels out through a CPU mapping (gbm_bo_map), top row first, as
    /// `width`×`height` XRGB8888 words (the X byte set): for a capture without writeback.
    package func copyPixels() -> [UInt32]? {
        let (width, height) = (surface.width, surface.height)
        var stride: UInt32 = 0
        var mapping: UnsafeMutableRawPointer?
        guard
            let pixels = dd_gbm_bo_map(
                bo, 0, 0, UInt32(width), UInt32(height), UInt32(GBM_BO_TRANSFER_READ.rawValue), &stride, &mapping)
        else { return nil }
        defer { dd_gbm_bo_unmap(bo, mapping) }
        var copy = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = (pixels + row * Int(stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { copy[row * width + x] = source[x] | 0xFF00_0000 }
        }
        return copy
    }
}
