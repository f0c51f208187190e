import Foundation

/// A part of a view that the screen reader stops at on its own (a key of a drawn
/// keypad, a bar of a chart), as UIKit's `UIAccessibilityElement`. List it in the
/// container's `accessibilityElements`.
@MainActor open class AccessibilityElement {
    /// The view (or element) this one is part of.
    public weak var accessibilityContainer: AnyObject?

    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
    }

    /// Whether the screen reader stops here (default true).
    open var isAccessibilityElement = true
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityTraits: AccessibilityTraits = .none

    /// The element's rectangle in its container view's bounds: it follows the container
    /// as it moves (`accessibilityFrame` set directly does not).
    open var accessibilityFrameInContainerSpace: CGRect = .zero {
        didSet { frameInScreen = nil }
    }

    /// Set directly: a fixed rectangle in screen coordinates.
    private var frameInScreen: CGRect?

    /// The element's rectangle in screen coordinates.
    open var accessibilityFrame: CGRect {
        get {
            if let frameInScreen { return frameInScreen }
            guard let container = accessibilityContainer as? View else { return accessibilityFrameInContainerSpace }
            return container.boundingBox(of: accessibilityFrameInContainerSpace, container.convertToScreen)
        }
        set { frameInScreen = newValue }
    }

    private var activationPointStorage: CGPoint?

    /// Where the screen reader's double-tap taps, in screen coordinates (default: the frame's middle).
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let activationPointStorage { return activationPointStorage }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set { activationPointStorage = newValue }
    }

    /// Does what a tap would; true when handled (default false: a tap at the activation point).
    open func accessibilityActivate() -> Bool { false }
    open func accessibilityIncrement() {}
    open func accessibilityDecrement() {}
}
