import DirectDisplayCore
import Foundation
import XCTest

/// Modal presentation: UIKit's appearance-callback order per style, transitions on the
/// display clock, completion timing, chains, and what is refused.
final class PresentationTests: DirectDisplayTestCase {
    private var log = EventLog()

    /// A visible key window on a 200x100 screen whose root is "root".
    private func rootInWindow() -> (Screen, Window, LifecycleController) {
        let screen = connect(width: 200, height: 100)
        let window = Window(screen: screen)
        let root = LifecycleController("root", log: log)
        window.rootViewController = root
        window.makeKeyAndVisible()
        display.runUntilIdle()
        _ = log.take()
        return (screen, window, root)
    }

    private func presented(_ name: String, _ style: ModalPresentationStyle) -> LifecycleController {
        let controller = LifecycleController(name, log: log)
        controller.modalPresentationStyle = style
        _ = controller.view
        _ = log.take()
        return controller
    }

    /// Lines the library logged while `body` ran.
    private func logged(_ body: () -> Void) -> [String] {
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        body()
        return StderrLog.kept.withLock { $0 } ?? []
    }

    func testFullScreenCallbacksInUIKitOrderAndPresenterViewLeavesThenReturns() async {
        let (_, window, root) = rootInWindow()
        let modal = presented("modal", .fullScreen)
        root.present(modal, animated: false) { self.log.add("presented") }
        XCTAssertEqual(log.take(), ["modal willAppear", "root willDisappear", "modal didAppear", "root didDisappear"])
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertTrue(modal.presentingViewController === root)
        XCTAssertTrue(modal.view.superview === window)
        XCTAssertEqual(modal.view.frame, window.bounds)
        XCTAssertNil(root.view.superview, "a full-screen controller takes the presenter's view out")
        display.runUntilIdle()
        XCTAssertEqual(log.take(), ["presented"], "the completion comes on a later turn")
        modal.dismiss(animated: false) { self.log.add("dismissed") }
        XCTAssertEqual(log.take(), ["modal willDisappear", "root willAppear", "modal didDisappear", "root didAppear"])
        XCTAssertTrue(root.view.superview === window)
        XCTAssertNil(modal.view.superview)
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(modal.presentingViewController)
        display.runUntilIdle()
        XCTAssertEqual(log.take(), ["dismissed"])
    }

