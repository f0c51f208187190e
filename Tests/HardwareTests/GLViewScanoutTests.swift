import Foundation
import KMS
import XCTest

@testable import DirectDisplay

/// GLView on real KMS (VKMS, Mesa's llvmpipe): the pixels GL drew (a clear
/// colour and a triangle) are on screen, checked from the writeback capture.
final class GLViewScanoutTests: KMSDisplayTestCase {
    /// Clears to blue and draws a green triangle over the view's top half (apex at its top edge).
    private func triangleView(frame: CGRect) throws -> GLView {
        let program = try GLView.makeProgram(vertexShader: Self.vertexShader, fragmentShader: Self.fragmentShader)
        let view = GLView(frame: frame)
        view.drawHandler = { _, _ in
            glClearColor(0, 0, 1, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            program.use()
            let vertices: [GLfloat] = [-1, 0, 1, 0, 0, 1]
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, vertices)
            glEnableVertexAttribArray(0)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            glDisableVertexAttribArray(0)
        }
        return view
    }

    func testASmallGLViewIsComposedLikeAnyView() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let view = try triangleView(frame: CGRect(x: 100, y: 120, width: 200, height: 160))
        window.addSubview(view)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        let captured = try display.capture(screen)
        try save(captured, "glview-composed")
        let width = captured.width
        let pixel = { (x: Int, y: Int) in String(rgb(captured.pixels[y * width + x]), radix: 16) }
        XCTAssertEqual(pixel(50, 50), "ffffff", "the window around the view")
        XCTAssertEqual(pixel(102, 278), "ff", "the view's bottom-left corner: the clear colour")
        XCTAssertEqual(pixel(200, 160), "ff00", "the triangle, near the view's top middle")
        XCTAssertEqual(pixel(200, 260), "ff", "the view's bottom half")
        XCTAssertEqual(pixel(305, 200), "ffffff", "right of the view")
        XCTAssertEqual(
            captured.pixels.map(rgb), Application.shared.captureFrame(of: screen).pixels.map(rgb),
            "the scanout equals the composed scene")
    }

    static let vertexShader = """
        #version 300 es
        layout(location = 0) in vec2 position;
        void main() { gl_Position = vec4(position, 0.0, 1.0); }
        """
    static let fragmentShader = """
        #version 300 es
        precision mediump float;
        out vec4 color;
        void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }
        """
}
