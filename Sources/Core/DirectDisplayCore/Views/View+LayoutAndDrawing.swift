import Compositing
import Foundation

extension View {
    /// Marks the view to lay out its subviews before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsCompositeOfScreen()
    }

    /// Lays out the view (if marked) and then its subviews now, each before its
    /// own subviews and in order (by a loop: a deep chain does not nest calls).
    /// Branches with nothing marked are skipped (`subtreeNeedsLayout`).
    public func layoutIfNeeded() {
        var pending: [View] = [self]
        // Room for a window's usual breadth: no regrowth while walking it.
        pending.reserveCapacity(32)
        while let view = pending.popLast() {
            guard view.subtreeNeedsLayout else { continue }
            view.subtreeNeedsLayout = false
            view.layoutOwnSubviewsIfNeeded()
            // The subviews as layoutSubviews() left them, first on top.
            view.pushSubviewsFirstOnTop(onto: &pending)
        }
    }

    /// Pushes the subviews on `pending` last first, so the first comes off it first
    /// (an index loop: every pass of every frame runs it for every view of a window,
    /// and a reversed collection appended costs a generic copy each time).
    private func pushSubviewsFirstOnTop(onto pending: inout [View]) {
        let subviews = self.subviews
        var index = subviews.count
        while index > 0 {
            index -= 1
            pending.append(subviews[index])
        }
    }

    private func layoutOwnSubviewsIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
    }

    /// Marks the view's content to be drawn again with `draw(_:)` before the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        needsDisplayRects = []
        setNeedsRedraw()
    }

    /// Marks part of the view's content (in its bounds' coordinates) to be drawn
    /// again: `draw(_:)` then receives that rectangle, its context is clipped to
    /// it, and the rest of what the view drew before stays. Parts marked apart stay
    /// apart while they are few (up to `DamageRegion.limit`; touching ones merge):
    /// `draw(_:)` is then called once for each, so ten fingers painting across the
    /// screen redraw ten small squares, not the box around them all. A rectangle
    /// with an infinite component marks the whole view (UIKit's `CGRect.infinite`
    /// means everything); one with a NaN component is ignored.
    public func setNeedsDisplay(_ rect: CGRect) {
        let components = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        if components.contains(where: \.isNaN) {
            return NonFiniteValueLog.refused("setNeedsDisplay(_:)", of: self, value: rect, kept: "nothing is marked")
        }
        guard rect.isFinite else { return setNeedsDisplay() }
        let part = rect.intersection(bounds)
        guard !part.isNull, !part.isEmpty else { return }
        if !needsDisplay {
            needsDisplay = true
            needsDisplayRects = [part]
        } else if !needsDisplayRects.isEmpty {
            needsDisplayRects = Self.adding(part, to: needsDisplayRects)
        }
        setNeedsRedraw()
    }

    /// `rects` with `rect` added: one that touches others swallows them into their
    /// bounding box; past `DamageRegion.limit` rectangles, all become their bounding box.
    private static func adding(_ rect: CGRect, to rects: [CGRect]) -> [CGRect] {
        var rects = rects
        var merged = rect
        var index = 0
        while index < rects.count {
            if rects[index].intersects(merged) || touching(rects[index], merged) {
                merged = merged.union(rects.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        if rects.count > DamageRegion.limit { return [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] }
        return rects
    }

    private static func touching(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// Runs `draw(_:)` for this view and its subviews where marked, each before its
    /// own subviews (by a loop: a deep chain does not nest calls); what was drawn is
    /// kept (`contentSurface`) until the next `setNeedsDisplay`.
    func displayIfNeeded(scale: CGFloat) {
        var pending: [View] = [self]
        pending.reserveCapacity(32)
        while let view = pending.popLast() {
            guard view.subtreeNeedsDisplay else { continue }
            view.subtreeNeedsDisplay = false
            view.displayOwnContentIfNeeded(scale: scale)
            // Content held in part is checked every pass (a scroll may show another part).
            if let surface = view.contentSurface, surface.isPart { view.markSubtreeNeedsDisplay() }
            view.pushSubviewsFirstOnTop(onto: &pending)
        }
    }

    /// Sets `subtreeNeedsLayout` here and up the chain, to the first view that has it.
    func markSubtreeNeedsLayout() {
        var next: View? = self
        while let view = next, !view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = true
            next = view.superview
        }
    }

    /// Sets `subtreeNeedsDisplay` here and up the chain, to the first view that has it.
    func markSubtreeNeedsDisplay() {
        var next: View? = self
        while let view = next, !view.subtreeNeedsDisplay {
            view.subtreeNeedsDisplay = true
            next = view.superview
        }
    }

    private func displayOwnContentIfNeeded(scale: CGFloat) {
        if !needsDisplay, let surface = contentSurface, surface.isPart, !holdsVisibleContent(surface, scale: scale) {
            setNeedsDisplay()
        }
        if needsDisplay {
            needsDisplay = false
            func drawContent(_ part: PixelRect?) {
                let context = GraphicsContext(
                    size: bounds.size, scale: scale, boundsOrigin: bounds.origin, reusing: contentSurface, dirty: part,
                    visible: { self.visibleContentPixels(scale: scale) })
                // The rectangle draw(_:) gets covers whole pixels of what is cleared.
                let drawn = part.map { points(of: $0, scale: scale) } ?? bounds
                context.drawing { draw(drawn) }
                contentSurface = context.surface
                contentDamage = Self.adding(drawn, to: contentDamage)
            }
            // Content kept from another bounds size is drawn again whole; parts that
            // touch once in whole pixels are drawn as one. (Whole: no list of parts made.)
            if contentBoundsSize == bounds.size && !needsDisplayRects.isEmpty {
                let parts = DamageRegion(needsDisplayRects.map { pixels(of: $0, scale: scale) }).rects
                needsDisplayRects = []
                for part in parts { drawContent(part) }
            } else {
                needsDisplayRects = []
                drawContent(nil)
            }
            contentBoundsSize = bounds.size
        }
    }

    /// Whether content held in part (larger than a surface can be) still holds what is on screen.
    private func holdsVisibleContent(_ surface: DrawingSurface, scale: CGFloat) -> Bool {
        guard contentBoundsSize == bounds.size else { return false }
        guard let visible = visibleContentPixels(scale: scale) else { return true }
        let held = surface.region
        return visible.x >= held.x && visible.y >= held.y && visible.maxX <= held.maxX && visible.maxY <= held.maxY
    }

    /// The pixels of the content (bounds at `scale`) that the screen shows, through
    /// every transform on the way; nil when none, or the view is on no screen.
    private func visibleContentPixels(scale: CGFloat) -> PixelRect? {
        guard let area = window?.screen?.bounds else { return nil }
        let screenInContent = boundingBox(of: area, convertFromScreen)
        guard screenInContent.isFinite else { return nil }
        let seen = screenInContent.intersection(bounds)
        guard !seen.isNull, !seen.isEmpty else { return nil }
        let x0 = GraphicsContext.wholePixels(((seen.minX - bounds.minX) * scale).rounded(.down))
        let y0 = GraphicsContext.wholePixels(((seen.minY - bounds.minY) * scale).rounded(.down))
        let x1 = GraphicsContext.wholePixels(((seen.maxX - bounds.minX) * scale).rounded(.up))
        let y1 = GraphicsContext.wholePixels(((seen.maxY - bounds.minY) * scale).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Marks the whole tree for drawing, e.g. when the screen's scale changes.
    func setNeedsDisplayRecursively() {
        markForDisplay()
        setNeedsCompositeOfScreen()
    }

    private func markForDisplay() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.needsDisplay = true
            view.needsDisplayRects = []
            pending.append(contentsOf: view.subviews)
        }
    }

    /// Whole pixels of the content covering `rect` (bounds coordinates).
    private func pixels(of rect: CGRect, scale: CGFloat) -> PixelRect {
        let x0 = Int(((rect.minX - bounds.minX) * scale).rounded(.down))
        let y0 = Int(((rect.minY - bounds.minY) * scale).rounded(.down))
        let x1 = Int(((rect.maxX - bounds.minX) * scale).rounded(.up))
        let y1 = Int(((rect.maxY - bounds.minY) * scale).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func points(of pixels: PixelRect, scale: CGFloat) -> CGRect {
        CGRect(
            x: bounds.minX + CGFloat(pixels.x) / scale, y: bounds.minY + CGFloat(pixels.y) / scale,
            width: CGFloat(pixels.width) / scale, height: CGFloat(pixels.height) / scale)
    }
}
