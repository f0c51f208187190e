import DirectDisplayCore
import Foundation
import XCTest

/// A view that logs the touch and press calls it receives, then passes them on.
final class LoggingView: View {
    let name: String
    let log: EventLog
    var handlesPresses = false
    var acceptsFirstResponder = false

    init(_ name: String, frame: CGRect, log: EventLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.add("\(name) began \(touches.count)") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        let now = touches.first!.location(in: self)
        let before = touches.first!.previousLocation(in: self)
        log.add("\(name) moved \(Int(now.x)),\(Int(now.y)) from \(Int(before.x)),\(Int(before.y))")
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.add("\(name) ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.add("\(name) cancelled") }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        log.add("\(name) press \(presses.first?.key?.characters ?? "")")
        if !handlesPresses { super.pressesBegan(presses, with: event) }
    }
}

final class ScrollRecordingView: View {
    private(set) var scrolls: [ScrollDelta] = []
    private(set) var locations: [CGPoint] = []
    override func scrollWheel(with event: Event) {
        scrolls.append(event.scrollDelta)
        locations.append(event.scrollLocation(in: self))
    }
}

final class LoggingViewController: ViewController {
    let name: String
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
    }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        log.add("\(name) press")
        super.pressesBegan(presses, with: event)
    }
}

final class LoggingWindow: Window {
    var log: EventLog?
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        log?.add("window press")
        super.pressesBegan(presses, with: event)
    }
}

@MainActor final class EventLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

final class TouchDeliveryTests: DirectDisplayTestCase {
    func testTouchGoesToTopmostWindowContainingPointEvenIfNotKey() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let back = Window(screen: screen)
        back.addSubview(LoggingView("back", frame: back.bounds, log: log))
        back.makeKeyAndVisible()
        let front = Window(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        front.addSubview(LoggingView("front", frame: front.bounds, log: log))
        front.isHidden = false
        display.touchDown(1, at: CGPoint(x: 60, y: 60), on: screen)
        display.touchUp(1, at: CGPoint(x: 60, y: 60), on: screen)
        display.touchDown(2, at: CGPoint(x: 10, y: 10), on: screen)
        display.touchUp(2, at: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertEqual(log.take(), ["front began 1", "front ended", "back began 1", "back ended"])
        XCTAssertTrue(back.isKeyWindow)
    }

    func testTouchStaysWithItsViewUntilItEnds() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let window = Window(screen: screen)
        window.addSubview(LoggingView("left", frame: CGRect(x: 0, y: 0, width: 50, height: 100), log: log))
        window.addSubview(LoggingView("right", frame: CGRect(x: 50, y: 0, width: 50, height: 100), log: log))
        window.makeKeyAndVisible()
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        display.touchMove(1, at: CGPoint(x: 80, y: 20), on: screen)
        display.touchUp(1, at: CGPoint(x: 90, y: 20), on: screen)
        XCTAssertEqual(log.take(), ["left began 1", "left moved 80,20 from 10,10", "left ended"])
    }

    func testTouchLandsOnWindowBelowWhereUpperWindowIgnoresIt() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let back = Window(screen: screen)
        back.addSubview(LoggingView("back", frame: back.bounds, log: log))
        back.isHidden = false
        let overlay = Window(screen: screen)
        overlay.windowLevel = .alert
        overlay.isUserInteractionEnabled = false
        overlay.isHidden = false
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        XCTAssertEqual(log.take(), ["back began 1"])
    }

    func testHidingWindowCancelsItsTouches() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let window = Window(screen: screen)
        window.addSubview(LoggingView("view", frame: window.bounds, log: log))
        window.makeKeyAndVisible()
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        window.isHidden = true
        XCTAssertEqual(log.take(), ["view began 1", "view cancelled"])
    }

    func testRemovingAViewCancelsOnlyTheTouchesInsideIt() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let window = Window(screen: screen)
        let left = LoggingView("left", frame: CGRect(x: 0, y: 0, width: 50, height: 100), log: log)
        let right = LoggingView("right", frame: CGRect(x: 50, y: 0, width: 50, height: 100), log: log)
        let inner = LoggingView("inner", frame: CGRect(x: 0, y: 0, width: 20, height: 20), log: log)
        left.addSubview(inner)
        window.addSubview(left)
        window.addSubview(right)
        window.makeKeyAndVisible()
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        display.touchDown(2, at: CGPoint(x: 80, y: 10), on: screen)
        left.removeFromSuperview()
        display.touchUp(2, at: CGPoint(x: 80, y: 10), on: screen)
        XCTAssertEqual(log.take(), ["inner began 1", "right began 1", "inner cancelled", "right ended"])
    }

    func testScrollGoesToTheViewUnderThePointerAndUpTheChain() async {
        let screen = connect(width: 100, height: 100)
        let back = Window(screen: screen)
        let backView = ScrollRecordingView(frame: back.bounds)
        back.addSubview(backView)
        back.makeKeyAndVisible()
        let front = Window(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        let plain = View(frame: front.bounds)  // does not handle scrolls: they go up to the window
        front.addSubview(plain)
        front.isHidden = false
        Application.shared.sendEvent(Event(scrollOn: screen, at: CGPoint(x: 10, y: 20), delta: ScrollDelta(dy: 15)))
        XCTAssertEqual(backView.scrolls, [ScrollDelta(dy: 15)])
        XCTAssertEqual(backView.locations, [CGPoint(x: 10, y: 20)])
        Application.shared.sendEvent(Event(scrollOn: screen, at: CGPoint(x: 60, y: 60), delta: ScrollDelta(dx: -3)))
        XCTAssertEqual(backView.scrolls.count, 1, "the front window's view took it, not the window below")
    }

    func testSyntheticEventRoutesLikeARealOne() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let window = Window(screen: screen)
        let view = LoggingView("view", frame: CGRect(x: 20, y: 20, width: 10, height: 10), log: log)
        window.addSubview(view)
        window.isHidden = false
        let touch = Touch(screen: screen, location: CGPoint(x: 25, y: 25))
        Application.shared.sendEvent(Event(touches: [touch]))
        XCTAssertTrue(touch.view === view)
        XCTAssertTrue(touch.window === window)
        XCTAssertEqual(touch.location(in: view), CGPoint(x: 5, y: 5))
        XCTAssertEqual(touch.tapCount, 1)
        touch.update(location: CGPoint(x: 26, y: 25), phase: .ended)
        Application.shared.sendEvent(Event(touches: [touch]))
        XCTAssertEqual(log.take(), ["view began 1", "view ended"])
    }

    func testSecondTouchIgnoredUnlessMultipleTouchEnabled() async {
        let screen = connect(width: 100, height: 100)
        let log = EventLog()
        let window = Window(screen: screen)
        let view = LoggingView("view", frame: window.bounds, log: log)
        window.addSubview(view)
        window.isHidden = false
        display.touchDown(1, at: CGPoint(x: 10, y: 10), on: screen)
        display.touchDown(2, at: CGPoint(x: 20, y: 10), on: screen)
        XCTAssertEqual(log.take(), ["view began 1"])
        view.isMultipleTouchEnabled = true
        display.touchDown(3, at: CGPoint(x: 30, y: 10), on: screen)
        XCTAssertEqual(log.take(), ["view began 1"])
    }
}

