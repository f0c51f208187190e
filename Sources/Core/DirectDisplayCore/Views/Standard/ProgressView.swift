import Foundation

/// A bar showing how far a task has gone, as UIKit's `UIProgressView`: a rounded
/// track filled from the leading edge by `progress` (0…1).
@MainActor open class ProgressView: View, ShownValueAnimating {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get {
            accessibilitySettings?.value
                ?? "\(progress.isFinite ? Int((min(max(progress, 0), 1) * 100).rounded()) : 0)%"
        }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .updatesFrequently }
        set { super.accessibilityTraits = newValue }
    }

    /// UIKit's bar height.
    package static let barHeight: CGFloat = 4
    /// How long `setProgress(_:animated:)` takes to move the fill.
    package static let animationDuration: TimeInterval = 0.25

    /// How far, 0…1: outside is clamped, NaN is 0.
    open var progress: Float {
        get { progressStorage }
        set { setProgress(newValue, animated: false) }
    }

    /// The filled part (nil: `tintColor`).
    open var progressTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The unfilled track (nil: light grey).
    open var trackTintColor: Color? { didSet { setNeedsDisplay() } }

    static let defaultTrackColor = Color(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)

    private var progressStorage: Float = 0
    private var shownProgress: Float = 0
    var shownTransition: ShownValueTransition?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    /// Sets `progress` (clamped); `animated` moves the fill on the display clock.
    open func setProgress(_ progress: Float, animated: Bool) {
        let clamped = ControlValue.clamped(progress, 0, 1)
        progressStorage = clamped
        animateShownValue(
            from: CGFloat(shownProgress), to: CGFloat(clamped), duration: animated ? Self.animationDuration : 0)
    }

    /// The width it has, `barHeight` high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: Self.barHeight) }

    /// UIKit's bar height; no width of its own.
    open override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.barHeight) }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if progressTintColor == nil { setNeedsDisplay() }
    }

    func stepMotion(to time: Double) { stepShownTransition(to: time) }

    func showTransitionValue(_ value: CGFloat) {
        let shown = Float(value)
        guard shown != shownProgress else { return }
        shownProgress = shown
        setNeedsDisplay()
    }

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let radius = min(bounds.height, Self.barHeight) / 2
        context.fillRoundedRect(bounds, cornerRadius: radius, with: trackTintColor ?? Self.defaultTrackColor)
        let filled = CGRect(
            x: bounds.minX, y: bounds.minY, width: bounds.width * CGFloat(shownProgress), height: bounds.height)
        guard filled.width > 0 else { return }
        context.fillRoundedRect(filled, cornerRadius: radius, with: progressTintColor ?? tintColor)
    }
}
