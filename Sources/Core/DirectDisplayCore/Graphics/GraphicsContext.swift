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
    static var contentMemory: (any ContentMemoryAllocator)? {
        Application.shared.backend?.contentMemory
    }

    private let pixelWidth: Int
    private let pixelHeight: Int
    /// The part of the content the surface holds when all of it is more than a surface can be.
    private let region: PixelRect?
    private let scale: CGFloat
    /// The bounds origin: subtracted from every coordinate to reach the surface's.
    let origin: CGPoint
    private var reusable: DrawingSurface?
    private(set) var surface: DrawingSurface?

    /// A context for drawing a view of `size` points. With `dirty` (pixels of the
    /// view's content) and a `previous` surface of the same size, only that part is
    /// cleared and drawn: the rest of the retained content stays. Content larger
    /// than a surface can be is drawn only around `visible` (pixels of the content
    /// on screen, asked only then).
    init(
        size: CGSize, scale: CGFloat, boundsOrigin: CGPoint, reusing previous: DrawingSurface?,
        dirty: PixelRect? = nil,
        visible: () -> PixelRect? = { nil }
    ) {
        pixelWidth = Self.wholePixels(size.width * scale)
        pixelHeight = Self.wholePixels(size.height * scale)
        region = DrawingSurface.region(
            ofContentWidth: pixelWidth, height: pixelHeight, keeping: previous?.isPart == true ? previous?.region : nil,
            visible: visible)
        self.scale = scale
        origin = boundsOrigin
        reusable = previous
        if let dirty, let previous, fits(previous) {
            previous.beginPartialDrawing(in: dirty)
            surface = previous
            partial = true
        }
    }

    /// `pixels` rounded to a whole number, 0 when not finite, and within what an Int holds.
    static func wholePixels(_ pixels: CGFloat) -> Int {
        guard pixels.isFinite else { return 0 }
        return Int(min(max(pixels.rounded(), 0), 1e15))
    }

    /// Whether `rect` (points) covers every pixel of a whole-content surface.
    private func coversEveryPixel(_ rect: CGRect) -> Bool {
        region == nil && (rect.minX - origin.x) * scale <= 0 && (rect.minY - origin.y) * scale <= 0
            && (rect.maxX - origin.x) * scale >= CGFloat(pixelWidth)
            && (rect.maxY - origin.y) * scale >= CGFloat(pixelHeight)
    }

    /// Whether `surface` holds the content this context draws, where it would make one.
    private func fits(_ surface: DrawingSurface) -> Bool {
        surface.scale == Double(scale) && surface.isPart == (region != nil)
            && surface.region
                == (region ?? PixelRect(x: 0, y: 0, width: max(pixelWidth, 1), height: max(pixelHeight, 1)))
    }

    /// Drawing is limited to the dirty part of a retained surface.
    private var partial = false

    /// The surface, made (or cleared for reuse) on the first drawing call.
    var drawingSurface: DrawingSurface { drawingSurface(clearing: true) }

    /// The surface, made on the first drawing call, or reused: cleared unless not
    /// `clearing` (the first call paints every pixel over).
    private func drawingSurface(clearing: Bool) -> DrawingSurface {
        if let surface { return surface }
        let made: DrawingSurface
        // Drawn whole, content moves to the memory the display gives now (e.g. GL
        // composition began or ended since it was made).
        if let reusable, fits(reusable),
            Self.contentMemory?.keeps(reusable.memory) ?? (reusable.memory == nil)
        {
            if clearing { reusable.clear() } else { reusable.discardPath() }
            made = reusable
        } else {
            let width = max(region?.width ?? pixelWidth, 1)
            let height = max(region?.height ?? pixelHeight, 1)
            let memory = Self.contentMemory?.memory(width: width, height: height)
            made = DrawingSurface(
                pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: Double(scale), memory: memory,
                region: region)
        }
        surface = made
        return made
    }

    /// Fills a rectangle with a colour.
    public func fill(_ rect: CGRect, with color: Color) {
        guard isDrawable("fill(_:with:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        let pixel = color.pixelColor()
        // An opaque fill of every pixel first (a background) paints over what the
        // surface held: clearing it before is work for nothing.
        let coversAll = pixel.alpha >= 1 && coversEveryPixel(rect)
        let s = drawingSurface(clearing: !coversAll)
        s.setColor(pixel)
        s.fillRect(
            x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
        // Not limited to a redrawn part: every pixel is opaque now (and stays so).
        if coversAll && !partial { s.markOpaque() }
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
        s.fillEllipse(
            x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    /// Strokes a line between two points.
    public func strokeLine(from start: CGPoint, to end: CGPoint, with color: Color, lineWidth: CGFloat = 1) {
        guard isDrawable("strokeLine(from:to:with:lineWidth:)", start.x, start.y, end.x, end.y, lineWidth) else {
            return
        }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.strokeLine(
            fromX: start.x - origin.x, fromY: start.y - origin.y, toX: end.x - origin.x,
            toY: end.y - origin.y,
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
