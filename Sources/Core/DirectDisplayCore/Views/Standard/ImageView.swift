import Foundation

/// Shows an image placed in its bounds by `contentMode`, as UIKit's `UIImageView`:
/// scaled to fill by default, aspect fit (letterboxed), aspect fill (cropped to the
/// bounds) or at its size pinned to a side or corner. Touches pass through (its
/// `isUserInteractionEnabled` is false, as in UIKit).
@MainActor open class ImageView: View {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? false }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .image }
        set { super.accessibilityTraits = newValue }
    }

    /// The image shown; nil shows nothing but the background.
    open var image: Image? {
        didSet { if image !== oldValue { setNeedsDisplay() } }
    }

    open override var contentMode: ContentMode {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }

    /// An image view as large as `image` (in points), at the origin.
    public init(image: Image?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image is placed anew by `contentMode` in the new bounds (drawn again:
    /// crisper than scaling what was drawn for the old size).
    override func sizeDidChange(from oldSize: CGSize) {
        super.sizeDidChange(from: oldSize)
        setNeedsDisplay()
    }

    /// The image's size in points (zero without one).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }

    /// The image's size; without one, none (`noIntrinsicMetric`), as UIKit's.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func draw(_ rect: CGRect) {
        guard let image, let context = GraphicsContext.current else { return }
        // The content never reaches beyond the bounds here: aspect fill is cropped to them.
        context.draw(image, in: contentMode.rect(forContentOf: image.size, in: bounds))
    }
}
