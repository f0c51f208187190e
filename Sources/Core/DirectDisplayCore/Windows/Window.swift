import Foundation

/// A view that is the root of what a screen shows, as UIKit's `UIWindow`.
/// A new window is hidden; `makeKeyAndVisible()` shows it and makes it the
/// key window (the one receiving presses), `isHidden = false` only shows it.
@MainActor open class Window: View {
    /// Posted with the window as `object` when it is shown.
    public nonisolated static let didBecomeVisibleNotification = Notification.Name(
        "DirectDisplay.Window.didBecomeVisible")
    /// Posted with the window as `object` when it is hidden.
    public nonisolated static let didBecomeHiddenNotification = Notification.Name(
        "DirectDisplay.Window.didBecomeHidden")
    /// Posted with the window as `object` when it becomes the key window.
    public nonisolated static let didBecomeKeyNotification = Notification.Name("DirectDisplay.Window.didBecomeKey")
    /// Posted with the window as `object` when it stops being the key window.
    public nonisolated static let didResignKeyNotification = Notification.Name("DirectDisplay.Window.didResignKey")

    private var screenStorage: Screen?
    private var levelStorage: Level = .normal
    /// The responder that receives presses first while this window is key.
    weak var firstResponder: Responder? {
        didSet { if firstResponder !== oldValue { Application.shared.keyboardController.setNeedsUpdate() } }
    }
    /// Changes with anything the window shows; its kept scene is valid for one value.
    /// Unique among all windows (a view's `FillSlot` names the window's scene by it).
    private(set) var sceneVersion = Window.nextSceneVersion()
    /// Views recoloured since the window's scene was last flattened or recoloured.
    var pendingRecolours: [View] = []
    /// Views to be drawn again in place (`View.setNeedsRedraw`) since then.
    var pendingRedraws: [View] = []
    /// Whether the window's kept scene has changes in place pending.
    var hasChangesInPlace: Bool { !pendingRecolours.isEmpty || !pendingRedraws.isEmpty }
    /// The flattened scene of the last frame that showed the window.
    var keptScene: WindowScene?
    /// Something in the window may need layout or drawing before the next frame.
    var needsUpdatePass = true

    private static var sceneVersions: UInt64 = 0
    /// The latest `sceneVersion` given to any window: unchanged, no window changed.
    static var latestSceneVersion: UInt64 { sceneVersions }

    private static func nextSceneVersion() -> UInt64 {
        sceneVersions &+= 1
        passRequests &+= 1
        return sceneVersions
    }

    /// Counts changes that need a layout and display pass: every new scene version,
    /// and views to be drawn again in place (which keep the version).
    private(set) static var passRequests: UInt64 = 0

    /// A view of the window is to be drawn again, its kept scene staying valid.
    func requestUpdatePass() {
        needsUpdatePass = true
        Window.passRequests &+= 1
    }

    /// Where what changed since the kept scene was flattened lies: a change inside one
    /// scroll view's subtree flattens only that subtree again (`FlattenedScene`).
    var changeScope = SceneChangeScope.nothing {
        didSet {
            switch changeScope {
            case .nothing:
                // Kept for the next frame's changes (a scroll notes one or two each frame).
                if changedViews == nil { changedViews = [] } else { changedViews?.removeAll(keepingCapacity: true) }
            case .window: changedViews = nil
            case .subtree: break
            }
        }
    }
    /// The views that changed since the kept scene was flattened while the scope is one scroll
    /// view's subtree (at most `changedViewsLimit`; nil: more, or unknown), so a scroll step
    /// walks only those again and shifts the rest (`ViewTreeFlattener.addShifted`).
    var changedViews: [View]? = []
    static let changedViewsLimit = 64

    /// Something the window shows changed, anywhere: its kept scene is stale.
    func sceneDidChange() {
        sceneVersion = Window.nextSceneVersion()
        changeScope = .window
    }

    /// `view` (of this window) changed, or its subviews did: its kept scene is stale.
    func sceneDidChange(in view: View) {
        sceneVersion = Window.nextSceneVersion()
        changeScope.add(view)
        guard case .subtree = changeScope, let count = changedViews?.count, changedViews?.last !== view else { return }
        if count < Self.changedViewsLimit { changedViews?.append(view) } else { changedViews = nil }
    }

