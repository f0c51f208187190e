import Foundation

/// A spinner showing that work is going on, as UIKit's `UIActivityIndicatorView`:
/// eight spokes whose brightness turns once a second, a step every 1/8 s by a timer
/// on the display's event loop (a frame per step, not one every refresh), while it
/// animates in a window. Stopped, no frames are composed for it, and with
/// `hidesWhenStopped` (the default) it is hidden.
@MainActor open class ActivityIndicatorView: View {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? "In progress" }
        set { super.accessibilityLabel = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .updatesFrequently }
        set { super.accessibilityTraits = newValue }
    }

    /// UIKit's two sizes: `.medium` 20×20, `.large` 37×37.
    public enum Style: Sendable {
        case medium
        case large

        var side: CGFloat { self == .medium ? 20 : 37 }
    }

    /// How many spokes, and how many steps a second the bright one moves by.
    static let spokes = 8
    static let stepsPerSecond: Double = 8

    /// The size; changing it resizes the view, keeping its centre.
    open var style: Style {
        didSet {
            let centre = center
            frame.size = CGSize(width: style.side, height: style.side)
            self.center = centre
            setNeedsDisplay()
        }
    }

    /// The spokes' colour (UIKit's default grey).
    open var color: Color = Color(white: 0.6) { didSet { setNeedsDisplay() } }

    /// Whether it hides while stopped (default true).
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }

    /// Whether it spins.
    public private(set) var isAnimating = false

    /// The spoke that is brightest now.
    private var leadingSpoke = 0
    /// The next step's timer, set while it spins in a window.
    private var stepTimer = GestureTimer()

    /// A stopped (hidden) indicator of `style`'s size.
    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        isHidden = true
    }

    /// A stopped (hidden) medium indicator at `frame`.
    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        isHidden = true
    }

    /// Starts spinning (and shows it).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        scheduleStep()
    }

    /// Stops spinning: no more frames for it (and hides it with `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        stepTimer.stop()
        if hidesWhenStopped { isHidden = true }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: style.side, height: style.side) }

    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    /// Out of a window it does not step (nothing would show it); back in one it spins on.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { stepTimer.stop() } else { scheduleStep() }
    }

    private func scheduleStep() {
        guard isAnimating, window != nil, !stepTimer.isScheduled else { return }
        stepTimer.start(after: 1 / Self.stepsPerSecond, name: "activity indicator step") { [weak self] in
            guard let self else { return }
            self.stepTimer = GestureTimer()
            self.leadingSpoke = (self.leadingSpoke + 1) % Self.spokes
            self.setNeedsDisplay()
            self.scheduleStep()
        }
    }

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let side = min(bounds.width, bounds.height)
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let outer = side / 2 - side * 0.06
        let inner = side * 0.22
        let width = max(side * 0.09, 1.5)
        for index in 0..<Self.spokes {
            // Clockwise from the top; spokes behind the bright one fade.
            let angle = Double(index) / Double(Self.spokes) * 2 * Double.pi
            let age = (leadingSpoke - index + Self.spokes) % Self.spokes
            let alpha = color.alpha * (1 - CGFloat(age) / CGFloat(Self.spokes) * 0.85)
            let direction = CGPoint(x: CGFloat(sin(angle)), y: CGFloat(-cos(angle)))
            context.strokeLine(
                from: CGPoint(x: centre.x + direction.x * inner, y: centre.y + direction.y * inner),
                to: CGPoint(x: centre.x + direction.x * outer, y: centre.y + direction.y * outer),
                with: color.withAlphaComponent(alpha), lineWidth: width)
        }
    }
}
