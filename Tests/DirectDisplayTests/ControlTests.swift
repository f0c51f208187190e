import DirectDisplayCore
import Foundation
import XCTest

/// A superview that records the touches that reach it up the responder chain.
private final class ChainRecordingView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.append("cancelled") }
}

final class ControlTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var container: ChainRecordingView!
    private var control: Control!
    private var events: [String] = []

    private static let names: [(Control.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
    ]

    /// A 100×50 control at (100, 100) in a container filling a 400×400 screen, logging every event.
    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 400)
        let window = showWindow(on: screen)
        container = ChainRecordingView(frame: window.bounds)
        window.addSubview(container)
        control = Control(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        container.addSubview(control)
        events = []
        for (event, name) in Self.names {
            control.addAction(Action { [unowned self] _ in events.append(name) }, for: event)
        }
    }

    private func take() -> [String] {
        defer { events = [] }
        return events
    }

    func testATapIsTouchDownThenTouchUpInside() async {
        XCTAssertEqual(control.state, .normal)
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertEqual(take(), ["down"])
        XCTAssertTrue(control.isHighlighted)
        XCTAssertTrue(control.isTracking)
        XCTAssertEqual(control.state, .highlighted)
        display.touchMove(1, at: CGPoint(x: 130, y: 125), on: screen)
        XCTAssertEqual(take(), ["dragInside"])
        display.touchUp(1, at: CGPoint(x: 130, y: 125), on: screen)
        XCTAssertEqual(take(), ["upInside"])
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
        XCTAssertEqual(container.log, [], "the control handled the touch")
    }

    func testDraggingOutAndReleasingIsTouchUpOutside() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        // Within 70 points of the bounds still counts as inside, as in UIKit.
        display.touchMove(1, at: CGPoint(x: 250, y: 120), on: screen)
        XCTAssertTrue(control.isHighlighted, "within the slack")
        display.touchMove(1, at: CGPoint(x: 330, y: 120), on: screen)
        XCTAssertFalse(control.isHighlighted, "beyond the slack")
        XCTAssertFalse(control.isTouchInside)
        display.touchMove(1, at: CGPoint(x: 340, y: 300), on: screen)
        display.touchMove(1, at: CGPoint(x: 150, y: 120), on: screen)
        XCTAssertTrue(control.isHighlighted, "back inside")
        display.touchMove(1, at: CGPoint(x: 150, y: 320), on: screen)
        XCTAssertFalse(control.isHighlighted)
        display.touchUp(1, at: CGPoint(x: 150, y: 320), on: screen)
        XCTAssertEqual(
            take(),
            [
                "down", "dragInside", "dragOutside", "exit", "dragOutside", "dragInside", "enter", "dragOutside",
                "exit", "upOutside",
            ])
        XCTAssertFalse(control.isHighlighted)
    }

    func testReleasingWithinTheSlackIsStillInside() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        display.touchUp(1, at: CGPoint(x: 260, y: 210), on: screen)
        XCTAssertEqual(take(), ["down", "upInside"])
    }

    func testACancelledTouchIsTouchCancel() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        display.touchCancel(1)
        XCTAssertEqual(take(), ["down", "cancel"])
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
    }

    func testADisabledControlRunsNothingAndPassesTouchesOn() async {
        control.isEnabled = false
        XCTAssertEqual(control.state, .disabled)
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertFalse(control.isHighlighted)
        display.touchMove(1, at: CGPoint(x: 125, y: 120), on: screen)
        control.isEnabled = true  // enabling mid-touch does not take the touch over
        display.touchUp(1, at: CGPoint(x: 125, y: 120), on: screen)
        XCTAssertEqual(take(), [])
        XCTAssertEqual(container.log, ["began", "moved", "ended"], "the touch went up the responder chain")
        display.advanceTime(by: 1)  // not a second tap
        display.touchDown(2, at: CGPoint(x: 120, y: 120), on: screen)
        display.touchUp(2, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertEqual(take(), ["down", "upInside"], "enabled again")
    }

    func testDisablingWhileTrackingEndsTheTouchWithoutATouchUp() async {
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        control.isEnabled = false
        XCTAssertFalse(control.isHighlighted)
        display.touchUp(1, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertEqual(take(), ["down"])
        XCTAssertEqual(container.log, [])
    }

    func testSelectedAndHighlightedMakeTheState() async {
        control.isSelected = true
        XCTAssertEqual(control.state, .selected)
        display.touchDown(1, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertEqual(control.state, [.selected, .highlighted])
        display.touchUp(1, at: CGPoint(x: 120, y: 120), on: screen)
        XCTAssertEqual(control.state, .selected)
    }

    func testActionsAreAddedRemovedAndReplacedByIdentifier() async throws {
        let bare = Control(frame: .zero)
        var log: [String] = []
        var senders: [Control] = []
        let one = Action(identifier: Action.Identifier("one")) { action in
            log.append("one")
            senders.append(try! XCTUnwrap(action.sender as? Control))
        }
        bare.addAction(one, for: [.touchUpInside, .valueChanged])
        bare.addAction(Action { _ in log.append("two") }, for: .valueChanged)
        XCTAssertEqual(bare.allControlEvents, [.touchUpInside, .valueChanged])
        bare.sendActions(for: .valueChanged)
        XCTAssertEqual(log, ["one", "two"], "in the order added")
        XCTAssertTrue(senders.allSatisfy { $0 === bare }, "the control is the sender")
        log = []
        bare.sendActions(for: [.valueChanged, .touchUpInside])
        XCTAssertEqual(log, ["one", "two"], "each action once")
        log = []
        bare.removeAction(one, for: .valueChanged)
        bare.sendActions(for: .valueChanged)
        bare.sendActions(for: .touchUpInside)
        XCTAssertEqual(log, ["two", "one"], "one still runs on touchUpInside")
        log = []
        bare.addAction(Action(identifier: Action.Identifier("one")) { _ in log.append("new one") }, for: .touchUpInside)
        bare.sendActions(for: .touchUpInside)
        XCTAssertEqual(log, ["new one"], "the same identifier replaces")
        bare.removeAction(identifiedBy: Action.Identifier("one"), for: .allEvents)
        XCTAssertEqual(bare.allControlEvents, .valueChanged)
    }

    func testPrimaryActionOfAPlainControl() async {
        var ran = 0
        let plain = Control(frame: .zero, primaryAction: Action { _ in ran += 1 })
        plain.sendActions(for: .primaryActionTriggered)
        plain.sendActions(for: .touchUpInside)
        XCTAssertEqual(ran, 1, "a plain control's touch-up is not its primary action")
    }
}

final class ButtonTests: DirectDisplayTestCase {
    func testTitlesPerStateFallBackToNormal() async {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertNil(button.title(for: .normal))
        button.setTitle("Normal", for: .normal)
        button.setTitle("Pressed", for: .highlighted)
        XCTAssertEqual(button.title(for: .normal), "Normal")
        XCTAssertEqual(button.title(for: .highlighted), "Pressed")
        XCTAssertEqual(button.title(for: .selected), "Normal", "no selected title: the normal one")
        XCTAssertEqual(button.title(for: .disabled), "Normal")
        XCTAssertEqual(button.currentTitle, "Normal")
        XCTAssertEqual(button.titleLabel.text, "Normal")
        button.isEnabled = false
        button.setTitle("Off", for: .disabled)
        XCTAssertEqual(button.currentTitle, "Off")
        XCTAssertEqual(button.titleLabel.text, "Off")
        button.setTitle(nil, for: .disabled)
        XCTAssertEqual(button.titleLabel.text, "Normal")
        XCTAssertEqual(button.titleColor(for: .normal), .white, "a custom button's title is white")
        button.setTitleColor(.red, for: .normal)
        XCTAssertEqual(button.titleColor(for: .selected), .red)
    }

    func testHighlightShowsTheHighlightedTitleAndColour() async throws {
        let screen = connect(width: 200, height: 100)
        let window = showWindow(on: screen)
        let button = Button(frame: CGRect(x: 40, y: 30, width: 120, height: 40))
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        button.setTitleColor(.red, for: .normal)
        button.setTitleColor(.blue, for: .highlighted)
        window.addSubview(button)
        let normal = try display.capture(screen)
        keepForInspection(normal, "button-normal")
        let normalInk = InkMap(image: normal, background: .white)
        let normalBounds = try XCTUnwrap(normalInk.inkBounds())
        XCTAssertTrue(button.frame.contains(normalBounds))
        XCTAssertEqual(normalBounds.midX, button.frame.midX, accuracy: 2, "the title is centred")
        XCTAssertEqual(normalBounds.midY, button.frame.midY, accuracy: 4)
        XCTAssertTrue(
            normalInk.inkPixels().contains { normal.pixel(x: $0.x, y: $0.y).isClose(to: .red, tolerance: 0.01) })

        display.touchDown(1, at: CGPoint(x: 100, y: 50), on: screen)
        XCTAssertEqual(button.currentTitle, "Going")
        let pressed = try display.capture(screen)
        keepForInspection(pressed, "button-highlighted")
        let pressedInk = InkMap(image: pressed, background: .white)
        XCTAssertGreaterThan(try XCTUnwrap(pressedInk.inkBounds()).width, normalBounds.width * 2, "the longer title")
        XCTAssertTrue(
            pressedInk.inkPixels().contains { pressed.pixel(x: $0.x, y: $0.y).isClose(to: .blue, tolerance: 0.01) })
        XCTAssertFalse(
            pressedInk.inkPixels().contains {
                pressed.pixel(x: $0.x, y: $0.y).red > 0.5 && pressed.pixel(x: $0.x, y: $0.y).blue < 0.5
            })

        display.touchUp(1, at: CGPoint(x: 100, y: 50), on: screen)
        XCTAssertEqual(try display.capture(screen), normal, "back to the normal look")
    }

    func testPrimaryActionGivesTheTitleAndRunsOnTap() async throws {
        let screen = connect(width: 200, height: 100)
        let window = showWindow(on: screen)
        var senders: [AnyObject] = []
        var taps: [String] = []
        let button = Button(
            frame: CGRect(x: 0, y: 0, width: 100, height: 40),
            primaryAction: Action(title: "Send") { action in senders.append(action.sender as AnyObject) })
        button.addAction(Action { _ in taps.append("upInside") }, for: .touchUpInside)
        window.addSubview(button)
        XCTAssertEqual(button.currentTitle, "Send")
        display.touchDown(1, at: CGPoint(x: 50, y: 20), on: screen)
        XCTAssertTrue(senders.isEmpty)
        display.touchUp(1, at: CGPoint(x: 50, y: 20), on: screen)
        XCTAssertEqual(senders.count, 1)
        XCTAssertTrue(senders.first === button)
        XCTAssertEqual(taps, ["upInside"])
        display.touchDown(2, at: CGPoint(x: 50, y: 20), on: screen)
        display.touchUp(2, at: CGPoint(x: 160, y: 95), on: screen)  // outside, within the slack
        display.touchDown(3, at: CGPoint(x: 50, y: 20), on: screen)
        display.touchCancel(3)
        XCTAssertEqual(senders.count, 2, "a cancelled touch is no tap")
    }

    func testImageAndTitleSitSideBySideCentred() async throws {
        let screen = connect(width: 200, height: 100)
        let window = showWindow(on: screen)
        let button = Button(frame: CGRect(x: 20, y: 20, width: 160, height: 60))
        let green = Image(
            bitmap: CapturedImage(
                width: 16, height: 16, format: .argb8888, pixels: Array(repeating: 0xFF00_FF00, count: 256)))
        button.setImage(green, for: .normal)
        button.setTitle("Play", for: .normal)
        button.setTitleColor(.black, for: .normal)
        window.addSubview(button)
        let image = try display.capture(screen)
        keepForInspection(image, "button-image")
        let title = button.titleLabel.sizeThatFits(.zero)
        XCTAssertEqual(button.sizeThatFits(.zero), CGSize(width: 16 + title.width, height: max(16, title.height)))
        XCTAssertEqual(button.imageView.frame.size, CGSize(width: 16, height: 16))
        XCTAssertEqual(button.imageView.frame.maxX, button.titleLabel.frame.minX, "image first, then the title")
        let content = button.imageView.frame.union(button.titleLabel.frame)
        XCTAssertEqual(content.midX, button.bounds.midX, accuracy: 1)
        XCTAssertEqual(button.imageView.frame.midY, button.bounds.midY, accuracy: 1)
        // The image's pixels are green on screen where the image view is.
        let imageFrame = button.convert(button.imageView.frame, to: nil)
        XCTAssertTrue(
            image.pixel(x: Int(imageFrame.midX), y: Int(imageFrame.midY)).isClose(to: .green, tolerance: 0.01))
        button.sizeToFit()
        XCTAssertEqual(button.frame.size, button.sizeThatFits(.zero))
    }

    func testTouchesOnTheTitleReachTheButton() async {
        let screen = connect(width: 200, height: 100)
        let window = showWindow(on: screen)
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        button.setTitle("A long enough title", for: .normal)
        window.addSubview(button)
        window.layoutIfNeeded()
        let onTitle = button.convert(CGPoint(x: button.titleLabel.frame.midX, y: button.titleLabel.frame.midY), to: nil)
        XCTAssertTrue(window.hitTest(onTitle, with: nil) === button)
    }
}
