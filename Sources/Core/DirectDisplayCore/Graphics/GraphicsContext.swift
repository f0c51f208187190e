import Compositing
import Foundation
import Typesetting

/// What a view's `draw(_:)` paints into, in the view's own points (like
/// `UIGraphicsGetCurrentContext()`). Pixels are allocated only when the view
/// actually draws, so views that only have a background colour cost nothing.
@MainActor public final class GraphicsContext {
    /// The context of the view being drawn, during `draw(_:)` only.
    public private(set) static var current: GraphicsContext?

    /// Where new drawing surfaces get their pixel memory (the display's, e.g.
    /// buffers GL imports when GL composes); nil or a nil answer: cairo's own memory.
    static var contentMemory: (any ContentMemoryAllocator)? { Application.shared.backend?.contentMemory }

    private let pixelWidth: Int
    private let pixelHeight: Int
    private let scale: CGFloat
    /// The bounds origin: subtracted from every coordinate to reach the surface's.
    let origin: CGPoint
    private var reusable: DrawingSurface?
    private(set) var surface: DrawingSurface?

    /// A context for drawing a view of `size` points. With `dirty` (pixels of the
    /// view's content) and a `previous` surface of the same size, only that part is
    /// cleared and drawn: the rest of the retained content stays.
    init(
        size: CGSize, scale: CGFloat, boundsOrigin: CGPoint, reusing previous: DrawingSurface?, dirty: PixelRect? = nil
    ) {
        pixelWidth = Int((size.width * scale).rounded())
        pixelHeight = Int((size.height * scale).rounded())
        self.scale = scale
        origin = boundsOrigin
        reusable = previous
        if let dirty, let previous, previous.pixelWidth == max(pixelWidth, 1),
            previous.pixelHeight == max(pixelHeight, 1), previous.scale == Double(scale)
        {
            previous.beginPartialDrawing(in: dirty)
            surface = previous
            partial = true
        }
    }

    /// Drawing is limited to the dirty part of a retained surface.
    private var partial = false

    /// The surface, made (or cleared for reuse) on the first drawing call.
    var drawingSurface: DrawingSurface {
        if let surface { return surface }
        let made: DrawingSurface
        // Drawn whole, content moves to the memory the display gives now (e.g. GL
        // composition began or ended since it was made).
        if let reusable, reusable.pixelWidth == max(pixelWidth, 1), reusable.pixelHeight == max(pixelHeight, 1),
            reusable.scale == Double(scale), Self.contentMemory?.keeps(reusable.memory) ?? (reusable.memory == nil)
        {
            reusable.clear()
            made = reusable
        } else {
            let memory = Self.contentMemory?.memory(width: max(pixelWidth, 1), height: max(pixelHeight, 1))
            made = DrawingSurface(
                pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: Double(scale), memory: memory)
        }
        surface = made
        return made
    }

    /// Fills a rectangle with a colour.
    public func fill(_ rect: CGRect, with color: Color) {
        guard isDrawable("fill(_:with:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.fillRect(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    /// Strokes a rectangle's outline.
    public func stroke(_ rect: CGRect, with color: Color, lineWidth: CGFloat = 1) {
        guard isDrawable("stroke(_:with:lineWidth:)", rect.minX, rect.minY, rect.width, rect.height, lineWidth) else {
            return
        }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.strokeRect(
            x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height,
            lineWidth: lineWidth)
    }

    /// Fills the ellipse inscribed in a rectangle.
    public func fillEllipse(in rect: CGRect, with color: Color) {
        guard isDrawable("fillEllipse(in:with:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.fillEllipse(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    /// Strokes a line between two points.
    public func strokeLine(from start: CGPoint, to end: CGPoint, with color: Color, lineWidth: CGFloat = 1) {
        guard isDrawable("strokeLine(from:to:with:lineWidth:)", start.x, start.y, end.x, end.y, lineWidth) else {
            return
        }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.strokeLine(
            fromX: start.x - origin.x, fromY: start.y - origin.y, toX: end.x - origin.x, toY: end.y - origin.y,
            lineWidth: lineWidth)
    }

    /// Draws a line of text in the system font whose baseline starts at `point`.
    public func drawText(_ text: String, at point: CGPoint, fontSize: CGFloat, color: Color) {
        guard isDrawable("drawText(_:at:fontSize:color:)", point.x, point.y) else { return }
        let layout = TextLayout(text: text, font: Font.systemFont(ofSize: fontSize).layoutFont, boxWidth: nil)
        layout.draw(
            in: drawingSurface, x: point.x - origin.x, y: point.y - origin.y - layout.firstBaseline,
            color: color.pixelColor())
    }

    /// Whether a drawing call's numbers are all finite. A call with a NaN or infinite
    /// one draws nothing (cairo would otherwise stop drawing the rest of the view, or
    /// a conversion trap), said once per call.
    func isDrawable(_ call: String, _ numbers: CGFloat...) -> Bool {
        guard numbers.allSatisfy(\.isFinite) else {
            NonFiniteValueLog.refused(call, of: self, value: numbers, kept: "nothing is drawn")
            return false
        }
        return true
    }

    /// Runs `body` with this context as `current`.
    func drawing(_ body: () -> Void) {
        let outer = GraphicsContext.current
        GraphicsContext.current = self
        body()
        GraphicsContext.current = outer
        if partial { surface?.endPartialDrawing() }
    }
}

/// Gives views' drawing surfaces their pixel memory (the display's choice; Compositing
/// only sees the memory). Asked when a view's content is made, changes size or is drawn again whole.
@MainActor package protocol ContentMemoryAllocator: AnyObject {
    /// Zeroed memory for `width`×`height` pixels, or nil for cairo's own.
    func memory(width: Int, height: Int) -> (any SurfaceMemory)?
    /// Whether content in `memory` (nil: cairo's) may stay there when drawn again
    /// whole, or should move to what `memory(width:height:)` gives now.
    func keeps(_ memory: (any SurfaceMemory)?) -> Bool
}
