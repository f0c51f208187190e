import Compositing
import Foundation
import Geometry
import WindowModel

/// A rectangle on screen with a background colour, subviews and optional
/// drawing, as UIKit's `UIView`. Geometry is in points; `frame` is in the
/// superview's coordinates and `bounds` in the view's own.
@MainActor open class View: Responder {
    private var frameStorage: CGRect
    private var boundsOrigin: CGPoint = .zero
    /// Behind `transform`, `autoresizingMask` and `autoresizesSubviews` (View+Transform, View+Autoresizing).
    var transformStorage: CGAffineTransform = .identity
    var autoresizingMaskStorage: AutoresizingMask = []
    var autoresizesSubviewsStorage = true
    var hiddenStorage = false
    private var backgroundColorStorage: Color?
    private var alphaStorage: CGFloat = 1
    var needsLayout = true {
        didSet { if needsLayout { markSubtreeNeedsLayout() } }
    }
    var needsDisplay = true {
        didSet { if needsDisplay { markSubtreeNeedsDisplay() } }
    }
    /// Whether this view or one below it needs layout (display), set up to the root with
    /// `needsLayout` (`needsDisplay`): a pass walks only those branches, not every view
    /// of the window each frame (a scroll step lays out the table and its indicator, not
    /// the views of its 26 rows). Set on a view means set on its ancestors, outside a pass.
    var subtreeNeedsLayout = true
    var subtreeNeedsDisplay = true
    /// The parts to draw again (bounds coordinates), kept apart while few (see
    /// `setNeedsDisplay(_:)`); empty: all of it.
    var needsDisplayRects: [CGRect] = []
    /// What `draw(_:)` drew since the screen was last composed (bounds coordinates),
    /// for damage; taken by the composition.
    var contentDamage: [CGRect] = []
    /// What the last `draw(_:)` painted, if it painted anything.
    var contentSurface: DrawingSurface?
    /// The bounds' size `contentSurface` was drawn for; placed by `contentMode` when it differs.
    var contentBoundsSize: CGSize = .zero
    /// The view controller whose `view` this is.
    weak var owningViewController: ViewController?
    /// The recognizers attached (`gestureRecognizers`).
    var gestureRecognizerStorage: [GestureRecognizer] = []
    /// Running animations by property (see View+Animation).
    var animations: [PartialKeyPath<Presentation>: any PropertyAnimating] = [:]
    /// Where the background fill is in the window's kept scene, to recolour it in place.
    var fillSlot: FillSlot?
    /// Where the drawn content is in the window's kept scene, to redraw it in place.
    var contentSlot: ContentSlot?
    /// Where the turned fill is in the window's kept scene, to turn it in place.
    var transformSlot: TransformSlot?
    /// Behind `tintColor` and `tintAdjustmentMode`: the view's own (nil, `.automatic`:
    /// inherited) and the effective ones, kept down the tree as they change (View+Tint).
    var ownTintColor: Color?
    var ownTintAdjustmentMode: TintAdjustmentMode = .automatic
    var effectiveTintColor = View.defaultTintColor
    var effectiveTintAdjustmentMode = TintAdjustmentMode.normal

    /// The superview, or nil for a window or a view not in a hierarchy.
    public private(set) weak var superview: View?
    /// Subviews, back to front.
    public private(set) var subviews: [View] = []

    /// Creates a view with a frame in its future superview's coordinates (a
    /// non-finite one is refused: the view starts at `.zero`).
    public init(frame: CGRect = .zero) {
        frameStorage = frame.isFinite ? frame : .zero
        super.init()
        if !frame.isFinite { NonFiniteValueLog.refused("frame", of: self, value: frame, kept: "it is .zero") }
    }

