import Foundation

/// Told when a navigation controller shows another controller, as UIKit's
/// `UINavigationControllerDelegate` (both methods optional).
@MainActor public protocol NavigationControllerDelegate: AnyObject {
    /// Before `viewController` is shown (after the appearance callbacks' `viewWillAppear`).
    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// After `viewController` is shown (its transition finished; not for a cancelled interactive pop).
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) {}
}

/// A stack of view controllers shown one at a time under a navigation bar, as UIKit's
/// `UINavigationController`: each pushed controller is a child, its view slides in from
/// the right over 0.35 s on the display clock (the one under moves left by a third) and
/// slides back out when popped, by the bar's back button or by a swipe from the left
/// edge of the screen that follows the finger (``interactivePopGestureRecognizer``).
///
/// Only one transition runs at a time: pushes, pops and `setViewControllers` asked for
/// while one runs (animated or under the finger) are ignored, with a log line.
@MainActor open class NavigationController: ViewController {
    /// How long a push or pop slides, in seconds.
    public static let transitionDuration: TimeInterval = 0.35

    /// The bar at the top; the controller manages its items.
    public let navigationBar = NavigationBar()
    /// The toolbar at the bottom, showing the top controller's `toolbarItems` (hidden by default).
    public let toolbar = Toolbar()
    /// Told when controllers are shown.
    public weak var delegate: (any NavigationControllerDelegate)?
    /// The swipe from the left edge that pops the top controller (a `ScreenEdgePanGestureRecognizer`);
    /// it does nothing at the root. Disable it to keep the swipe from popping.
    public var interactivePopGestureRecognizer: GestureRecognizer? { edgePan }

    private var stack: [ViewController] = []
    private var transition: Transition?
    private var navigationBarHidden = false
    private var toolbarHidden = true
    private lazy var edgePan: ScreenEdgePanGestureRecognizer = {
        let pan = ScreenEdgePanGestureRecognizer { [weak self] pan in self?.interactivePopChanged(pan) }
        pan.edges = .left
        pan.delegate = edgePanDelegate
        return pan
    }()
    private let edgePanDelegate = InteractivePopDelegate()

    /// A navigation controller with `rootViewController` at the bottom of its stack.
    public init(rootViewController: ViewController) {
        super.init()
        setUp()
        setViewControllers([rootViewController], animated: false)
    }

    /// A navigation controller with an empty stack.
    public override init() {
        super.init()
        setUp()
    }

    private func setUp() {
        edgePanDelegate.navigationController = self
        navigationBar.backButtonAction = { [weak self] in self?.popViewController(animated: true) }
    }

    // MARK: The stack

    /// The stack, root first; setting it is `setViewControllers(_:animated:)` without animation.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { stack.last }

    /// The controller whose view shows: the one presented over the navigation controller
    /// (the last of a chain), else the top one.
    public var visibleViewController: ViewController? {
        var shown = presentedViewController
        while let next = shown?.presentedViewController { shown = next }
        return shown ?? stack.last
    }

