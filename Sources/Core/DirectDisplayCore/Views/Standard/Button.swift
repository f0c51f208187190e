import Foundation

/// A control that runs its actions when tapped, as UIKit's `UIButton`: a title and
/// an image per state (a state without its own uses the `.normal` one), shown side
/// by side, image first, centred in the bounds. A tap (`touchUpInside`) also sends
/// `.primaryActionTriggered`. A `.custom` button (`init(frame:)`) has a white title;
/// a `.system` one (`init(type: .system)`) a title in `tintColor`, faded while
/// highlighted and grey while disabled.
@MainActor open class Button: Control {
    /// How the button looks by default, as UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Sendable {
        /// Titles white unless set.
        case custom
        /// Titles in the tint colour unless set.
        case system
    }

    /// The button's type: `.custom` unless made with `init(type:primaryAction:)`.
    public private(set) var buttonType = ButtonType.custom

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? currentTitle }
        set { super.accessibilityLabel = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? defaultAccessibilityTraits }
        set { super.accessibilityTraits = newValue }
    }

    /// `.button`, with `.notEnabled` while disabled and `.selected` while selected.
    private var defaultAccessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = .button
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }

    /// Shows the current title; its font and line break mode may be changed.
    public let titleLabel = Label()
    /// Shows the current image.
    public let imageView = ImageView()

    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var images: [State: Image] = [:]

    /// A button; a `primaryAction` runs on taps and gives the button its title and image.
    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
        titleLabel.font = .systemFont(ofSize: 15)
        titleLabel.lineBreakMode = .byTruncatingMiddle
        titleLabel.textAlignment = .center
        imageView.contentMode = .scaleAspectFit
        addSubview(imageView)
        addSubview(titleLabel)
        if let primaryAction {
            if !primaryAction.title.isEmpty { titles[.normal] = primaryAction.title }
            if let image = primaryAction.image { images[.normal] = image }
        }
        updateContent()
    }

    /// A button of `type`; a `primaryAction` runs on taps and gives the button its title and image.
    public convenience init(type: ButtonType, primaryAction: Action? = nil) {
        self.init(frame: .zero, primaryAction: primaryAction)
        buttonType = type
        updateContent()
    }

    // MARK: Per-state content

    /// The title for `state` (nil: that state uses the `.normal` title).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        updateContent()
    }

    /// The title shown in `state`: its own, else the `.normal` one.
    open func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// The title colour for `state` (nil: that state uses the `.normal` colour).
    open func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        updateContent()
    }

    /// The title colour in `state`: its own, else the `.normal` one; without one, a
    /// custom button's is white and a system button's the tint (UIKit's defaults).
    open func titleColor(for state: State) -> Color? {
        if let own = titleColors[state] { return own }
        switch buttonType {
        case .custom:
            return titleColors[.normal] ?? .white
        case .system:
            if state.contains(.disabled) { return Self.disabledSystemTitleColor }
            let normal = titleColors[.normal] ?? tintColor!
            return state.contains(.highlighted) ? normal.withAlphaComponent(normal.alpha * 0.3) : normal
        }
    }

    /// A disabled system button's title: UIKit's grey.
    static let disabledSystemTitleColor = Color(white: 0.6)

    /// The image for `state` (nil: that state uses the `.normal` image).
    open func setImage(_ image: Image?, for state: State) {
        images[state] = image
        updateContent()
    }

    /// The image shown in `state`: its own, else the `.normal` one.
    open func image(for state: State) -> Image? { images[state] ?? images[.normal] }

    /// What the button shows now.
    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: Color { titleColor(for: state) ?? .white }
    public var currentImage: Image? { image(for: state) }

    override func stateDidChange() {
        super.stateDidChange()
        updateContent()
    }

    /// A system button's default title colour is the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if buttonType == .system { updateContent() }
    }

    private func updateContent() {
        titleLabel.text = currentTitle
        titleLabel.textColor = currentTitleColor
        imageView.image = currentImage
        setNeedsLayout()
    }

    // MARK: Taps, size and layout

    /// A tap is also the button's primary action.
    open override func sendActions(for events: Event) {
        super.sendActions(for: events.contains(.touchUpInside) ? events.union(.primaryActionTriggered) : events)
    }

    /// The image and the title side by side.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let content = contentSizes(width: .greatestFiniteMagnitude)
        return CGSize(
            width: content.image.width + content.title.width, height: max(content.image.height, content.title.height))
    }

    /// The image and the title side by side.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = contentSizes(width: bounds.width)
        let total = content.image.width + content.title.width
        var x = (bounds.midX - total / 2).rounded()
        imageView.frame = CGRect(
            x: x, y: (bounds.midY - content.image.height / 2).rounded(), width: content.image.width,
            height: content.image.height)
        x += content.image.width
        titleLabel.frame = CGRect(
            x: x, y: (bounds.midY - content.title.height / 2).rounded(), width: content.title.width,
            height: content.title.height)
    }

    /// The image's size and the title's, the title narrowed to what `width` leaves it.
    private func contentSizes(width: CGFloat) -> (image: CGSize, title: CGSize) {
        let image = currentImage?.size ?? .zero
        var title = currentTitle.map { _ in titleLabel.sizeThatFits(.zero) } ?? .zero
        title.width = min(title.width, max(width - image.width, 0))
        return (image, title)
    }
}
