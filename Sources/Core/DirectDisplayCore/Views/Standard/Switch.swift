import Foundation

/// An on/off switch, as UIKit's `UISwitch`: 51×31 points whatever its frame's size
/// (drawn centred in it), a thumb on a rounded track filled with `onTintColor` when on.
/// A tap toggles it; the thumb can be dragged across and the switch takes the side
/// it is let go on. `.valueChanged` is sent only when a touch changed `isOn`.
@MainActor open class Switch: Control, ShownValueAnimating {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? (isOn ? "on" : "off") }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isEnabled ? .button : [.button, .notEnabled]) }
        set { super.accessibilityTraits = newValue }
    }

    /// UIKit's switch size.
    package static let size = CGSize(width: 51, height: 31)
    /// How long the thumb takes to slide across.
    package static let slideDuration: TimeInterval = 0.25

    /// Whether the switch is on; setting it moves the thumb at once and sends no event.
    open var isOn: Bool {
        get { isOnStorage }
        set { setOn(newValue, animated: false) }
    }

    /// The track's colour when on (nil: UIKit's green, 52/199/89).
    open var onTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

    /// UIKit's default on colour, systemGreen.
    package static let defaultOnTintColor = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
    static let offTrackColor = Color(red: 233.0 / 255, green: 233.0 / 255, blue: 234.0 / 255)
    static let thumbOutlineColor = Color(white: 0, alpha: 0.12)

    private var isOnStorage = false
    /// Where the thumb is shown: 0 at the off end, 1 at the on end.
    private(set) var thumbPosition: CGFloat = 0
    var shownTransition: ShownValueTransition?
    /// The tracked touch: where it began, where the thumb was then, and whether it dragged the thumb.
    private var touchStart: CGPoint = .zero
    private var thumbPositionAtTouchStart: CGFloat = 0
    private var isDraggingThumb = false

    /// A switch at `frame`'s origin, 51×31 (the size is UIKit's whatever `frame` says).
    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size), primaryAction: primaryAction)
    }

    /// Sets `isOn`; `animated` slides the thumb over `slideDuration` on the display clock. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        isOnStorage = on
        if isTracking { return }  // the thumb stays under the finger; the end of the touch places it
        animateShownValue(from: thumbPosition, to: on ? 1 : 0, duration: animated ? Self.slideDuration : 0)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    open override var intrinsicContentSize: CGSize { Self.size }

    // MARK: Tracking

    /// How far the thumb travels, in points.
    private static let thumbTravel = size.width - size.height

    open override func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        finishShownTransition()
        touchStart = touch.location(in: self)
        thumbPositionAtTouchStart = thumbPosition
        isDraggingThumb = false
        setNeedsDisplay()  // the pressed thumb stretches
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        let dx = touch.location(in: self).x - touchStart.x
        // A few points of movement make it a drag rather than a tap, as UIKit's.
        if !isDraggingThumb, abs(dx) > 3 { isDraggingThumb = true }
        if isDraggingThumb {
            showTransitionValue(min(max(thumbPositionAtTouchStart + dx / Self.thumbTravel, 0), 1))
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) {
        let newValue: Bool
        if isDraggingThumb {
            newValue = thumbPosition > 0.5
        } else if let touch,
            bounds.insetBy(dx: -Self.touchSlack, dy: -Self.touchSlack).contains(
                touch.location(in: self))
        {
            newValue = !isOnStorage
        } else {
            newValue = isOnStorage
        }
        settle(on: newValue, sendingEvent: newValue != isOnStorage)
    }

    open override func cancelTracking(with event: DirectDisplayCore.Event?) {
        settle(on: isOnStorage, sendingEvent: false)
    }

    /// The thumb slides to the side of `on` once the touch is over.
    private func settle(on: Bool, sendingEvent: Bool) {
        isDraggingThumb = false
        isOnStorage = on
        animateShownValue(from: thumbPosition, to: on ? 1 : 0, duration: Self.slideDuration)
        setNeedsDisplay()
        if sendingEvent { sendActions(for: .valueChanged) }
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
        guard value != thumbPosition else { return }
        thumbPosition = value
        setNeedsDisplay()
    }

    /// The 51×31 rectangle the switch draws in, centred in the bounds.
    private var switchRect: CGRect {
        CGRect(
            x: (bounds.midX - Self.size.width / 2).rounded(), y: (bounds.midY - Self.size.height / 2).rounded(),
            width: Self.size.width, height: Self.size.height)
    }

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let box = switchRect
        let onColor = onTintColor ?? Self.defaultOnTintColor
        let fraction = thumbPosition
        // The track's colour blends from off to on as the thumb crosses.
        let track = Color(
            red: Self.offTrackColor.red + (onColor.red - Self.offTrackColor.red) * fraction,
            green: Self.offTrackColor.green + (onColor.green - Self.offTrackColor.green) * fraction,
            blue: Self.offTrackColor.blue + (onColor.blue - Self.offTrackColor.blue) * fraction,
            alpha: Self.offTrackColor.alpha + (onColor.alpha - Self.offTrackColor.alpha) * fraction)
        context.fillRoundedRect(
            box, cornerRadius: box.height / 2, with: ControlValue.dimmedIfDisabled(track, isEnabled))
        // The thumb: a disc 2 points in, stretched by 7 points while pressed (UIKit's look).
        let diameter = box.height - 4
        let stretch: CGFloat = isHighlighted ? 7 : 0
        let x = box.minX + 2 + fraction * (Self.thumbTravel - stretch)
        let thumb = CGRect(x: x, y: box.minY + 2, width: diameter + stretch, height: diameter)
        context.fillRoundedRect(
            thumb.insetBy(dx: -0.5, dy: -0.5), cornerRadius: diameter / 2 + 0.5,
            with: ControlValue.dimmedIfDisabled(Self.thumbOutlineColor, isEnabled))
        // The thumb stays opaque when disabled (the track shows faded, not through the thumb).
        context.fillRoundedRect(thumb, cornerRadius: diameter / 2, with: thumbTintColor ?? .white)
    }
}
