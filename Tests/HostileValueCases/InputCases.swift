// Hostile-value cases: non-finite pen pressure, tilt, wheel clicks and pointer motion at the event boundary;
// gesture recognizers on views in no window, on views removed mid-gesture, and given non-finite values.
import DirectDisplay
import Foundation

extension HostileCase {
    static var inputCases: [HostileCase] { penCases + wheelCases + gestureCases }

    /// A pen with NaN or infinite pressure or tilt: its touch begins, moves and ends
    /// with finite force and angles.
    private static var penCases: [HostileCase] {
        let hostile: [(String, pressure: Double, tiltX: Double, tiltY: Double)] = [
            ("pen-pressure-nan", .nan, 0, 0),
            ("pen-tilt-nan", 0.5, .nan, 0),
            ("pen-tilt-inf", 0.5, 0, .infinity),
            ("pen-tilt-minus-inf", 0.5, -.infinity, -.infinity),
        ]
        return hostile.map { name, pressure, tiltX, tiltY in
            HostileCase(name: name) {
                let stage = HostileStage()
                let view = InputRecorder(frame: stage.window.bounds)
                stage.window.addSubview(view)
                let (display, screen) = (stage.display, stage.screen)
                display.penDown(
                    at: CGPoint(x: 50, y: 50), on: screen, pressure: pressure, tiltX: tiltX, tiltY: tiltY)
                display.penMove(
                    at: CGPoint(x: 60, y: 50), on: screen, pressure: pressure, tiltX: tiltX, tiltY: tiltY)
                display.penUp(at: CGPoint(x: 60, y: 50), on: screen)
                display.runUntilIdle()
                if view.phases != [.began, .moved, .ended] { return "the pen's touch went \(view.phases)" }
                let nonFinite = view.penValues.filter {
                    !($0.force.isFinite && $0.altitude.isFinite && $0.azimuth.isFinite)
                }
                return nonFinite.isEmpty ? nil : "non-finite (force, altitude, azimuth): \(nonFinite)"
            }
        }
    }

    /// A wheel turned by NaN or infinite clicks: no non-finite scroll reaches a view,
    /// and the next ordinary click still scrolls.
    private static var wheelCases: [HostileCase] {
        nonFiniteValues.flatMap { valueName, value in
            [("dy", value, 0.0), ("dx", 0.0, value)].map { axis, dy, dx in
                HostileCase(name: "wheel-\(axis)-\(valueName)") {
                    let stage = HostileStage()
                    let view = InputRecorder(frame: stage.window.bounds)
                    stage.window.addSubview(view)
                    stage.display.pointerMove(to: CGPoint(x: 50, y: 50), on: stage.screen)
                    stage.display.scrollWheel(dy: dy, dx: dx)
                    stage.display.scrollWheel(dy: 1)
                    stage.display.runUntilIdle()
                    return view.scrolls == [ScrollDelta(dx: 0, dy: 15)]
                        ? nil : "the view scrolled by \(view.scrolls)"
                }
            }
        }
    }
}

extension HostileCase {
    fileprivate static var gestureCases: [HostileCase] {
        [
            HostileCase(name: "gesture-view-removed-mid-pan") {
                let stage = HostileStage()
                let view = InputRecorder(frame: stage.window.bounds)
                stage.window.addSubview(view)
                var states: [GestureRecognizer.State] = []
                let pan = PanGestureRecognizer { states.append($0.state) }
                view.addGestureRecognizer(pan)
                let (display, screen) = (stage.display, stage.screen)
                display.touchDown(0, at: CGPoint(x: 20, y: 20), on: screen)
                display.touchMove(0, at: CGPoint(x: 60, y: 20), on: screen)
                display.touchMove(0, at: CGPoint(x: 80, y: 20), on: screen)
                view.removeFromSuperview()
                display.touchMove(0, at: CGPoint(x: 90, y: 20), on: screen)
                display.touchUp(0, at: CGPoint(x: 90, y: 20), on: screen)
                display.runUntilIdle()
                return states == [.began, .changed, .cancelled] && pan.state == .possible
                    ? nil : "the pan went \(states), now \(pan.state)"
            },
            HostileCase(name: "gesture-recognizers-in-no-window") {
                let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                let pinch = PinchGestureRecognizer()
                let rotation = RotationGestureRecognizer()
                let pan = PanGestureRecognizer()
                view.gestureRecognizers = [pinch, rotation, pan, TapGestureRecognizer(), LongPressGestureRecognizer()]
                for value in [CGFloat.nan, .infinity, -.infinity, 0, -2] {
                    pinch.scale = value
                    rotation.rotation = value.isFinite ? 0 : value
                    pan.setTranslation(CGPoint(x: value, y: value), in: view)
                }
                let points = [pinch.location(in: view), pan.location(ofTouch: 5, in: nil), pan.translation(in: view)]
                view.removeFromSuperview()
                view.gestureRecognizers = nil
                guard pinch.scale == 1, rotation.rotation == 0, points.allSatisfy({ $0 == .zero }) else {
                    return "scale \(pinch.scale), rotation \(rotation.rotation), points \(points)"
                }
                return pinch.view == nil && view.gestureRecognizers == nil ? nil : "a recognizer stayed attached"
            },
        ]
    }
}

/// A view that notes the pens' touches and the scrolls it gets.
final class InputRecorder: View {
    var phases: [Touch.Phase] = []
    var penValues: [(force: CGFloat, altitude: CGFloat, azimuth: CGFloat)] = []
    var scrolls: [ScrollDelta] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note(touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note(touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note(touches) }
    override func scrollWheel(with event: Event) { scrolls.append(event.scrollDelta) }

    private func note(_ touches: Set<Touch>) {
        for touch in touches {
            phases.append(touch.phase)
            penValues.append((touch.force, touch.altitudeAngle, touch.azimuthAngle(in: self)))
        }
    }
}
