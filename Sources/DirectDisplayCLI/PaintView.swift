import DirectDisplay
import Foundation

/// A transparent view that leaves a stroke where each finger or mouse drag went,
/// a colour per touch. Only the latest `maximumDots` points are kept, so a long
/// session draws in bounded memory and time.
@MainActor
final class PaintView: View {
    /// One point of a stroke; consecutive dots of the same stroke are joined by a line.
    private struct Dot {
        let location: CGPoint
        let color: Color
        let stroke: Int
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

    private var dots: [Dot] = []
    private var strokes: [Touch: Stroke] = [:]
    private var strokeCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let color = Self.palette[strokeCount % Self.palette.count]
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

    private func add(_ touch: Touch) {
        guard var stroke = strokes[touch] else { return }
        stroke.pointCount += 1
        strokes[touch] = stroke
        dots.append(Dot(location: touch.location(in: self), color: stroke.color, stroke: stroke.number))
        if dots.count > Self.maximumDots { dots.removeFirst(dots.count - Self.maximumDots) }
        setNeedsDisplay()
    }

    private func finish(_ touch: Touch) {
        guard let stroke = strokes.removeValue(forKey: touch) else { return }
        DemoLog.write("demo: painted \(stroke.pointCount) points on \(touch.screen.name)")
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let radius = Self.lineWidth / 2
        var previousByStroke: [Int: CGPoint] = [:]
        for dot in dots {
            if let previous = previousByStroke[dot.stroke] {
                context.strokeLine(from: previous, to: dot.location, with: dot.color, lineWidth: Self.lineWidth)
            }
            // A round dot on every point also rounds the joints between line segments.
            context.fillEllipse(
                in: CGRect(
                    x: dot.location.x - radius, y: dot.location.y - radius, width: 2 * radius, height: 2 * radius),
                with: dot.color)
            previousByStroke[dot.stroke] = dot.location
        }
    }
}
