import Foundation
import InputModel

/// What a pinch and a rotation share: two fingers, measured as the vector from the
/// first to the second; the gesture begins once ``hasMovedEnough`` and ends when a
/// finger lifts. Subclasses read the vector's change (length, angle).
@MainActor open class TwoFingerGestureRecognizer: GestureRecognizer {
    /// The two fingers' vector when the measure was last based, and now.
    var baseVector: CGPoint?
    var vector: CGPoint?
    private var lastSample: (time: TimeInterval, value: CGFloat)?
    /// The measure's rate of change per second, from the latest two moves.
    var measureVelocity: CGFloat = 0

    public required init() { super.init() }

    /// The measure (scale, angle) for the current vector.
    func measure() -> CGFloat { 0 }
    /// Whether the vector changed enough since the base to begin.
    func hasMovedEnough() -> Bool { false }
    /// The vector became the base: the measure starts again from its value.
    func rebased() {}
    /// A finger lifts: the measure keeps its last value.
    func freeze() {}

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2, state == .possible { return fail() }
        guard numberOfTouches == 2 else { return }
        vector = currentVector()
        baseVector = vector
        lastSample = nil
        rebased()
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == 2, baseVector != nil else { return }
        vector = currentVector()
        let time = touches.map(\.timestamp).max() ?? 0
        let value = measure()
        if let lastSample, time > lastSample.time {
            measureVelocity = (value - lastSample.value) / CGFloat(time - lastSample.time)
        }
        lastSample = (time, value)
        switch state {
        case .possible: if hasMovedEnough() { recognize(.began) }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: if numberOfTouches - touches.count == 0 { fail() }
        default: break
        }
        freeze()
        baseVector = nil
    }

    open override func reset() {
        baseVector = nil
        vector = nil
        lastSample = nil
        measureVelocity = 0
    }

    private func currentVector() -> CGPoint {
        let first = trackedTouches[0].locationInScreen
        let second = trackedTouches[1].locationInScreen
        return CGPoint(x: second.x - first.x, y: second.y - first.y)
    }
}

/// Recognizes two fingers moving apart or together, as UIKit's
/// `UIPinchGestureRecognizer`: ``scale`` is their distance over the distance when
/// the second touched down (or ``scale`` was last set), ``velocity`` its change per second.
@MainActor open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    private var baseScale: CGFloat = 1

    /// The distance's ratio since the fingers touched; set it to measure on from a new value.
    public var scale: CGFloat {
        get { baseScale * ratio() }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            baseScale = newValue
            baseVector = vector
        }
    }

    /// How fast ``scale`` changes, per second.
    public var velocity: CGFloat { measureVelocity }

    public required init() { super.init() }

    override func measure() -> CGFloat { scale }
    override func hasMovedEnough() -> Bool { abs(ratio() - 1) >= 0.05 }
    override func rebased() { baseScale = 1 }
    override func freeze() { baseScale = scale }

    open override func reset() {
        super.reset()
        baseScale = 1
    }

    private func ratio() -> CGFloat {
        guard let baseVector, let vector else { return 1 }
        return TwoFingerMeasure.scale(from: ScreenPoint(baseVector), to: ScreenPoint(vector))
    }
}

/// Recognizes two fingers turning, as UIKit's `UIRotationGestureRecognizer`:
/// ``rotation`` is the angle (radians, clockwise on screen) the line between them
/// turned since the second touched down (or ``rotation`` was last set),
/// ``velocity`` in radians per second.
@MainActor open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    private var baseRotation: CGFloat = 0

    /// The angle turned; set it to measure on from a new value.
    public var rotation: CGFloat {
        get { baseRotation + turn() }
        set {
            guard newValue.isFinite else { return }
            baseRotation = newValue
            baseVector = vector
        }
    }

    /// How fast ``rotation`` changes, in radians per second.
    public var velocity: CGFloat { measureVelocity }

    public required init() { super.init() }

    override func measure() -> CGFloat { rotation }
    /// About 4.6° of turn begins the gesture.
    override func hasMovedEnough() -> Bool { abs(turn()) >= 0.08 }
    override func rebased() { baseRotation = 0 }
    override func freeze() { baseRotation = rotation }

    open override func reset() {
        super.reset()
        baseRotation = 0
    }

    /// The angle from the base vector to the current one, in −π…π.
    private func turn() -> CGFloat {
        guard let baseVector, let vector else { return 0 }
        return atan2(
            baseVector.x * vector.y - baseVector.y * vector.x, baseVector.x * vector.x + baseVector.y * vector.y)
    }
}

extension ScreenPoint {
    fileprivate init(_ point: CGPoint) { self.init(x: point.x, y: point.y) }
}
