import Foundation
import KMS
import TestSupport
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// An ellipse drawn with cairo (its anti-aliased edge is partly transparent).
private final class EllipseView: View {
    var color = Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 1)
    override func draw(_ rect: CGRect) {
        GraphicsContext.current?.fillEllipse(in: bounds.insetBy(dx: 4, dy: 4), with: color)
    }
}

/// GPU composition (DIRECTDISPLAY_COMPOSITOR=gl) on real scanout, turned on by the
/// test whatever the environment says: opaque and translucent fills, cairo-drawn
/// content with and without opacity, translucent views with subviews (groups), and
/// partial frames through the three buffers
/// are composed by GLES (the statistics say so) and the writeback capture equals
/// pixman's whole recomposition of the scene within 1 per channel.
final class GLCompositionScanoutTests: KMSDisplayTestCase {
    func testGLComposedFramesMatchPixmansWithinRounding() async throws {
        let display = try XCTUnwrap(display)
        try composeScene(display)
        // Where EGL offers EGL_EXT_buffer_age (Mesa's kms_swrast does) GL drew into a
        // window surface and asked each back buffer's age: the first 0 (never drawn),
        // later ones known, so partial frames redrew only what the buffer missed.
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let ages = display.glBufferAges(on: screen)
        print("EGL buffer ages seen: \(ages)")
        XCTAssertEqual(ages.first, 0, "a new surface's first buffer has unknown contents")
        XCTAssertTrue(ages.dropFirst().contains { $0 > 0 }, "later buffers have known ages: \(ages)")
        XCTAssertTrue(ages.allSatisfy { (0...4).contains($0) }, "ages within the surface's buffers: \(ages)")
    }

    /// Without EGL_EXT_buffer_age: a GBM buffer per slot, its age from the per-slot history.
    func testGLComposedFramesIntoBuffersPerSlotMatchPixmansWithinRounding() async throws {
        let display = try XCTUnwrap(display)
        display.composesIntoGLSurface = false
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        // The set-up's first frame may have gone through the surface already.
        let agesBefore = display.glBufferAges(on: screen)
        try composeScene(display)
        XCTAssertEqual(display.glBufferAges(on: screen), agesBefore, "no window surface was used")
    }

    /// Opaque and translucent fills, cairo content, and five moves through the buffers.
    private func composeScene(_ display: KMSDisplay) throws {
        display.composesWithGLES = true
        // The front window would go on an overlay plane: refused, so GL composes it.
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        var tiles: [View] = []
        for index in 0..<3 {
            let tile = EllipseView(frame: CGRect(x: 40 + index * 120, y: 80, width: 96, height: 64))
            tile.alpha = index == 1 ? 0.6 : 1
            back.addSubview(tile)
            tiles.append(tile)
        }
        let veil = View(frame: CGRect(x: 20, y: 60, width: 300, height: 120))
        veil.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
        back.addSubview(veil)
        back.makeKeyAndVisible()
        let front = Window(frame: CGRect(x: 500, y: 300, width: 200, height: 150))
        front.backgroundColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 1)
        front.windowLevel = .statusBar
        front.isHidden = false
        try assertScanoutMatchesScene(
            display, screen, "first frame", savingAs: "gl-composition", allowingGLRounding: true)

        XCTAssertGreaterThan(screen.frameStatistics.framesComposedWithGL, 0, "the first frame was composed by GL")

