import Foundation
import XCTest

@testable import DirectDisplayCore

/// A controller that logs its appearance and containment callbacks by name.
private final class StackController: ViewController {
    let name: String
    let log: EventLog
    init(_ name: String, log: EventLog, title: String? = nil) {
        self.name = name
        self.log = log
        super.init()
        self.title = title
    }
    override func viewDidLoad() { log.add("\(name) viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name) willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name) didDisappear") }
    override func willMove(toParent parent: ViewController?) {
        log.add("\(name) willMove \(parent == nil ? "nil" : "nav")")
    }
    override func didMove(toParent parent: ViewController?) {
        log.add("\(name) didMove \(parent == nil ? "nil" : "nav")")
    }
}

/// Logs the navigation controller's delegate calls into the same log.
private final class ShowLog: NavigationControllerDelegate {
    let log: EventLog
    init(_ log: EventLog) { self.log = log }
    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) {
        log.add("willShow \((viewController as? StackController)?.name ?? "?")")
    }
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) {
        log.add("didShow \((viewController as? StackController)?.name ?? "?")")
    }
}

final class NavigationControllerTests: DirectDisplayTestCase {
    private var screen: Screen!
    private let log = EventLog()
    private var showLog: ShowLog!

    /// A visible window on a 300×200 screen whose root is a navigation controller holding `root`.
    private func navigation(root: ViewController) -> NavigationController {
        screen = connect(width: 300, height: 200)
        let navigation = NavigationController(rootViewController: root)
        showLog = ShowLog(log)
        navigation.delegate = showLog
        let window = Window(screen: screen)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        display.runUntilIdle()
        _ = log.take()
        return navigation
    }

    private func tap(_ view: View) {
        let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        display.touchDown(0, at: point, on: screen)
        display.advanceTime(by: 0.05)
        display.touchUp(0, at: point, on: screen)
    }

    private func keptLog(_ body: () -> Void) -> [String] {
        StderrLog.kept.withLock { $0 = [] }
        defer { StderrLog.kept.withLock { $0 = nil } }
        body()
        return StderrLog.kept.withLock { $0 } ?? []
    }

    // MARK: Push and pop