    /// Releases the subview tree one view at a time: each subview this view held the
    /// last reference to gives up its own subviews first, so a deep chain's releases do
    /// not nest one stack frame per level (a 100,000-deep chain would overflow the stack).
    isolated deinit {
        var released = subviews
        subviews = []
        while var view = released.popLast() {
            if isKnownUniquelyReferenced(&view) {
                released.append(contentsOf: view.subviews)
                view.subviews = []
            }
        }
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates: with a transform, the
    /// bounding box of the transformed bounds (see View+Transform.swift for setting it then).
    /// A value with a NaN or infinite component is refused (as for `bounds` and `center`).
    open var frame: CGRect {
        get { transformStorage.isIdentity ? frameStorage : transformedFrame }
        set {
            guard newValue.isFinite else { return NonFiniteValueLog.refused("frame", of: self, value: newValue) }
            untransformedFrame = transformStorage.isIdentity ? newValue : untransformedFrame(forFrame: newValue)
        }
    }

    /// The frame as if the transform were the identity: `center` and `bounds.size`.
    var untransformedFrame: CGRect {
        get { frameStorage }
        set {
            willChangeAnimatable(\.frame, to: newValue)
            let oldSize = frameStorage.size
            // A moved view with nothing but a fill (no subviews, content or transform)
            // changes only where its fill goes: written in place (Recolour.swift).
            if oldSize == newValue.size, subviews.isEmpty, contentSurface == nil, transformStorage.isIdentity,
                superview != nil
            {
                frameStorage = newValue
                return setNeedsRecolour()
            }
            setNeedsCompositeOfScreen()
            frameStorage = newValue
            if oldSize != newValue.size { sizeDidChange(from: oldSize) }
            setNeedsCompositeOfScreen()
        }
    }

    /// The view's rectangle in its own coordinates; changing the origin scrolls the content and subviews.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frameStorage.size) }
        set {
            guard newValue.isFinite else { return NonFiniteValueLog.refused("bounds", of: self, value: newValue) }
            willChangeAnimatable(\.boundsOrigin, to: newValue.origin)
            boundsOrigin = newValue.origin
            let center = self.center
            untransformedFrame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                width: newValue.width, height: newValue.height)
        }
    }

    /// The centre of `frame`, in the superview's coordinates (the transform turns the view about it).
    open var center: CGPoint {
        get { CGPoint(x: frameStorage.midX, y: frameStorage.midY) }
        set {
            guard newValue.isFinite else { return NonFiniteValueLog.refused("center", of: self, value: newValue) }
            untransformedFrame = CGRect(
                x: newValue.x - frameStorage.width / 2, y: newValue.y - frameStorage.height / 2,
                width: frameStorage.width, height: frameStorage.height)
        }
    }

    /// The bounds' size changed: retained content is placed by `contentMode` (drawn
    /// again only for `.redraw`, as in UIKit) and subviews are autoresized.
    func sizeDidChange(from oldSize: CGSize) {
        setNeedsLayout()
        if contentMode == .redraw { setNeedsDisplay() }
        autoresizeSubviews(from: oldSize)
    }

    // MARK: Appearance

    /// The fill behind the view's content; nil draws nothing. A colour with a NaN or
    /// infinite component is refused: the view keeps its colour.
    open var backgroundColor: Color? {
        get { backgroundColorStorage }
        set {
            if let newValue, !newValue.isFinite {
                return NonFiniteValueLog.refused("backgroundColor", of: self, value: newValue)
            }
            willChangeAnimatable(\.backgroundColor, to: newValue)
            backgroundColorStorage = newValue
            setNeedsRecolour()
        }
    }

    /// Opacity of the view and its subviews as a group, 0…1: values outside are
    /// clamped to it, as UIKit's, and NaN is refused. Below 0.01 the view also ignores touches.
    open var alpha: CGFloat {
        get { alphaStorage }
        set {
            guard !newValue.isNaN else { return NonFiniteValueLog.refused("alpha", of: self, value: newValue) }
            let clamped = min(max(newValue, 0), 1)
            let old = alphaStorage
            willChangeAnimatable(\.alpha, to: clamped)
            alphaStorage = clamped
            // With no subviews and no drawn content, the alpha is only in the fill's
            // colour (no group): written in place like a recolour (Recolour.swift).
            if subviews.isEmpty, contentSurface == nil, old > 0, clamped > 0 {
                setNeedsRecolour()
            } else {
                setNeedsCompositeOfScreen()
            }
        }
    }

    /// A hidden view and its subviews are neither drawn nor touched.
    open var isHidden: Bool {
        get { hiddenStorage }
        set {
            guard newValue != hiddenStorage else { return }
            hiddenStorage = newValue
            setNeedsCompositeOfScreen()
        }
    }

    /// Whether subviews are cut to this view's bounds when drawn (default false).
    open var clipsToBounds = false { didSet { setNeedsCompositeOfScreen() } }

    /// How drawn content (and an image view's image) is placed when the bounds' size
    /// differs from the content's (default `.scaleToFill`, as in UIKit).
    open var contentMode: ContentMode = .scaleToFill { didSet { setNeedsCompositeOfScreen() } }

    /// When false, touches ignore this view and its subviews.
    open var isUserInteractionEnabled = true

    /// When false, the view receives only the first of simultaneous touches.
    open var isMultipleTouchEnabled = false

    /// A number to find the view by (`viewWithTag(_:)`).
    open var tag = 0

    // MARK: Accessibility (UIKit's; Accessibility/ has the rest and the screen reader)

    /// What was set through the accessibility properties; nil until one is set.
    var accessibilitySettings: AccessibilitySettings?
    /// The settings to write into (made on the first write).
    var writableAccessibilitySettings: AccessibilitySettings {
        if let accessibilitySettings { return accessibilitySettings }
        let settings = AccessibilitySettings()
        accessibilitySettings = settings
        return settings
    }

    /// Whether a screen reader stops at this view (default false; true for standard
    /// views that show something, as UIKit's labels, buttons and fields).
    open var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? false }
        set { writableAccessibilitySettings.isElement = newValue }
    }

    /// What the view is or does, in a few words, as UIKit's: for screen readers and
    /// for tests finding a view (each on-screen keyboard key carries what it types).
    open var accessibilityLabel: String? {
        get { accessibilitySettings?.label }
        set { writableAccessibilitySettings.label = newValue }
    }

    /// What activating the view does, spoken after a pause ("Opens the settings").
    open var accessibilityHint: String? {
        get { accessibilitySettings?.hint }
        set { writableAccessibilitySettings.hint = newValue }
    }

    /// The view's current value, when it differs from its label (a field's text, "50%").
    open var accessibilityValue: String? {
        get { accessibilitySettings?.value }
        set { writableAccessibilitySettings.value = newValue }
    }

    /// What kind of element the view is and its state (`.button`, `.selected`, …).
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .none }
        set { writableAccessibilitySettings.traits = newValue }
    }

    /// The view's rectangle in screen coordinates (default: its bounds on screen, following
    /// it as it moves; a value set stays where it was set, as UIKit's).
    open var accessibilityFrame: CGRect {
        get { accessibilitySettings?.frame ?? boundsInScreen }
        set { writableAccessibilitySettings.frame = newValue }
    }

    /// Where the screen reader's double-tap taps, in screen coordinates (default: the
    /// middle of `accessibilityFrame`).
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let point = accessibilitySettings?.activationPoint { return point }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set { writableAccessibilitySettings.activationPoint = newValue }
    }

    /// Whether the screen reader skips this view's subviews (default false).
    open var accessibilityElementsHidden: Bool {
        get { accessibilitySettings?.elementsHidden ?? false }
        set { writableAccessibilitySettings.elementsHidden = newValue }
    }

    /// Whether the screen reader, while this view shows, reaches only the elements inside
    /// it and its window's other modal-free views are skipped (an alert, a sheet).
    open var accessibilityViewIsModal: Bool {
        get { accessibilitySettings?.viewIsModal ?? false }
        set { writableAccessibilitySettings.viewIsModal = newValue }
    }

    /// Whether the elements inside are read as a group before what follows it.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilitySettings?.groupsChildren ?? false }
        set { writableAccessibilitySettings.groupsChildren = newValue }
    }

    /// The elements inside, in reading order (views and `AccessibilityElement`s); nil:
    /// the subviews' elements by position.
    open var accessibilityElements: [Any]? {
        get { accessibilitySettings?.elements }
        set { writableAccessibilitySettings.elements = newValue }
    }

    /// Does what a tap would; true when handled. Default false: the screen reader then
    /// taps `accessibilityActivationPoint`.
    open func accessibilityActivate() -> Bool { false }

    /// What the reader says the view is after its traits, for kinds UIKit names without
    /// a trait ("text field"); nil for most views.
    var accessibilityKindWord: String? { nil }

    /// Makes an `.adjustable` element's value larger.
    open func accessibilityIncrement() {}

    /// Makes an `.adjustable` element's value smaller.
    open func accessibilityDecrement() {}

    /// The subview tree's first view (self included) with this tag.
    public func viewWithTag(_ tag: Int) -> View? {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    // MARK: Tint

    /// The colour controls in this view use for their active parts, as UIKit's: nil
    /// (the default) inherits the superview's, the window's being system blue. While
    /// `tintAdjustmentMode` is `.dimmed` it reads as grey.
    open var tintColor: Color! {
        get { effectiveTintAdjustmentMode == .dimmed ? View.dimmedTintColor : effectiveTintColor }
        set {
            if let newValue, !newValue.isFinite {
                return NonFiniteValueLog.refused("tintColor", of: self, value: newValue)
            }
            ownTintColor = newValue
            updateEffectiveTint()
        }
    }

    /// Whether the tint shows as is or dimmed (grey, behind an alert); `.automatic`
    /// (the default) follows the superview. Reads as the mode in effect, never `.automatic`.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTintAdjustmentMode }
        set {
            ownTintAdjustmentMode = newValue
            updateEffectiveTint()
        }
    }

    /// Called when `tintColor` changed: set here or above, the mode changed, or the
    /// view moved under a different tint. Override to redraw with the new tint.
    open func tintColorDidChange() {}

    // MARK: Hierarchy

    /// The window the view is in, if any.
    open var window: Window? { windowStorage }

    /// The window at the root of the view's superviews, kept as the view moves
    /// (`moveSubtree(to:)`): asked on every change, a walk up a deep chain each
    /// time made changes to every view of the chain quadratic.
    private weak var windowStorage: Window?

    /// Calls `body` for this view and then each of its subviews, each before its own
    /// (by a loop), leaving out windows inside and their subviews: the views whose
    /// window changes with this one's, which UIKit tells of the move.
    private final func forEachViewMovingWithIt(_ body: (View) -> Void) {
        // A window moved into a view is its own window still: only it is told, as before.
        guard !(self is Window) else { return body(self) }
        var pending: [View] = [self]
        while let view = pending.popLast() {
            body(view)
            for subview in view.subviews.reversed() where !(subview is Window) { pending.append(subview) }
        }
    }

    /// Sets the window of this view and of its subviews (a window inside keeps its
    /// own, and so do its subviews), by a loop.
    private final func moveSubtree(to newWindow: Window?) {
        guard !(self is Window), windowStorage !== newWindow else { return }
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.windowStorage = newWindow
            for subview in view.subviews where !(subview is Window) { pending.append(subview) }
        }
    }

    /// Adds `view` on top of the subviews, removing it from any other superview first.
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (0 is the back). A view that
    /// is already a subview only changes place, as in UIKit: it stays in its
    /// window, so its touches go on, it stays first responder, and it gets no
    /// willMove/didMove calls.
    open func insertSubview(_ view: View, at index: Int) {
        // A view without subviews contains no other view: no walk up the chain for it.
        precondition(
            view !== self && (view.subviews.isEmpty || !isDescendant(of: view)), "a view cannot contain itself")
        if view.superview === self, let oldIndex = indexOfSubview(view) {
            subviews.remove(at: oldIndex)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            didAddSubview(view)
            setNeedsCompositeOfScreen()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if oldWindow !== newWindow { view.forEachViewMovingWithIt { $0.willMove(toWindow: newWindow) } }
        view.willMove(toSuperview: self)
        view.detachFromSuperview(leavingWindow: oldWindow !== newWindow)
        let clamped = min(max(index, 0), subviews.count)
        subviews.insert(view, at: clamped)
        view.superview = self
        // What it brings that needs a pass is now below this view.
        if view.subtreeNeedsLayout { markSubtreeNeedsLayout() }
        if view.subtreeNeedsDisplay { markSubtreeNeedsDisplay() }
        view.moveSubtree(to: window)
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.forEachViewMovingWithIt { $0.didMoveToWindow() } }
        view.updateEffectiveTint()
        didAddSubview(view)
        setNeedsCompositeOfScreen()
    }

    /// Inserts `view` just above `sibling`.
    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        insertSubview(view, at: indexAfterRemoving(view, relativeTo: sibling) + 1)
    }

    /// Inserts `view` just below `sibling`.
    open func insertSubview(_ view: View, belowSubview sibling: View) {
        insertSubview(view, at: indexAfterRemoving(view, relativeTo: sibling))
    }

    /// The index `sibling` will have once `view` left `subviews` (the end if `sibling` is not a subview).
    private func indexAfterRemoving(_ view: View, relativeTo sibling: View) -> Int {
        let viewIndex = view.superview === self ? indexOfSubview(view) : nil
        guard let siblingIndex = sibling.superview === self ? indexOfSubview(sibling) : nil else {
            return subviews.count - (viewIndex == nil ? 0 : 1)
        }
        if let viewIndex, viewIndex < siblingIndex { return siblingIndex - 1 }
        return siblingIndex
    }

    /// Where `view` is in `subviews`, looked for from both ends at once: removing or
    /// reordering siblings from either end finds each at once, any other in O(n).
    /// Compared by address without retaining each subview on the way.
    final func indexOfSubview(_ view: View) -> Int? {
        let target = Unmanaged.passUnretained(view).toOpaque()
        return subviews.withUnsafeBufferPointer { views in
            views.withMemoryRebound(to: UnsafeRawPointer.self) { addresses in
                var low = 0
                var high = addresses.count - 1
                while low <= high {
                    if addresses[low] == target { return low }
                    if addresses[high] == target { return high }
                    low += 1
                    high -= 1
                }
                return nil
            }
        }
    }

    /// Whether `gestureRecognizer`, attached to this view or an ancestor, may begin
    /// with a touch on this view (UIKit's: true; a ``Control`` refuses a single tap on another view).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Takes the view out of its superview (and so out of its window).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        if oldWindow != nil { forEachViewMovingWithIt { $0.willMove(toWindow: nil) } }
        willMove(toSuperview: nil)
        detachFromSuperview(leavingWindow: true)
        didMoveToSuperview()
        if oldWindow != nil { forEachViewMovingWithIt { $0.didMoveToWindow() } }
        updateEffectiveTint()
    }

    /// `leavingWindow`: the view is not going to a superview in the same window.
    private func detachFromSuperview(leavingWindow: Bool) {
        guard let parent = superview else { return }
        // Touches on this view or inside it end here: its window no longer holds it.
        if let window { Application.shared.cancelTouches(in: window, under: self) }
        if leavingWindow, window != nil { ScreenReader.shared.viewWillLeaveWindow(self) }
        if let window, let first = window.firstResponder as? View, first.isDescendant(of: self) {
            if leavingWindow {
                // Leaving the window is not the responder's choice: forced (a text input's
                // delegate is not asked), and let go even if a subclass refuses.
                Responder.forcingResignation { first.resignFirstResponder() }
                if window.firstResponder === first { window.firstResponder = nil }
            } else {
                _ = first.resignFirstResponder()
            }
        }
        if let index = parent.indexOfSubview(self) { parent.subviews.remove(at: index) }
        // The old window no longer shows it (it may be moving to another window).
        parent.setNeedsCompositeOfScreen()
        superview = nil
        moveSubtree(to: nil)
    }

    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: View) {
        guard view.superview === self, let index = indexOfSubview(view) else { return }
        subviews.remove(at: index)
        subviews.append(view)
        setNeedsCompositeOfScreen()
    }

    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: View) {
        guard view.superview === self, let index = indexOfSubview(view) else { return }
        subviews.remove(at: index)
        subviews.insert(view, at: 0)
        setNeedsCompositeOfScreen()
    }

    /// Whether this view is `view` or lies inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Called before the view moves to another superview (nil: removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to another superview.
    open func didMoveToSuperview() {}
    /// Called before the view, or a superview of it, moves into another window (nil:
    /// out of any window); superviews are told first.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view, or a superview of it, moved into another window; superviews are told first.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout, drawing and hit-testing (overridable)

    /// Override to position subviews; `layoutIfNeeded()` calls it when the view was marked.
    open func layoutSubviews() {}

    /// The size that best fits `size`; a plain view answers its current size, as in
    /// UIKit. Labels, images and buttons answer the size of their content.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view's content wants, as UIKit's: a plain view has none
    /// (`View.noIntrinsicMetric` both ways); labels, images, buttons and the controls
    /// answer their content's or UIKit's fixed size, `noIntrinsicMetric` in a free direction.
    open var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// Override to paint the view's content with `GraphicsContext.current`, in
    /// bounds coordinates; called before the next frame after `setNeedsDisplay()`
    /// with the bounds, after `setNeedsDisplay(_:)` once for each separate part
    /// marked (the context clipped to `rect`; what lies outside it is kept).
    open func draw(_ rect: CGRect) {}

    /// The deepest visible, interactive descendant (or self) containing `point`
    /// (in this view's coordinates). Hidden views, views with alpha below 0.01 and
    /// views with interaction disabled are skipped, and so are views being animated
    /// without `.allowUserInteraction` (as in UIKit); subviews are tried front to back,
    /// and only where the point is inside this view's bounds. Model values count, not
    /// what an animation shows.
    ///
    /// Each subview's `hitTest(_:with:)` is called, so overrides take part, up to
    /// `hitTestNestingLimit` nested calls; deeper than that (only a pathological chain
    /// of views gets there) the walk goes on down by a loop with this default rule, so
    /// no chain, however deep, overflows the stack.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard acceptsHit(at: point, with: event) else { return nil }
        guard View.hitTestNesting < View.hitTestNestingLimit else { return deepestHit(below: point, with: event) }
        View.hitTestNesting += 1
        defer { View.hitTestNesting -= 1 }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    /// Nested `hitTest(_:with:)` calls now running in the default implementation.
    private static var hitTestNesting = 0
    /// Past this many nested calls (about 0.2 MB of stack in a debug build) the default
    /// rule goes on by a loop.
    package static let hitTestNestingLimit = 1_000

    /// Whether the default rule takes a touch at `point` (this view's coordinates) here or below.
    private final func acceptsHit(at point: CGPoint, with event: Event?) -> Bool {
        !ignoresTouchesWhileAnimating
            && HitTestRule.isEligible(
                isHidden: isHidden, alpha: alpha, isUserInteractionEnabled: isUserInteractionEnabled)
            && self.point(inside: point, with: event)
    }

    /// The default rule from this (accepting) view down, by a loop: a view that accepts
    /// a point is the answer unless a subview in front accepts it, so the walk never backs up.
    private final func deepestHit(below point: CGPoint, with event: Event?) -> View {
        var view = self
        var point = point
        descending: while true {
            for subview in view.subviews.reversed() {
                let inSubview = subview.convertFromSuperview(point)
                if subview.acceptsHit(at: inSubview, with: event) {
                    view = subview
                    point = inSubview
                    continue descending
                }
            }
            return view
        }
    }

    /// Whether `point` (in this view's coordinates) is inside the view; override to enlarge or shrink the touch area.
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        HitTestRule.contains(bounds, point)
    }

    // MARK: Responder chain

    /// A view controller's root view passes events to the controller, other views to their superview.
    open override var next: Responder? { owningViewController ?? superview }

    override var responderWindow: Window? { window }

    /// Tells the window that something in it changed (its kept scene is stale and
    /// it needs a layout and display pass) and the screen showing it that its
    /// pixels changed (coalesced per screen). A hidden window is marked too: it
    /// must not show a stale scene when it appears.
    func setNeedsCompositeOfScreen() {
        guard let window else { return }
        window.sceneDidChange(in: self)
        window.needsUpdatePass = true
        guard let screen = window.screen, !window.isHidden else { return }
        screen.setNeedsComposite()
    }
}
