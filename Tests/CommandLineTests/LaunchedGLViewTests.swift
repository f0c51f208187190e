// A GLView drawn by an app started with `Application.run` (the built GLLaunchCheck
// program, on the headless display and surfaceless EGL): GL work in the launch
// block must not keep the frames drawn after `dispatchMain()` from drawing.
import Foundation
import TestSupport
import XCTest

final class LaunchedGLViewTests: XCTestCase {
    func testGLViewDrawsAfterLaunchBlockUsedGL() throws {
        let path = try XCTUnwrap(
            ProgramRun.builtProduct("GLLaunchCheck"),
            "GLLaunchCheck is not next to the test bundle: build it first with `swift build --build-tests`")
        let run = try ProgramRun.run(path, [], timeout: 60)
        if run.standardOutput.contains("no program: ") {
            throw XCTSkip("no OpenGL ES here: \(run.standardOutput)")
        }
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertFalse(run.standardError.contains("EGL_BAD_ACCESS"), run.standardError)
        var lines = run.standardOutput.split(separator: "\n").map(String.init)
        // GL is opened by the first GLView's context, not at launch: an app without one never loads it.
        XCTAssertEqual(lines.first, "gl libraries at launch: ", run.standardOutput)
        let after = try XCTUnwrap(lines.dropFirst().first, run.standardOutput)
        XCTAssertTrue(after.hasPrefix("gl libraries after the frames: "), after)
        XCTAssertTrue(after.contains("libEGL.so.1") && after.contains("libGLESv2.so.2"), after)
        lines.removeFirst(min(2, lines.count))
        // Nine frames, each asked for a new drawing.
        XCTAssertEqual(lines, ["draws 9", "triangle ff00", "clear ff"], run.standardError)
    }

    /// Frames of an app without a GLView ask what GL context is current (each frame, and
    /// `Application.run` before `dispatchMain()`): asking must not load EGL.
    func testAnAppWithoutAGLViewNeverLoadsGL() throws {
        let path = try XCTUnwrap(
            ProgramRun.builtProduct("GLLaunchCheck"),
            "GLLaunchCheck is not next to the test bundle: build it first with `swift build --build-tests`")
        let run = try ProgramRun.run(path, ["--no-glview"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(3)),
            ["gl libraries at launch: ", "gl libraries after the frames: ", "draws 0"], run.standardOutput)
    }
}
