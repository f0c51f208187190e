import Foundation
// CGAffineTransform (Geometry's on Linux) is part of this module's API.
@_exported import Geometry

extension View {
    /// The view's transform, applied about its centre (UIKit's anchor point 0.5, 0.5)
    /// and to its subviews with it: it changes where the view shows, what touches it
    /// and `frame` (the bounding box of the transformed bounds), never `bounds` or `center`.
    /// Transformed views are drawn from an offscreen image with bilinear filtering.
    /// A transform with a NaN or infinite entry is refused: the view keeps its transform.
    public var transform: CGAffineTransform {
        get { transformStorage }
        set {
            guard newValue.isFinite else { return NonFiniteValueLog.refused("transform", of: self, value: newValue) }
            setTransform(newValue)
        }
    }

    /// The one place the transform changes (where an animator hooks in, as for the other animatable properties):
    /// marks the window's scene stale, so the damage covers the old and new pixels.
    func setTransform(_ newValue: CGAffineTransform) {
        guard newValue != transformStorage else { return }
        willChangeAnimatable(\.transform, to: newValue)
        let wasTransformed = !transformStorage.isIdentity
        transformStorage = newValue
        // A turned view with nothing but a fill turned again changes only its own
        // group: written in place (Recolour.swift).
        if wasTransformed, !newValue.isIdentity, transformSlot != nil, subviews.isEmpty, contentSurface == nil {
            return setNeedsRecolour()
        }
        setNeedsCompositeOfScreen()
    }

    /// Maps the view's bounds coordinates to its superview's: about the bounds'
    /// centre, by the transform, to `center`.
    var transformToSuperview: CGAffineTransform {
        let frame = untransformedFrame
        return CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY).concatenating(transformStorage)
            .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY))
    }

    /// The bounding box of the transformed bounds, in the superview's coordinates.
    var transformedFrame: CGRect { bounds.applying(transformToSuperview) }

    /// Where setting `frame` to `frame` puts the view while it has a transform
    /// (UIKit leaves this undefined): `center` moves to the frame's centre and the
    /// bounds take the size whose transformed bounding box has the frame's size
    /// when there is one (scales, quarter turns), else they scale with the frame.
    func untransformedFrame(forFrame frame: CGRect) -> CGRect {
        let t = transformStorage
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let determinant = a * d - c * b
        var size = CGSize(
            width: (d * frame.width - c * frame.height) / determinant,
            height: (a * frame.height - b * frame.width) / determinant)
        // Near 45° the bounding box no longer tells the sides apart: scale instead.
        if abs(determinant) < 1e-6 * (a * d + c * b) || !size.width.isFinite || !size.height.isFinite || size.width < 0
            || size.height < 0
        {
            let current = transformedFrame.size
            size = bounds.size
            size.width = current.width > 0 ? size.width * frame.width / current.width : frame.width
            size.height = current.height > 0 ? size.height * frame.height / current.height : frame.height
        }
        return CGRect(
            x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Whether this view or one of its descendants has a transform, or shows one while
    /// animating back to none (a window with one cannot be shown from its own buffer
    /// on an overlay plane).
    package var hasTransformInTree: Bool {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if !view.transformStorage.isIdentity || !view.presentation.transform.isIdentity { return true }
            pending.append(contentsOf: view.subviews)
        }
        return false
    }
}
