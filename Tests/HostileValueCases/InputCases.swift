// Hostile-value cases: non-finite pen pressure, tilt, wheel clicks and pointer motion at the event boundary.
import DirectDisplay
import Foundation

extension HostileCase {
    static var inputCases: [HostileCase] { penCases + wheelCases }

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
