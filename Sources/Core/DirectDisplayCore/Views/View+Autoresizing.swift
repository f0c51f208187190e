import Foundation
import Geometry

extension View {
    /// Which of a view's margins and sizes follow its superview's size, as UIKit's `UIView.AutoresizingMask`.
    public typealias AutoresizingMask = Geometry.AutoresizingMask

    /// How the view follows its superview's bounds size when that changes (default
    /// none: it keeps its frame), applied only if the superview's `autoresizesSubviews`.
    public var autoresizingMask: AutoresizingMask {
        get { autoresizingMaskStorage }
        set { autoresizingMaskStorage = newValue }
    }

    /// Whether subviews are resized by their `autoresizingMask` when the bounds' size changes (default true).
    public var autoresizesSubviews: Bool {
        get { autoresizesSubviewsStorage }
        set { autoresizesSubviewsStorage = newValue }
    }

    /// Applies every subview's autoresizing mask after the bounds' size went from
    /// `oldSize` to the current one (UIKit's arithmetic, `AutoresizingRule`).
    /// Each subview's resize resizes its own subviews inside this call: nesting down a
    /// long chain is bounded (`BoundedNesting`).
    func autoresizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews, !subviews.isEmpty else { return }
        View.autoresizing.run { self.autoresizeSubviewsNow(from: oldSize) }
    }

    /// Past this many nested autoresizing passes, the next ones are queued (each
    /// level nests the frame setters and sizeDidChange too).
    package static let autoresizingNestingLimit = 500
    private static let autoresizing = BoundedNesting(limit: autoresizingNestingLimit)

    private func autoresizeSubviewsNow(from oldSize: CGSize) {
        guard autoresizesSubviews else { return }
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.frame = AutoresizingRule.frame(
                subview.frame, mask: subview.autoresizingMask, superviewOrigin: bounds.origin, from: oldSize,
                to: newSize)
        }
    }
}
