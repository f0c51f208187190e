import Foundation
import ImageDecoding
import KMS
import TestSupport
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// GLView on real KMS (VKMS, Mesa's llvmpipe through kms_swrast): the pixels GL
/// drew (a clear colour and a triangle) are on screen, checked from the writeback
/// capture, both composed (a small view) and scanned out directly from its GBM
/// buffer (a full-screen view; frame statistics show nothing was composed).
final class GLViewScanoutTests: KMSDisplayTestCase {
    /// Clears to blue and draws a green triangle over the view's top half (apex at its top edge).
    private func triangleView(frame: CGRect) throws -> GLView {
        let program = try GLView.makeProgram(
            vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        let view = GLView(frame: frame)
        view.drawHandler = { _, _ in GreenTriangle.draw(program: program.name, clear: 0, 0, 1) }
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

    /// The demo's spinning triangle (SpinningTriangleView), from the demo's own
    /// writeback captures (numbered in the order they were taken): the first shows the
    /// view's background alone (GL waits for the first frame), and within a few more the
    /// square's clear colour and its centre, which every turn of the triangle covers
    /// with the same blend of its corners' colours.
    func testTheDemosSpinningTriangleIsOnScreen() async throws {
        closeDisplay()  // the demo is the DRM master
        let folder = NSTemporaryDirectory() + "glview-demo-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--capture", folder])
        defer {
            demo.signal(SIGTERM)
            _ = demo.waitForExit(timeout: 10)
        }
        func capture(_ number: Int) throws -> (Int, Int) -> UInt32 {
            let name = String(format: "Virtual-1-%03d.png", number)
            XCTAssertTrue(demo.waitForOutput(containing: name, timeout: 60), "the demo's frame \(number): \(demo.text)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let image = try XCTUnwrap(ImageDecoder.decode(bytes), "the demo's capture is a PNG")
            XCTAssertEqual(image.width, 1024)
            return { x, y in rgb(image.pixels[y * image.width + x]) }
        }
        // The square: x 614, y 61, side 154 on a 1024x768 screen (DemoScene).
        let first = try capture(1)
        XCTAssertEqual(first(616, 63), 0x33_3333, "the view's background (0.2 grey) on the first frame")
        // Its output (stdout and stderr) names a fallback that let GL draw early: a first flip
        // not seen within a second ("no first frame on screen", "page flip not completed").
        XCTAssertEqual(
            first(614 + 77, 61 + 77), 0x33_3333,
            "no triangle before the first frame is on screen; the demo said: \(demo.text)")
        // Then the triangle within a few captures (the GL context is made on a thread meanwhile).
        var centre: UInt32 = 0
        var shown = false
        for number in 2...12 {
            let later = try capture(number)
            XCTAssertEqual(later(616, 63), 0x33_3333, "the clear colour (0.2 grey) in the square's corner")
            // Centre: 0.36 red + 0.32 green + 0.32 blue (barycentric weights of the centre).
            centre = later(614 + 77, 61 + 77)
            let channels = [(centre >> 16) & 0xFF, (centre >> 8) & 0xFF, centre & 0xFF].map(Int.init)
            shown = zip(channels, [92, 82, 82]).allSatisfy { abs($0 - $1) <= 4 }
            if shown { break }
        }
        XCTAssertTrue(shown, "the triangle's centre: \(String(centre, radix: 16)); the demo said: \(demo.text)")
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
        // Without writeback (legacy KMS) the capture reads the direct frame's GBM buffer back through GL.
        do {
            let captured = try display.capture(screen)
            try save(captured, HardwareEnvironment.isLegacyKMS ? "glview-direct-legacy" : "glview-direct")
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

    /// GLKit's pattern: the callback renders into a framebuffer of its own, then calls
    /// `bindDrawable()` and draws the view. During direct scanout that binds the GBM
    /// buffer being scanned out, so the screen shows the second drawing.
    func testBindDrawableDuringDirectScanoutBindsTheScannedOutBuffer() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let window = Window(screen: screen)
        let view = try triangleView(frame: window.bounds)
        let draw = view.drawHandler
        var offscreen: GLuint = 0
        view.drawHandler = { view, rect in
            if offscreen == 0 {
                var texture: GLuint = 0
                glGenTextures(1, &texture)
                glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 16, 16, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
                glGenFramebuffers(1, &offscreen)
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), offscreen)
                glFramebufferTexture2D(
                    GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), offscreen)
            glViewport(0, 0, 16, 16)
            glClearColor(1, 0, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            view.bindDrawable()
            draw?(view, rect)
        }
        window.addSubview(view)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        // Every buffer slot drawn once.
        for _ in 0..<3 {
            view.setNeedsDisplay()
            try display.waitForPresentation(of: screen)
        }
        XCTAssertTrue(display.directScanoutView(on: screen) === view, "the GLView is on the primary plane itself")
        let captured = try display.capture(screen)
        try save(captured, "glview-direct-bind-drawable")
        let pixel = { (x: Int, y: Int) in String(rgb(captured.pixels[y * captured.width + x]), radix: 16) }
        XCTAssertEqual(pixel(512, 200), "ff00", "the triangle, drawn after bindDrawable()")
        XCTAssertEqual(pixel(512, 600), "ff", "the clear colour, drawn after bindDrawable()")
    }

    /// `direct-display demo` as users run it (no --capture): its GLView draws from the
    /// main queue after dispatchMain(), on whichever thread dispatch picks, without one
    /// EGL error. A context left current on one of those threads failed every frame
    /// from the first time the main queue moved to another (after 10-20 s here).
    func testTheDemoDrawsItsGLViewWithoutEGLErrors() async throws {
        closeDisplay()  // the demo is the DRM master
        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "25"])
        defer {
            demo.signal(SIGTERM)
            _ = demo.waitForExit(timeout: 10)
        }
        XCTAssertEqual(demo.waitForExit(timeout: 120), 0, demo.text)
        XCTAssertFalse(demo.text.contains("EGL_BAD_ACCESS"), demo.text)
        XCTAssertFalse(demo.text.contains("GLView:"), demo.text)
    }
}
