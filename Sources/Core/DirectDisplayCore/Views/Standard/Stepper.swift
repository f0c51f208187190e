import Foundation

/// A − and + pair that steps a value, as UIKit's `UIStepper` (94×32, the tinted
/// look). A touch on a half steps at once; held with `autorepeat`, it steps again
/// after 0.5 s and then every 0.1 s, on the display clock. A half is disabled at its
/// limit (unless the stepper `wraps`). Values are kept within
/// `minimumValue…maximumValue`: outside is clamped, NaN is the minimum.
@MainActor open class Stepper: Control {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? valueForAccessibility }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isEnabled ? .adjustable : [.adjustable, .notEnabled]) }
        set { super.accessibilityTraits = newValue }
    }

    /// The value as a person reads it: "3", "2.5".
    private var valueForAccessibility: String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// One step up, as a tap on the plus half (actions run).
    open override func accessibilityIncrement() { stepForAccessibility(by: stepValue) }

    /// One step down.
    open override func accessibilityDecrement() { stepForAccessibility(by: -stepValue) }

    private func stepForAccessibility(by delta: Double) {
        guard isEnabled else { return }
        let old = value
        value = min(max(value + delta, minimumValue), maximumValue)
        if value != old { sendActions(for: .valueChanged) }
    }

    /// UIKit's stepper size.
    package static let size = CGSize(width: 94, height: 32)
    /// How long a half is held before it repeats, and then the time between repeats.
    package static let autorepeatDelay: TimeInterval = 0.5
    package static let autorepeatInterval: TimeInterval = 0.1

    /// The value (default 0), clamped to the range; setting it sends no event.
    open var value: Double = 0 {
        didSet {
            let clamped = ControlValue.clamped(value, minimumValue, maximumValue)
            if clamped != value || value.isNaN { value = clamped }
            if value != oldValue { setNeedsDisplay() }
        }
    }

    /// The least value (default 0). Raising it above `maximumValue` raises that too; a non-finite one is refused.
    open var minimumValue: Double = 0 {
        didSet {
            guard minimumValue.isFinite else {
                NonFiniteValueLog.refused("minimumValue", of: self, value: minimumValue)
                minimumValue = oldValue
                return
            }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = ControlValue.clamped(value, minimumValue, maximumValue)
            setNeedsDisplay()
        }
    }

    /// The greatest value (default 100). Lowering it below `minimumValue` lowers that too; a non-finite one is refused.
    open var maximumValue: Double = 100 {
        didSet {
            guard maximumValue.isFinite else {
                NonFiniteValueLog.refused("maximumValue", of: self, value: maximumValue)
                maximumValue = oldValue
                return
            }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = ControlValue.clamped(value, minimumValue, maximumValue)
            setNeedsDisplay()
        }
    }

    /// How much a step adds or takes away (default 1); zero, negative or non-finite is refused.
    open var stepValue: Double = 1 {
        didSet {
            guard stepValue.isFinite, stepValue > 0 else {
                NonFiniteValueLog.refused(
                    "stepValue", of: self, value: stepValue, what: "non-positive or non-finite")
                stepValue = oldValue
                return
            }
        }
    }

    /// Whether stepping past one end goes on from the other (default false).
    open var wraps = false { didSet { setNeedsDisplay() } }
    /// True (the default): `.valueChanged` at each step; false: once, when the touch ends.
    open var isContinuous = true
    /// Whether a held half repeats (default true).
    open var autorepeat = true

    /// Which half a touch is on.
    private enum Half { case decrement, increment }
    /// The half the tracked touch pressed, and the value when it began.
    private var pressedHalf: Half?
    private var valueAtTouchStart: Double = 0
    private var repeatTimer = GestureTimer()

    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size), primaryAction: primaryAction)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    open override var intrinsicContentSize: CGSize { Self.size }

    /// Whether a half can step now (not at its limit, or the stepper wraps).
    private func canStep(_ half: Half) -> Bool {
        guard isEnabled else { return false }
        if wraps { return minimumValue < maximumValue }
        return half == .increment ? value < maximumValue : value > minimumValue
    }

    /// One step of `half`; past an end: the end, or the other end when wrapping (UIKit's).
    private func step(_ half: Half) {
        let next = half == .increment ? value + stepValue : value - stepValue
        if wraps, next > maximumValue {
            value = minimumValue
        } else if wraps, next < minimumValue {
            value = maximumValue
        } else {
            value = ControlValue.clamped(next, minimumValue, maximumValue)
        }
    }

    // MARK: Tracking

    private func half(at point: CGPoint) -> Half { point.x < bounds.midX ? .decrement : .increment }

    open override func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        let half = half(at: touch.location(in: self))
        valueAtTouchStart = value
        guard canStep(half) else { return false }
        pressedHalf = half
        setNeedsDisplay()
        return true
    }

    /// The first step comes after the control's `.touchDown`, as UIKit's.
    open override func touchesBegan(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        let wasPressed = pressedHalf != nil
        super.touchesBegan(touches, with: event)
        guard !wasPressed, pressedHalf != nil else { return }
        stepPressedHalf()
        if autorepeat { scheduleRepeat(after: Self.autorepeatDelay) }
    }

    open override func continueTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        setNeedsDisplay()  // the pressed half shows pressed only while the touch is inside
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) { endPress() }

    open override func cancelTracking(with event: DirectDisplayCore.Event?) { endPress() }

    private func stepPressedHalf() {
        guard let pressedHalf, canStep(pressedHalf) else { return }
        step(pressedHalf)
        if isContinuous { sendActions(for: .valueChanged) }
    }

    /// Steps again while the touch stays inside and the half can step; stops at a limit.
    private func scheduleRepeat(after delay: TimeInterval) {
        repeatTimer.start(after: delay, name: "stepper autorepeat") { [weak self] in
            guard let self, let half = self.pressedHalf, self.isTracking else { return }
            if self.isTouchInside { self.stepPressedHalf() }
            guard self.canStep(half) else { return self.setNeedsDisplay() }
            self.scheduleRepeat(after: Self.autorepeatInterval)
        }
    }

    private func endPress() {
        repeatTimer.stop()
        pressedHalf = nil
        setNeedsDisplay()
        if !isContinuous, value != valueAtTouchStart { sendActions(for: .valueChanged) }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// A value change is also the control's primary action (UIKit's, for controls with a value).
    open override func sendActions(for events: Event) {
        super.sendActions(for: events.contains(.valueChanged) ? events.union(.primaryActionTriggered) : events)
    }

    override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let box = CGRect(
            x: (bounds.midX - Self.size.width / 2).rounded() + 0.5,
            y: (bounds.midY - Self.size.height / 2).rounded() + 0.5,
            width: Self.size.width - 1, height: Self.size.height - 1)
        let tint = ControlValue.dimmedIfDisabled(tintColor, isEnabled)
        let radius: CGFloat = 4
        context.fillRoundedRect(box, cornerRadius: radius, with: .white)
        let halves: [(Half, CGRect)] = [
            (.decrement, CGRect(x: box.minX, y: box.minY, width: box.width / 2, height: box.height)),
            (.increment, CGRect(x: box.midX, y: box.minY, width: box.width / 2, height: box.height)),
        ]
        for (half, part) in halves {
            let enabled = canStep(half)
            if half == pressedHalf, isTouchInside {
                let pressed = tint.withAlphaComponent(tint.alpha * 0.2)
                context.clipped(to: part) { context.fillRoundedRect(box, cornerRadius: radius, with: pressed) }
            }
            let color = enabled ? tint : SegmentedControl.disabledTitleColor
            // The sign: a 12-point bar, crossed for +.
            let centre = CGPoint(x: part.midX.rounded(), y: part.midY.rounded())
            context.fill(CGRect(x: centre.x - 6, y: centre.y - 1, width: 12, height: 2), with: color)
            if half == .increment {
                context.fill(CGRect(x: centre.x - 1, y: centre.y - 6, width: 2, height: 12), with: color)
            }
        }
        context.strokeLine(
            from: CGPoint(x: box.midX.rounded() + 0.5, y: box.minY),
            to: CGPoint(x: box.midX.rounded() + 0.5, y: box.maxY),
            with: tint)
        context.addRoundedRect(box, cornerRadius: radius)
        context.strokePath(with: tint, lineWidth: 1)
    }
}
