import Foundation

/// A row of dots, one per page, the current one highlighted, as UIKit's
/// `UIPageControl`. A tap on the left half goes back a page, on the right half
/// forward one, and sends `.valueChanged` when the page changed.
@MainActor open class PageControl: Control {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? "page \(currentPage + 1) of \(numberOfPages)" }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isEnabled ? .adjustable : [.adjustable, .notEnabled]) }
        set { super.accessibilityTraits = newValue }
    }

    /// The next page (actions run), as a tap on the right half.
    open override func accessibilityIncrement() { turnPageForAccessibility(by: 1) }

    /// The previous page.
    open override func accessibilityDecrement() { turnPageForAccessibility(by: -1) }

    private func turnPageForAccessibility(by step: Int) {
        let page = currentPage + step
        guard isEnabled, page >= 0, page < numberOfPages else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    /// A dot's diameter and the distance from one dot's centre to the next.
    static let dotSide: CGFloat = 7
    static let dotPitch: CGFloat = 16
    /// UIKit's height.
    package static let height: CGFloat = 26

    /// How many pages (at least 0; a negative number is 0). `currentPage` stays among them.
    open var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            clampCurrentPage()
            setNeedsDisplay()
        }
    }

    /// The page shown, within `0..<numberOfPages` (clamped; 0 without pages). Sends no event.
    open var currentPage = 0 {
        didSet {
            clampCurrentPage()
            if currentPage != oldValue { setNeedsDisplay() }
        }
    }

    /// Whether the dots hide when there is only one page (default false).
    open var hidesForSinglePage = false { didSet { setNeedsDisplay() } }

    /// The other pages' dots (nil: a light grey).
    open var pageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The current page's dot (nil: a dark grey).
    open var currentPageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }

    static let defaultPageIndicatorColor = Color(white: 0, alpha: 0.25)
    static let defaultCurrentPageIndicatorColor = Color(white: 0, alpha: 0.75)

    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
    }

    private func clampCurrentPage() {
        let clamped = min(max(currentPage, 0), max(numberOfPages - 1, 0))
        if clamped != currentPage { currentPage = clamped }
    }

    /// Whether the dots show (not hidden for a single page).
    private var showsDots: Bool { numberOfPages > 0 && !(hidesForSinglePage && numberOfPages == 1) }

    /// The size the dots of `pageCount` pages take.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(pageCount, 0)) * Self.dotPitch, height: Self.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    // MARK: Taps

    open override func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool { showsDots }

    /// A tap (lifted within the tracking area) on a half turns the page.
    open override func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) {
        guard let location = touch?.location(in: self),
            bounds.insetBy(dx: -Self.touchSlack, dy: -Self.touchSlack).contains(location)
        else { return }
        let page = currentPage + (location.x < bounds.midX ? -1 : 1)
        guard page >= 0, page < numberOfPages else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    /// A value change is also the control's primary action (UIKit's, for controls with a value).
    open override func sendActions(for events: Event) {
        super.sendActions(for: events.contains(.valueChanged) ? events.union(.primaryActionTriggered) : events)
    }

    override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard showsDots, let context = GraphicsContext.current else { return }
        let total = CGFloat(numberOfPages) * Self.dotPitch
        let firstX = bounds.midX - total / 2 + (Self.dotPitch - Self.dotSide) / 2
        let y = (bounds.midY - Self.dotSide / 2).rounded()
        // Only the dots within the rect drawn (a million pages are still a short loop).
        let first = max(Int(((rect.minX - firstX - Self.dotSide) / Self.dotPitch).rounded(.up)), 0)
        let last = min(Int(((rect.maxX - firstX) / Self.dotPitch).rounded(.down)), numberOfPages - 1)
        guard first <= last else { return }
        for page in first...last {
            let color =
                page == currentPage
                ? currentPageIndicatorTintColor ?? Self.defaultCurrentPageIndicatorColor
                : pageIndicatorTintColor ?? Self.defaultPageIndicatorColor
            context.fillEllipse(
                in: CGRect(x: firstX + CGFloat(page) * Self.dotPitch, y: y, width: Self.dotSide, height: Self.dotSide),
                with: ControlValue.dimmedIfDisabled(color, isEnabled))
        }
    }
}
