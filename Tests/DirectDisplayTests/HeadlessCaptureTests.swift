import DirectDisplayCore
import Foundation
import XCTest

final class HeadlessCaptureTests: DirectDisplayTestCase {
    func testNoWindowIsBlack() async throws {
        let screen = connect(width: 16, height: 8)
        let image = try display.capture(screen)
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.height, 8)
        XCTAssertTrue(image.pixels.allSatisfy { $0 & 0xFFFFFF == 0 })
        let hidden = Window(screen: screen)
        hidden.backgroundColor = .red
        assertPixel(try display.capture(screen), 3, 3, .black)
    }

    func testWindowColoursAndSmallerWindowShowsWhatLiesBelow() async throws {
        let screen = connect(width: 40, height: 40)
        let back = Window(screen: screen)
        back.backgroundColor = .blue
        back.makeKeyAndVisible()
        let small = Window(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        small.backgroundColor = .red
        small.isHidden = false
        let image = try display.capture(screen)
        assertPixel(image, 0, 0, .blue)
        assertPixel(image, 10, 10, .red)
        assertPixel(image, 19, 19, .red)
        assertPixel(image, 20, 20, .blue)
        let smallOnly = Window(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        smallOnly.backgroundColor = .green
        back.isHidden = true
        smallOnly.isHidden = false
        let second = try display.capture(screen)
        assertPixel(second, 2, 2, .green)
        assertPixel(second, 30, 30, .black)
    }

    func testLevelsDecideWhatIsOnTop() async throws {
        let screen = connect(width: 30, height: 10)
        let alert = Window(screen: screen)
        alert.windowLevel = .alert
        alert.backgroundColor = .red
        alert.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let bar = Window(screen: screen)
        bar.windowLevel = .statusBar
        bar.backgroundColor = .green
        bar.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let normal = Window(screen: screen)
        normal.backgroundColor = .blue
        alert.makeKeyAndVisible()
        bar.makeKeyAndVisible()
        normal.makeKeyAndVisible()
        let image = try display.capture(screen)
        assertPixel(image, 5, 5, .red)
        assertPixel(image, 15, 5, .green)
        assertPixel(image, 25, 5, .blue)
    }

    func testAlphaBlendsOverWhatIsBelow() async throws {
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let translucent = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        translucent.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        window.addSubview(translucent)
        let faded = View(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        faded.backgroundColor = .blue
        faded.alpha = 0.5
        window.addSubview(faded)
        let image = try display.capture(screen)
        assertPixel(image, 5, 5, Color(red: 1, green: 0.5, blue: 0.5))
        assertPixel(image, 15, 5, Color(red: 0.5, green: 0.5, blue: 1))
    }

    func testGroupAlphaDoesNotShowSubviewThroughParent() async throws {
        let screen = connect(width: 20, height: 20)
        let window = Window(screen: screen)
        window.backgroundColor = .black
        window.makeKeyAndVisible()
        let parent = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        parent.backgroundColor = .red
        parent.alpha = 0.5
        let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        child.backgroundColor = .green
        parent.addSubview(child)
        window.addSubview(parent)
        let image = try display.capture(screen)
        assertPixel(image, 5, 5, Color(red: 0, green: 0.5, blue: 0))
        assertPixel(image, 15, 5, Color(red: 0.5, green: 0, blue: 0))
    }

    func testClipsToBoundsAndHiddenViews() async throws {
        let screen = connect(width: 30, height: 10)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let parent = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let overhang = View(frame: CGRect(x: 5, y: 0, width: 20, height: 10))
        overhang.backgroundColor = .green
        parent.addSubview(overhang)
        window.addSubview(parent)
        assertPixel(try display.capture(screen), 15, 5, .green)
        parent.clipsToBounds = true
        var image = try display.capture(screen)
        assertPixel(image, 7, 5, .green)
        assertPixel(image, 15, 5, .black)
        parent.isHidden = true
        image = try display.capture(screen)
        assertPixel(image, 7, 5, .black)
    }

    func testDrawOutputAndScale() async throws {
        final class Dot: View {
            var draws = 0
            override func draw(_ rect: CGRect) {
                draws += 1
                GraphicsContext.current?.fill(CGRect(x: 2, y: 2, width: 2, height: 2), with: .yellow)
            }
        }
        let screen = connect(width: 20, height: 20, scale: 2)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let dot = Dot(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(dot)
        display.runUntilIdle()
        let image = try XCTUnwrap(display.lastFrames["HDMI-A-1"])
        assertPixel(image, 5, 5, .yellow)
        assertPixel(image, 3, 3, .black)
        assertPixel(image, 8, 8, .black)
        display.runUntilIdle()
        XCTAssertEqual(dot.draws, 1, "drawn once until setNeedsDisplay")
        dot.setNeedsDisplay()
        _ = try display.capture(screen)
        XCTAssertEqual(dot.draws, 2)
    }

    func testRotatedScreenTurnsTheImage() async throws {
        let screen = connect(width: 40, height: 20)
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        let marker = View(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        marker.backgroundColor = .red
        window.addSubview(marker)
        screen.orientation = .landscapeLeft
        XCTAssertEqual(window.bounds.size, CGSize(width: 20, height: 40))
        var image = try display.capture(screen)
        XCTAssertEqual(image.width, 40)
        assertPixel(image, 37, 2, .red)
        assertPixel(image, 2, 2, .black)
        screen.orientation = .landscapeRight
        image = try display.capture(screen)
        assertPixel(image, 2, 17, .red)
        screen.orientation = .portraitUpsideDown
        image = try display.capture(screen)
        assertPixel(image, 37, 17, .red)
    }

    func testRunUntilIdleCoalescesAndWritesPNG() async throws {
        let screen = connect(width: 8, height: 8)
        let window = Window(screen: screen)
        window.backgroundColor = .cyan
        window.makeKeyAndVisible()
        display.runUntilIdle()
        let image = try XCTUnwrap(display.lastFrames[screen.name])
        assertPixel(image, 4, 4, .cyan)
        let path = NSTemporaryDirectory() + "/direct-display-\(UUID().uuidString).png"
        try image.writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertThrowsError(try image.writePNG(to: "/nonexistent-dir/x.png"))
    }

    func testModeRefusedByDisplay() async throws {
        let screen = connect()
        XCTAssertThrowsError(try display.apply(Screen.Mode(width: 1, height: 1), to: screen))
        display.disconnectScreen(screen)
        XCTAssertThrowsError(try display.capture(screen))
    }
}
