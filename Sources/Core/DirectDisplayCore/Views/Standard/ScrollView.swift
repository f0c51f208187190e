import Animation
import Foundation
import InputModel

/// Insets from each edge of a rectangle, in points, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// What a scroll view tells as it scrolls, as UIKit's `UIScrollViewDelegate`; every method
/// has a default that does nothing.
@MainActor public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a deceleration, an animation or a setter).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted with `velocity` (points per millisecond); the content will come to
    /// rest at `targetContentOffset`, which the delegate may change.
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint)
    /// The drag ended; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation of `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The view that zooming scales (a subview); nil (the default): the scroll view does not zoom.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
}

/// A view that scrolls its subviews (its content) by dragging, as UIKit's `UIScrollView`:
/// `contentOffset` is `bounds.origin`, the content is `contentSize` large, and a release
/// coasts with UIKit's deceleration, rubber-bands beyond the edges and springs back
/// (ScrollPhysics). The motion is stepped with the animations, once per frame of its screen
/// at the time that frame reaches the screen, and nothing is scheduled at rest.
@MainActor open class ScrollView: View, FrameSteppedMotion {
    /// How quickly a coast slows down: the fraction of the speed kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Sendable, Hashable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's 0.998.
        public static let normal = DecelerationRate(rawValue: ScrollPhysics.normalDecelerationRate)
        /// UIKit's 0.99.
        public static let fast = DecelerationRate(rawValue: ScrollPhysics.fastDecelerationRate)
    }

    /// The size of the content, in points; negative or non-finite sides are refused.
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize.isFinite, contentSize.width >= 0, contentSize.height >= 0 else {
                NonFiniteValueLog.refused("contentSize", of: self, value: contentSize)
                contentSize = oldValue
                return
            }
        }
    }

    /// Extra room around the content, in points; a non-finite inset is refused.
    open var contentInset: EdgeInsets = .zero {
        didSet {
            guard contentInset.isFinite else {
                NonFiniteValueLog.refused("contentInset", of: self, value: contentInset)
                contentInset = oldValue
                return
            }
        }
    }

    /// Whether the content rubber-bands beyond its edges (true).
    open var bounces = true
    /// Whether a drag rubber-bands vertically even when the content is no taller than the view (false).
    open var alwaysBounceVertical = false
    /// Whether a drag rubber-bands horizontally even when the content is no wider than the view (false).
    open var alwaysBounceHorizontal = false
    /// Whether drags scroll (true).
    open var isScrollEnabled = true {
        didSet {
            panGestureRecognizer.isEnabled = isScrollEnabled
            // A touchpad scroll under way ends where it is, as the pan's drag does.
            if !isScrollEnabled, fingerScroll != nil {
                fingerScroll = nil
                endDrag(velocity: .zero)
            }
        }
    }
    /// Whether scrolling stops on multiples of the bounds' size (false).
    open var isPagingEnabled = false
    /// How quickly a coast slows (`.normal`).
    open var decelerationRate: DecelerationRate = .normal

    /// Whether a finger is on the content and the scroll view follows it.
    public private(set) var isTracking = false
    /// Whether the content is being dragged.
    public private(set) var isDragging = false
    /// Whether the content moves on its own after a drag.
    public private(set) var isDecelerating = false

    /// Whether a thin bar on the right shows where the view is in the content while it
    /// scrolls vertically, fading after (true).
    open var showsVerticalScrollIndicator = true {
        didSet { if !showsVerticalScrollIndicator { verticalIndicator?.alpha = 0 } }
    }
    /// Whether a thin bar at the bottom shows where the view is in the content while it
    /// scrolls horizontally, fading after (true).
    open var showsHorizontalScrollIndicator = true {
        didSet { if !showsHorizontalScrollIndicator { horizontalIndicator?.alpha = 0 } }
    }

    /// Whether a touch reaches the content only once it has not moved for 150 ms (or lifted
    /// before), so a drag that starts on a button scrolls without the button seeing it (true).
    open var delaysContentTouches = true
    /// Whether a drag may take a touch the content already has (true); when false, a touch the
    /// content got stays with it and does not scroll.
    open var canCancelContentTouches = true

    /// Whether a drag that starts in `view` (which already has the touch) takes it from the view
    /// and scrolls; asked only when `canCancelContentTouches`. As UIKit's: true unless `view` is
    /// a `Control`, which keeps the touch it tracks.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// The pan that drags the content; the scroll view owns it.
    public var panGestureRecognizer: PanGestureRecognizer { contentPan }
    private let contentPan = ContentPanGestureRecognizer()

    public weak var delegate: (any ScrollViewDelegate)?

    /// One axis's motion after a release or for an animation.
    private enum AxisMotion {
        case coast(ScrollDeceleration, since: Double)
        case spring(ScrollSpring, since: Double)
        case curve(from: Double, to: Double, timing: AnimationTiming)
    }

    private struct Motion {
        var x: AxisMotion?
        var y: AxisMotion?
        /// A `setContentOffset(_:animated:)` (ends with didEndScrollingAnimation) rather than a coast.
        var isAnimation: Bool
    }

    private var motion: Motion?
    /// Where the drag would put the content without edges (the rubber band shows less of it beyond them).
    private var dragStart = CGPoint.zero

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        contentPan.scrollView = self
        contentPan.addTarget { [weak self] _ in self?.panChanged() }
        addGestureRecognizer(contentPan)
        zoomPinch.scrollView = self
        zoomPinch.addTarget { [weak self] _ in self?.pinchChanged() }
        addGestureRecognizer(zoomPinch)
    }

    // MARK: Offset

    /// The point of the content at the view's top left: `bounds.origin`. Setting it stops any
    /// motion; a non-finite offset is refused and the offset is kept within the scrollable range.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Scrolls to `contentOffset` (within the scrollable range, on the nearest device pixel as
    /// UIKit's), moving there over 0.3 s when `animated`; a non-finite offset is refused.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.isFinite else {
            return NonFiniteValueLog.refused("contentOffset", of: self, value: contentOffset)
        }
        let target = clamped(contentOffset)
        stopMotion()
        guard animated, Application.shared.backend != nil, target != self.contentOffset else {
            return show(onPixels(target))
        }
        let timing = AnimationTiming(beginTime: now, duration: 0.3, curve: .easeInEaseOut)
        let from = self.contentOffset
        startMotion(
            Motion(
                x: .curve(from: from.x, to: target.x, timing: timing),
                y: .curve(from: from.y, to: target.y, timing: timing), isAnimation: true))
    }

    /// Scrolls as little as needed to show `rect` (in the content's coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.isFinite else { return NonFiniteValueLog.refused("scrollRectToVisible", of: self, value: rect) }
        let visible = bounds
        func axis(_ offset: CGFloat, _ length: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            if high - low > length || low < offset { return low }
            if high > offset + length { return high - length }
            return offset
        }
        let target = CGPoint(
            x: axis(visible.minX, visible.width, rect.minX, rect.maxX),
            y: axis(visible.minY, visible.height, rect.minY, rect.maxY))
        setContentOffset(target, animated: animated)
    }

    /// The offsets the content rests at along each axis.
    var horizontalRange: ClosedRange<Double> {
        ScrollPhysics.offsetRange(
            contentLength: contentSize.width, boundsLength: bounds.width, insetBefore: contentInset.left,
            insetAfter: contentInset.right)
    }

    var verticalRange: ClosedRange<Double> {
        ScrollPhysics.offsetRange(
            contentLength: contentSize.height, boundsLength: bounds.height, insetBefore: contentInset.top,
            insetAfter: contentInset.bottom)
    }

    private func clamped(_ offset: CGPoint) -> CGPoint {
        let x = horizontalRange
        let y = verticalRange
        return CGPoint(
            x: min(max(offset.x, x.lowerBound), x.upperBound), y: min(max(offset.y, y.lowerBound), y.upperBound))
    }

    /// `offset` on the device pixels of the scroll view's screen (multiples of 1/scale), as
    /// UIKit's scrolling lands: a drag, a coast, a rubber band, a spring, paging, an animation
    /// or the wheel then moves the content by whole pixels, so every row keeps its pixels and
    /// moves by exactly the scroll (round(y + d) = round(y) + d only for whole d). An app's
    /// `contentOffset =` lands there too, as UIKit's. An axis that does not move keeps its
    /// value (e.g. one set through `bounds`), and
    /// one within its range stays within it (a fractional edge is kept as it is).
    private func onPixels(_ offset: CGPoint) -> CGPoint {
        let scale = window?.screen?.scale ?? 1
        guard scale > 0, scale.isFinite else { return offset }
        let shown = bounds.origin
        func axis(_ value: CGFloat, _ current: CGFloat, _ range: ClosedRange<Double>) -> CGFloat {
            guard value != current else { return value }
            let rounded = (value * scale).rounded() / scale
            guard range.contains(value), !range.contains(rounded) else { return rounded }
            return min(max(rounded, range.lowerBound), range.upperBound)
        }
        return CGPoint(x: axis(offset.x, shown.x, horizontalRange), y: axis(offset.y, shown.y, verticalRange))
    }

    /// Moves the content to `offset` and tells the delegate if it moved.
    private func show(_ offset: CGPoint) {
        guard offset.isFinite, offset != bounds.origin else { return }
        bounds = CGRect(origin: offset, size: bounds.size)
        showIndicators()
        if !isDragging, motion == nil { fadeIndicators() }
        delegate?.scrollViewDidScroll(self)
    }

    // MARK: Indicators

    /// The bars' thickness and their distance from the edges, in points.
    static let indicatorThickness: CGFloat = 3
    static let indicatorMargin: CGFloat = 2
    /// The shortest bar, in points.
    static let indicatorMinimumLength: CGFloat = 20
    /// How long the bars stay after scrolling stops, and how long they take to fade, in seconds.
    static let indicatorFadeDelay = 0.5
    static let indicatorFadeDuration = 0.25

    private var verticalIndicator: View?
    private var horizontalIndicator: View?

    /// The scroll indicators shown now (for tests).
    var visibleIndicators: [View] {
        [verticalIndicator, horizontalIndicator].compactMap { $0 }.filter { $0.alpha > 0 && !$0.isHidden }
    }

    /// Places the bars of the axes that scroll where the bounds are in the content, at full opacity.
    private func showIndicators() {
        let size = bounds.size
        guard size.width > 0, size.height > 0 else { return }
        let thickness = Self.indicatorThickness
        let margin = Self.indicatorMargin
        /// The bar's start and length along an axis of `length` points.
        func bar(_ offset: Double, _ range: ClosedRange<Double>, _ length: Double) -> (Double, Double)? {
            let span = range.upperBound - range.lowerBound
            guard span > 0 else { return nil }
            let track = length - 2 * margin - thickness
            guard track > Self.indicatorMinimumLength else { return nil }
            let barLength = min(max(track * length / (length + span), Self.indicatorMinimumLength), track)
            let fraction = min(max((offset - range.lowerBound) / span, 0), 1)
            return (margin + fraction * (track - barLength), barLength)
        }
        if showsVerticalScrollIndicator, let (start, length) = bar(bounds.minY, verticalRange, size.height) {
            let indicator = verticalIndicator ?? makeIndicator()
            verticalIndicator = indicator
            indicator.frame = CGRect(
                x: bounds.maxX - margin - thickness, y: bounds.minY + start, width: thickness, height: length)
            reveal(indicator)
        }
        if showsHorizontalScrollIndicator, let (start, length) = bar(bounds.minX, horizontalRange, size.width) {
            let indicator = horizontalIndicator ?? makeIndicator()
            horizontalIndicator = indicator
            indicator.frame = CGRect(
                x: bounds.minX + start, y: bounds.maxY - margin - thickness, width: length, height: thickness)
            reveal(indicator)
        }
    }

    private func makeIndicator() -> View {
        let indicator = View()
        indicator.backgroundColor = Color(white: 0, alpha: 0.35)
        indicator.isUserInteractionEnabled = false
        indicator.alpha = 0
        return indicator
    }

    /// Puts a bar in front of the content at full opacity (ending a fade under way).
    private func reveal(_ indicator: View) {
        if indicator.superview !== self {
            addSubview(indicator)
        } else if subviews.last !== indicator, subviews.last !== verticalIndicator,
            subviews.last !== horizontalIndicator
        {
            bringSubviewToFront(indicator)
        }
        if indicator.alpha != 1 { indicator.alpha = 1 }
    }

    /// Fades the bars out after a moment at rest.
    private func fadeIndicators() {
        let shown = visibleIndicators
        guard !shown.isEmpty else { return }
        View.animate(
            withDuration: Self.indicatorFadeDuration, delay: Self.indicatorFadeDelay,
            animations: { for indicator in shown { indicator.alpha = 0 } }, completion: nil)
    }

    // MARK: Dragging

    /// Whether a drag moves the content along each axis: it is longer than the view, or
    /// always bounces that way.
    private var scrollsHorizontally: Bool {
        horizontalRange.upperBound > horizontalRange.lowerBound || alwaysBounceHorizontal
    }

    private var scrollsVertically: Bool {
        verticalRange.upperBound > verticalRange.lowerBound || alwaysBounceVertical
    }

    private func panChanged() {
        if isZooming, panGestureRecognizer.state == .changed { return }
        switch panGestureRecognizer.state {
        case .began:
            // A finger on the screen takes over from a touchpad's.
            fingerScroll = nil
            stopMotion()
            isTracking = true
            isDragging = true
            dragStart = unconstrainedOffset
            delegate?.scrollViewWillBeginDragging(self)
            follow(panGestureRecognizer.translation(in: self))
        case .changed:
            follow(panGestureRecognizer.translation(in: self))
        case .ended, .cancelled:
            guard isDragging else { return }
            let velocity = panGestureRecognizer.state == .ended ? panGestureRecognizer.velocity(in: self) : .zero
            endDrag(velocity: CGPoint(x: -velocity.x / 1000, y: -velocity.y / 1000))
        default:
            break
        }
    }

    /// The offset a drag's finger would give without the rubber band, from the shown offset.
    private var unconstrainedOffset: CGPoint {
        func axis(_ shown: Double, _ range: ClosedRange<Double>, _ dimension: Double) -> Double {
            // The rubber band's inverse: x = d·m/(0.55·(d − m)) for a shown excess m.
            guard dimension > 0 else { return shown }
            let excess = shown < range.lowerBound ? shown - range.lowerBound : max(shown - range.upperBound, 0)
            let moved = min(abs(excess), dimension * 0.999)
            let pull = dimension * moved / (ScrollPhysics.rubberBandCoefficient * (dimension - moved))
            return shown - excess + (excess < 0 ? -pull : pull)
        }
        return CGPoint(
            x: axis(contentOffset.x, horizontalRange, bounds.width),
            y: axis(contentOffset.y, verticalRange, bounds.height))
    }

    private func follow(_ translation: CGPoint) {
        let x =
            scrollsHorizontally
            ? ScrollPhysics.rubberBandedOffset(
                dragStart.x - translation.x, range: horizontalRange, dimension: bounds.width, bounces: bounces)
            : contentOffset.x
        let y =
            scrollsVertically
            ? ScrollPhysics.rubberBandedOffset(
                dragStart.y - translation.y, range: verticalRange, dimension: bounds.height, bounces: bounces)
            : contentOffset.y
        show(onPixels(CGPoint(x: x, y: y)))
    }

    /// The finger lifted with `velocity` (points per millisecond, in content terms): coast,
    /// page or spring back, after the delegate has seen (and may have moved) the target.
    private func endDrag(velocity rawVelocity: CGPoint) {
        let velocity = CGPoint(
            x: scrollsHorizontally && rawVelocity.x.isFinite ? rawVelocity.x : 0,
            y: scrollsVertically && rawVelocity.y.isFinite ? rawVelocity.y : 0)
        let start = contentOffset
        let rate = Double(decelerationRate.rawValue)
        let xRange = horizontalRange
        let yRange = verticalRange
        let natural: CGPoint
        if isPagingEnabled {
            natural = CGPoint(
                x: ScrollPhysics.pagingTarget(
                    offset: start.x, velocity: velocity.x, pageLength: bounds.width, range: xRange),
                y: ScrollPhysics.pagingTarget(
                    offset: start.y, velocity: velocity.y, pageLength: bounds.height, range: yRange))
        } else {
            natural = clamped(
                CGPoint(
                    x: ScrollDeceleration(start: start.x, velocity: velocity.x, rate: rate).restingOffset,
                    y: ScrollDeceleration(start: start.y, velocity: velocity.y, rate: rate).restingOffset))
        }
        var target = natural
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        if !target.isFinite { target = natural }
        let time = now
        func axis(
            _ start: Double, _ velocity: Double, _ target: Double, _ natural: Double, _ range: ClosedRange<Double>
        ) -> AxisMotion? {
            if !range.contains(start) {
                // Released beyond an edge: spring back to it (or to a target the delegate chose).
                let edge = min(max(start, range.lowerBound), range.upperBound)
                let spring = ScrollSpring(start: start, target: target == edge || isPagingEnabled ? target : edge)
                return .spring(spring, since: time)
            }
            if isPagingEnabled || target != natural {
                guard target != start else { return nil }
                return .spring(ScrollSpring(start: start, target: target), since: time)
            }
            let coast = ScrollDeceleration(start: start, velocity: velocity, rate: rate)
            return coast.duration > 0 ? .coast(coast, since: time) : nil
        }
        let next = Motion(
            x: axis(start.x, velocity.x, target.x, natural.x, xRange),
            y: axis(start.y, velocity.y, target.y, natural.y, yRange),
            isAnimation: false)
        let decelerates = next.x != nil || next.y != nil
        isDragging = false
        isTracking = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else { return fadeIndicators() }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        startMotion(next)
    }

    // MARK: Motion on the display clock

    private var now: Double { Application.shared.animator.now }

    private func startMotion(_ next: Motion) {
        motion = next
        guard Application.shared.backend != nil, isOnScreen else {
            // No display clock, or no frames to show it: the motion ends at once.
            return step(to: .infinity)
        }
        Application.shared.animator.startMotion(of: self)
    }

    /// A finger landed: a coast within the range stops under it, as UIKit's, and the touch is
    /// the scroll view's (the content never sees it). True when it caught a coast.
    func catchCoast() -> Bool {
        guard isDecelerating, let motion, !motion.isAnimation, clamped(contentOffset) == contentOffset else {
            return false
        }
        stopMotion()
        fadeIndicators()
        return true
    }

    /// Ends any motion without its delegate call (a new drag, a setter).
    private func stopMotion() {
        if motion != nil { Application.shared.animator.endMotion(of: self) }
        motion = nil
        isDecelerating = false
    }

    func stepMotion(to time: Double) { step(to: time) }

    /// Shows the motion at `time` (a frame's), and ends it when it comes to rest.
    private func step(to frameTime: Double) {
        guard var current = motion else { return }
        // `.infinity`: the end. (The physics takes non-finite times as 0; an hour on, any motion has ended.)
        let time = frameTime.isFinite ? frameTime : now + 3600
        let (x, xMoving) = advance(&current.x, time: time, range: horizontalRange, shown: contentOffset.x)
        let (y, yMoving) = advance(&current.y, time: time, range: verticalRange, shown: contentOffset.y)
        motion = current
        show(onPixels(CGPoint(x: x, y: y)))
        if xMoving || yMoving { return }
        Application.shared.animator.endMotion(of: self)
        motion = nil
        fadeIndicators()
        if current.isAnimation {
            delegate?.scrollViewDidEndScrollingAnimation(self)
        } else {
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    /// One axis at `time`: its offset and whether it still moves. A coast that reaches an edge
    /// bounces off it (a spring from the edge with the coast's speed there) or stops at it.
    private func advance(
        _ axis: inout AxisMotion?, time: Double, range: ClosedRange<Double>, shown: Double
    ) -> (Double, Bool) {
        guard let motion = axis else { return (shown, false) }
        switch motion {
        case .coast(let coast, let since):
            let elapsed = (time - since) * 1000
            let offset = coast.offset(after: elapsed)
            if !range.contains(offset) {
                let edge = offset < range.lowerBound ? range.lowerBound : range.upperBound
                guard bounces, let reached = coast.time(reaching: edge) else {
                    axis = nil
                    return (edge, false)
                }
                let spring = ScrollSpring(start: edge, target: edge, velocity: coast.velocity(after: reached))
                axis = .spring(spring, since: since + reached / 1000)
                return advance(&axis, time: time, range: range, shown: shown)
            }
            if elapsed >= coast.duration {
                axis = nil
                return (offset, false)
            }
            return (offset, true)
        case .spring(let spring, let since):
            let elapsed = (time - since) * 1000
            if elapsed >= spring.duration {
                axis = nil
                return (spring.target, false)
            }
            return (spring.offset(after: elapsed), true)
        case .curve(let from, let to, let timing):
            switch timing.state(at: time) {
            case .finished:
                axis = nil
                return (to, false)
            case .waiting: return (from, true)
            case .running(let progress): return (from + (to - from) * progress, true)
            }
        }
    }

    // MARK: Zooming

    /// The smallest and largest `zoomScale` (1 and 1: no zooming until they differ); a
    /// non-finite or non-positive value is refused.
    open var minimumZoomScale: CGFloat = 1 {
        didSet { if !(minimumZoomScale.isFinite && minimumZoomScale > 0) { minimumZoomScale = oldValue } }
    }
    open var maximumZoomScale: CGFloat = 1 {
        didSet { if !(maximumZoomScale.isFinite && maximumZoomScale > 0) { maximumZoomScale = oldValue } }
    }

    private var zoomScaleStorage: CGFloat = 1
    /// How much the delegate's `viewForZooming(in:)` is scaled (1).
    open var zoomScale: CGFloat {
        get { zoomScaleStorage }
        set { setZoomScale(newValue, animated: false) }
    }

    /// The pinch that zooms; enabled while the delegate gives a view for zooming and the scale
    /// may change.
    public var pinchGestureRecognizer: PinchGestureRecognizer? { zoomPinch }
    private let zoomPinch = ZoomPinchGestureRecognizer()
    /// At the pinch's start: the scale and the point of the unscaled zooming view under the fingers.
    private var pinchStart: (scale: CGFloat, point: CGPoint)?

    /// Scales the zooming view to `scale` (within the minimum and maximum; a non-finite or
    /// non-positive scale is refused), keeping the content's centre in view. `animated` is
    /// accepted for UIKit's signature; the change is immediate.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0 else { return NonFiniteValueLog.refused("zoomScale", of: self, value: scale) }
        guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return }
        let centre = CGPoint(x: (bounds.midX) / zoomScaleStorage, y: (bounds.midY) / zoomScaleStorage)
        apply(scale: clampedZoom(scale), to: view)
        contentOffset = CGPoint(
            x: centre.x * zoomScaleStorage - bounds.width / 2, y: centre.y * zoomScaleStorage - bounds.height / 2)
    }

    private func clampedZoom(_ scale: CGFloat) -> CGFloat {
        let low = min(minimumZoomScale, maximumZoomScale)
        return min(max(scale, low), max(minimumZoomScale, maximumZoomScale))
    }

    /// Scales `view` about the content's origin and makes the content its scaled size.
    private func apply(scale: CGFloat, to view: View) {
        guard scale != zoomScaleStorage || view.transform != CGAffineTransform(scaleX: scale, y: scale) else { return }
        zoomScaleStorage = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        delegate?.scrollViewDidZoom(self)
    }

    private func pinchChanged() {
        guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return }
        let fingers = zoomPinch.location(in: self)
        let onScreen = CGPoint(x: fingers.x - bounds.minX, y: fingers.y - bounds.minY)
        switch zoomPinch.state {
        case .began, .changed:
            if zoomPinch.state == .began {
                // The pinch's scale counts from where the fingers landed; it already shows 5% at its start.
                stopMotion()
                pinchStart = (
                    zoomScaleStorage, CGPoint(x: fingers.x / zoomScaleStorage, y: fingers.y / zoomScaleStorage)
                )
            }
            guard let start = pinchStart else { return }
            apply(scale: clampedZoom(start.scale * zoomPinch.scale), to: view)
            // The point under the fingers stays under them.
            show(
                clamped(
                    CGPoint(
                        x: start.point.x * zoomScaleStorage - onScreen.x,
                        y: start.point.y * zoomScaleStorage - onScreen.y)))
        case .ended, .cancelled:
            pinchStart = nil
            if isDragging {
                // The pan goes on from here, not from where it was before the pinch.
                dragStart = unconstrainedOffset
                panGestureRecognizer.setTranslation(.zero, in: self)
            } else {
                fadeIndicators()
            }
        default:
            break
        }
    }

    /// Whether a pinch may zoom: the delegate gives a subview to zoom and the scale may change.
    var canZoom: Bool {
        minimumZoomScale != maximumZoomScale && delegate?.viewForZooming(in: self)?.superview === self
    }

    /// Whether a pinch zooms now (the pan leaves the offset to it).
    var isZooming: Bool { pinchStart != nil }

    // MARK: Keyboard

    /// A scroll view can be first responder, to scroll by the keyboard.
    open override var canBecomeFirstResponder: Bool { true }

    /// How far an arrow key scrolls, in points; a page key scrolls the bounds less this.
    static let keyboardLineStep: CGFloat = 40

    /// As first responder: the arrows scroll a line, Page Up/Down (and space) a page less a line,
    /// Home/End to the start and the end; animated, each from where the last one is going.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard isScrollEnabled, presses.count == 1, let key = presses.first?.key,
            let target = keyboardTarget(for: key.keyCode)
        else { return super.pressesBegan(presses, with: event) }
        setContentOffset(target, animated: true)
    }

    /// Evdev key codes (linux/input-event-codes.h) the scroll view handles.
    private enum KeyCode {
        static let home: UInt32 = 102
        static let up: UInt32 = 103
        static let pageUp: UInt32 = 104
        static let left: UInt32 = 105
        static let right: UInt32 = 106
        static let end: UInt32 = 107
        static let down: UInt32 = 108
        static let pageDown: UInt32 = 109
        static let space: UInt32 = 57
    }

    private func keyboardTarget(for keyCode: UInt32) -> CGPoint? {
        let from = animationTarget ?? contentOffset
        let line = Self.keyboardLineStep
        let page = max(bounds.height - line, line)
        switch keyCode {
        case KeyCode.up: return CGPoint(x: from.x, y: from.y - line)
        case KeyCode.down: return CGPoint(x: from.x, y: from.y + line)
        case KeyCode.left: return CGPoint(x: from.x - line, y: from.y)
        case KeyCode.right: return CGPoint(x: from.x + line, y: from.y)
        case KeyCode.pageUp: return CGPoint(x: from.x, y: from.y - page)
        case KeyCode.pageDown, KeyCode.space: return CGPoint(x: from.x, y: from.y + page)
        case KeyCode.home: return CGPoint(x: from.x, y: verticalRange.lowerBound)
        case KeyCode.end: return CGPoint(x: from.x, y: verticalRange.upperBound)
        default: return nil
        }
    }

    /// Where a running `setContentOffset(_:animated:)` is going.
    private var animationTarget: CGPoint? {
        guard let motion, motion.isAnimation else { return nil }
        func end(_ axis: AxisMotion?) -> Double? {
            if case .curve(_, let to, _) = axis { return to }
            return nil
        }
        guard let x = end(motion.x), let y = end(motion.y) else { return nil }
        return CGPoint(x: x, y: y)
    }

    // MARK: Wheel and touchpad

    /// A touchpad's two-finger scroll under way: how far the fingers have moved (in the
    /// content's direction) and their recent speed.
    private var fingerScroll: (distance: CGPoint, speed: VelocityEstimator)?

    /// A mouse wheel (or a trackpoint) scrolls the content by its delta at once, within the
    /// scrollable range; two fingers on a touchpad drag it and it coasts on when they lift.
    open override func scrollWheel(with event: Event) {
        guard isScrollEnabled else { return super.scrollWheel(with: event) }
        let delta = event.scrollDelta
        guard delta.dx.isFinite, delta.dy.isFinite else { return }
        if event.scrollSource == .finger { return fingerScrolled(by: delta, event: event) }
        guard !event.isScrollStop else { return }
        let target = clamped(
            CGPoint(
                x: contentOffset.x + (scrollsHorizontally ? delta.dx : 0),
                y: contentOffset.y + (scrollsVertically ? delta.dy : 0)))
        guard target != contentOffset else { return super.scrollWheel(with: event) }
        stopMotion()
        show(onPixels(target))
    }

    /// Two fingers on a touchpad: a drag as a finger on the screen makes (the rubber band
    /// beyond the edges, the delegate's dragging calls), and at libinput's axis stop (the
    /// fingers lifted) the release: a coast with their speed over the last 0.1 s, as after a flick.
    private func fingerScrolled(by delta: ScrollDelta, event: Event) {
        let time = event.timestamp
        guard var scroll = fingerScroll else {
            // Not this scroll view's (a stop after another's scroll, an axis it does not scroll):
            // the views behind may take it.
            guard !event.isScrollStop, !isDragging,
                (scrollsVertically && delta.dy != 0) || (scrollsHorizontally && delta.dx != 0)
            else { return super.scrollWheel(with: event) }
            stopMotion()
            isTracking = true
            isDragging = true
            dragStart = unconstrainedOffset
            let distance = CGPoint(x: delta.dx, y: delta.dy)
            var speed = VelocityEstimator()
            speed.restart(at: ScreenPoint(x: distance.x, y: distance.y), time: time)
            fingerScroll = (distance, speed)
            delegate?.scrollViewWillBeginDragging(self)
            return follow(CGPoint(x: -distance.x, y: -distance.y))
        }
        scroll.distance.x += delta.dx
        scroll.distance.y += delta.dy
        // The stop counts as a sample: fingers held still before lifting end with no speed.
        scroll.speed.add(ScreenPoint(x: scroll.distance.x, y: scroll.distance.y), time: time)
        guard !event.isScrollStop else {
            fingerScroll = nil
            let speed = scroll.speed.velocity
            return endDrag(velocity: CGPoint(x: speed.x / 1000, y: speed.y / 1000))
        }
        fingerScroll = scroll
        follow(CGPoint(x: -scroll.distance.x, y: -scroll.distance.y))
    }
}