    /// `present` and `dismiss` are open, as UIKit's: an override sees the call and `super`
    /// does the work. A navigation controller's visible controller is the one presented over it.
    func testPresentAndDismissCanBeOverriddenAndNavigationSeesThePresentedController() async {
        final class Counting: ViewController {
            var calls: [String] = []
            override func present(
                _ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil
            ) {
                calls.append("present")
                super.present(controller, animated: animated, completion: completion)
            }
            override func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
                calls.append("dismiss")
                super.dismiss(animated: animated, completion: completion)
            }
        }
        let screen = connect(width: 200, height: 100)
        let window = Window(screen: screen)
        let top = Counting()
        let navigation = NavigationController(rootViewController: top)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        display.runUntilIdle()
        let modal = ViewController()
        top.present(modal, animated: false)
        XCTAssertEqual(top.calls, ["present"])
        XCTAssertTrue(navigation.presentedViewController === modal, "the root of the chain presents")
        XCTAssertTrue(navigation.visibleViewController === modal)
        XCTAssertTrue(navigation.topViewController === top)
        top.dismiss(animated: false)
        XCTAssertEqual(top.calls, ["present", "dismiss"])
        XCTAssertNil(navigation.presentedViewController)
        XCTAssertTrue(navigation.visibleViewController === top)
    }

    func testOverFullScreenLeavesPresenterAppearingAndInTheWindow() async {
        let (_, window, root) = rootInWindow()
        let modal = presented("modal", .overFullScreen)
        root.present(modal, animated: false)
        XCTAssertEqual(log.take(), ["modal willAppear", "modal didAppear"])
        XCTAssertTrue(root.view.superview === window)
        root.dismiss(animated: false)
        XCTAssertEqual(log.take(), ["modal willDisappear", "modal didDisappear"])
    }

    func testFormSheetIsCentredOverDimmingAndSmallerOnSmallScreen() async throws {
        let (screen, window, root) = rootInWindow()
        root.view.backgroundColor = .white
        let sheet = presented("sheet", .formSheet)
        sheet.view.backgroundColor = .blue
        root.present(sheet, animated: false)
        XCTAssertEqual(log.take(), ["sheet willAppear", "sheet didAppear"])
        // 200x100 leaves 160x60 inside 20-point margins.
        XCTAssertEqual(sheet.view.frame, CGRect(x: 20, y: 20, width: 160, height: 60))
        display.runUntilIdle()
        let image = try display.capture(screen)
        assertPixel(image, 100, 50, .blue)
        assertPixel(image, 5, 5, Color(white: 0.6))
        XCTAssertTrue(root.view.superview === window)
    }

    func testAnimatedCoverVerticalSlidesOnTheDisplayClock() async throws {
        let (screen, _, root) = rootInWindow()
        root.view.backgroundColor = .white
        let modal = presented("modal", .fullScreen)
        modal.view.backgroundColor = .red
        var completed = false
        root.present(modal, animated: true) { completed = true }
        XCTAssertEqual(log.take(), ["modal willAppear", "root willDisappear"])
        XCTAssertTrue(modal.isBeingPresented)
        display.advanceTime(by: 0.15)
        let midway = try display.capture(screen)
        assertPixel(midway, 100, 5, .white)
        assertPixel(midway, 100, 95, .red)
        XCTAssertFalse(completed)
        XCTAssertEqual(log.take(), [])
        display.advanceTime(by: 0.3)
        XCTAssertEqual(log.take(), ["modal didAppear", "root didDisappear"])
        XCTAssertTrue(completed)
        XCTAssertFalse(modal.isBeingPresented)
        assertPixel(try display.capture(screen), 100, 5, .red)

        completed = false
        root.dismiss(animated: true) { completed = true }
        XCTAssertEqual(log.take(), ["modal willDisappear", "root willAppear"])
        XCTAssertTrue(modal.isBeingDismissed)
        display.advanceTime(by: 0.15)
        let leaving = try display.capture(screen)
        assertPixel(leaving, 100, 5, .white)
        assertPixel(leaving, 100, 95, .red)
        display.advanceTime(by: 0.3)
        XCTAssertEqual(log.take(), ["modal didDisappear", "root didAppear"])
        XCTAssertTrue(completed)
        assertPixel(try display.capture(screen), 100, 95, .white)
    }

    func testAnimatedCrossDissolveFades() async throws {
        let (screen, _, root) = rootInWindow()
        root.view.backgroundColor = .white
        let modal = presented("modal", .overFullScreen)
        modal.modalTransitionStyle = .crossDissolve
        modal.view.backgroundColor = .black
        root.present(modal, animated: true)
        display.advanceTime(by: 0.15)
        let midway = try display.capture(screen).pixel(x: 100, y: 50)
        XCTAssertTrue(midway.red > 0.1 && midway.red < 0.9, "half faded: \(midway)")
        display.advanceTime(by: 0.3)
        assertPixel(try display.capture(screen), 100, 50, .black)
        root.dismiss(animated: true)
        display.advanceTime(by: 0.5)
        assertPixel(try display.capture(screen), 100, 50, .white)
        XCTAssertEqual(modal.view.alpha, 1, "put back for a later presentation")
    }

    func testPresentingFromAChildPresentsFromTheRootAndDismissTakesTheWholeChain() async {
        let (_, window, root) = rootInWindow()
        let child = LifecycleController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        _ = log.take()
        let first = presented("first", .fullScreen)
        child.present(first, animated: false)
        XCTAssertTrue(root.presentedViewController === first)
        XCTAssertTrue(child.presentedViewController === first)
        XCTAssertEqual(
            log.take(),
            [
                "first willAppear", "root willDisappear", "child willDisappear", "first didAppear", "root didDisappear",
                "child didDisappear",
            ])
        let second = presented("second", .overFullScreen)
        first.present(second, animated: false)
        XCTAssertTrue(second.presentingViewController === first)
        _ = log.take()
        root.dismiss(animated: false)
        XCTAssertEqual(
            log.take(),
            [
                "second willDisappear", "second didDisappear", "first willDisappear", "root willAppear",
                "child willAppear", "first didDisappear", "root didAppear", "child didAppear",
            ])
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(first.presentedViewController)
        XCTAssertNil(second.presentingViewController)
        assertSameObjects(window.subviews, [root.view])
    }

    func testDismissingAFullScreenChainSparesTheCoveredMiddleController() async {
        let (_, window, root) = rootInWindow()
        let first = presented("first", .fullScreen)
        root.present(first, animated: false)
        let second = presented("second", .fullScreen)
        first.present(second, animated: false)
        XCTAssertEqual(
            log.take(), ["second willAppear", "first willDisappear", "second didAppear", "first didDisappear"])
        assertSameObjects(window.subviews, [second.view])
        root.dismiss(animated: true)
        XCTAssertEqual(log.take(), ["second willDisappear", "second didDisappear", "root willAppear"])
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["root didAppear"], "first, covered, had disappeared already")
        assertSameObjects(window.subviews, [root.view])
    }

    func testRefusedPresentationsLogOneLineAndChangeNothing() async {
        let (_, _, root) = rootInWindow()
        let modal = presented("modal", .overFullScreen)
        let other = presented("other", .overFullScreen)
        let loose = LifecycleController("loose", log: log)
        XCTAssertEqual(logged { loose.present(other, animated: false) }.count, 1, "presenter in no window")
        XCTAssertNil(loose.presentedViewController)
        root.present(modal, animated: true)
        _ = log.take()
        var completed = false
        XCTAssertEqual(logged { root.present(other, animated: false) { completed = true } }.count, 1, "in progress")
        XCTAssertEqual(logged { modal.present(modal, animated: false) }.count, 1, "itself")
        XCTAssertEqual(logged { root.dismiss(animated: false) }.count, 1, "dismiss while presenting")
        display.advanceTime(by: 0.5)
        XCTAssertEqual(logged { root.present(other, animated: false) }.count, 1, "already presenting")
        let third = LifecycleController("third", log: log)
        let window2 = Window(screen: root.view.window!.screen!)
        window2.rootViewController = third
        window2.isHidden = false
        XCTAssertEqual(logged { third.present(modal, animated: false) }.count, 1, "already presented")
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertNil(other.presentingViewController)
        XCTAssertNil(third.presentedViewController)
        XCTAssertEqual(log.take().filter { $0.hasPrefix("other") || $0.hasPrefix("modal") }, ["modal didAppear"])
        XCTAssertFalse(completed)
    }

    func testDismissWithNothingPresentedLogsAndStillCompletes() async {
        let (_, _, root) = rootInWindow()
        var completed = false
        XCTAssertEqual(logged { root.dismiss(animated: true) { completed = true } }.count, 1)
        display.runUntilIdle()
        XCTAssertTrue(completed)
    }

    func testRotationReachesPresentedControllersAndResizesTheirViews() async {
        let (screen, window, root) = rootInWindow()
        let modal = presented("modal", .fullScreen)
        root.present(modal, animated: false)
        let sheet = presented("sheet", .formSheet)
        modal.present(sheet, animated: false)
        _ = log.take()
        screen.orientation = .landscapeLeft
        XCTAssertEqual(log.take(), ["root transition 100x200", "modal transition 100x200", "sheet transition 100x200"])
        display.runUntilIdle()
        XCTAssertEqual(modal.view.frame, window.bounds)
        XCTAssertEqual(sheet.view.frame, CGRect(x: 20, y: 20, width: 60, height: 160), "the sheet fits again")
    }

    func testHidingAndShowingTheWindowReachesTheControllersShownOnly() async {
        let (_, window, root) = rootInWindow()
        let modal = presented("modal", .fullScreen)
        root.present(modal, animated: false)
        _ = log.take()
        window.isHidden = true
        XCTAssertEqual(log.take(), ["modal willDisappear", "modal didDisappear"], "the covered root has disappeared")
        window.isHidden = false
        XCTAssertEqual(log.take(), ["modal willAppear", "modal didAppear"])
        root.dismiss(animated: false)
        let over = presented("over", .overFullScreen)
        root.present(over, animated: false)
        _ = log.take()
        window.isHidden = true
        XCTAssertEqual(
            log.take(), ["root willDisappear", "over willDisappear", "root didDisappear", "over didDisappear"])
    }

    func testPresentedControllerIsReleasedAfterDismiss() async {
        let (_, _, root) = rootInWindow()
        weak var weakModal: LifecycleController?
        do {
            let modal = presented("modal", .formSheet)
            weakModal = modal
            root.present(modal, animated: true)
            display.advanceTime(by: 0.5)
            root.dismiss(animated: true)
            display.advanceTime(by: 0.5)
        }
        display.runUntilIdle()
        XCTAssertNil(weakModal)
    }
}
