import DirectDisplay
import Foundation

/// A transparent view that leaves a stroke where each finger, pen or mouse drag
/// went, a colour per touch; a pen's line is white and as wide as it is pressed. Only the latest `maximumDots` points are kept, so a long
/// session draws in bounded memory and time.
@MainActor
final class PaintView: View {
    /// One point of a stroke; consecutive dots of the same stroke are joined by a line.
    private struct Dot {
        let location: CGPoint
        let color: Color
        let stroke: Int
        let width: CGFloat
    }

    /// A touch in progress: its stroke number, colour and how many points it painted.
    private struct Stroke {
        let number: Int
        let color: Color
        var pointCount: Int
    }

    static let maximumDots = 2_000
    private static let palette: [Color] = [.yellow, .cyan, .magenta, .green, .orange, .white]
    private static let lineWidth: CGFloat = 6
    /// A pen's line goes from 2 points (barely touching) to this (pressed hard).
    private static let widestPenLine: CGFloat = 12

    private var dots: [Dot] = []
    private var strokes: [Touch: Stroke] = [:]
    private var strokeCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let color = touch.type == .pencil ? .white : Self.palette[strokeCount % Self.palette.count]
            strokes[touch] = Stroke(number: strokeCount, color: color, pointCount: 0)
            strokeCount += 1
            add(touch)
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { add(touch) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { finish(touch) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { finish(touch) }
    }

    /// Adds a point and redraws only what it changes: the new segment (and the
    /// oldest points, when they are dropped), so a long stroke costs the same per point.
    private func add(_ touch: Touch) {
        guard var stroke = strokes[touch] else { return }
        stroke.pointCount += 1
        strokes[touch] = stroke
        let dot = Dot(
            location: touch.location(in: self), color: stroke.color, stroke: stroke.number, width: Self.width(of: touch)
        )
        var changed = Self.area(of: dot.location)
        if let previous = dots.last(where: { $0.stroke == dot.stroke }) {
            changed = changed.union(Self.area(of: previous.location))
        }
        dots.append(dot)
        if dots.count > Self.maximumDots {
            for dropped in dots.prefix(dots.count - Self.maximumDots) {
                changed = changed.union(Self.area(of: dropped.location))
            }
            dots.removeFirst(dots.count - Self.maximumDots)
            // What joined the dropped points to the rest is redrawn with them.
            if let first = dots.first { changed = changed.union(Self.area(of: first.location)) }
        }
        setNeedsDisplay(changed)
    }

    /// A finger's line is even; a pen's follows its pressure.
    private static func width(of touch: Touch) -> CGFloat {
        guard touch.type == .pencil, touch.maximumPossibleForce > 0 else { return lineWidth }
        let pressed = min(max(touch.force / touch.maximumPossibleForce, 0), 1)
        return 2 + (widestPenLine - 2) * pressed
    }

    /// The square a point's dot and the lines to it can paint (at the widest line).
    private static func area(of point: CGPoint) -> CGRect {
        let reach = max(lineWidth, widestPenLine) / 2 + 1
        return CGRect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach)
    }

    private func finish(_ touch: Touch) {
        guard let stroke = strokes.removeValue(forKey: touch) else { return }
        let tool = touch.type == .pencil ? " with a pen" : ""
        DemoLog.write("demo: painted \(stroke.pointCount) points on \(touch.screen.name)\(tool)")
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        var previousByStroke: [Int: CGPoint] = [:]
        for dot in dots {
            let previous = previousByStroke[dot.stroke]
            previousByStroke[dot.stroke] = dot.location
            // Only what can touch the rectangle drawn (the context is clipped to it anyway).
            var reach = Self.area(of: dot.location)
            if let previous { reach = reach.union(Self.area(of: previous)) }
            guard reach.intersects(rect) else { continue }
            if let previous {
                context.strokeLine(from: previous, to: dot.location, with: dot.color, lineWidth: dot.width)
            }
            // A round dot on every point also rounds the joints between line segments.
            let radius = dot.width / 2
            context.fillEllipse(
                in: CGRect(
                    x: dot.location.x - radius, y: dot.location.y - radius, width: 2 * radius, height: 2 * radius),
                with: dot.color)
        }
    }
}