/// A scroll view's pan: it holds a touch from the content for 150 ms (`delaysContentTouches`),
/// lets it through if the finger stays still that long, and then scrolls only if the scroll
/// view may take the touch back (`canCancelContentTouches`, `touchesShouldCancel(in:)`).
@MainActor final class ContentPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?
    /// UIKit's wait before a still touch goes to the content, in seconds.
    static let contentTouchDelay = 0.15
    private var contentTouchTimer = GestureTimer()
    /// Whether the content has seen the touches (the delay ran out, or there was none).
    private var contentHasTouches = false

    required init() { super.init() }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches == touches.count, let scrollView {
            if scrollView.catchCoast() {
                // The finger stopped the content: the content does not get its touch.
                for touch in touches { touch.isCancelledForView = true }
            }
            // The first finger: hold it from the content for a while, or give it at once.
            delaysTouchesBegan = scrollView.delaysContentTouches
            contentHasTouches = !delaysTouchesBegan
            if delaysTouchesBegan {
                contentTouchTimer.start(after: Self.contentTouchDelay, name: "scroll view content touch delay") {
                    [weak self] in self?.giveTouchesToContent()
                }
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state == .possible, contentHasTouches, let scrollView, !mayTakeTouches(from: scrollView) {
            return fail()
        }
        super.touchesMoved(touches, with: event)
    }

    /// The scroll view's pinch zooms while this pans.
    override func canRecognize(simultaneouslyWith other: GestureRecognizer) -> Bool {
        other === scrollView?.pinchGestureRecognizer || super.canRecognize(simultaneouslyWith: other)
    }

    override func reset() {
        super.reset()
        contentTouchTimer.stop()
        contentHasTouches = false
    }

    private func giveTouchesToContent() {
        guard state == .possible, numberOfTouches > 0 else { return }
        contentHasTouches = true
        delaysTouchesBegan = false
        GestureArena.stoppedDelaying(self)
    }

    private func mayTakeTouches(from scrollView: ScrollView) -> Bool {
        guard scrollView.canCancelContentTouches else { return false }
        return trackedTouches.allSatisfy { touch in
            guard let view = touch.view, view !== scrollView else { return true }
            return scrollView.touchesShouldCancel(in: view)
        }
    }
}

/// A scroll view's pinch: it zooms while the scroll view's pan pans.
@MainActor final class ZoomPinchGestureRecognizer: PinchGestureRecognizer {
    weak var scrollView: ScrollView?

    required init() { super.init() }

    /// Fails at once when the scroll view cannot zoom, so two fingers on its content are the content's.
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let scrollView, scrollView.canZoom else { return fail() }
        super.touchesBegan(touches, with: event)
    }

    override func canRecognize(simultaneouslyWith other: GestureRecognizer) -> Bool {
        other === scrollView?.panGestureRecognizer || super.canRecognize(simultaneouslyWith: other)
    }
}
