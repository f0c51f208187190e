import Foundation

/// A spinner showing that work is going on, as UIKit's `UIActivityIndicatorView`:
/// eight spokes whose brightness turns once a second, stepped on the display clock
/// while animating. Stopped, it draws nothing new: no frames are composed for it,
/// and with `hidesWhenStopped` (the default) it is hidden.
@MainActor open class ActivityIndicatorView: View, FrameSteppedMotion {
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
    /// Whether the animator steps it (it spins and is on screen).
    private var isStepped = false
    private var startTime: Double = 0

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
        startTime = Application.shared.animator.now
        startStepping()
    }

    /// Stops spinning: no more frames for it (and hides it with `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        stopStepping()
        if hidesWhenStopped { isHidden = true }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: style.side, height: style.side) }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isAnimating { startStepping() }
    }

    private func startStepping() {
        guard isAnimating, !isStepped, Application.shared.backend != nil, isOnScreen else { return }
        isStepped = true
        Application.shared.animator.startMotion(of: self)
    }

    private func stopStepping() {
        guard isStepped else { return }
        isStepped = false
        Application.shared.animator.endMotion(of: self)
    }

    func stepMotion(to time: Double) {
        // `.infinity`: it left the screen; it spins on when it comes back (didMoveToWindow).
        guard time.isFinite else { return stopStepping() }
        let step = Int(((time - startTime) * Self.stepsPerSecond).rounded(.down))
        let spoke = ((step % Self.spokes) + Self.spokes) % Self.spokes
        guard spoke != leadingSpoke else { return }
        leadingSpoke = spoke
        setNeedsDisplay()
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