    /// A hidden window with `frame` in the coordinates of the main screen (nil if none is connected).
    public override init(frame: CGRect) {
        screenStorage = Application.shared.mainScreen
        super.init(frame: frame)
        hiddenStorage = true
        Application.shared.register(self)
    }

    /// A hidden window covering `screen`.
    public init(screen: Screen) {
        screenStorage = screen
        super.init(frame: screen.bounds)
        hiddenStorage = true
        Application.shared.register(self)
    }

    /// A hidden window covering the main screen.
    public convenience init() {
        self.init(frame: Application.shared.mainScreen?.bounds ?? .zero)
    }

    /// The screen showing the window. Setting it moves the window; a window
    /// that covered its old screen is resized to cover the new one.
    open var screen: Screen? {
        get { screenStorage }
        set {
            guard newValue !== screenStorage else { return }
            let old = screenStorage
            if !isHidden { old?.setNeedsComposite() }
            screenStorage = newValue
            Application.shared.windowScreenDidChange()
            if let old, let newValue, frame == old.bounds { frame = newValue.bounds }
            setNeedsCompositeOfScreen()
        }
    }

    /// The window's level; a higher level is always above a lower one. A NaN level
    /// (above nothing, below nothing) is refused: the window keeps its level.
    open var windowLevel: Level {
        get { levelStorage }
        set {
            guard !newValue.rawValue.isNaN else {
                return NonFiniteValueLog.refused("windowLevel", of: self, value: newValue.rawValue)
            }
            guard newValue != levelStorage else { return }
            levelStorage = newValue
            Application.shared.windowLevelDidChange(self)
            setNeedsCompositeOfScreen()
        }
    }

    /// Whether the window is hidden. Showing it does not make it key; hiding
    /// the key window hands key status back to the previous key window.
    open override var isHidden: Bool {
        get { hiddenStorage }
        set { Application.shared.setWindow(self, hidden: newValue) }
    }

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool { Application.shared.keyWindow === self }

    /// Shows the window above the others of its level and makes it key.
    open func makeKeyAndVisible() { Application.shared.makeKeyAndVisible(self) }

    /// Makes a visible window key (and brings it to the front of its level).
    open func makeKey() { Application.shared.makeKey(self) }

    /// Called when the window becomes key, before didBecomeKeyNotification; override to react.
    open func becomeKey() {}

    /// Called when the window stops being key, before didResignKeyNotification; override to react.
    open func resignKey() {}

    /// The view controller whose view fills the window.
    open var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            let visible = !isHidden
            if let oldValue {
                if visible { oldValue.beginAppearanceTransition(false) }
                oldValue.viewIfLoaded?.removeFromSuperview()
                if visible { oldValue.endAppearanceTransition() }
            }
            if let controller = rootViewController {
                if visible { controller.beginAppearanceTransition(true) }
                controller.view.frame = bounds
                addSubview(controller.view)
                if visible { controller.endAppearanceTransition() }
            }
        }
    }

    open override var window: Window? { self }

    /// The application gets what the window does not handle.
    open override var next: Responder? { Application.shared }

    /// The window's own undo manager, which its views and controllers reach
    /// through `undoManager` (UIKit's responders ask the window too).
    open override var undoManager: UndoManager? { ownUndoManager }
    private lazy var ownUndoManager = UndoManager()

    override func sizeDidChange(from oldSize: CGSize) {
        super.sizeDidChange(from: oldSize)
        rootViewController?.viewIfLoaded?.frame = bounds
    }

    /// Delivers an event the application routed to this window: touches to
    /// their views, presses to the first responder (else the window itself).
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            GestureArena.deliver(event, in: self)
        case .presses:
            let target = firstResponder ?? self
            for (phase, presses) in event.pressesByPhase() {
                // A text-taking first responder gets typed text as text, not as presses.
                let rest =
                    target.typedTextInput.map { KeyInputRouting.route(presses, to: $0) }
                    ?? KeyInputRouting.untaken(presses)
                if !rest.isEmpty { target.deliver(rest, phase: phase, with: event) }
            }
        case .scroll:
            hitTest(convertFromScreen(event.scrollLocation(in: nil)), with: event)?.scrollWheel(with: event)
        }
    }
}
