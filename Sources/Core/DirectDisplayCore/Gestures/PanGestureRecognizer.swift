import Foundation
import InputModel

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: it begins once
/// between ``minimumNumberOfTouches`` and ``maximumNumberOfTouches`` fingers (or a
/// mouse with a button held) have moved 10 points, changes as they move and ends
/// when they lift. ``translation(in:)`` is how far the centroid moved since the
/// gesture's start (or the last ``setTranslation(_:in:)``); ``velocity(in:)`` how
/// fast it moves, in points per second on the display clock.
@MainActor open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that pan (1).
    public var minimumNumberOfTouches = 1
    /// The most fingers that pan (`Int.max`).
    public var maximumNumberOfTouches = Int.max

    /// How far the centroid moves before the pan begins, in points.
    static let hysteresis: CGFloat = 10

    /// Where the translation is measured from, in screen points.
    private var origin: CGPoint?
    /// Where the centroid was, at the last sample, in screen points.
    private var current: CGPoint?
    /// Added to the translation when touches join or leave, so the centroid's jump does not show.
    private var offset = CGPoint.zero
    /// The centroid's speed over the last 0.1 s.
    private var velocityEstimator = VelocityEstimator()

    public required init() { super.init() }

    /// How far the gesture moved, in `view`'s coordinates (its window's if nil).
    public func translation(in view: View?) -> CGPoint {
        guard let origin, let current else { return .zero }
        return vector(CGPoint(x: current.x - origin.x + offset.x, y: current.y - origin.y + offset.y), in: view)
    }

    /// Makes the translation `translation` (in `view`'s coordinates) from here on;
    /// a non-finite value is ignored.
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        guard translation.isFinite, let current else { return }
        let inScreen = vectorToScreen(translation, from: view)
        origin = CGPoint(x: current.x - inScreen.x, y: current.y - inScreen.y)
        offset = .zero
    }

    /// How fast the gesture moves, in points per second in `view`'s coordinates.
    public func velocity(in view: View?) -> CGPoint {
        let velocity = velocityEstimator.velocity
        return vector(CGPoint(x: velocity.x, y: velocity.y), in: view)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        rebase(adding: touches)
        guard state == .possible else { return }
        if numberOfTouches > maximumNumberOfTouches { fail() }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let centre = centroidInScreen else { return }
        current = centre
        record(centre, at: touches.map(\.timestamp).max() ?? 0)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches, numberOfTouches <= maximumNumberOfTouches,
                let origin
            else { return }
            let dx = centre.x - origin.x + offset.x
            let dy = centre.y - origin.y + offset.y
            if dx * dx + dy * dy >= Self.hysteresis * Self.hysteresis { recognize(.began) }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = numberOfTouches - touches.count
        switch state {
        case .possible:
            if remaining == 0 { fail() }
        case .began, .changed:
            if remaining < minimumNumberOfTouches {
                // The lift is the last sample: fingers held still before lifting end with no speed.
                if let centre = centroidInScreen {
                    current = centre
                    record(centre, at: touches.map(\.timestamp).max() ?? 0)
                }
                state = .ended
            } else {
                rebase(removing: touches)
            }
        default:
            break
        }
    }

    open override func reset() {
        origin = nil
        current = nil
        offset = .zero
        velocityEstimator.reset()
    }

    /// Keeps the translation continuous when the centroid jumps as fingers join or leave.
    private func rebase(adding touches: Set<Touch>) {
        let before = current
        guard let centre = centroidInScreen else { return }
        if origin == nil { origin = centre }
        if let before {
            offset.x += before.x - centre.x
            offset.y += before.y - centre.y
        }
        current = centre
        velocityEstimator.restart(at: ScreenPoint(x: centre.x, y: centre.y), time: touches.map(\.timestamp).max() ?? 0)
    }

    private func rebase(removing touches: Set<Touch>) {
        let rest = trackedTouches.filter { !touches.contains($0) }
        guard let before = current, !rest.isEmpty else { return }
        let x = rest.reduce(0) { $0 + $1.locationInScreen.x } / CGFloat(rest.count)
        let y = rest.reduce(0) { $0 + $1.locationInScreen.y } / CGFloat(rest.count)
        offset.x += before.x - x
        offset.y += before.y - y
        current = CGPoint(x: x, y: y)
        velocityEstimator.restart(at: ScreenPoint(x: x, y: y), time: touches.map(\.timestamp).max() ?? 0)
    }

    private func record(_ point: CGPoint, at time: TimeInterval) {
        velocityEstimator.add(ScreenPoint(x: point.x, y: point.y), time: time)
    }

    /// A screen vector in `view`'s coordinates (views may be scaled by transforms).
    private func vector(_ vector: CGPoint, in view: View?) -> CGPoint {
        guard let target = view ?? self.view?.window else { return vector }
        let zero = target.convertFromScreen(.zero)
        let end = target.convertFromScreen(vector)
        return CGPoint(x: end.x - zero.x, y: end.y - zero.y)
    }

    private func vectorToScreen(_ vector: CGPoint, from view: View?) -> CGPoint {
        guard let source = view ?? self.view?.window else { return vector }
        let zero = source.convertToScreen(.zero)
        let end = source.convertToScreen(vector)
        return CGPoint(x: end.x - zero.x, y: end.y - zero.y)
    }
}
