import Compositing
import Foundation
import Typesetting

// Paths, images and text, in the view's points as the rest of GraphicsContext.
extension GraphicsContext {
    // MARK: Paths, as CGContext's: built up, then filled or stroked, which empties the path

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        guard isDrawable("move(to:)", point.x, point.y) else { return }
        drawingSurface.moveTo(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        guard isDrawable("addLine(to:)", point.x, point.y) else { return }
        drawingSurface.lineTo(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard
            isDrawable(
                "addCurve(to:control1:control2:)", point.x, point.y, control1.x, control1.y, control2.x, control2.y)
        else { return }
        drawingSurface.curveTo(
            control1X: control1.x - origin.x, control1Y: control1.y - origin.y, control2X: control2.x - origin.x,
            control2Y: control2.y - origin.y, x: point.x - origin.x, y: point.y - origin.y)
    }

    /// Adds a closed rectangle to the path.
    public func addRect(_ rect: CGRect) {
        guard isDrawable("addRect(_:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        drawingSurface.addRect(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    /// Adds the closed ellipse inscribed in `rect` to the path.
    public func addEllipse(in rect: CGRect) {
        guard isDrawable("addEllipse(in:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        drawingSurface.addEllipse(
            x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    /// Closes the current subpath with a line back to where it started.
    public func closePath() { drawingSurface.closePath() }

    /// Fills the path (non-zero winding rule) and empties it.
    public func fillPath(with color: Color) {
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.fillPath()
    }

    /// Strokes the path and empties it.
    public func strokePath(with color: Color, lineWidth: CGFloat = 1) {
        guard isDrawable("strokePath(with:lineWidth:)", lineWidth) else { return }
        let s = drawingSurface
        s.setColor(color.pixelColor())
        s.strokePath(lineWidth: lineWidth)
    }

    // MARK: Images

    /// Draws `image` scaled to fill `rect`.
    public func draw(_ image: Image, in rect: CGRect) {
        guard isDrawable("draw(_:in:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        drawingSurface.drawImage(
            image.bitmap, x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
    }

    // MARK: Text

    /// Draws `text` in `rect`: lines broken and aligned to the rect's width, from its
    /// top, as many as `numberOfLines` (0: no limit) whose bottom fits in the rect
    /// (at least one), the last truncated as `lineBreakMode` says when text is left
    /// out; nothing is drawn outside the rect.
    public func draw(
        _ text: String, in rect: CGRect, font: Font, color: Color, alignment: TextAlignment = .natural,
        lineBreakMode: LineBreakMode = .byWordWrapping, numberOfLines: Int = 0
    ) {
        guard !text.isEmpty, rect.width > 0, rect.height > 0,
            isDrawable(
                "draw(_:in:font:color:alignment:lineBreakMode:numberOfLines:)", rect.minX, rect.minY, rect.width,
                rect.height)
        else { return }
        let layout = TextLayout(
            text: text, font: font.layoutFont, boxWidth: Double(rect.width), alignment: alignment.layoutAlignment,
            lineBreak: lineBreakMode.layoutLineBreak, maximumLines: numberOfLines, maximumHeight: Double(rect.height))
        draw(layout, at: rect.origin, clippedTo: rect, color: color)
    }

    /// Draws laid-out text with its top-left at `point`, limited to `rect`.
    func draw(_ layout: TextLayout, at point: CGPoint, clippedTo rect: CGRect, color: Color) {
        let s = drawingSurface
        // Only the surface's part of the rect: cairo's fixed-point coordinates cannot hold a boundless one.
        let surfaceBounds = CGRect(
            x: origin.x + CGFloat(s.region.x) / CGFloat(s.scale), y: origin.y + CGFloat(s.region.y) / CGFloat(s.scale),
            width: CGFloat(s.pixelWidth) / CGFloat(s.scale),
            height: CGFloat(s.pixelHeight) / CGFloat(s.scale))
        let clip = rect.intersection(surfaceBounds)
        guard !clip.isNull, !clip.isEmpty else { return }
        s.clipped(x: clip.minX - origin.x, y: clip.minY - origin.y, width: clip.width, height: clip.height) {
            layout.draw(in: s, x: point.x - origin.x, y: point.y - origin.y, color: color.pixelColor())
        }
    }
}
