import Foundation
import KMS
import XCTest

@testable import DirectDisplay

/// GLView on real KMS (VKMS, Mesa's llvmpipe through kms_swrast): the pixels GL
/// drew (a clear colour and a triangle) are on screen, checked from the writeback
/// capture, both composed (a small view) and scanned out directly from its GBM
/// buffer (a full-screen view; frame statistics show nothing was composed).
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

    func testAFullScreenGLViewIsScannedOutFromItsOwnBuffer() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let view = try triangleView(frame: window.bounds)
        var draws = 0
        let draw = view.drawHandler
        view.drawHandler = {
            draws += 1
            draw?($0, $1)
        }
        window.addSubview(view)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        XCTAssertTrue(display.directScanoutView(on: screen) === view, "the GLView is on the primary plane itself")
        let composedBefore = screen.frameStatistics.framesComposed
        let directBefore = screen.frameStatistics.framesScannedOutDirectly
        XCTAssertGreaterThan(directBefore, 0)
        // More frames than buffer slots: each GBM buffer is drawn and shown in turn.
        for step in 0..<4 {
            view.setNeedsDisplay()
            try display.waitForPresentation(of: screen)
            XCTAssertTrue(display.directScanoutView(on: screen) === view, "step \(step)")
        }
        XCTAssertEqual(screen.frameStatistics.framesComposed, composedBefore, "nothing was composed")
        XCTAssertEqual(screen.frameStatistics.framesScannedOutDirectly, directBefore + 4)
        XCTAssertEqual(draws, 5)
        XCTAssertEqual(view.drawableWidth, 1024)
        XCTAssertEqual(view.drawableHeight, 768)
        if !HardwareEnvironment.isLegacyKMS {
            let captured = try display.capture(screen)
            try save(captured, "glview-direct")
            let pixel = { (x: Int, y: Int) in String(rgb(captured.pixels[y * captured.width + x]), radix: 16) }
            XCTAssertEqual(pixel(3, 765), "ff", "bottom-left: the clear colour")
            XCTAssertEqual(pixel(512, 200), "ff00", "the triangle, in the top half")
            XCTAssertEqual(pixel(512, 600), "ff", "the bottom half")
            XCTAssertEqual(pixel(20, 20), "ff", "top-left, beside the apex")
        }

        // A window over it: composed again, the GLView's pixels drawn into its content.
        let badge = Window(frame: CGRect(x: 700, y: 500, width: 100, height: 80))
        badge.backgroundColor = .red
        badge.windowLevel = .statusBar
        badge.isHidden = false
        try display.waitForPresentation(of: screen)
        XCTAssertNil(display.directScanoutView(on: screen))
        XCTAssertGreaterThan(screen.frameStatistics.framesComposed, composedBefore)
        if !HardwareEnvironment.isLegacyKMS {
            let captured = try display.capture(screen)
            try save(captured, "glview-direct-then-composed")
            let pixel = { (x: Int, y: Int) in String(rgb(captured.pixels[y * captured.width + x]), radix: 16) }
            XCTAssertEqual(pixel(512, 200), "ff00", "the triangle, composed now")
            XCTAssertEqual(pixel(3, 765), "ff")
            XCTAssertEqual(pixel(750, 540), "ff0000", "the window over it")
        }
        // And back to direct scanout when it goes.
        badge.isHidden = true
        try display.waitForPresentation(of: screen)
        view.setNeedsDisplay()
        try display.waitForPresentation(of: screen)
        XCTAssertTrue(display.directScanoutView(on: screen) === view)
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
