import Foundation
import XCTest

@testable import DirectDisplayCore

/// Without OpenGL ES (here turned off as DIRECTDISPLAY_NO_GL=1 does, through the
/// configuration's `usesOpenGL`) a GLView
/// shows its background, its draw callback never runs, and making a program
/// says why: no crash.
final class GLViewFallbackTests: DirectDisplayTestCase {
    override func tearDown() async throws {
        GLViewContext.end()
        GLViewContext.usesOpenGL = DisplayConfiguration.environment.usesOpenGL
        try await super.tearDown()
    }

    func testWithoutGLTheViewShowsItsBackground() async throws {
        GLViewContext.end()
        GLViewContext.usesOpenGL = false
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let view = GLView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        view.backgroundColor = .red
        var draws = 0
        view.drawHandler = { _, _ in draws += 1 }
        window.addSubview(view)
        window.makeKeyAndVisible()
        let image = try display.capture(screen)
        XCTAssertTrue(image.pixel(x: 10, y: 10).isClose(to: .red, tolerance: 1.0 / 255))
        XCTAssertTrue(image.pixel(x: 2, y: 2).isClose(to: .white, tolerance: 1.0 / 255))
        XCTAssertEqual(draws, 0)
        XCTAssertThrowsError(try GLView.makeProgram(vertexShader: "", fragmentShader: "")) {
            XCTAssertEqual(
                String(describing: $0),
                "OpenGL ES is turned off (the configuration's usesOpenGL is false, e.g. DIRECTDISPLAY_NO_GL=1)")
        }
    }
}
