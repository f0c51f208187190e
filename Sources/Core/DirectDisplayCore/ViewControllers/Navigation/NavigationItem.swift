import Foundation

/// What a navigation bar shows while a controller is on top, as UIKit's
/// `UINavigationItem`: its title (or a view in its place), the bar button items at
/// either side, and how the back button to it looks from the controller above.
@MainActor open class NavigationItem {
    /// The title in the middle of the bar (a controller's `title` sets it).
    open var title: String? { didSet { itemDidChange() } }
    /// Shown in the middle instead of the title.
    open var titleView: View? { didSet { itemDidChange() } }
    /// The items at the left, first leftmost; they replace the back button.
    open var leftBarButtonItems: [BarButtonItem]? { didSet { itemDidChange() } }
    /// The items at the right, first rightmost (as UIKit's).
    open var rightBarButtonItems: [BarButtonItem]? { didSet { itemDidChange() } }
    /// The back button shown for this item by the controller pushed above it (its title is used).
    open var backBarButtonItem: BarButtonItem? { didSet { itemDidChange() } }
    /// The back button's title for this item, seen from the controller above ("Back" when neither is set).
    open var backButtonTitle: String? { didSet { itemDidChange() } }
    /// Hides the back button while this item is on top.
    open var hidesBackButton = false { didSet { itemDidChange() } }

    /// The bar showing the item, told when it changes.
    weak var navigationBar: NavigationBar?

    /// An item titled `title`.
    public init(title: String? = nil) { self.title = title }

    /// The first left item.
    open var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first right item.
    open var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// Hides or shows the back button (the bar changes at once).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    /// Sets the left item.
    open func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the right item.
    open func setRightBarButton(_ item: BarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Sets the left items.
    open func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the right items.
    open func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    /// The title of the back button that leads back to this item.
    var backTitle: String {
        backButtonTitle ?? backBarButtonItem?.title ?? title ?? "Back"
    }

    private func itemDidChange() { navigationBar?.itemDidChange(self) }
}
