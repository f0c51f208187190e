import Foundation

/// A value picked by dragging a thumb along a track, as UIKit's `UISlider`. The
/// thumb follows the finger from where it was grabbed (it does not jump to the
/// finger), and a touch that begins off the thumb does not move it. Values are kept
/// within `minimumValue…maximumValue`: outside is clamped, NaN is the minimum.
@MainActor open class Slider: Control, ShownValueAnimating {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? percentageForAccessibility }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isEnabled ? .adjustable : [.adjustable, .notEnabled]) }
        set { super.accessibilityTraits = newValue }
    }

    /// The value's place between the bounds, "50%".
    private var percentageForAccessibility: String {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? (value - minimumValue) / range : 0
        // An infinite range makes no percentage: 0%, never a trap.
        return "\(fraction.isFinite ? Int((min(max(fraction, 0), 1) * 100).rounded()) : 0)%"
    }

    /// A tenth of the range up, as a drag would (actions run).
    open override func accessibilityIncrement() { adjustForAccessibility(by: 0.1) }

    /// A tenth of the range down.
    open override func accessibilityDecrement() { adjustForAccessibility(by: -0.1) }

    private func adjustForAccessibility(by fraction: Float) {
        guard isEnabled else { return }
        let old = value
        setValue(value + fraction * (maximumValue - minimumValue), animated: false)
        if value != old { sendActions(for: .valueChanged) }
    }

    /// The thumb's diameter, UIKit's.
    package static let thumbSide: CGFloat = 28
    /// The track's thickness.
    package static let trackHeight: CGFloat = 4
    /// How long `setValue(_:animated:)` takes to move the thumb.
    package static let animationDuration: TimeInterval = 0.25

    /// The value, within `minimumValue…maximumValue` (clamped; NaN is the minimum). Sends no event.
    open var value: Float {
        get { valueStorage }
        set { setValue(newValue, animated: false) }
    }

    /// The least value (default 0). Raising it above `maximumValue` raises that too;
    /// a non-finite value is refused.
    open var minimumValue: Float = 0 {
        didSet {
            guard minimumValue.isFinite else {
                NonFiniteValueLog.refused("minimumValue", of: self, value: minimumValue)
                minimumValue = oldValue
                return
            }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            rangeDidChange()
        }
    }

    /// The greatest value (default 1). Lowering it below `minimumValue` lowers that too;
    /// a non-finite value is refused.
    open var maximumValue: Float = 1 {
        didSet {
            guard maximumValue.isFinite else {
                NonFiniteValueLog.refused("maximumValue", of: self, value: maximumValue)
                maximumValue = oldValue
                return
            }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            rangeDidChange()
        }
    }

    /// True (the default): `.valueChanged` as the thumb moves; false: once, when the touch ends.
    open var isContinuous = true

    /// The track left of the thumb (nil: `tintColor`).
    open var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The track right of the thumb (nil: light grey).
    open var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb (nil: white).
    open var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

    static let defaultMaximumTrackColor = Color(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)
    static let thumbOutlineColor = Color(white: 0, alpha: 0.15)

    private var valueStorage: Float = 0
    /// The value the thumb is drawn at (it differs from `value` while animating).
    private var shownValue: Float = 0
    var shownTransition: ShownValueTransition?
    /// From the thumb's centre to the finger, along the track, when the thumb was grabbed.
    private var grabOffset: CGFloat = 0
    private var valueAtTouchStart: Float = 0

    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
    }

    /// Sets `value` (clamped); `animated` moves the thumb on the display clock. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        let clamped = ControlValue.clamped(value, minimumValue, maximumValue)
        valueStorage = clamped
        animateShownValue(
            from: CGFloat(shownValue), to: CGFloat(clamped),
            duration: animated && !isTracking ? Self.animationDuration : 0)
    }

    private func rangeDidChange() {
        setValue(valueStorage, animated: false)
        setNeedsDisplay()
    }

    // MARK: Geometry (UIKit's overridable rectangles)

    /// Where the track is drawn: the bounds' width, `trackHeight` high, centred.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(
            x: bounds.minX, y: (bounds.midY - Self.trackHeight / 2).rounded(), width: bounds.width,
            height: Self.trackHeight)
    }

    /// Where the thumb is for `value`: its edges within the track's ends.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let travel = max(rect.width - Self.thumbSide, 0)
        let range = maximumValue - minimumValue
        let fraction =
            range > 0 ? CGFloat((ControlValue.clamped(value, minimumValue, maximumValue) - minimumValue) / range) : 0
        return CGRect(
            x: rect.minX + fraction * travel, y: (rect.midY - Self.thumbSide / 2).rounded(), width: Self.thumbSide,
            height: Self.thumbSide)
    }

    private var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: shownValue)
    }

    /// UIKit's height; the width the slider has (a slider has no width of its own).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width, height: Self.height)
    }

    /// UIKit's height; no width of its own.
    open override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }

    package static let height: CGFloat = 30

    // MARK: Tracking

    open override func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        finishShownTransition()
        // A little around the thumb counts, as UIKit's (a finger is wider than 28 points).
        let thumb = currentThumbRect
        let location = touch.location(in: self)
        guard thumb.insetBy(dx: -8, dy: -8).contains(location) else { return false }
        grabOffset = location.x - thumb.midX
        valueAtTouchStart = valueStorage
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Self.thumbSide
        guard travel > 0 else { return true }
        let centre = touch.location(in: self).x - grabOffset
        let fraction = Float((centre - track.minX - Self.thumbSide / 2) / travel)
        let newValue = ControlValue.clamped(
            minimumValue + fraction * (maximumValue - minimumValue), minimumValue, maximumValue)
        guard newValue != valueStorage else { return true }
        setValue(newValue, animated: false)
        if isContinuous { sendActions(for: .valueChanged) }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) {
        if !isContinuous, valueStorage != valueAtTouchStart { sendActions(for: .valueChanged) }
    }

    /// The thumb stays where the finger left it; a non-continuous slider still reports the change.
    open override func cancelTracking(with event: DirectDisplayCore.Event?) {
        if !isContinuous, valueStorage != valueAtTouchStart { sendActions(for: .valueChanged) }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if minimumTrackTintColor == nil { setNeedsDisplay() }
    }

    /// A value change is also the control's primary action (UIKit's, for controls with a value).
    open override func sendActions(for events: Event) {
        super.sendActions(for: events.contains(.valueChanged) ? events.union(.primaryActionTriggered) : events)
    }

    override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }

    // MARK: Motion and drawing

    func stepMotion(to time: Double) { stepShownTransition(to: time) }

    func showTransitionValue(_ value: CGFloat) {
        let shown = Float(value)
        guard shown != shownValue else { return }
        shownValue = shown
        setNeedsDisplay()
    }

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let track = trackRect(forBounds: bounds)
        let thumb = currentThumbRect
        let radius = track.height / 2
        context.fillRoundedRect(
            track, cornerRadius: radius,
            with: ControlValue.dimmedIfDisabled(maximumTrackTintColor ?? Self.defaultMaximumTrackColor, isEnabled))
        let filled = CGRect(x: track.minX, y: track.minY, width: max(thumb.midX - track.minX, 0), height: track.height)
        context.fillRoundedRect(
            filled, cornerRadius: radius,
            with: ControlValue.dimmedIfDisabled(minimumTrackTintColor ?? tintColor, isEnabled))
        context.fillEllipse(
            in: thumb.insetBy(dx: -0.5, dy: -0.5),
            with: ControlValue.dimmedIfDisabled(Self.thumbOutlineColor, isEnabled))
        // The thumb stays opaque when disabled (the track shows faded, not through the thumb).
        context.fillEllipse(in: thumb, with: thumbTintColor ?? .white)
    }
}
