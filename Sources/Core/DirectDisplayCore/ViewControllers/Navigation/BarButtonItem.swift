import Foundation

/// A button on a navigation bar or a toolbar, as UIKit's `UIBarButtonItem`: a title,
/// an image or a system item, running its ``primaryAction`` when tapped. Spaces
/// (`.flexibleSpace`, `.fixedSpace`) place the others on a toolbar.
@MainActor open class BarButtonItem {
    /// How an item's title is drawn, as UIKit's `UIBarButtonItem.Style`.
    public enum Style: Sendable, Hashable {
        /// Regular weight.
        case plain
        /// Bold: the item that finishes the task.
        case done
    }

    /// The standard items, as UIKit's `UIBarButtonItem.SystemItem`; each shows its own title.
    public enum SystemItem: Sendable, Hashable {
        case done, cancel, edit, save, add
        /// Takes the room the other items leave on a toolbar, shared with the other flexible spaces.
        case flexibleSpace
        /// Takes ``BarButtonItem/width`` points.
        case fixedSpace
    }

    /// The text shown (nil for a system item: it shows its own).
    open var title: String? { didSet { itemDidChange() } }
    /// The image shown when there is no title.
    open var image: Image? { didSet { itemDidChange() } }
    /// Plain or bold.
    open var style: Style { didSet { itemDidChange() } }
    /// A disabled item shows grey and runs no action.
    open var isEnabled = true { didSet { itemDidChange() } }
    /// Runs when the item is tapped.
    open var primaryAction: Action? { didSet { itemDidChange() } }
    /// The width of a `.fixedSpace` (and of any item, if positive; 0: as wide as its content).
    open var width: CGFloat = 0 { didSet { itemDidChange() } }
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?

    /// The bar or toolbar showing the item, told when it changes.
    weak var host: (any BarButtonItemHost)?

    /// An item showing `title` (or the action's title when nil).
    public init(title: String?, style: Style = .plain, primaryAction: Action? = nil) {
        self.title = title ?? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.style = style
        self.primaryAction = primaryAction
        systemItem = nil
    }

    /// An item showing `image` (or the action's image when nil).
    public init(image: Image?, style: Style = .plain, primaryAction: Action? = nil) {
        self.image = image ?? primaryAction?.image
        self.style = style
        self.primaryAction = primaryAction
        systemItem = nil
    }

    /// A standard item: `.done` shows a bold "Done", `.add` a "+", the spaces nothing.
    public init(systemItem: SystemItem, primaryAction: Action? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        style = systemItem == .done || systemItem == .save ? .done : .plain
    }

    /// A flexible space, for toolbars.
    public static func flexibleSpace() -> BarButtonItem { BarButtonItem(systemItem: .flexibleSpace) }

    /// A space `width` points wide, for toolbars.
    public static func fixedSpace(_ width: CGFloat) -> BarButtonItem {
        let item = BarButtonItem(systemItem: .fixedSpace)
        item.width = width.isFinite ? max(width, 0) : 0
        return item
    }

    /// Whether the item is a space rather than a button.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// The text the item's button shows: its title, else its system item's.
    var shownTitle: String? {
        if let title { return title }
        switch systemItem {
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .edit: return "Edit"
        case .save: return "Save"
        case .add: return "+"
        case .flexibleSpace, .fixedSpace, nil: return nil
        }
    }

    private func itemDidChange() { host?.barButtonItemDidChange(self) }
}

/// A bar that shows bar button items and redraws one when it changes.
@MainActor protocol BarButtonItemHost: AnyObject {
    func barButtonItemDidChange(_ item: BarButtonItem)
}

/// The button a bar shows for an item: its title (bold for `.done`) or image in the bars'
/// blue, grey when disabled; a tap runs the item's primary action.
@MainActor final class BarItemButton: Button {
    /// iOS's system blue, until views have a tint colour.
    static let tint = Color(red: 0, green: 0.478, blue: 1)
    /// Room left and right of the content.
    static let padding: CGFloat = 8

    let item: BarButtonItem

    init(item: BarButtonItem) {
        self.item = item
        super.init(frame: .zero)
        setTitleColor(Self.tint, for: .normal)
        setTitleColor(Self.tint.withAlphaComponent(0.3), for: .highlighted)
        setTitleColor(Color(white: 0.6), for: .disabled)
        addAction(
            Action { [weak self] _ in
                // The sender is the item, as UIKit's.
                guard let self, self.item.isEnabled, let action = self.item.primaryAction else { return }
                action.perform(sender: self.item)
            }, for: .touchUpInside)
        update()
    }

    /// Shows the item as it is now.
    func update() {
        titleLabel.font = item.style == .done ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        if item.systemItem == .add { titleLabel.font = .systemFont(ofSize: 26) }
        setTitle(item.shownTitle, for: .normal)
        // The screen reader says "Add, button", not "+".
        accessibilityLabel = item.title == nil && item.systemItem == .add ? "Add" : nil
        setImage(item.shownTitle == nil ? item.image : nil, for: .normal)
        isEnabled = item.isEnabled
        setNeedsLayout()
    }

    /// The item's width: its own, else its content's and the padding.
    var preferredWidth: CGFloat {
        if item.width > 0 { return item.width }
        return sizeThatFits(.zero).width.rounded(.up) + 2 * Self.padding
    }
}
