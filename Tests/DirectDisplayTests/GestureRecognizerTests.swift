import Foundation
import XCTest

@testable import DirectDisplayCore

/// Gesture recognizers fed by the headless touchscreen, timed by `advanceTime(by:)`.
final class GestureRecognizerTests: DirectDisplayTestCase {
    private var screen: Screen!

    /// A window filling a 200×150 screen with a recording view in it.
    private func recordingView() -> TouchRecordingView {
        screen = connect(width: 200, height: 150)
        let window = Window(screen: screen)
        let view = TouchRecordingView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return view
    }

    private func tap(at point: CGPoint, finger: Int = 0) {
        display.touchDown(finger, at: point, on: screen)
        display.advanceTime(by: 0.05)
        display.touchUp(finger, at: point, on: screen)
    }

    // MARK: Tap

    func testASingleTapWaitsForTheDoubleTapToFail() async {
        let view = recordingView()
        var log: [String] = []
        let double = TapGestureRecognizer { recognizer in log.append("double \(recognizer.state)") }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { recognizer in log.append("single \(recognizer.state)") }
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        tap(at: CGPoint(x: 50, y: 50))
        XCTAssertEqual(log, [], "the single tap waits while a second tap may come")
        display.advanceTime(by: 0.2)
        tap(at: CGPoint(x: 52, y: 50))
        XCTAssertEqual(log, ["double ended"])
        XCTAssertEqual(
            view.take().sorted(), ["began 50,50 t1", "began 52,50 t2", "cancelled 50,50 t1", "cancelled 52,50 t2"],
            "the view's ends wait for the recognizers and become cancels")

        log = []
        display.advanceTime(by: 1)
        tap(at: CGPoint(x: 50, y: 50))
        XCTAssertEqual(log, [])
        display.advanceTime(by: 0.36)
        XCTAssertEqual(log, ["single ended"], "once the double tap fails after 0.35 s")
        XCTAssertEqual(view.take(), ["began 50,50 t1", "cancelled 50,50 t1"])
    }

