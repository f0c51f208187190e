import Compositing
import Foundation

extension View {
    /// Marks the view to lay out its subviews before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsCompositeOfScreen()
    }

    /// Lays out the view (if marked) and then its subviews now.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            owningViewController?.viewWillLayoutSubviews()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Marks the view's content to be drawn again with `draw(_:)` before the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        setNeedsCompositeOfScreen()
    }

    /// Marks part of the view's content to be redrawn (the whole view is redrawn).
    public func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// Runs `draw(_:)` for this view and its subviews where marked.
    func displayIfNeeded(scale: CGFloat) {
        if needsDisplay {
            needsDisplay = false
            let context = GraphicsContext(
                size: bounds.size, scale: scale, boundsOrigin: bounds.origin, reusing: contentSurface)
            context.drawing { draw(bounds) }
            contentSurface = context.surface
        }
        for subview in subviews { subview.displayIfNeeded(scale: scale) }
    }

    /// Marks the whole tree for drawing, e.g. when the screen's scale changes.
    func setNeedsDisplayRecursively() {
        needsDisplay = true
        for subview in subviews { subview.setNeedsDisplayRecursively() }
    }
}
