import CGLES
import GLRendering
import TestSupport
import XCTest

/// OpenGL ES on the surfaceless EGL display (Mesa's software rasteriser here: the
/// host has no GPU): a framebuffer object is cleared and drawn into, and its pixels
/// come back top row first as premultiplied ARGB8888.
final class SurfacelessRenderingTests: XCTestCase {
    private var context: GLContext!

    override func setUpWithError() throws {
        do {
            context = try GLContext(display: GLDisplay())
        } catch {
            throw XCTSkip("no surfaceless EGL here: \(error)")
        }
    }

    func testClearColourReadsBackAsARGB() throws {
        let framebuffer = try GLFramebuffer(context: context, width: 8, height: 4)
        try framebuffer.bind()
        glClearColor(1, 0.5, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let pixels = read(framebuffer)
        XCTAssertEqual(pixels.count, 32)
        // 0.5 rounds to 0x80 (GL's float to unorm8 conversion).
        XCTAssertEqual(Set(pixels), [0xFFFF_8000], "every pixel is the clear colour, red in bits 16-23")
    }

    func testTriangleIsUprightAndFilled() throws {
        let framebuffer = try GLFramebuffer(context: context, width: 40, height: 40)
        let program = try GLProgram(
            context: context, vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        try framebuffer.bind()
        GreenTriangle.draw(program: program.name, clear: 0, 0, 1)
        let pixels = read(framebuffer)
        XCTAssertEqual(pixels[10 * 40 + 20], 0xFF00_FF00, "inside the triangle, near the top: green")
        XCTAssertEqual(pixels[30 * 40 + 20], 0xFF00_00FF, "the bottom half: the blue clear colour")
        XCTAssertEqual(pixels[2 * 40 + 2], 0xFF00_00FF, "top-left corner, outside the triangle")
    }

    func testShaderErrorCarriesTheLog() throws {
        XCTAssertThrowsError(
            try GLProgram(
                context: context, vertexShader: "#version 300 es\nnot glsl",
                fragmentShader: GreenTriangle.fragmentShader)
        ) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("the vertex shader does not compile: "), text)
            XCTAssertFalse(text.contains("\n"), "one line: \(text)")
        }
    }

    func testEGLErrorsAreNamedInOneLine() {
        XCTAssertEqual(
            GLError.egl(call: "eglCreateContext", code: 0x3003).description,
            "eglCreateContext failed: EGL_BAD_ALLOC (0x3003)")
        XCTAssertEqual(GLError.eglName(0x3001), "EGL_NOT_INITIALIZED")
        XCTAssertEqual(
            GLError.incompleteFramebuffer(status: 0x8CDD).description,
            "glCheckFramebufferStatus: GL_FRAMEBUFFER_UNSUPPORTED (0x8CDD)")
    }

    /// EGL gives every surfaceless GLDisplay the same EGLDisplay: one owner ending
    /// must not end it under another (a late-freed one did, now and then, in the unit run).
    func testAnotherOwnerOfTheSameEGLDisplayEndingLeavesThisOneWorking() throws {
        let other = try GLDisplay()
        other.terminate()
        let framebuffer = try GLFramebuffer(context: context, width: 8, height: 4)
        XCTAssertNoThrow(try framebuffer.bind(), "the context can still be made current")
        glClearColor(0, 0, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        XCTAssertEqual(Set(read(framebuffer)), [0xFF00_00FF])
    }

    func testFramebufferTooLargeIsAnErrorNotACrash() {
        // Far beyond GL_MAX_RENDERBUFFER_SIZE: GL refuses the storage, the framebuffer is incomplete.
        XCTAssertThrowsError(try GLFramebuffer(context: context, width: 1 << 20, height: 4))
    }

    private func read(_ framebuffer: GLFramebuffer) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: framebuffer.width * framebuffer.height)
        pixels.withUnsafeMutableBytes { bytes in
            try? framebuffer.readPixels(into: bytes.baseAddress!, bytesPerRow: framebuffer.width * 4)
        }
        return pixels
    }
}

/// GL work on one thread leaves the context free for another: after `dispatchMain()`
/// the main queue runs on whichever thread dispatch picks, where a context still
/// current elsewhere fails with EGL_BAD_ACCESS.
final class ContextThreadTests: XCTestCase {
    /// Hands the context to another thread (only one thread uses it at a time here).
    private final class Shared: @unchecked Sendable {
        let context: GLContext
        var leftCurrent = true
        init(_ context: GLContext) { self.context = context }
    }

    func testObjectsMadeOnAnotherThreadLeaveNoContextCurrent() throws {
        let context: GLContext
        do {
            context = try GLContext(display: GLDisplay())
        } catch {
            throw XCTSkip("no surfaceless EGL here: \(error)")
        }
        let shared = Shared(context)
        let done = expectation(description: "the other thread's GL work")
        let thread = Thread {
            // The objects are freed (their deinit uses the context too) before this thread
            // says it is done: else this test's thread could meet the context still current there.
            do {
                let program = try? GLProgram(
                    context: shared.context, vertexShader: GreenTriangle.vertexShader,
                    fragmentShader: GreenTriangle.fragmentShader)
                let framebuffer = try? GLFramebuffer(context: shared.context, width: 4, height: 4)
                var pixels = [UInt32](repeating: 0, count: 16)
                _ = pixels.withUnsafeMutableBytes {
                    try? framebuffer?.readPixels(into: $0.baseAddress!, bytesPerRow: 16)
                }
                withExtendedLifetime((program, framebuffer)) {}
            }
            shared.leftCurrent = GLCurrentBinding.ofThisThread.hasContext
            done.fulfill()
        }
        thread.start()
        wait(for: [done], timeout: 30)
        XCTAssertFalse(shared.leftCurrent, "the other thread keeps no context current")
        let framebuffer = try GLFramebuffer(context: context, width: 4, height: 4)
        XCTAssertNoThrow(try framebuffer.bind(), "this thread can make the context current")
        GLCurrentBinding.release()
    }
}
