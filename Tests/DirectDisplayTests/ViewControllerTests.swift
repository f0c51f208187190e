import DirectDisplayCore
import Foundation
import XCTest

final class LifecycleController: ViewController {
    let name: String
    let log: EventLog
    var supported: InterfaceOrientationMask = .all
    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
    }
    override var supportedInterfaceOrientations: InterfaceOrientationMask { supported }
    override func loadView() {
        log.add("\(name) loadView")
        super.loadView()
    }
    override func viewDidLoad() { log.add("\(name) viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name) willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name) didDisappear") }
    override func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
        log.add("\(name) transition \(Int(size.width))x\(Int(size.height))")
        super.viewWillTransition(to: size, with: coordinator)
    }
}

final class ViewControllerTests: DirectDisplayTestCase {
    func testViewLoadsLazilyOnce() async {
        let log = EventLog()
        let controller = LifecycleController("c", log: log)
        XCTAssertFalse(controller.isViewLoaded)
        XCTAssertNil(controller.viewIfLoaded)
        _ = controller.view
        _ = controller.view
        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertEqual(log.take(), ["c loadView", "c viewDidLoad"])
    }

    func testRootViewControllerFillsWindowAndFollowsVisibility() async {
        let screen = connect(width: 80, height: 60)
        let log = EventLog()
        let root = LifecycleController("root", log: log)
        let child = LifecycleController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        assertSameObjects(root.children, [child])
        XCTAssertTrue(child.parent === root)
        _ = log.take()
        let window = Window(screen: screen)
        window.rootViewController = root
        XCTAssertEqual(root.view.frame, window.bounds)
        XCTAssertTrue(root.view.superview === window)
        window.makeKeyAndVisible()
        XCTAssertEqual(log.take(), ["root willAppear", "child willAppear", "root didAppear", "child didAppear"])
        window.isHidden = true
        XCTAssertEqual(
            log.take(), ["root willDisappear", "child willDisappear", "root didDisappear", "child didDisappear"])
        window.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        XCTAssertEqual(root.view.frame, CGRect(x: 0, y: 0, width: 40, height: 30))
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        XCTAssertTrue(root.children.isEmpty)
        XCTAssertNil(child.parent)
    }

    func testReplacingRootOfVisibleWindow() async {
        let screen = connect()
        let log = EventLog()
        let first = LifecycleController("first", log: log)
        let second = LifecycleController("second", log: log)
        let window = Window(screen: screen)
        window.rootViewController = first
        window.makeKeyAndVisible()
        _ = log.take()
        window.rootViewController = second
        XCTAssertEqual(
            log.take(),
            [
                "first willDisappear", "first didDisappear", "second loadView", "second viewDidLoad",
                "second willAppear", "second didAppear",
            ])
        XCTAssertNil(first.view.superview)
    }

    func testRotationResizesSupportingWindowsAndPassesTransitionToChildren() async {
        let screen = connect(width: 80, height: 60)
        let log = EventLog()
        let root = LifecycleController("root", log: log)
        let child = LifecycleController("child", log: log)
        root.addChild(child)
        let window = Window(screen: screen)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let stubborn = LifecycleController("stubborn", log: log)
        stubborn.supported = .portrait
        let fixed = Window(screen: screen)
        fixed.rootViewController = stubborn
        fixed.isHidden = false
        _ = log.take()
        screen.orientation = .landscapeLeft
        XCTAssertEqual(screen.bounds.size, CGSize(width: 60, height: 80))
        XCTAssertEqual(log.take(), ["root transition 60x80", "child transition 60x80"])
        XCTAssertEqual(window.frame.size, CGSize(width: 60, height: 80))
        XCTAssertEqual(root.view.frame.size, CGSize(width: 60, height: 80))
        XCTAssertEqual(fixed.frame.size, CGSize(width: 80, height: 60), "portrait-only controller keeps its size")
        screen.orientation = .portraitUpsideDown
        XCTAssertEqual(log.take(), ["root transition 80x60", "child transition 80x60"])
        XCTAssertEqual(window.frame.size, CGSize(width: 80, height: 60))
    }

    func testModeChangeWithNewSizePassesTransitionDown() async {
        let log = EventLog()
        let other = Screen.Mode(width: 40, height: 20)
        let screen = display.connectScreen(name: "HDMI-A-1", width: 80, height: 60, otherModes: [other])
        let root = LifecycleController("root", log: log)
        let child = LifecycleController("child", log: log)
        root.addChild(child)
        let window = Window(screen: screen)
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = log.take()
        screen.currentMode = other
        XCTAssertEqual(log.take(), ["root transition 40x20", "child transition 40x20"])
        XCTAssertEqual(root.view.bounds.size, CGSize(width: 40, height: 20))
    }

    func testTransitionCoordinatorRunsAlongsideAndCompletion() async {
        final class Animating: ViewController {
            var steps: [String] = []
            override func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
                coordinator.animate(
                    alongsideTransition: { _ in self.steps.append("alongside") },
                    completion: { _ in self.steps.append("completion") })
                steps.append("returned")
            }
        }
        let screen = connect(width: 80, height: 60)
        let controller = Animating()
        let window = Window(screen: screen)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        screen.orientation = .landscapeRight
        XCTAssertEqual(controller.steps, ["alongside", "returned", "completion"])
    }
}
