import Foundation

extension ViewController {
    /// The nearest navigation controller among the controller's parents (nil if none).
    public var navigationController: NavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? NavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }

    /// What a navigation bar shows while this controller is on top: made on first use,
    /// titled with the controller's `title`.
    public var navigationItem: NavigationItem {
        if let navigationItemStorage { return navigationItemStorage }
        let item = NavigationItem(title: title)
        navigationItemStorage = item
        return item
    }

    /// The items a navigation controller's toolbar shows while this controller is on top.
    public var toolbarItems: [BarButtonItem]? {
        get { toolbarItemsStorage }
        set { setToolbarItems(newValue, animated: false) }
    }

    /// Sets the toolbar items (the toolbar changes at once).
    public func setToolbarItems(_ toolbarItems: [BarButtonItem]?, animated: Bool) {
        toolbarItemsStorage = toolbarItems
        navigationController?.toolbarItemsDidChange(of: self, animated: animated)
    }
}