    func testATapFailsWhenTheFingerMovesOrTooManyTouch() async {
        let view = recordingView()
        var taps = 0
        view.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 40, y: 20), on: screen)
        display.touchUp(0, at: CGPoint(x: 40, y: 20), on: screen)
        XCTAssertEqual(taps, 0)
        XCTAssertEqual(
            view.take(), ["began 20,20 t1", "moved 40,20 t1", "ended 40,20 t1"], "a failed tap lets the end through")
        display.advanceTime(by: 1)
        tap(at: CGPoint(x: 30, y: 30))
        XCTAssertEqual(taps, 1)
        let twoFingers = TapGestureRecognizer { _ in taps += 10 }
        twoFingers.numberOfTouchesRequired = 2
        view.gestureRecognizers = [twoFingers]
        view.isMultipleTouchEnabled = true
        display.advanceTime(by: 1)
        display.touchDown(0, at: CGPoint(x: 30, y: 30), on: screen)
        display.touchDown(1, at: CGPoint(x: 60, y: 30), on: screen)
        display.touchUp(0, at: CGPoint(x: 30, y: 30), on: screen)
        display.touchUp(1, at: CGPoint(x: 60, y: 30), on: screen)
        XCTAssertEqual(taps, 11)
    }

    // MARK: Long press

    func testALongPressBeginsAfterHalfASecondAndFailsWhenMoved() async {
        let view = recordingView()
        var log: [String] = []
        let press = LongPressGestureRecognizer { recognizer in
            let point = recognizer.location(in: view)
            log.append("\(recognizer.state) \(Int(point.x.rounded())),\(Int(point.y.rounded()))")
        }
        view.addGestureRecognizer(press)
        display.touchDown(0, at: CGPoint(x: 50, y: 50), on: screen)
        display.advanceTime(by: 0.45)
        XCTAssertEqual(log, [])
        display.touchMove(0, at: CGPoint(x: 57, y: 50), on: screen)
        display.advanceTime(by: 0.1)
        XCTAssertEqual(log, ["began 57,50"])
        display.touchMove(0, at: CGPoint(x: 90, y: 50), on: screen)
        display.touchUp(0, at: CGPoint(x: 90, y: 50), on: screen)
        XCTAssertEqual(log, ["began 57,50", "changed 90,50", "ended 90,50"])
        XCTAssertEqual(view.take(), ["began 50,50 t1", "moved 57,50 t1", "cancelled 57,50 t1"])

        log = []
        display.advanceTime(by: 1)
        display.touchDown(0, at: CGPoint(x: 50, y: 50), on: screen)
        display.advanceTime(by: 0.2)
        display.touchMove(0, at: CGPoint(x: 62, y: 50), on: screen)
        display.advanceTime(by: 1)
        display.touchUp(0, at: CGPoint(x: 62, y: 50), on: screen)
        XCTAssertEqual(log, [], "12 points is beyond the allowable 10")
        XCTAssertEqual(press.state, .possible)
    }

    // MARK: Pan

    func testAPanReportsTranslationAndVelocityOnTheDisplayClock() async {
        let view = recordingView()
        var log: [String] = []
        let pan = PanGestureRecognizer { recognizer in
            let t = recognizer.translation(in: view)
            let v = recognizer.velocity(in: view)
            log.append("\(recognizer.state) \(Int(t.x)),\(Int(t.y)) v\(Int(v.x.rounded())),\(Int(v.y.rounded()))")
        }
        view.addGestureRecognizer(pan)
        display.touchDown(0, at: CGPoint(x: 20, y: 40), on: screen)
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 25, y: 40), on: screen)
        XCTAssertEqual(log, [], "5 points is within the hysteresis")
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 35, y: 40), on: screen)
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 45, y: 44), on: screen)
        pan.setTranslation(.zero, in: view)
        display.advanceTime(by: 0.01)
        display.touchMove(0, at: CGPoint(x: 55, y: 44), on: screen)
        display.touchUp(0, at: CGPoint(x: 55, y: 44), on: screen)
        XCTAssertEqual(
            log,
            ["began 15,0 v750,0", "changed 25,4 v833,133", "changed 10,0 v875,100", "ended 10,0 v875,100"])
        XCTAssertEqual(view.take().last, "cancelled 35,40 t1", "the pan took the touch at its start")
    }

    func testAMouseDragPans() async {
        _ = recordingView()
        var translations: [CGPoint] = []
        let pan = PanGestureRecognizer { recognizer in translations.append(recognizer.translation(in: nil)) }
        screen.windows.first?.subviews.first?.addGestureRecognizer(pan)
        display.pointerMove(to: CGPoint(x: 10, y: 10), on: screen)
        display.pointerButtonDown()
        display.pointerMove(dx: 30, dy: 0)
        display.pointerButtonUp()
        XCTAssertEqual(translations.first, CGPoint(x: 30, y: 0))
        XCTAssertEqual(pan.state, .possible, "reset once the button lifts")
    }

    // MARK: Swipe, pinch, rotation, screen edge

    func testASwipeIsAQuickStrokeInItsDirection() async {
        let view = recordingView()
        var swipes: [String] = []
        let swipe = SwipeGestureRecognizer { swipes.append("\($0.state) \(Int($0.location(in: view).x))") }
        swipe.direction = [.right, .up]
        view.addGestureRecognizer(swipe)
        func stroke(to end: CGPoint, taking seconds: TimeInterval) {
            let start = CGPoint(x: 100, y: 75)
            display.touchDown(0, at: start, on: screen)
            for step in 1...4 {
                display.advanceTime(by: seconds / 4)
                let f = CGFloat(step) / 4
                display.touchMove(
                    0, at: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), on: screen)
            }
            display.touchUp(0, at: end, on: screen)
            display.advanceTime(by: 1)
        }
        stroke(to: CGPoint(x: 170, y: 80), taking: 0.2)
        XCTAssertEqual(swipes, ["ended 152"], "recognized when it has gone 50 points")
        stroke(to: CGPoint(x: 30, y: 75), taking: 0.2)
        stroke(to: CGPoint(x: 170, y: 75), taking: 0.8)
        stroke(to: CGPoint(x: 160, y: 130), taking: 0.2)
        XCTAssertEqual(swipes, ["ended 152"], "left is not asked for, slow is a drag, diagonal is neither")
        stroke(to: CGPoint(x: 100, y: 10), taking: 0.2)
        XCTAssertEqual(swipes.count, 2)
    }

    func testAPinchMeasuresScaleAndItsVelocity() async {
        let view = recordingView()
        view.isMultipleTouchEnabled = true
        var log: [String] = []
        let pinch = PinchGestureRecognizer {
            log.append("\($0.state) \(String(format: "%.2f", $0.scale)) v\(String(format: "%.2f", $0.velocity))")
        }
        view.addGestureRecognizer(pinch)
        display.touchDown(0, at: CGPoint(x: 50, y: 75), on: screen)
        display.touchDown(1, at: CGPoint(x: 150, y: 75), on: screen)
        display.advanceTime(by: 0.1)
        display.touchMove(1, at: CGPoint(x: 153, y: 75), on: screen)
        XCTAssertEqual(log, [], "3% is within the hysteresis")
        display.advanceTime(by: 0.1)
        display.touchMove(1, at: CGPoint(x: 170, y: 75), on: screen)
        display.advanceTime(by: 0.1)
        display.touchMove(0, at: CGPoint(x: 30, y: 75), on: screen)
        display.touchUp(0, at: CGPoint(x: 30, y: 75), on: screen)
        display.touchUp(1, at: CGPoint(x: 170, y: 75), on: screen)
        XCTAssertEqual(log, ["began 1.20 v1.70", "changed 1.40 v2.00", "ended 1.40 v2.00"])
    }

    func testARotationMeasuresTheTurnInRadians() async {
        let view = recordingView()
        view.isMultipleTouchEnabled = true
        var rotations: [CGFloat] = []
        var velocities: [CGFloat] = []
        let rotation = RotationGestureRecognizer {
            rotations.append($0.rotation)
            velocities.append($0.velocity)
        }
        view.addGestureRecognizer(rotation)
        display.touchDown(0, at: CGPoint(x: 100, y: 75), on: screen)
        display.touchDown(1, at: CGPoint(x: 150, y: 75), on: screen)
        display.advanceTime(by: 0.1)
        display.touchMove(
            1, at: CGPoint(x: 100 + 50 * cos(CGFloat.pi / 6), y: 75 + 50 * sin(CGFloat.pi / 6)), on: screen)
        display.advanceTime(by: 0.1)
        display.touchMove(1, at: CGPoint(x: 100, y: 125), on: screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 75), on: screen)
        display.touchUp(1, at: CGPoint(x: 100, y: 125), on: screen)
        XCTAssertEqual(rotations.count, 3)
        XCTAssertEqual(rotations[0], .pi / 6, accuracy: 0.01, "clockwise on screen is positive")
        XCTAssertEqual(rotations[1], .pi / 2, accuracy: 0.01)
        XCTAssertEqual(velocities[1], (.pi / 3) / 0.1, accuracy: 0.05)
    }

    func testAScreenEdgePanStartsOnlyAtItsEdges() async {
        let view = recordingView()
        var began = 0
        let edgePan = ScreenEdgePanGestureRecognizer { if $0.state == .began { began += 1 } }
        edgePan.edges = .left
        view.addGestureRecognizer(edgePan)
        for x: CGFloat in [5, 50, 190] {
            display.touchDown(0, at: CGPoint(x: x, y: 75), on: screen)
            display.touchMove(0, at: CGPoint(x: x + 30, y: 75), on: screen)
            display.touchUp(0, at: CGPoint(x: x + 30, y: 75), on: screen)
        }
        XCTAssertEqual(began, 1, "only the touch at the left edge")
        edgePan.edges = .all
        display.touchDown(0, at: CGPoint(x: 190, y: 75), on: screen)
        display.touchMove(0, at: CGPoint(x: 150, y: 75), on: screen)
        display.touchUp(0, at: CGPoint(x: 150, y: 75), on: screen)
        XCTAssertEqual(began, 2)
    }

    // MARK: Delivery

    func testRecognizersAgreeThroughTheDelegateToRecognizeTogether() async {
        let view = recordingView()
        final class Together: GestureRecognizerDelegate {
            var allowed = false
            func gestureRecognizer(
                _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
            ) -> Bool { allowed }
        }
        let delegate = Together()
        var log: [String] = []
        let pan = PanGestureRecognizer { log.append("pan \($0.state)") }
        let press = LongPressGestureRecognizer { log.append("press \($0.state)") }
        press.allowableMovement = 100
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        view.superview?.addGestureRecognizer(press)

        func drag() {
            display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
            display.advanceTime(by: 0.6)
            display.touchMove(0, at: CGPoint(x: 60, y: 20), on: screen)
            display.touchUp(0, at: CGPoint(x: 60, y: 20), on: screen)
            display.advanceTime(by: 1)
        }
        drag()
        XCTAssertEqual(log, ["press began", "press changed", "press ended"], "the press took the touch alone")
        log = []
        delegate.allowed = true
        drag()
        XCTAssertEqual(log, ["press began", "pan began", "press changed", "pan ended", "press ended"])
    }

    /// A recognizer's failure requirements may come from either delegate or either recognizer's
    /// override, asked each time it would recognize: each makes a single tap wait for the
    /// double tap to fail, as `require(toFail:)` does.
    func testFailureRequirementsFromDelegatesAndOverrides() async {
        final class Requirements: GestureRecognizerDelegate {
            var requires: GestureRecognizer?
            var isRequiredBy: GestureRecognizer?
            var asked = 0
            func gestureRecognizer(
                _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
            ) -> Bool {
                asked += 1
                return other === requires
            }
            func gestureRecognizer(
                _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
            ) -> Bool {
                asked += 1
                return other === isRequiredBy
            }
        }
        final class WaitingTap: TapGestureRecognizer {
            weak var waitsFor: GestureRecognizer?
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other === waitsFor }
        }
        final class YieldingDoubleTap: TapGestureRecognizer {
            weak var yieldsTo: GestureRecognizer?
            override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other === yieldsTo }
        }
        for way in ["single's delegate", "double's delegate", "single's override", "double's override"] {
            let view = recordingView()
            var log: [String] = []
            let double = YieldingDoubleTap { log.append("double \($0.state)") }
            double.numberOfTapsRequired = 2
            let single = WaitingTap { log.append("single \($0.state)") }
            let delegate = Requirements()
            switch way {
            case "single's delegate":
                delegate.requires = double
                single.delegate = delegate
            case "double's delegate":
                delegate.isRequiredBy = single
                double.delegate = delegate
            case "single's override": single.waitsFor = double
            default: double.yieldsTo = single
            }
            view.addGestureRecognizer(single)
            view.addGestureRecognizer(double)

            tap(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(log, [], "\(way): the single tap waits while a second tap may come")
            display.advanceTime(by: 0.36)
            XCTAssertEqual(log, ["single ended"], "\(way): once the double tap fails")
            log = []
            display.advanceTime(by: 1)
            tap(at: CGPoint(x: 50, y: 50))
            display.advanceTime(by: 0.2)
            tap(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(log, ["double ended"], "\(way): the double tap wins")
            if way.hasSuffix("delegate") {
                XCTAssertGreaterThan(delegate.asked, 0)
                // Asked again at each attempt: without the requirement the single tap is at once.
                delegate.requires = nil
                delegate.isRequiredBy = nil
                log = []
                display.advanceTime(by: 1)
                tap(at: CGPoint(x: 50, y: 50))
                XCTAssertEqual(log, ["single ended"], "\(way): the answer is asked anew")
            }
            Application.shared.reset()
            display = HeadlessDisplay()
        }
    }

    func testAGestureUnderWayKeepsLaterTouchesFromAnother() async {
        let view = recordingView()
        view.isMultipleTouchEnabled = true
        let photo = View(frame: CGRect(x: 100, y: 0, width: 100, height: 150))
        photo.isMultipleTouchEnabled = true
        view.addSubview(photo)
        var log: [String] = []
        view.addGestureRecognizer(PanGestureRecognizer { log.append("pan \($0.state)") })
        photo.addGestureRecognizer(PinchGestureRecognizer { log.append("pinch \($0.state)") })
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 40, y: 20), on: screen)
        display.touchDown(1, at: CGPoint(x: 120, y: 75), on: screen)
        display.touchDown(2, at: CGPoint(x: 160, y: 75), on: screen)
        display.touchMove(2, at: CGPoint(x: 190, y: 75), on: screen)
        XCTAssertEqual(log, ["pan began", "pan changed"], "the pan holds the photo's touches too")
    }

    func testAButtonInsideATappableViewStillFires() async {
        screen = connect(width: 200, height: 150)
        let window = Window(screen: screen)
        let panel = View(frame: window.bounds)
        let button = Button(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
        window.addSubview(panel)
        panel.addSubview(button)
        window.makeKeyAndVisible()
        var log: [String] = []
        button.addAction(Action { _ in log.append("touchUpInside") }, for: .touchUpInside)
        panel.addGestureRecognizer(TapGestureRecognizer { _ in log.append("panel tap") })
        tap(at: CGPoint(x: 40, y: 30))
        XCTAssertEqual(log, ["touchUpInside"])
        display.advanceTime(by: 1)
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(log, ["touchUpInside", "panel tap"])
    }

    func testWithoutCancelsTouchesInViewTheViewKeepsItsTouches() async {
        let view = recordingView()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 60, y: 20), on: screen)
        display.touchUp(0, at: CGPoint(x: 60, y: 20), on: screen)
        XCTAssertEqual(view.take(), ["began 20,20 t1", "moved 60,20 t1", "ended 60,20 t1"])
    }

    func testDelaysTouchesBeganKeepsTheTouchFromTheViewUntilTheRecognizerFails() async {
        let view = recordingView()
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 24, y: 20), on: screen)
        XCTAssertEqual(view.take(), [], "held while the pan may still begin")
        display.touchMove(0, at: CGPoint(x: 60, y: 20), on: screen)
        display.touchUp(0, at: CGPoint(x: 60, y: 20), on: screen)
        XCTAssertEqual(view.take(), [], "the pan took it: the view never saw it")
        display.advanceTime(by: 1)
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 24, y: 20), on: screen)
        display.touchUp(0, at: CGPoint(x: 24, y: 20), on: screen)
        XCTAssertEqual(view.take(), ["began 24,20 t1", "ended 24,20 t1"], "the pan failed: begin, then end")
    }

    // MARK: Bad input

    func testAViewRemovedMidPanCancelsItsRecognizer() async {
        let view = recordingView()
        var log: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { log.append($0.state) }
        view.addGestureRecognizer(pan)
        display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 60, y: 20), on: screen)
        display.touchMove(0, at: CGPoint(x: 70, y: 20), on: screen)
        XCTAssertEqual(pan.state, .changed)
        view.removeFromSuperview()
        XCTAssertEqual(log, [.began, .changed, .cancelled])
        XCTAssertEqual(pan.state, .possible)
        display.touchMove(0, at: CGPoint(x: 80, y: 20), on: screen)
        display.touchUp(0, at: CGPoint(x: 80, y: 20), on: screen)
        XCTAssertEqual(log, [.began, .changed, .cancelled])
    }

    func testRecognizersOnAViewInNoWindowAreHarmless() async {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let tap = TapGestureRecognizer { _ in XCTFail("no touch reaches it") }
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(tap)
        XCTAssertEqual(view.gestureRecognizers?.count, 1)
        XCTAssertTrue(tap.view === view)
        XCTAssertEqual(tap.location(in: view), .zero)
        XCTAssertEqual(tap.location(ofTouch: 3, in: nil), .zero)
        XCTAssertEqual(tap.numberOfTouches, 0)
        let other = View()
        other.addGestureRecognizer(tap)
        XCTAssertNil(view.gestureRecognizers)
        other.removeGestureRecognizer(tap)
        XCTAssertNil(tap.view)
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let pan = PanGestureRecognizer()
        view.gestureRecognizers = [pinch, rotation, pan, TapGestureRecognizer(), LongPressGestureRecognizer()]
        for value in [CGFloat.nan, .infinity, -.infinity, 0, -2] {
            pinch.scale = value
            rotation.rotation = value
            pan.setTranslation(CGPoint(x: value, y: 1), in: view)
        }
        XCTAssertEqual(pinch.scale, 1)
        XCTAssertEqual(rotation.rotation, -2, "a finite rotation is taken")
        XCTAssertEqual(pan.translation(in: nil), .zero)
        XCTAssertEqual(pan.translation(in: view), .zero)
        XCTAssertEqual(pinch.location(in: view), .zero)
    }
}
