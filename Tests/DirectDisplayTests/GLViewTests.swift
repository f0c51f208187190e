import DirectDisplayCore
import Foundation
import TestSupport
import XCTest

/// GLView on the headless display: GL draws (surfaceless EGL, Mesa's software
/// rasteriser on this machine) into a framebuffer of the view's pixel size, and
/// the screen shows it like any view's content, the right way up.
final class GLViewTests: DirectDisplayTestCase {
    /// Clears to `clear` and draws a green triangle over the view's top half (apex at its top edge).
    private func triangleView(frame: CGRect, clear: (Float, Float, Float)) throws -> GLView {
        let program = try GLView.makeProgram(
            vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        let view = GLView(frame: frame)
        view.drawHandler = { _, _ in GreenTriangle.draw(program: program.name, clear: clear.0, clear.1, clear.2) }
        return view
    }

    private func skipWithoutGL() throws {
        do {
            _ = try GLView.makeProgram(
                vertexShader: GreenTriangle.vertexShader, fragmentShader: GreenTriangle.fragmentShader)
        } catch {
            throw XCTSkip("no OpenGL ES here: \(error)")
        }
    }

    func testClearColourAndTriangleShowWhereTheViewIs() async throws {
        try skipWithoutGL()
        let screen = connect(width: 80, height: 60)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.addSubview(try triangleView(frame: CGRect(x: 10, y: 10, width: 40, height: 40), clear: (0, 0, 1)))
        window.makeKeyAndVisible()
        let image = try display.capture(screen)
        assertPixel(image, 5, 5, .white)
        assertPixel(image, 11, 48, .blue)  // bottom-left of the view: the clear colour
        assertPixel(image, 30, 22, .green)  // in the triangle, near the view's top
        assertPixel(image, 30, 45, .blue)  // the view's bottom half
        assertPixel(image, 12, 12, .blue)  // top-left corner, beside the apex
        assertPixel(image, 55, 30, .white)
    }

    func testDrawableIsInNativePixels() async throws {
        try skipWithoutGL()
        let screen = connect(width: 40, height: 30, scale: 2)
        let window = Window(screen: screen)
        let view = try triangleView(frame: CGRect(x: 0, y: 0, width: 20, height: 10), clear: (1, 0, 0))
        var sizes: [String] = []
        let draw = view.drawHandler
        view.drawHandler = { view, rect in
            sizes.append("\(view.drawableWidth)x\(view.drawableHeight) in \(rect.width)x\(rect.height)")
            draw?(view, rect)
        }
        window.addSubview(view)
        window.makeKeyAndVisible()
        let image = try display.capture(screen)
        XCTAssertEqual(sizes, ["40x20 in 20.0x10.0"])
        assertPixel(image, 1, 18, .red)
        assertPixel(image, 20, 6, .green)
    }

    /// A display holds GL content until its first frame is on screen: the GLView shows its
    /// background meanwhile, its callback has not run, and it draws once the hold ends.
    func testHeldContentIsDrawnWhenTheHoldEnds() async throws {
        try skipWithoutGL()
        defer { GLViewContext.holdsContent = false }
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        let view = GLView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .white
        var draws = 0
        view.drawHandler = { _, _ in
            draws += 1
            glClearColor(1, 0, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        GLViewContext.holdsContent = true
        window.addSubview(view)
        window.makeKeyAndVisible()
        assertPixel(try display.capture(screen), 10, 10, .white)
        XCTAssertEqual(draws, 0, "no draw callback while held")
        GLViewContext.holdsContent = false
        assertPixel(try display.capture(screen), 10, 10, .red)
        XCTAssertEqual(draws, 1, "drawn once the hold ended, without being asked again")
    }

    /// The launch's display makes the GL context on another thread when its first frame
    /// is on screen (a stop then does not wait for EGL): held content stays held, the
    /// main thread goes on, and the view draws once the context is there.
    func testAContextMadeOnAnotherThreadDrawsHeldContentWhenThere() async throws {
        try skipWithoutGL()
        defer { GLViewContext.holdsContent = false }
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        let view = GLView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .white
        var draws = 0
        view.drawHandler = { _, _ in
            draws += 1
            glClearColor(1, 0, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        GLViewContext.holdsContent = true
        window.addSubview(view)
        window.makeKeyAndVisible()
        GLViewContext.end()
        GLViewContext.startMakingInBackground()
        GLViewContext.holdsContent = false
        XCTAssertTrue(GLViewContext.isStarting, "made on another thread, not here")
        assertPixel(try display.capture(screen), 10, 10, .white)
        XCTAssertEqual(draws, 0, "held until the context is there")
        let deadline = Date(timeIntervalSinceNow: 30)
        while GLViewContext.isStarting, Date() < deadline { await Task.yield() }
        XCTAssertFalse(GLViewContext.isStarting, "the context came within 30 s")
        assertPixel(try display.capture(screen), 10, 10, .red)
        XCTAssertEqual(draws, 1, "drawn once the context came, without being asked again")
        XCTAssertFalse(GLViewContext.mayBeMakingOnAThread)
    }

    func testSetNeedsDisplayDrawsAgainOnlyWhenAsked() async throws {
        try skipWithoutGL()
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        let view = GLView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        var draws = 0
        var red: Float = 1
        view.drawHandler = { _, _ in
            draws += 1
            glClearColor(red, 0, 1 - red, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        window.addSubview(view)
        window.makeKeyAndVisible()
        assertPixel(try display.capture(screen), 10, 10, .red)
        _ = try display.capture(screen)
        XCTAssertEqual(draws, 1, "nothing asked for a new drawing")
        red = 0
        view.setNeedsDisplay()
        assertPixel(try display.capture(screen), 10, 10, .blue)
        XCTAssertEqual(draws, 2)
        // A part asked for: GL draws the whole view, and the whole view reaches the screen.
        red = 1
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        let partial = try display.capture(screen)
        assertPixel(partial, 1, 1, .red)
        assertPixel(partial, 15, 15, .red)
        XCTAssertEqual(draws, 3)
    }

    func testShaderErrorIsOneLine() async throws {
        try skipWithoutGL()
        XCTAssertThrowsError(
            try GLView.makeProgram(vertexShader: "nonsense", fragmentShader: GreenTriangle.fragmentShader)
        ) {
            XCTAssertFalse(String(describing: $0).contains("\n"))
        }
    }
}