    func testPushAndPopCallbacksInUIKitOrderWithoutAnimation() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        navigation.pushViewController(b, animated: false)
        XCTAssertEqual(
            log.take(),
            [
                "B willMove nav", "B viewDidLoad", "A willDisappear", "B willAppear", "willShow B", "A didDisappear",
                "B didAppear", "B didMove nav", "didShow B",
            ])
        assertSameObjects(navigation.viewControllers, [a, b])
        assertSameObjects(navigation.children, [a, b])
        XCTAssertTrue(navigation.topViewController === b)
        XCTAssertTrue(navigation.visibleViewController === b)
        XCTAssertTrue(b.navigationController === navigation)
        XCTAssertNil(a.viewIfLoaded?.superview, "the view under is taken out")
        XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 44, width: 300, height: 156), "below the bar")

        XCTAssertTrue(navigation.popViewController(animated: false) === b)
        XCTAssertEqual(
            log.take(),
            [
                "B willMove nil", "B willDisappear", "A willAppear", "willShow A", "B didDisappear", "A didAppear",
                "B didMove nil", "didShow A",
            ])
        assertSameObjects(navigation.viewControllers, [a])
        XCTAssertNil(b.navigationController)
        XCTAssertNil(b.view.superview)
    }

    func testAnimatedPushSlidesInOnTheDisplayClockThenCompletes() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        navigation.pushViewController(b, animated: true)
        XCTAssertEqual(
            log.take(), ["B willMove nav", "B viewDidLoad", "A willDisappear", "B willAppear", "willShow B"])
        display.advanceTime(by: 0.175)
        let incoming = b.view.presentation.frame.minX
        let outgoing = a.view.presentation.frame.minX
        XCTAssertTrue(incoming > 0 && incoming < 300, "B comes from the right: \(incoming)")
        XCTAssertTrue(outgoing < 0 && outgoing > -100, "A moves left, by up to a third: \(outgoing)")
        XCTAssertEqual(log.take(), [], "nothing completes mid-slide")
        display.advanceTime(by: 0.25)
        XCTAssertEqual(log.take(), ["A didDisappear", "B didAppear", "B didMove nav", "didShow B"])
        XCTAssertEqual(b.view.presentation.frame.minX, 0)
        XCTAssertNil(a.view.superview)

        navigation.popViewController(animated: true)
        XCTAssertEqual(log.take(), ["B willMove nil", "B willDisappear", "A willAppear", "willShow A"])
        display.advanceTime(by: 0.175)
        XCTAssertTrue(b.view.presentation.frame.minX > 0, "B leaves to the right")
        display.advanceTime(by: 0.25)
        XCTAssertEqual(log.take(), ["B didDisappear", "A didAppear", "B didMove nil", "didShow A"])
        XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 44, width: 300, height: 156))
    }

    func testPopToRootAndSetViewControllers() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        let c = StackController("C", log: log)
        navigation.pushViewController(b, animated: false)
        navigation.pushViewController(c, animated: false)
        _ = log.take()
        let popped = navigation.popToRootViewController(animated: false)
        assertSameObjects(popped ?? [], [b, c])
        XCTAssertEqual(
            log.take(),
            [
                "B willMove nil", "C willMove nil", "C willDisappear", "A willAppear", "willShow A", "C didDisappear",
                "A didAppear", "B didMove nil", "C didMove nil", "didShow A",
            ])
        XCTAssertEqual(navigation.popToRootViewController(animated: false)?.count, 0, "nothing above the root")

        navigation.pushViewController(b, animated: false)
        _ = log.take()
        let d = StackController("D", log: log)
        navigation.setViewControllers([a, d], animated: true)
        XCTAssertEqual(
            log.take(),
            ["B willMove nil", "D willMove nav", "D viewDidLoad", "B willDisappear", "D willAppear", "willShow D"])
        display.advanceTime(by: 0.5)
        XCTAssertEqual(log.take(), ["B didDisappear", "D didAppear", "B didMove nil", "D didMove nav", "didShow D"])
        assertSameObjects(navigation.viewControllers, [a, d])

        navigation.viewControllers = [a]
        XCTAssertEqual(
            log.take(),
            [
                "D willMove nil", "D willDisappear", "A willAppear", "willShow A", "D didDisappear", "A didAppear",
                "D didMove nil", "didShow A",
            ])
    }

    // MARK: Bars

    func testBackButtonShowsThePreviousTitleAndPops() async {
        let a = StackController("A", log: log, title: "Inbox")
        let navigation = navigation(root: a)
        let bar = navigation.navigationBar
        XCTAssertTrue(bar.backButton.isHidden, "no back button at the root")
        XCTAssertEqual(bar.titleLabel.text, "Inbox")
        let b = StackController("B", log: log, title: "Message")
        navigation.pushViewController(b, animated: false)
        display.runUntilIdle()
        XCTAssertFalse(bar.backButton.isHidden)
        XCTAssertEqual(bar.backButton.title, "Inbox")
        XCTAssertEqual(bar.titleLabel.text, "Message")
        a.navigationItem.backButtonTitle = "Mail"
        XCTAssertEqual(bar.backButton.title, "Mail")
        a.navigationItem.backButtonTitle = nil
        a.title = nil
        XCTAssertEqual(bar.backButton.title, "Back")
        b.navigationItem.hidesBackButton = true
        XCTAssertTrue(bar.backButton.isHidden)
        b.navigationItem.hidesBackButton = false
        display.runUntilIdle()

        _ = log.take()
        tap(bar.backButton)
        display.advanceTime(by: 0.5)
        assertSameObjects(navigation.viewControllers, [a])
        XCTAssertEqual(log.take().last, "didShow A")
        XCTAssertTrue(bar.backButton.isHidden)
    }

    func testBarButtonItemsRunTheirActionsAndSystemItemsShowTheirTitles() async {
        let a = StackController("A", log: log, title: "Settings")
        let navigation = navigation(root: a)
        var senders: [String] = []
        let edit = BarButtonItem(
            title: "Edit", style: .plain,
            primaryAction: Action { action in
                senders.append((action.sender as? BarButtonItem)?.title ?? "?")
            })
        let add = BarButtonItem(systemItem: .add, primaryAction: Action { _ in senders.append("add") })
        a.navigationItem.rightBarButtonItem = edit
        a.navigationItem.leftBarButtonItem = add
        display.runUntilIdle()
        let buttons = navigation.navigationBar.subviews.compactMap { $0 as? BarItemButton }
        let editButton = try! XCTUnwrap(buttons.first { $0.item === edit })
        let addButton = try! XCTUnwrap(buttons.first { $0.item === add })
        XCTAssertGreaterThan(editButton.frame.minX, 200, "right item at the right")
        XCTAssertLessThan(addButton.frame.maxX, 100, "left item at the left")
        tap(editButton)
        display.advanceTime(by: 1)
        tap(addButton)
        display.advanceTime(by: 1)
        XCTAssertEqual(senders, ["Edit", "add"], "each action runs, the item its sender")
        edit.isEnabled = false
        display.runUntilIdle()
        tap(editButton)
        display.advanceTime(by: 1)
        XCTAssertEqual(senders, ["Edit", "add"], "a disabled item runs nothing")

        let titles: [(BarButtonItem.SystemItem, String)] = [
            (.done, "Done"), (.cancel, "Cancel"), (.add, "+"), (.edit, "Edit"), (.save, "Save"),
        ]
        for (system, title) in titles {
            let item = BarButtonItem(systemItem: system)
            XCTAssertNil(item.title, "a system item's title stays nil, as UIKit's")
            XCTAssertEqual(BarItemButton(item: item).currentTitle, title)
        }
        XCTAssertEqual(BarButtonItem(systemItem: .done).style, .done)
        XCTAssertEqual(
            BarItemButton(item: BarButtonItem(systemItem: .done)).titleLabel.font, .boldSystemFont(ofSize: 17))
        XCTAssertEqual(
            BarItemButton(item: BarButtonItem(title: "Go", style: .plain)).titleLabel.font, .systemFont(ofSize: 17))
    }

    func testToolbarShowsTheTopControllersItemsAndTheViewSitsBetweenTheBars() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let middle = BarButtonItem(title: "Middle")
        a.toolbarItems = [.flexibleSpace(), middle, .flexibleSpace()]
        navigation.isToolbarHidden = false
        display.runUntilIdle()
        XCTAssertFalse(navigation.toolbar.isHidden)
        XCTAssertEqual(navigation.toolbar.frame, CGRect(x: 0, y: 156, width: 300, height: 44))
        XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 44, width: 300, height: 112))
        let button = try! XCTUnwrap(navigation.toolbar.subviews.compactMap { $0 as? BarItemButton }.first)
        XCTAssertEqual(button.frame.midX, 150, accuracy: 1, "flexible spaces centre the item")
        let b = StackController("B", log: log)
        b.toolbarItems = [BarButtonItem(systemItem: .save)]
        navigation.pushViewController(b, animated: false)
        XCTAssertTrue(navigation.toolbar.items?.first === b.toolbarItems?.first)
        navigation.setNavigationBarHidden(true, animated: false)
        display.runUntilIdle()
        XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 0, width: 300, height: 156))
        XCTAssertTrue(navigation.navigationBar.isHidden)
    }

    func testTheBarsAreLightGreyWithAHairlineAndTheNavigationBarSlidesAway() async throws {
        let a = StackController("A", log: log, title: "Settings")
        let navigation = navigation(root: a)
        a.view.backgroundColor = Color(white: 0.5)
        a.toolbarItems = [BarButtonItem(title: "Reset")]
        navigation.isToolbarHidden = false
        display.runUntilIdle()
        var image = try display.capture(screen)
        assertPixel(image, 280, 5, Color(white: 0.97))
        assertPixel(image, 280, 43, Color(white: 0.97 * 0.7))  // the hairline
        assertPixel(image, 280, 155, Color(white: 0.5))
        assertPixel(image, 280, 156, Color(white: 0.97 * 0.7))  // the toolbar's hairline
        assertPixel(image, 280, 195, Color(white: 0.97))

        navigation.setNavigationBarHidden(true, animated: true)
        display.advanceTime(by: 0.175)
        let y = navigation.navigationBar.presentation.frame.minY
        XCTAssertTrue(y < 0 && y > -44, "the bar slides up: \(y)")
        display.advanceTime(by: 0.3)
        XCTAssertTrue(navigation.navigationBar.isHidden)
        XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 0, width: 300, height: 156))
        image = try display.capture(screen)
        assertPixel(image, 280, 5, Color(white: 0.5))
    }

    // MARK: Interactive pop

    /// Drags a finger from the left edge through `xs` at `step` seconds apart, then lifts it
    /// (after `hold` seconds still), and lets the settling slide finish.
    private func edgeSwipe(through xs: [CGFloat], step: TimeInterval, hold: TimeInterval, check: () -> Void = {}) {
        display.touchDown(0, at: CGPoint(x: 5, y: 100), on: screen)
        for x in xs {
            display.advanceTime(by: step)
            display.touchMove(0, at: CGPoint(x: x, y: 100), on: screen)
        }
        display.advanceTime(by: hold)
        check()
        display.touchUp(0, at: CGPoint(x: xs.last ?? 5, y: 100), on: screen)
        display.advanceTime(by: 0.5)
    }

    func testInteractivePopFollowsTheFingerAndCompletesPastHalfway() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        edgeSwipe(through: [40, 100, 200], step: 0.1, hold: 0.2) {
            XCTAssertEqual(b.view.frame.minX, 195, "B follows the finger")
            XCTAssertEqual(a.view.frame.minX, -35, "A comes from a third to the left")
            XCTAssertEqual(log.take(), ["B willMove nil", "B willDisappear", "A willAppear", "willShow A"])
        }
        XCTAssertEqual(log.take(), ["B didDisappear", "A didAppear", "B didMove nil", "didShow A"])
        assertSameObjects(navigation.viewControllers, [a])
        XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 44, width: 300, height: 156))
    }

    func testInteractivePopCancelsShortOfHalfwayAsUIKitDoes() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        edgeSwipe(through: [40, 100], step: 0.1, hold: 0.2)
        XCTAssertEqual(
            log.take(),
            [
                "B willMove nil", "B willDisappear", "A willAppear", "willShow A", "A willDisappear", "A didDisappear",
                "B willAppear", "B didAppear", "B didMove nav",
            ])
        assertSameObjects(navigation.viewControllers, [a, b])
        XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 44, width: 300, height: 156))
        XCTAssertNil(a.view.superview)
        XCTAssertEqual(navigation.navigationBar.backButton.isHidden, false)
    }

    func testInteractivePopByVelocity() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        // A quick flick rightwards, a quarter of the way: completes.
        edgeSwipe(through: [30, 55, 80], step: 0.01, hold: 0)
        XCTAssertEqual(log.take().suffix(2), ["B didMove nil", "didShow A"])
        assertSameObjects(navigation.viewControllers, [a])

        navigation.pushViewController(b, animated: false)
        _ = log.take()
        // Past halfway, then thrown back leftwards: cancels.
        edgeSwipe(through: [60, 120, 180, 240, 250, 215, 180], step: 0.03, hold: 0)
        XCTAssertEqual(log.take().suffix(3), ["B willAppear", "B didAppear", "B didMove nav"])
        assertSameObjects(navigation.viewControllers, [a, b])
    }

    func testTheEdgeSwipeDoesNothingAtTheRoot() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        edgeSwipe(through: [60, 200], step: 0.1, hold: 0.2)
        XCTAssertEqual(log.take(), [])
        assertSameObjects(navigation.viewControllers, [a])
        XCTAssertTrue(navigation.interactivePopGestureRecognizer is ScreenEdgePanGestureRecognizer)
    }

    // MARK: Bad input and lifetime

    func testBadInputLogsOneLineAndChangesNothing() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        let b = StackController("B", log: log)
        var lines = keptLog {
            navigation.pushViewController(a, animated: false)
            navigation.pushViewController(NavigationController(), animated: false)
            navigation.pushViewController(navigation, animated: false)
            XCTAssertNil(navigation.popViewController(animated: true), "the root stays")
            XCTAssertNil(navigation.popToViewController(b, animated: false))
            navigation.setViewControllers([a, b, a], animated: false)
            let elsewhere = StackController("E", log: log)
            let other = NavigationController(rootViewController: elsewhere)
            navigation.pushViewController(elsewhere, animated: false)
            XCTAssertTrue(elsewhere.navigationController === other)
        }
        XCTAssertEqual(lines.count, 6, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("direct-display: NavigationController: ") })
        assertSameObjects(navigation.viewControllers, [a])
        XCTAssertEqual(log.take(), ["E willMove nav", "E didMove nav"], "only E joining the other one")

        navigation.pushViewController(b, animated: true)
        _ = log.take()
        lines = keptLog {
            navigation.pushViewController(StackController("C", log: log), animated: true)
            XCTAssertNil(navigation.popViewController(animated: true))
        }
        XCTAssertEqual(lines.count, 2, "a push and a pop during a transition are ignored: \(lines)")
        display.advanceTime(by: 0.5)
        assertSameObjects(navigation.viewControllers, [a, b])
    }

    func testWithoutAVisibleWindowOnlyTheChildrenChange() async {
        let a = StackController("A", log: log)
        let b = StackController("B", log: log)
        let navigation = NavigationController(rootViewController: a)
        navigation.pushViewController(b, animated: true)
        XCTAssertEqual(log.take(), ["A willMove nav", "A didMove nav", "B willMove nav", "B didMove nav"])
        XCTAssertFalse(a.isViewLoaded || b.isViewLoaded, "no view is loaded before the navigation controller's")
        navigation.view.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        navigation.view.layoutIfNeeded()
        XCTAssertTrue(b.view.superview === navigation.view)
        XCTAssertFalse(a.isViewLoaded)
        XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 44, width: 120, height: 56))
        _ = log.take()
        navigation.popViewController(animated: true)
        XCTAssertEqual(
            log.take(), ["B willMove nil", "A viewDidLoad", "B didMove nil"], "no appearance callbacks, at once")
        XCTAssertTrue(a.view.superview === navigation.view)
        XCTAssertNil(b.view.superview)
    }

    func testPoppedControllersAreReleased() async {
        let a = StackController("A", log: log)
        let navigation = navigation(root: a)
        weak var weakB: StackController?
        weak var weakC: StackController?
        do {
            let b = StackController("B", log: log)
            let c = StackController("C", log: log)
            b.navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .done)
            weakB = b
            weakC = c
            navigation.pushViewController(b, animated: true)
            display.advanceTime(by: 0.5)
            navigation.pushViewController(c, animated: false)
        }
        navigation.popViewController(animated: true)
        display.advanceTime(by: 0.5)
        XCTAssertNil(weakC, "popped with animation")
        navigation.pushViewController(StackController("D", log: log), animated: false)
        edgeSwipe(through: [100, 250], step: 0.1, hold: 0.2)
        navigation.popToRootViewController(animated: false)
        display.runUntilIdle()
        XCTAssertNil(weakB, "popped to the root")
        assertSameObjects(navigation.viewControllers, [a])
    }
}
