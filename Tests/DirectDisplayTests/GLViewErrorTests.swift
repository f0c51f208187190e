import Foundation
import GLRendering
import TestSupport
import XCTest

@testable import DirectDisplayCore

/// A GL error the app's draw callback leaves is taken right after the callback and
/// named in one log line: the library's own GL checks after it (dmabuf imports, GL
/// composition) would otherwise read it and turn themselves off.
final class GLViewErrorTests: DirectDisplayTestCase {
    override func setUp() async throws {
        try await super.setUp()
        StderrLog.kept.withLock { $0 = [] }
    }

    override func tearDown() async throws {
        StderrLog.kept.withLock { $0 = nil }
        try await super.tearDown()
    }

    func testTheCallbacksErrorIsTakenAndNamedOnce() async throws {
        let program: GLProgram
        do {
            program = try GLView.makeProgram(
                vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        } catch {
            throw XCTSkip("no OpenGL ES here: \(error)")
        }
        let screen = connect(width: 40, height: 40)
        let window = Window(screen: screen)
        let view = GLView(frame: window.bounds)
        view.drawHandler = { _, _ in
            GreenTriangle.draw(program: program.name, clear: 0, 0, 1)
            glEnable(0xFFFF)  // no such capability: GL_INVALID_ENUM
        }
        window.addSubview(view)
        window.makeKeyAndVisible()
        for _ in 0..<3 {
            view.setNeedsDisplay()
            let image = try display.capture(screen)
            assertPixel(image, 20, 8, .green)
            // What the library's next check would read: nothing left over.
            let context = try XCTUnwrap(GLViewContext.context)
            let outer = GLCurrentBinding.ofThisThread
            try context.makeCurrent()
            XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), "the callback's error was taken")
            outer.restore()
        }
        let lines = StderrLog.kept.withLock { $0 ?? [] }.filter { $0.contains("GLView") }
        XCTAssertEqual(
            lines, ["direct-display: error: GLView: the draw callback left GL error GL_INVALID_ENUM (0x500)"],
            "named once while it repeats")
    }
}
