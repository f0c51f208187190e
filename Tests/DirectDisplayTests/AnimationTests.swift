import Animation
import Foundation
import TestSupport
import XCTest

@testable import DirectDisplayCore

/// View animations on the headless display: a 60 Hz screen composes a frame every
/// 1/60 s of `advanceTime(by:)` while something animates, each frame stepped to its time.
final class AnimationTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var view: View!

    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 200, height: 100)
        window = Window(screen: screen)
        window.backgroundColor = .black
        view = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .white
        window.addSubview(view)
        window.makeKeyAndVisible()
        display.runUntilIdle()
    }

    func testEachCurveAtAdvancedTimesWithModelValueAtOnce() async {
        let curves: [(View.AnimationOptions, TimingCurve)] = [
            ([], .easeInEaseOut), (.curveEaseInOut, .easeInEaseOut), (.curveEaseIn, .easeIn),
            (.curveEaseOut, .easeOut), (.curveLinear, .linear),
        ]
        for (options, curve) in curves {
            view.frame.origin.x = 0
            View.animate(withDuration: 1, delay: 0, options: options) { self.view.frame.origin.x = 120 }
            XCTAssertEqual(view.frame.minX, 120, "the model value is the end value at once")
            XCTAssertEqual(view.presentation.frame.minX, 0, "nothing shown moved yet")
            for quarter in 1...3 {
                display.advanceTime(by: 0.25)
                XCTAssertEqual(
                    view.presentation.frame.minX, 120 * curve.progress(at: Double(quarter) / 4), accuracy: 1e-6,
                    "\(curve) at \(quarter)/4")
                XCTAssertEqual(view.presentation.frame.width, 20, "the size does not change")
            }
            display.advanceTime(by: 0.25)
            XCTAssertFalse(view.hasRunningAnimations, "\(curve)")
            XCTAssertEqual(view.presentation, view.modelPresentation)
        }
    }

    func testDelayShowsTheStartValueThenRuns() async {
        var finished: [Bool] = []
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear) {
            self.view.alpha = 0
        } completion: {
            finished.append($0)
        }
        display.advanceTime(by: 0.25)
        XCTAssertEqual(view.presentation.alpha, 1, "still waiting")
        display.advanceTime(by: 0.5)
        XCTAssertEqual(view.presentation.alpha, 0.75, accuracy: 1e-6)
        display.advanceTime(by: 0.7)
        XCTAssertEqual(finished, [], "0.05 s to go")
        display.advanceTime(by: 0.05)
        XCTAssertEqual(finished, [true])
    }

    func testAutoreverseGoesBackThenShowsTheModelValue() async {
        var finished: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear]) {
            self.view.center = CGPoint(x: 110, y: 10)
        } completion: {
            finished.append($0)
        }
        let table: [(Double, CGFloat)] = [(0.5, 60), (0.5, 110), (0.25, 85), (0.5, 35)]
        for (step, (seconds, x)) in table.enumerated() {
            display.advanceTime(by: seconds)
            XCTAssertEqual(view.presentation.center.x, x, accuracy: 1e-6, "step \(step)")
        }
        display.advanceTime(by: 0.25)
        XCTAssertEqual(finished, [true])
        XCTAssertEqual(view.presentation.center.x, 110, "UIKit ends on the model value")
    }

    /// Repeat never ends by itself; a plain set ends it, not finished.
    func testRepeatRunsUntilInterruptedByAPlainSet() async {
        var finished: [Bool] = []
        View.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
            self.view.backgroundColor = .black
        } completion: {
            finished.append($0)
        }
        display.advanceTime(by: 10.25)
        XCTAssertEqual(view.presentation.backgroundColor?.red ?? -1, 0.5, accuracy: 1e-6, "21st pass, forward")
        display.advanceTime(by: 0.55)
        XCTAssertEqual(view.presentation.backgroundColor?.red ?? -1, 0.6, accuracy: 1e-6, "on the way back")
        XCTAssertEqual(finished, [])
        view.backgroundColor = .black
        XCTAssertTrue(view.hasRunningAnimations, "setting the value it already has (as layout may) ends nothing")
        view.backgroundColor = Color(red: 1, green: 0, blue: 0)
        XCTAssertFalse(view.hasRunningAnimations)
        XCTAssertEqual(view.presentation.backgroundColor, Color(red: 1, green: 0, blue: 0), "shown at once")
        display.advanceTime(by: 0)
        XCTAssertEqual(finished, [false])
    }

    /// A second animation of the same property interrupts the first (completion
    /// false); it starts from the shown value with beginFromCurrentState, else from
    /// the first one's end value.
    func testInterruptionAndBeginFromCurrentState() async {
        for (options, start) in [(View.AnimationOptions.beginFromCurrentState, 50.0), ([], 100.0)] {
            view.frame.origin.y = 0
            var first: [Bool] = []
            var second: [Bool] = []
            View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                self.view.frame.origin.y = 100
            } completion: {
                first.append($0)
            }
            display.advanceTime(by: 0.5)
            View.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear)) {
                self.view.frame.origin.y = 0
            } completion: {
                second.append($0)
            }
            display.advanceTime(by: 0)
            XCTAssertEqual(first, [false], "\(options)")
            XCTAssertEqual(view.presentation.frame.minY, start, accuracy: 1e-6, "\(options)")
            display.advanceTime(by: 0.5)
            XCTAssertEqual(view.presentation.frame.minY, start / 2, accuracy: 1e-6, "\(options)")
            display.advanceTime(by: 0.5)
            XCTAssertEqual(second, [true], "\(options)")
            XCTAssertEqual(first, [false], "completed once")
        }
    }

    /// One completion per call, after all its properties; nothing to animate
    /// completes too; completions run on a later turn, not inside the call.
    func testCompletionOncePerCall() async {
        var results: [String] = []
        View.animate(withDuration: 0.2) {
            self.view.alpha = 0.5
            self.view.frame.size.width = 40
        } completion: {
            results.append("two properties \($0)")
        }
        View.animate(withDuration: 0.2) {
            self.view.alpha = 0.5  // the same value again: nothing to animate
        } completion: {
            results.append("no change \($0)")
        }
        let unshown = View()
        View.animate(withDuration: 0.2) {
            unshown.alpha = 0
        } completion: {
            results.append("not on screen \($0)")
        }
        let still = View(frame: CGRect(x: 50, y: 50, width: 5, height: 5))
        window.addSubview(still)
        View.animate(withDuration: 0) {
            still.alpha = 0.5
        } completion: {
            results.append("no time \($0)")
        }
        XCTAssertFalse(still.hasRunningAnimations, "no time: set at once")
        XCTAssertEqual(still.presentation.alpha, 0.5)
        XCTAssertEqual(results, [], "not inside the call")
        display.advanceTime(by: 0.1)
        XCTAssertEqual(results, ["no change true", "not on screen true", "no time true"])
        XCTAssertTrue(view.hasRunningAnimations, "the first call runs on")
        display.advanceTime(by: 0.1)
        XCTAssertEqual(results, ["no change true", "not on screen true", "no time true", "two properties true"])
    }

    /// Hit-testing uses model values and skips animating views unless they allow interaction.
    func testHitTestingDuringAnimation() async {
        for options in [View.AnimationOptions.curveLinear, [.curveLinear, .allowUserInteraction]] {
            view.frame.origin = .zero
            View.animate(withDuration: 1, delay: 0, options: options) { self.view.frame.origin.x = 100 }
            display.advanceTime(by: 0.5)
            let allowed = options.contains(.allowUserInteraction)
            XCTAssertTrue(window.hitTest(CGPoint(x: 105, y: 5), with: nil) === (allowed ? view : window), "\(options)")
            XCTAssertTrue(window.hitTest(CGPoint(x: 55, y: 5), with: nil) === window, "shown there, but not there")
            display.advanceTime(by: 0.5)
            XCTAssertTrue(window.hitTest(CGPoint(x: 105, y: 5), with: nil) === view, "ended: touchable")
        }
    }

    /// A transform animates by parts: a quarter turn is an eighth turn halfway, not a
    /// shrunken average of the two matrices; touches go by the end transform.
    func testTransformTurnsByParts() async throws {
        view.frame = CGRect(x: 80, y: 30, width: 40, height: 20)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            self.view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        }
        XCTAssertEqual(view.transform, CGAffineTransform(rotationAngle: .pi / 2), "the model value at once")
        display.advanceTime(by: 0.5)
        let shown = view.presentation.transform
        let eighth = CGAffineTransform(rotationAngle: .pi / 4)
        for (value, expected) in [(shown.a, eighth.a), (shown.b, eighth.b), (shown.c, eighth.c), (shown.d, eighth.d)] {
            XCTAssertEqual(value, expected, accuracy: 1e-9)
        }
        XCTAssertEqual(try display.capture(screen).pixels, Application.shared.captureFrame(of: screen).pixels)
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 55), with: nil) === window, "animating: no touches")
        display.advanceTime(by: 0.5)
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 55), with: nil) === view, "the turned view, 20 wide, 40 high")
        let frame = try display.capture(screen)
        XCTAssertEqual(frame.pixel(x: 100, y: 55), .white, "turned: it reaches below its untransformed frame")
        XCTAssertEqual(frame.pixel(x: 85, y: 40), .black, "and no longer reaches left")
    }

    /// A white view fading out over black: mid-way the pixel is the curve's grey,
    /// composed incrementally exactly as a whole frame would be.
    func testFadePixelsFollowTheCurve() async throws {
        View.animate(withDuration: 0.5) { self.view.alpha = 0 }
        display.advanceTime(by: 0.25)
        let expected = 1 - TimingCurve.easeInEaseOut.progress(at: 0.5)
        let frame = try display.capture(screen)
        XCTAssertEqual(frame.pixel(x: 10, y: 10).red, expected, accuracy: 1.0 / 255)
        XCTAssertEqual(frame.pixels, Application.shared.captureFrame(of: screen).pixels)
        display.advanceTime(by: 0.15)
        let later = try display.capture(screen).pixel(x: 10, y: 10).red
        XCTAssertEqual(later, 1 - TimingCurve.easeInEaseOut.progress(at: 0.8), accuracy: 1.0 / 255)
        display.advanceTime(by: 0.1)
        XCTAssertEqual(try display.capture(screen).pixel(x: 10, y: 10), .black)
    }

    /// A frame every refresh period while animating, none before or after.
    func testFramesOnlyWhileAnimating() async {
        display.advanceTime(by: 1)
        let idle = screen.frameStatistics.framesComposed
        XCTAssertEqual(screen.frameStatistics.framesComposed, idle, "idle: no frames")
        View.animate(withDuration: 0.5) { self.view.backgroundColor = .black }
        display.advanceTime(by: 0.5)
        XCTAssertEqual(screen.frameStatistics.framesComposed, idle + 30, "one a vblank at 60 Hz")
        XCTAssertFalse(view.hasRunningAnimations)
        display.advanceTime(by: 2)
        XCTAssertEqual(screen.frameStatistics.framesComposed, idle + 30, "idle again")
        XCTAssertEqual(display.eventLoop.pendingTimerNames, [])
    }

    /// Views leaving their window end their animations, not finished; performWithoutAnimation does not animate.
    func testRemovalAndPerformWithoutAnimation() async {
        var finished: [Bool] = []
        View.animate(withDuration: 1) {
            View.performWithoutAnimation { self.view.frame.origin.y = 50 }
            self.view.alpha = 0.2
        } completion: {
            finished.append($0)
        }
        XCTAssertEqual(Array(view.animations.keys), [\View.Presentation.alpha])
        display.advanceTime(by: 0.1)
        view.removeFromSuperview()
        display.advanceTime(by: 0.1)
        XCTAssertEqual(finished, [false])
        XCTAssertFalse(view.hasRunningAnimations)
    }

    /// A zero duration sets the values as a plain set does: a running animation of the property ends.
    func testZeroDurationEndsARunningAnimation() async {
        var results: [Bool] = []
        View.animate(withDuration: 1) {
            self.view.alpha = 0
        } completion: {
            results.append($0)
        }
        display.advanceTime(by: 0.5)
        View.animate(withDuration: 0) {
            self.view.alpha = 0.5
        } completion: {
            results.append($0)
        }
        XCTAssertFalse(view.hasRunningAnimations)
        XCTAssertEqual(view.presentation.alpha, 0.5)
        display.advanceTime(by: 0)
        XCTAssertEqual(results, [false, true])
    }

    /// Random animations, plain sets and time steps: every frame composed through the
    /// damage path equals a whole recomposition of what the animations show.
    func testRandomAnimationsComposeExactlyLikeAFullFrame() async {
        var random = SplitMix64(seed: 0xA11A_7E)
        var views: [View] = [view]
        for index in 0..<6 {
            let child = View(frame: CGRect(x: index * 25, y: index * 10, width: 30, height: 20))
            child.backgroundColor = Color(red: CGFloat(index) / 6, green: 0.5, blue: 1, alpha: index == 2 ? 0.5 : 1)
            (views.randomElement(using: &random) ?? window).addSubview(child)
            views.append(child)
        }
        for step in 0..<300 {
            let target = views.randomElement(using: &random)!
            let options: View.AnimationOptions = [[], .curveLinear, .beginFromCurrentState, .repeat][
                Int(random.next() % 4)]
            switch random.next() % 7 {
            case 0:
                View.animate(withDuration: 0.1 + Double(random.next() % 5) / 10, delay: 0, options: options) {
                    target.frame.origin = CGPoint(x: Double(random.next() % 180), y: Double(random.next() % 80))
                }
            case 1: View.animate(withDuration: 0.3) { target.alpha = [1, 0.5, 0][Int(random.next() % 3)] }
            case 2:
                View.animate(withDuration: 0.2, delay: 0.1, options: options) {
                    target.backgroundColor =
                        [nil, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5)][
                            Int(random.next() % 3)]
                }
            case 3: target.frame.origin.x = Double(random.next() % 150)
            case 4: View.animate(withDuration: 0.4) { target.bounds.origin = CGPoint(x: 5, y: 5) }
            case 5:
                View.animate(withDuration: 0.3, delay: 0, options: options) {
                    target.transform = CGAffineTransform(rotationAngle: Double(random.next() % 7) / 3)
                        .scaledBy(x: 1 + Double(random.next() % 3) / 4, y: 1)
                }
            default: break
            }
            display.advanceTime(by: Double(random.next() % 10) / 60)
            display.runUntilIdle()
            let incremental = display.lastFrames[screen.name]
            XCTAssertEqual(
                incremental?.pixels, Application.shared.captureFrame(of: screen).pixels, "step \(step)")
        }
    }
}
