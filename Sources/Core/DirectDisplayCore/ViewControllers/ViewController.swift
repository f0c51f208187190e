import Foundation

/// Manages a view and its life on screen, as UIKit's `UIViewController`:
/// the view loads lazily, appearance callbacks follow its window, and size
/// changes (rotation, a new mode) are passed down to child controllers.
@MainActor open class ViewController: Responder {
    private var viewStorage: View?
    /// Child view controllers, in the order added.
    public private(set) var children: [ViewController] = []
    /// The controller this one is a child of.
    public private(set) weak var parent: ViewController?
    /// A short name for the controller's content (it titles the navigation item too, as UIKit's).
    open var title: String? {
        didSet { navigationItemStorage?.title = title }
    }
    private var appearing: Bool?
    /// The navigation item, once asked for (ViewController+Navigation.swift).
    var navigationItemStorage: NavigationItem?
    /// The toolbar items (ViewController+Navigation.swift).
    var toolbarItemsStorage: [BarButtonItem]?

    // Presentation (ViewController+Presentation.swift).
    /// How `present(_:animated:completion:)` shows this controller. The default is
    /// `.fullScreen`: UIKit's `.automatic` means a page sheet, a phone's card stack with
    /// no meaning on a fixed panel.
    open var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// How presenting and dismissing this controller animate.
    open var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// The controller this one presents, kept alive until dismissed.
    var presentedStorage: ViewController?
    /// The controller that presented this one.
    weak var presenterStorage: ViewController?
    /// What presenting this controller changed, for its dismissal to undo.
    var modalPresentation: ModalPresentation?

    public override init() { super.init() }

    /// The controller's root view, loaded on first access with `loadView()` then `viewDidLoad()`.
    open var view: View! {
        get {
            loadViewIfNeeded()
            return viewStorage
        }
        set {
            viewStorage?.owningViewController = nil
            viewStorage = newValue
            newValue?.owningViewController = self
        }
    }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { viewStorage }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { viewStorage != nil }

    /// Loads the view now if it has not been.
    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { view = View(frame: .zero) }
        viewDidLoad()
    }

    /// Override to create the view and assign it to `view`; the default makes a plain `View`.
    open func loadView() { view = View(frame: .zero) }

    /// Called once after the view loaded.
    open func viewDidLoad() {}
    /// Called before the view is added to a visible window.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view was added to a visible window.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves a visible window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left a visible window.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Orientations the controller's window may take on a rotated screen.
    open var supportedInterfaceOrientations: InterfaceOrientationMask { .all }

    /// Called when the view is about to change size (rotation or a new
    /// screen mode); the default passes the call to every child.
    open func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    // MARK: Presentation (ViewController+Presentation.swift)

    /// Shows `controller` over this one (the root of its parent chain presents it), in the
    /// style of its `modalPresentationStyle`, animated by its `modalTransitionStyle`
    /// (0.3 s on the display clock) unless `animated` is false. `completion` runs on a later
    /// turn of the event loop once the transition ended. As UIKit, refused with one log line
    /// (and no completion): a controller already presented or a child of another; a presenter
    /// already presenting or in a transition; a presenter whose view is in no window.
    open func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        presentModally(controller, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one presents (with every controller it presents in
    /// turn), or, if it presents none, this controller from its presenter. The dismissed
    /// controller animates out as it came in unless `animated` is false; `completion` runs on
    /// a later turn of the event loop once it is gone. With nothing to dismiss, one log
    /// line, and `completion` still runs, as UIKit's.
    open func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        dismissModally(animated: animated, completion: completion)
    }

    // MARK: Containment

    /// Adds a child controller (add its view to yours yourself, then call `child.didMove(toParent: self)`).
    open func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent (call `willMove(toParent: nil)` and remove the view first).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Appearance

    /// Starts an appearance change: calls viewWillAppear or viewWillDisappear
    /// here and on children whose views are inside this view.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        guard appearing != isAppearing else { return }
        if isAppearing { loadViewIfNeeded() }
        appearing = isAppearing
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in childrenShown { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends an appearance change: calls viewDidAppear or viewDidDisappear here and on those children.
    public func endAppearanceTransition(animated: Bool = false) {
        guard let isAppearing = appearing else { return }
        if isAppearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
        for child in childrenShown { child.endAppearanceTransition(animated: animated) }
        if !isAppearing { appearing = nil }
    }

    private var childrenShown: [ViewController] {
        guard let view = viewStorage else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) ?? false }
    }

    // MARK: Responder chain

    /// A controller passes events to its view's superview (the window for a root view controller).
    open override var next: Responder? { viewStorage?.superview }

    override var responderWindow: Window? { viewStorage?.window }
}

/// Describes a size change in progress, as UIKit's transition coordinator.
/// Changes here are immediate, so alongside blocks run at once and completions right after.
@MainActor public final class TransitionCoordinator {
    /// How long the change animates (0: it is immediate).
    public let transitionDuration: TimeInterval = 0
    private var completions: [@MainActor (TransitionCoordinator) -> Void] = []

    init() {}

    /// Runs `animation` now and keeps `completion` for when the change is done.
    @discardableResult
    public func animate(
        alongsideTransition animation: (@MainActor (TransitionCoordinator) -> Void)?,
        completion: (@MainActor (TransitionCoordinator) -> Void)? = nil
    ) -> Bool {
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    func complete() {
        let pending = completions
        completions = []
        for completion in pending { completion(self) }
    }
}
