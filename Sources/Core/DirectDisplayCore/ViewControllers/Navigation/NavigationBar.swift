import Foundation

/// The bar at the top of a navigation controller, as UIKit's `UINavigationBar`: it
/// shows its top item's title (or title view) in the middle, its bar button items at
/// the sides and, when there is an item under the top one, a back button with a
/// chevron and that item's back title. Light grey with a hairline along the bottom.
@MainActor open class NavigationBar: View, BarButtonItemHost {
    /// The bar's standard height, in points.
    public static let height: CGFloat = 44

    /// The items, bottom first: the last one is shown, the one under it names the back button.
    open var items: [NavigationItem]? {
        get { itemStack }
        set { setItems(newValue, animated: false) }
    }
    /// The item shown.
    public var topItem: NavigationItem? { itemStack.last }
    /// The item under the top one: the back button leads to it.
    public var backItem: NavigationItem? { itemStack.count > 1 ? itemStack[itemStack.count - 2] : nil }

    /// Runs instead of popping an item when the back button is tapped (a navigation controller pops its controller).
    var backButtonAction: (() -> Void)?

    private var itemStack: [NavigationItem] = []
    private let hairline = View()
    let backButton = BackButton()
    let titleLabel = Label()
    private var leftButtons: [BarItemButton] = []
    private var rightButtons: [BarItemButton] = []
    private var shownTitleView: View?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.97)
        hairline.backgroundColor = Color(white: 0, alpha: 0.3)
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingTail
        titleLabel.accessibilityTraits = [.staticText, .header]
        backButton.addAction(Action { [weak self] _ in self?.backButtonTapped() }, for: .touchUpInside)
        addSubview(titleLabel)
        addSubview(backButton)
        addSubview(hairline)
        reload()
    }

    /// Replaces the items (the bar changes at once).
    open func setItems(_ items: [NavigationItem]?, animated: Bool) {
        for item in itemStack where item.navigationBar === self { item.navigationBar = nil }
        itemStack = items ?? []
        for item in itemStack { item.navigationBar = self }
        reload()
    }

    /// Puts `item` on top.
    open func pushItem(_ item: NavigationItem, animated: Bool) { setItems(itemStack + [item], animated: animated) }

    /// Takes the top item off (the last one stays) and returns it.
    @discardableResult
    open func popItem(animated: Bool) -> NavigationItem? {
        guard itemStack.count > 1, let top = itemStack.last else { return nil }
        setItems(Array(itemStack.dropLast()), animated: animated)
        return top
    }

    /// A bar is `height` points tall and as wide as offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    private func backButtonTapped() {
        if let backButtonAction { backButtonAction() } else { popItem(animated: true) }
    }

    func itemDidChange(_ item: NavigationItem) {
        if item === topItem || item === backItem { reload() }
    }

    func barButtonItemDidChange(_ item: BarButtonItem) {
        for button in leftButtons + rightButtons where button.item === item { button.update() }
        setNeedsLayout()
    }

    /// Makes the views for the top item.
    private func reload() {
        for button in leftButtons + rightButtons {
            if button.item.host === self { button.item.host = nil }
            button.removeFromSuperview()
        }
        shownTitleView?.removeFromSuperview()
        let top = topItem
        leftButtons = (top?.leftBarButtonItems ?? []).filter { !$0.isSpace }.map(BarItemButton.init(item:))
        rightButtons = (top?.rightBarButtonItems ?? []).filter { !$0.isSpace }.map(BarItemButton.init(item:))
        for button in leftButtons + rightButtons {
            button.item.host = self
            addSubview(button)
        }
        shownTitleView = top?.titleView
        if let shownTitleView { addSubview(shownTitleView) }
        titleLabel.text = top?.title
        titleLabel.isHidden = shownTitleView != nil
        backButton.title = backItem?.backTitle ?? "Back"
        backButton.isHidden = backItem == nil || top?.hidesBackButton == true || !leftButtons.isEmpty
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = window?.screen?.scale ?? 1
        let pixel = 1 / scale
        hairline.frame = CGRect(x: 0, y: bounds.height - pixel, width: bounds.width, height: pixel)
        let height = bounds.height - pixel
        var left: CGFloat = 0
        if !backButton.isHidden {
            let width = min(backButton.sizeThatFits(.zero).width, bounds.width / 3)
            backButton.frame = CGRect(x: 0, y: 0, width: width, height: height)
            left = width
        } else {
            left = BarItemButton.padding
        }
        for button in leftButtons {
            let width = button.preferredWidth
            button.frame = CGRect(x: left, y: 0, width: width, height: height)
            left += width
        }
        var right = bounds.width - BarItemButton.padding
        for button in rightButtons {
            let width = button.preferredWidth
            right -= width
            button.frame = CGRect(x: right, y: 0, width: width, height: height)
        }
        // The title centred on the bar when it fits between the sides, else in the room they leave.
        let titleView: View = shownTitleView ?? titleLabel
        var size = titleView.sizeThatFits(CGSize(width: bounds.width, height: height))
        if let shownTitleView, shownTitleView.bounds.size != .zero { size = shownTitleView.bounds.size }
        size.width = min(size.width.rounded(.up), max(right - left, 0))
        size.height = min(size.height.rounded(.up), height)
        var x = (bounds.width - size.width) / 2
        x = min(max(x, left), right - size.width)
        titleView.frame = CGRect(
            x: x.rounded(), y: ((height - size.height) / 2).rounded(), width: size.width, height: size.height)
    }
}

/// The bar's back button: a chevron and the title of the item it leads back to.
@MainActor final class BackButton: Control {
    let titleLabel = Label()
    private let chevron = Chevron()

    var title: String {
        get { titleLabel.text ?? "" }
        set {
            titleLabel.text = newValue
            setNeedsLayout()
        }
    }

    // The screen reader reads the button ("Settings, button"), not its label.
    override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? title }
        set { super.accessibilityLabel = newValue }
    }

    override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .button }
        set { super.accessibilityTraits = newValue }
    }

    override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = BarItemButton.tint
        titleLabel.lineBreakMode = .byTruncatingTail
        chevron.isUserInteractionEnabled = false
        addSubview(chevron)
        addSubview(titleLabel)
    }

    override func stateDidChange() {
        super.stateDidChange()
        let alpha: CGFloat = isHighlighted ? 0.3 : 1
        titleLabel.alpha = alpha
        chevron.alpha = alpha
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(
            width: 8 + Chevron.width + 6 + titleLabel.sizeThatFits(.zero).width.rounded(.up) + 8,
            height: NavigationBar.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        chevron.frame = CGRect(
            x: 8, y: ((bounds.height - Chevron.height) / 2).rounded(), width: Chevron.width, height: Chevron.height)
        let x = chevron.frame.maxX + 6
        titleLabel.frame = CGRect(x: x, y: 0, width: max(bounds.width - x - 8, 0), height: bounds.height)
    }
}

/// The back button's "<", drawn as two strokes.
@MainActor final class Chevron: View {
    static let width: CGFloat = 12
    static let height: CGFloat = 21

    override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        backgroundColor = .clear
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        context.move(to: CGPoint(x: bounds.maxX - 2, y: 2))
        context.addLine(to: CGPoint(x: 2, y: bounds.midY))
        context.addLine(to: CGPoint(x: bounds.maxX - 2, y: bounds.maxY - 2))
        context.strokePath(with: BarItemButton.tint, lineWidth: 3)
    }
}
