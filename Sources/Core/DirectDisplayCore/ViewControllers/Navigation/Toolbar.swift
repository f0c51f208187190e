import Foundation

/// A bar of buttons, as UIKit's `UIToolbar`: its items side by side from the left,
/// flexible spaces sharing the room the others leave, fixed spaces their width.
/// Light grey with a hairline along the top.
@MainActor open class Toolbar: View, BarButtonItemHost {
    /// The bar's standard height, in points.
    public static let height: CGFloat = 44

    /// The items, left to right.
    open var items: [BarButtonItem]? {
        get { itemList }
        set { setItems(newValue, animated: false) }
    }

    private var itemList: [BarButtonItem]?
    /// One button per item that is not a space (nil for spaces), in the items' order.
    private var buttons: [BarItemButton?] = []
    private let hairline = View()

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.97)
        hairline.backgroundColor = Color(white: 0, alpha: 0.3)
        addSubview(hairline)
    }

    /// Replaces the items (the bar changes at once).
    open func setItems(_ items: [BarButtonItem]?, animated: Bool) {
        for button in buttons.compactMap({ $0 }) { button.removeFromSuperview() }
        for item in itemList ?? [] where item.host === self { item.host = nil }
        itemList = items
        buttons = (items ?? []).map { item in
            item.host = self
            guard !item.isSpace else { return nil }
            let button = BarItemButton(item: item)
            addSubview(button)
            return button
        }
        setNeedsLayout()
    }

    /// A toolbar is `height` points tall and as wide as offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    func barButtonItemDidChange(_ item: BarButtonItem) {
        for case let button? in buttons where button.item === item { button.update() }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let pixel = 1 / (window?.screen?.scale ?? 1)
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: pixel)
        let items = itemList ?? []
        let widths = zip(items, buttons).map { item, button -> CGFloat in
            if let button { return button.preferredWidth }
            return item.systemItem == .fixedSpace ? item.width : 0
        }
        let flexible = items.filter { $0.systemItem == .flexibleSpace }.count
        let spare = max(bounds.width - 2 * BarItemButton.padding - widths.reduce(0, +), 0)
        let share = flexible > 0 ? (spare / CGFloat(flexible)).rounded(.down) : 0
        var x = BarItemButton.padding
        for (index, item) in items.enumerated() {
            let width = item.systemItem == .flexibleSpace ? share : widths[index]
            buttons[index]?.frame = CGRect(x: x, y: pixel, width: width, height: bounds.height - pixel)
            x += width
        }
    }
}
