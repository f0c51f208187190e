import Animation
import Foundation

extension View {
    /// What the screen shows of a view's animatable properties: the model values with
    /// running animations applied at the time of the latest frame (UIKit has
    /// `layer.presentation()`). Each stored property is one entry of the animatable
    /// table: its key path names it to the animator, its type (`Interpolatable`) says how
    /// it is interpolated. Another property is one more field here, read in
    /// `modelPresentation`, announced by its setter with `willChangeAnimatable(_:to:)`
    /// and drawn by the flattener.
    public struct Presentation: Equatable, Sendable {
        /// The rectangle in the superview's coordinates as if the view had no transform
        /// (its centre and bounds size; the view's `frame` when it has none).
        public internal(set) var frame: CGRect
        /// Where the bounds start (the scroll offset); the size is the frame's.
        var boundsOrigin: CGPoint
        /// Opacity, 0…1.
        public internal(set) var alpha: CGFloat
        /// The fill behind the content.
        public internal(set) var backgroundColor: Color?
        /// The transform about the centre (interpolated by parts: scale, skew, rotation, translation).
        public internal(set) var transform: CGAffineTransform

        /// The rectangle in the view's own coordinates.
        public var bounds: CGRect { CGRect(origin: boundsOrigin, size: frame.size) }
        /// The centre of `frame`.
        public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    }

    /// The values the view shows now: its model values while nothing animates, else
    /// where its animations were at the latest frame composed for its screen. Reading
    /// `frame`, `alpha`... gives the model (final) values at once.
    public var presentation: Presentation {
        guard !animations.isEmpty else { return modelPresentation }
        var shown = modelPresentation
        for animation in animations.values { animation.apply(to: &shown) }
        return shown
    }

    /// The model values in the presentation's shape.
    var modelPresentation: Presentation {
        Presentation(
            frame: untransformedFrame, boundsOrigin: bounds.origin, alpha: alpha, backgroundColor: backgroundColor,
            transform: transformStorage)
    }

    /// The alpha shown (the flattener asks it of every subview).
    var presentationAlpha: CGFloat { animations.isEmpty ? alpha : presentation.alpha }

    /// Whether any of the view's properties is animating.
    public var hasRunningAnimations: Bool { !animations.isEmpty }

    /// Views being animated without `.allowUserInteraction` get no touches.
    var ignoresTouchesWhileAnimating: Bool {
        !animations.isEmpty && animations.values.contains { !$0.allowsUserInteraction }
    }
}

/// Colours interpolate by straight components; no colour is its neighbour made
/// transparent, so a fill fades in or out rather than flashing black.
extension Color: Interpolatable {
    public func interpolated(to end: Color, by fraction: Double) -> Color {
        if fraction == 1 { return end }
        return Color(
            red: red.interpolated(to: end.red, by: fraction), green: green.interpolated(to: end.green, by: fraction),
            blue: blue.interpolated(to: end.blue, by: fraction), alpha: alpha.interpolated(to: end.alpha, by: fraction))
    }
}

/// By parts, as Core Animation turns a layer: a quarter turn stays a turn all the way.
extension CGAffineTransform: Interpolatable {
    public func interpolated(to end: CGAffineTransform, by fraction: Double) -> CGAffineTransform {
        if fraction == 1 { return end }
        let start = AffineMatrix(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
        let matrix = start.interpolated(
            to: AffineMatrix(a: end.a, b: end.b, c: end.c, d: end.d, tx: end.tx, ty: end.ty), by: fraction)
        return CGAffineTransform(
            a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d, tx: matrix.tx, ty: matrix.ty)
    }
}

extension Optional: Interpolatable where Wrapped == Color {
    public func interpolated(to end: Color?, by fraction: Double) -> Color? {
        if fraction == 1 { return end }
        switch (self, end) {
        case (nil, nil): return nil
        case (let start?, let end?): return start.interpolated(to: end, by: fraction)
        case (let start?, nil): return start.interpolated(to: start.withAlphaComponent(0), by: fraction)
        case (nil, let end?): return end.withAlphaComponent(0).interpolated(to: end, by: fraction)
        }
    }
}