final class PressRoutingTests: DirectDisplayTestCase {
    func testPressGoesUpTheResponderChainToApplication() async {
        let screen = connect()
        let log = EventLog()
        let window = LoggingWindow(screen: screen)
        window.log = log
        let controller = LoggingViewController("controller", log: log)
        let root = LoggingView("root", frame: .zero, log: log)
        controller.view = root
        window.rootViewController = controller
        let field = LoggingView("field", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
        field.acceptsFirstResponder = true
        root.addSubview(field)
        window.makeKeyAndVisible()
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(field.isFirstResponder)
        var reachedApplication: [String] = []
        Application.shared.unhandledPressObserver = { presses, _ in
            reachedApplication.append(presses.first?.key?.characters ?? "")
        }
        display.keyDown(30)
        XCTAssertEqual(log.take(), ["field press a", "root press a", "controller press", "window press"])
        XCTAssertEqual(reachedApplication, ["a"])
        XCTAssertTrue(field.next === root)
        XCTAssertTrue(root.next === controller)
        XCTAssertTrue(controller.next === window)
        XCTAssertTrue(window.next === Application.shared)
        XCTAssertNil(Application.shared.next)
    }

    func testPressGoesToKeyWindowWhenNoFirstResponderAndStopsWhenHandled() async {
        let screen = connect()
        let log = EventLog()
        let other = LoggingWindow(screen: screen)
        other.log = log
        other.isHidden = false
        let key = LoggingWindow(screen: screen)
        key.log = log
        key.makeKeyAndVisible()
        display.keyDown(30)
        display.keyUp(30)
        XCTAssertEqual(log.take(), ["window press"])
        let handler = LoggingView("handler", frame: .zero, log: log)
        handler.acceptsFirstResponder = true
        handler.handlesPresses = true
        key.addSubview(handler)
        handler.becomeFirstResponder()
        display.keyDown(42)
        display.keyDown(30)
        XCTAssertEqual(log.take(), ["handler press ", "handler press A"])
    }

    func testFirstResponderRules() async {
        let log = EventLog()
        let window = Window(frame: .zero)
        let a = LoggingView("a", frame: .zero, log: log)
        let b = LoggingView("b", frame: .zero, log: log)
        XCTAssertFalse(a.becomeFirstResponder(), "not allowed by default")
        a.acceptsFirstResponder = true
        XCTAssertFalse(a.becomeFirstResponder(), "not in a window")
        b.acceptsFirstResponder = true
        window.addSubview(a)
        window.addSubview(b)
        XCTAssertTrue(a.becomeFirstResponder())
        XCTAssertTrue(b.becomeFirstResponder())
        XCTAssertFalse(a.isFirstResponder)
        b.removeFromSuperview()
        XCTAssertFalse(b.isFirstResponder)
    }

    func testKeyCharactersAndModifiers() async {
        let screen = connect()
        let window = Window(screen: screen)
        window.makeKeyAndVisible()
        var keys: [Key] = []
        Application.shared.unhandledPressObserver = { presses, _ in
            if let key = presses.first?.key, presses.first?.phase == .began { keys.append(key) }
        }
        display.keyDown(2)
        display.keyUp(2)
        display.keyDown(42)
        display.keyDown(2)
        display.keyUp(42)
        XCTAssertEqual(keys.map(\.characters), ["1", "", "!"])
        XCTAssertEqual(keys.last?.charactersIgnoringModifiers, "1")
        XCTAssertEqual(keys.last?.modifierFlags, .shift)
        XCTAssertEqual(keys.last?.keyCode, 2)
    }
}