        // More changes than buffers: each buffer catches up on what it missed.
        for step in 0..<5 {
            let composedByGL = screen.frameStatistics.framesComposedWithGL
            tiles[step % 3].frame.origin.y = CGFloat(110 + 30 * step)
            front.frame.origin.x = CGFloat(440 - 60 * step)
            try assertScanoutMatchesScene(
                display, screen, "change \(step)", savingAs: "gl-composition", allowingGLRounding: true)
            XCTAssertGreaterThan(
                screen.frameStatistics.framesComposedWithGL, composedByGL, "change \(step) was composed by GL")
        }
        let after = screen.frameStatistics
        XCTAssertLessThan(after.lastFramePixelsComposed, 1024 * 768 / 2, "a change redraws its damage, not the screen")
        if let directory = HardwareEnvironment.captureDirectory {
            try display.capture(screen).writePNG(to: "\(directory)/gl-composition-last.png")
        }
    }

    /// A translucent panel with subviews (a group: drawn offscreen, blended as a whole)
    /// is composed by GL too, in the first frame and as it moves and its content changes.
    func testATranslucentPanelWithSubviewsIsComposedByGL() async throws {
        let display = try XCTUnwrap(display)
        display.composesWithGLES = true
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let panel = View(frame: CGRect(x: 60, y: 50, width: 320, height: 200))
        panel.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.2, alpha: 1)
        panel.alpha = 0.6
        let ellipse = EllipseView(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
        panel.addSubview(ellipse)
        let inner = View(frame: CGRect(x: 160, y: 90, width: 200, height: 80))
        inner.backgroundColor = Color(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        inner.alpha = 0.5
        inner.addSubview(EllipseView(frame: CGRect(x: 10, y: 10, width: 80, height: 50)))
        panel.addSubview(inner)
        back.addSubview(panel)
        back.makeKeyAndVisible()
        try assertScanoutMatchesScene(display, screen, "panel", savingAs: "gl-group", allowingGLRounding: true)
        XCTAssertGreaterThan(screen.frameStatistics.framesComposedWithGL, 0, "the frame with groups was composed by GL")
        for step in 0..<4 {
            let before = screen.frameStatistics.framesComposedWithGL
            panel.frame.origin.x = CGFloat(80 + 40 * step)
            ellipse.color = Color(red: 0.2 * Double(step), green: 0.5, blue: 0.9, alpha: 1)
            ellipse.setNeedsDisplay()
            try assertScanoutMatchesScene(
                display, screen, "panel step \(step)", savingAs: "gl-group", allowingGLRounding: true)
            XCTAssertGreaterThan(
                screen.frameStatistics.framesComposedWithGL, before, "step \(step) with groups was composed by GL")
        }
        if let directory = HardwareEnvironment.captureDirectory {
            try display.capture(screen).writePNG(to: "\(directory)/gl-group-last.png")
        }
    }

    /// Views' cairo content lives in dumb buffers of the card exported as dmabufs: GL
    /// imports each once and samples it in place. No byte of content is uploaded, in
    /// the first frame or later, also when a view draws again (setNeedsDisplay writes
    /// the same memory) and the capture shows the new content, equal to pixman's within 1;
    /// content of a new size gets a new buffer, and the old one and its texture are freed.
    func testGLImportsViewsContentWithoutUploads() async throws {
        try assertContentIsImported(intoGLSurface: true)
    }

    /// The same where GL draws into a GBM buffer per slot (no EGL_EXT_buffer_age).
    func testGLImportsViewsContentWithoutUploadsIntoBufferSlots() async throws {
        try assertContentIsImported(intoGLSurface: false)
    }

    /// A GLView whose draw callback leaves a GL error, on a screen GL composes: the
    /// error is the app's (one log line), and the library's paths stay on: content
    /// is still imported (never uploaded) and every frame still composed by GL.
    func testAGLViewsErrorLeavesGLCompositionAndImportsOn() async throws {
        let display = try XCTUnwrap(display)
        display.composesWithGLES = true
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        let program = try GLView.makeProgram(
            vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let tile = EllipseView(frame: CGRect(x: 40, y: 80, width: 96, height: 64))
        back.addSubview(tile)
        let glView = GLView(frame: CGRect(x: 200, y: 80, width: 120, height: 90))
        glView.drawHandler = { _, _ in
            GreenTriangle.draw(program: program.name, clear: 0, 0, 1)
            glEnable(0xFFFF)  // no such capability: GL_INVALID_ENUM
        }
        back.addSubview(glView)
        back.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)
        for step in 0..<4 {
            let before = screen.frameStatistics
            tile.color = Color(red: 0.2 * Double(step), green: 0.8, blue: 0.1, alpha: 1)
            tile.setNeedsDisplay()
            glView.setNeedsDisplay()
            try display.waitForPresentation(of: screen)
            let after = screen.frameStatistics
            XCTAssertGreaterThan(after.framesComposedWithGL, before.framesComposedWithGL, "step \(step) by GL")
            XCTAssertGreaterThan(after.glSurfacesImported, before.glSurfacesImported, "step \(step) imported")
        }
        XCTAssertEqual(screen.frameStatistics.glBytesUploaded, 0, "nothing uploaded")
        let captured = try display.capture(screen)
        try save(captured, "gl-glview-error")
        XCTAssertEqual(rgb(captured.pixels[100 * captured.width + 260]), 0xFF00, "the GLView's triangle")
        let lines = StderrLog.kept.withLock { $0 ?? [] }
        XCTAssertFalse(lines.contains { $0.contains("not composed with GL") }, "\(lines)")
        XCTAssertEqual(
            lines.filter { $0.contains("GLView") },
            ["direct-display: error: GLView: the draw callback left GL error GL_INVALID_ENUM (0x500)"])
    }

    private func assertContentIsImported(intoGLSurface: Bool) throws {
        let display = try XCTUnwrap(display)
        display.composesWithGLES = true
        display.composesIntoGLSurface = intoGLSurface
        faults.refusesOverlayTests = DRMError(call: "test", errno: .invalidArgument, context: "refused by the test")
        let screen = try XCTUnwrap(display.screens.first { $0.name == "Virtual-1" })
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 1)
        let tiles = (0..<3).map { index in
            let tile = EllipseView(frame: CGRect(x: 40 + index * 120, y: 80, width: 96, height: 64))
            tile.alpha = index == 1 ? 0.6 : 1
            back.addSubview(tile)
            return tile
        }
        back.makeKeyAndVisible()
        try assertScanoutMatchesScene(
            display, screen, "first frame", savingAs: "gl-import", allowingGLRounding: true)
        let first = screen.frameStatistics
        XCTAssertGreaterThan(first.framesComposedWithGL, 0, "the first frame was composed by GL")
        XCTAssertGreaterThanOrEqual(first.glSurfacesImported, 3, "each tile's content was imported")
        for tile in tiles {
            let memory = try XCTUnwrap(
                tile.contentSurface?.memory as? DumbBufferContentMemory, "the content is in a dumb buffer")
            XCTAssertNotNil(memory.importedTexture, "and GL imported it")
        }
        // Identities only: holding the textures here would keep them alive.
        func textureIdentities() -> [ObjectIdentifier?] {
            tiles.map {
                ($0.contentSurface?.memory as? DumbBufferContentMemory)?.importedTexture.map(ObjectIdentifier.init)
            }
        }
        let textures = textureIdentities()

        for step in 0..<4 {
            let before = screen.frameStatistics
            let tile = tiles[step % 3]
            tile.color = Color(red: 0.2 * Double(step), green: 0.8, blue: 0.1 * Double(step), alpha: 1)
            tile.setNeedsDisplay()
            tiles[(step + 1) % 3].frame.origin.y = CGFloat(100 + 20 * step)
            try assertScanoutMatchesScene(
                display, screen, "redraw \(step)", savingAs: "gl-import", allowingGLRounding: true)
            let after = screen.frameStatistics
            XCTAssertGreaterThan(after.framesComposedWithGL, before.framesComposedWithGL, "step \(step) by GL")
            XCTAssertGreaterThan(after.glSurfacesImported, before.glSurfacesImported, "step \(step) imported")
            XCTAssertEqual(after.glBytesUploaded, first.glBytesUploaded, "step \(step): no content uploaded")
        }
        XCTAssertEqual(first.glBytesUploaded, 0, "nothing uploaded in the first frame either")
        XCTAssertEqual(textureIdentities(), textures, "each texture was made once and kept")

        // New content size: new memory, imported once; the old buffer and texture are freed.
        weak let oldMemory = tiles[0].contentSurface?.memory as? DumbBufferContentMemory
        weak let oldTexture = oldMemory?.importedTexture
        XCTAssertNotNil(oldTexture)
        tiles[0].frame.size = CGSize(width: 120, height: 64)
        tiles[0].setNeedsDisplay()
        try assertScanoutMatchesScene(display, screen, "resized", savingAs: "gl-import", allowingGLRounding: true)
        XCTAssertNil(oldMemory, "the old content buffer was freed")
        XCTAssertNil(oldTexture, "and the texture made from it")
        let resized = try XCTUnwrap(tiles[0].contentSurface?.memory as? DumbBufferContentMemory)
        XCTAssertEqual(resized.importedTexture?.width, 120, "the new buffer was imported")
        XCTAssertEqual(screen.frameStatistics.glBytesUploaded, 0, "still nothing uploaded")
        if let directory = HardwareEnvironment.captureDirectory {
            try display.capture(screen).writePNG(to: "\(directory)/gl-import-last.png")
        }
    }
}