    /// Pushes `viewController` on the stack and shows it, sliding in from the right when
    /// `animated` and on screen. One already in this stack or another's, a navigation controller
    /// or one of this controller's ancestors is refused (UIKit raises), as is a push during a transition.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        if let problem = refusal(of: [viewController]) ?? transitionRefusal() {
            return log("pushViewController(_:animated:) ignored: \(problem)")
        }
        if stack.contains(where: { $0 === viewController }) {
            return log("pushViewController(_:animated:) ignored: \(viewController) is already in the stack")
        }
        change(to: stack + [viewController], animated: animated, operation: .push)
    }

    /// Pops the top controller and returns it; nil (and nothing happens) at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        if let problem = transitionRefusal() {
            log("popViewController(animated:) ignored: \(problem)")
            return nil
        }
        change(to: Array(stack.dropLast()), animated: animated, operation: .pop)
        return top
    }

    /// Pops every controller above the root; returns them, bottom first (none at the root).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them, bottom first. A controller
    /// not in the stack pops nothing and returns nil (UIKit raises).
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            log("popToViewController(_:animated:) ignored: \(viewController) is not in the stack")
            return nil
        }
        guard index < stack.count - 1 else { return [] }
        if let problem = transitionRefusal() {
            log("popToViewController(_:animated:) ignored: \(problem)")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        change(to: Array(stack[...index]), animated: animated, operation: .pop)
        return popped
    }

    /// Replaces the stack. A new top slides in as a push, unless it was in the stack
    /// already (then as a pop); controllers no longer in it leave as children. A list
    /// naming a controller twice, or holding a navigation controller, is refused.
    open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        if let problem = refusal(of: viewControllers) ?? transitionRefusal() {
            return log("setViewControllers(_:animated:) ignored: \(problem)")
        }
        for (index, controller) in viewControllers.enumerated()
        where viewControllers[..<index].contains(where: { $0 === controller }) {
            return log("setViewControllers(_:animated:) ignored: \(controller) is in the list twice")
        }
        let wasInStack = viewControllers.last.map { top in stack.contains { $0 === top } } ?? true
        change(to: viewControllers, animated: animated, operation: wasInStack ? .pop : .push)
    }

    // MARK: Bars

    /// Whether the navigation bar is hidden (the top controller's view then reaches the top).
    public var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Hides or shows the navigation bar, sliding it up or down when `animated`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHidden else { return }
        navigationBarHidden = hidden
        barsDidChange(animated: animated)
    }

    /// Whether the toolbar is hidden (the default, as UIKit's).
    public var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }

    /// Hides or shows the toolbar, sliding it down or up when `animated`.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        barsDidChange(animated: animated)
    }

    /// The top controller's toolbar items changed.
    func toolbarItemsDidChange(of controller: ViewController, animated: Bool) {
        guard controller === stack.last else { return }
        toolbar.setItems(controller.toolbarItems, animated: animated)
    }

    // MARK: The view

    open override func loadView() {
        let container = NavigationContainerView(controller: self)
        view = container
        containerDidLoad(container)
    }

    /// Adds the bars, the edge swipe and the top controller's view to a newly loaded view.
    private func containerDidLoad(_ container: View) {
        container.addSubview(toolbar)
        container.addSubview(navigationBar)
        container.addGestureRecognizer(edgePan)
        updateBars()
        if let top = stack.last {
            top.view.frame = contentFrame
            container.insertSubview(top.view, at: 0)
        }
    }

    /// Where the top controller's view goes: below the navigation bar, above the toolbar.
    private var contentFrame: CGRect {
        guard let bounds = viewIfLoaded?.bounds else { return .zero }
        let top = navigationBarHidden ? 0 : NavigationBar.height
        let bottom = toolbarHidden ? 0 : Toolbar.height
        return CGRect(x: 0, y: top, width: bounds.width, height: max(bounds.height - top - bottom, 0))
    }

    /// Places the bars (a hidden bar just outside the view, for sliding) and, between
    /// transitions, the top controller's view.
    fileprivate func layoutContainer() {
        guard let bounds = viewIfLoaded?.bounds else { return }
        navigationBar.frame = CGRect(
            x: 0, y: navigationBarHidden ? -NavigationBar.height : 0, width: bounds.width,
            height: NavigationBar.height)
        toolbar.frame = CGRect(
            x: 0, y: toolbarHidden ? bounds.height : bounds.height - Toolbar.height, width: bounds.width,
            height: Toolbar.height)
        if transition == nil, let top = stack.last?.viewIfLoaded, top.superview === viewIfLoaded {
            top.frame = contentFrame
        }
    }

    private func barsDidChange(animated: Bool) {
        guard let container = viewIfLoaded else { return }
        if !navigationBarHidden { navigationBar.isHidden = false }
        if !toolbarHidden { toolbar.isHidden = false }
        let hideHiddenBars = { [weak self] in
            guard let self else { return }
            self.navigationBar.isHidden = self.navigationBarHidden
            self.toolbar.isHidden = self.toolbarHidden
        }
        guard animated, container.isOnScreen else {
            layoutContainer()
            return hideHiddenBars()
        }
        View.animate(withDuration: Self.transitionDuration, delay: 0) {
            self.layoutContainer()
        } completion: { _ in
            hideHiddenBars()
        }
    }

    /// Shows the stack's items on the navigation bar and the top controller's toolbar items.
    private func updateBars() {
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        toolbar.setItems(stack.last?.toolbarItems, animated: false)
        navigationBar.isHidden = navigationBarHidden
        toolbar.isHidden = toolbarHidden
        viewIfLoaded?.setNeedsLayout()
    }

    // MARK: Transitions

    private enum Operation { case push, pop }

    /// A change of the top controller under way.
    private struct Transition {
        let from: ViewController?
        let to: ViewController?
        let operation: Operation
        let previousStack: [ViewController]
        let added: [ViewController]
        let removed: [ViewController]
        /// Whether the appearance callbacks run (the view was in a visible window when it began).
        let callsAppearance: Bool
        let animated: Bool
    }

    /// Makes `newStack` the stack: containment first (UIKit's willMove), then the
    /// appearance callbacks and the slide, then didMove and the delegate's didShow.
    private func change(to newStack: [ViewController], animated: Bool, operation: Operation) {
        guard
            let transition = beginTransition(to: newStack, animated: animated, operation: operation, interactive: false)
        else { return }
        guard transition.animated, let from = transition.from?.view, let to = transition.to?.view else {
            return finishTransition()
        }
        let content = contentFrame
        let width = content.width
        if operation == .push {
            to.frame = content.offsetBy(dx: width, dy: 0)
        } else {
            to.frame = content.offsetBy(dx: -width / 3, dy: 0)
        }
        View.animate(withDuration: Self.transitionDuration, delay: 0) {
            to.frame = content
            from.frame = content.offsetBy(dx: operation == .push ? -width / 3 : width, dy: 0)
        } completion: { [weak self] _ in
            self?.finishTransition()
        }
    }

    /// Starts a transition to `newStack`; nil when the view has no transition to show
    /// (not loaded, or the same top: then it is all done at once).
    private func beginTransition(
        to newStack: [ViewController], animated: Bool, operation: Operation, interactive: Bool
    ) -> Transition? {
        let previous = stack
        let from = previous.last
        let to = newStack.last
        let removed = previous.filter { old in !newStack.contains { $0 === old } }
        let added = newStack.filter { new in !previous.contains { $0 === new } }
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in added { addChild(controller) }
        stack = newStack
        guard let container = viewIfLoaded, from !== to else {
            if from === to { updateBars() }
            for controller in removed { controller.removeFromParent() }
            for controller in added { controller.didMove(toParent: self) }
            return nil
        }
        let visible = container.window.map { !$0.isHidden } ?? false
        let animate = (animated || interactive) && visible && container.isOnScreen && from != nil && to != nil
        to?.loadViewIfNeeded()
        if visible {
            from?.beginAppearanceTransition(false, animated: animate)
            to?.beginAppearanceTransition(true, animated: animate)
        }
        if let to { delegate?.navigationController(self, willShow: to, animated: animate) }
        if !interactive { updateBars() }
        if let toView = to?.view {
            toView.frame = contentFrame
            if let fromView = from?.viewIfLoaded, fromView.superview === container {
                if operation == .push {
                    container.insertSubview(toView, aboveSubview: fromView)
                } else {
                    container.insertSubview(toView, belowSubview: fromView)
                }
            } else {
                container.insertSubview(toView, at: 0)
            }
        }
        let transition = Transition(
            from: from, to: to, operation: operation, previousStack: previous, added: added, removed: removed,
            callsAppearance: visible, animated: animate)
        self.transition = transition
        return transition
    }

    /// Ends the running transition as asked: the old top's view leaves, the callbacks finish.
    private func finishTransition() {
        guard let transition else { return }
        self.transition = nil
        if let fromView = transition.from?.viewIfLoaded, transition.from !== stack.last {
            fromView.removeFromSuperview()
        }
        updateBars()
        layoutContainer()
        if transition.callsAppearance {
            transition.from?.endAppearanceTransition(animated: transition.animated)
            transition.to?.endAppearanceTransition(animated: transition.animated)
        }
        for controller in transition.removed { controller.removeFromParent() }
        for controller in transition.added { controller.didMove(toParent: self) }
        if let to = transition.to { delegate?.navigationController(self, didShow: to, animated: transition.animated) }
        // A new page for the screen reader: its first element (the bar's back button or
        // title) is focused and spoken, also where other windows share the screen.
        Accessibility.post(notification: .screenChanged, argument: view)
    }

    /// Undoes an interactive pop given up: the popped controller stays on top. The callbacks
    /// are UIKit's: the one under gets viewWillDisappear and viewDidDisappear, the top one
    /// viewWillAppear and viewDidAppear again (and didMove(toParent:) with this controller).
    private func cancelTransition() {
        guard let transition else { return }
        self.transition = nil
        transition.to?.viewIfLoaded?.removeFromSuperview()
        stack = transition.previousStack
        updateBars()
        layoutContainer()
        if transition.callsAppearance {
            transition.to?.beginAppearanceTransition(false, animated: true)
            transition.to?.endAppearanceTransition(animated: true)
            transition.from?.beginAppearanceTransition(true, animated: true)
            transition.from?.endAppearanceTransition(animated: true)
        }
        for controller in transition.removed { controller.didMove(toParent: self) }
    }

    // MARK: Interactive pop

    /// Whether the edge swipe may start a pop now.
    fileprivate var canPopInteractively: Bool {
        stack.count > 1 && transition == nil && viewIfLoaded?.window.map { !$0.isHidden } == true
    }

    /// How fast a lift must move rightwards to complete the pop wherever the finger is, in points per second.
    static let completingVelocity: CGFloat = 300

    private func interactivePopChanged(_ pan: ScreenEdgePanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard canPopInteractively,
                beginTransition(to: Array(stack.dropLast()), animated: true, operation: .pop, interactive: true)
                    != nil
            else { return }
            followFinger(pan)
        case .changed:
            followFinger(pan)
        case .ended:
            guard let progress = followFinger(pan) else { return }
            let velocity = pan.velocity(in: view).x
            let completes =
                velocity > Self.completingVelocity || (progress > 0.5 && velocity >= -Self.completingVelocity)
            settleInteractivePop(completing: completes, from: progress)
        case .cancelled:
            guard let progress = followFinger(pan) else { return }
            settleInteractivePop(completing: false, from: progress)
        default:
            break
        }
    }

    /// Places the two views for the finger's translation; returns the progress (0…1), nil without an interactive pop.
    @discardableResult
    private func followFinger(_ pan: PanGestureRecognizer) -> CGFloat? {
        guard let transition, transition.operation == .pop, let from = transition.from?.viewIfLoaded,
            let to = transition.to?.viewIfLoaded
        else { return nil }
        let content = contentFrame
        guard content.width > 0 else { return 0 }
        let progress = min(max(pan.translation(in: view).x / content.width, 0), 1)
        View.performWithoutAnimation {
            from.frame = content.offsetBy(dx: (progress * content.width).rounded(), dy: 0)
            to.frame = content.offsetBy(dx: (-(1 - progress) * content.width / 3).rounded(), dy: 0)
        }
        return progress
    }

    /// Slides the rest of the way (or back) in the time the remaining distance takes at the full slide's pace.
    private func settleInteractivePop(completing: Bool, from progress: CGFloat) {
        guard let transition, let from = transition.from?.viewIfLoaded, let to = transition.to?.viewIfLoaded else {
            return
        }
        let content = contentFrame
        let remaining = completing ? 1 - progress : progress
        View.animate(
            withDuration: max(Self.transitionDuration * Double(remaining), 0.05), delay: 0, options: .curveEaseOut
        ) {
            if completing {
                from.frame = content.offsetBy(dx: content.width, dy: 0)
                to.frame = content
            } else {
                from.frame = content
                to.frame = content.offsetBy(dx: -content.width / 3, dy: 0)
            }
        } completion: { [weak self] _ in
            if completing { self?.finishTransition() } else { self?.cancelTransition() }
        }
    }

    // MARK: Bad input

    /// Why `controllers` cannot be in the stack, if they cannot.
    private func refusal(of controllers: [ViewController]) -> String? {
        for controller in controllers {
            if controller is NavigationController {
                return "\(controller) is a navigation controller (pushing one is not supported)"
            }
            if let other = controller.parent as? NavigationController, other !== self {
                return "\(controller) is in another navigation controller's stack"
            }
            var ancestor: ViewController? = self
            while let current = ancestor {
                if current === controller { return "\(controller) contains this navigation controller" }
                ancestor = current.parent
            }
        }
        return nil
    }

    private func transitionRefusal() -> String? {
        transition == nil ? nil : "a transition is under way (it is not queued)"
    }

    private func log(_ message: String) { StderrLog.info("NavigationController: \(message)") }
}

/// A navigation controller's own view: lays out the bars and the top controller's view.
@MainActor final class NavigationContainerView: View {
    private weak var controller: NavigationController?

    init(controller: NavigationController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = .white
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutContainer()
    }
}

/// Lets the edge swipe begin only when there is something to pop.
@MainActor private final class InteractivePopDelegate: GestureRecognizerDelegate {
    weak var navigationController: NavigationController?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        navigationController?.canPopInteractively == true
    }
}
