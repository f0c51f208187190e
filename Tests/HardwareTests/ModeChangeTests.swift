import Foundation
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Changing a real screen's mode: checked by TEST_ONLY, applied, announced, relaid out.
final class ModeChangeTests: KMSDisplayTestCase {

    final class SizeRecorder: ViewController {
        var transitions: [CGSize] = []
        override func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
            transitions.append(size)
            super.viewWillTransition(to: size, with: coordinator)
        }
    }

    func testModeChangeIsAppliedAnnouncedAndRelaysOutWindows() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        XCTAssertEqual(screen.preferredMode?.size, CGSize(width: 1024, height: 768))
        XCTAssertEqual(screen.availableModes.count, Set(screen.availableModes).count, "no duplicates")
        let window = Window(screen: screen)
        let controller = SizeRecorder()
        window.rootViewController = controller
        controller.view.backgroundColor = Color(red: 0, green: 0.5, blue: 1, alpha: 1)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)

        var announced = 0
        let observer = NotificationCenter.default.addObserver(
            forName: Screen.modeDidChangeNotification, object: screen, queue: nil
        ) { _ in MainActor.assumeIsolated { announced += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }

        let target = try XCTUnwrap(screen.mode(width: 800, height: 600, refreshRate: 60), "\(screen.availableModes)")
        try screen.setCurrentMode(target)
        XCTAssertEqual(announced, 1)
        XCTAssertEqual(screen.currentMode, target)
        XCTAssertEqual(screen.bounds.size, CGSize(width: 800, height: 600))
        XCTAssertEqual(window.frame.size, CGSize(width: 800, height: 600), "a full-screen window follows")
        XCTAssertEqual(controller.transitions, [CGSize(width: 800, height: 600)])

        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        XCTAssertEqual(
            rgb(image.rawPixel(x: 799, y: 599)), rgb(image.rawPixel(x: 0, y: 0)), "the window fills the new mode")
        XCTAssertNotEqual(rgb(image.rawPixel(x: 0, y: 0)), 0)

        // A mode the screen does not offer is refused with a clear error and changes nothing.
        XCTAssertThrowsError(try screen.setCurrentMode(Screen.Mode(width: 1234, height: 567))) { error in
            XCTAssertTrue("\(error)".contains("not one of Virtual-1's available modes"), "\(error)")
        }
        XCTAssertEqual(screen.currentMode, target)
        XCTAssertEqual(announced, 1)
    }
}
