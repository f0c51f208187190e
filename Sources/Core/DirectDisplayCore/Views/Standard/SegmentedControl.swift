import Foundation
import Typesetting

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl`
/// (the tinted look: a `tintColor` outline, the selected segment filled with it).
/// Lifting a finger on an enabled segment other than the selected one selects it
/// and sends `.valueChanged`; with no segments nothing is selected and touches do nothing.
@MainActor open class SegmentedControl: Control {

    // MARK: Accessibility (as UIKit's)

    /// Not an element itself: each segment is one (`accessibilityElements`), as UIKit's.
    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? false }
        set { super.isAccessibilityElement = newValue }
    }

    /// One element per segment, left to right: its title, "2 of 3", a button (selected,
    /// or dimmed when it or the control is disabled); activating one selects it.
    open override var accessibilityElements: [Any]? {
        get {
            if let elements = accessibilitySettings?.elements { return elements }
            return segments.indices.map { SegmentAccessibilityElement(control: self, index: $0) }
        }
        set { super.accessibilityElements = newValue }
    }

    /// The next segment (actions run), as a tap on it.
    open override func accessibilityIncrement() { selectForAccessibility(step: 1) }

    /// The previous segment.
    open override func accessibilityDecrement() { selectForAccessibility(step: -1) }

    private func selectForAccessibility(step: Int) {
        guard isEnabled else { return }
        var index = selectedSegmentIndex < 0 ? (step > 0 ? -1 : numberOfSegments) : selectedSegmentIndex
        repeat { index += step } while index >= 0 && index < numberOfSegments && !isEnabledForSegment(at: index)
        guard index >= 0, index < numberOfSegments else { return }
        _ = selectSegmentForAccessibility(index)
    }

    /// Selects `index` as a tap would (actions run when it changes); false when it cannot.
    fileprivate func selectSegmentForAccessibility(_ index: Int) -> Bool {
        guard isEnabled, index >= 0, index < numberOfSegments, isEnabledForSegment(at: index) else { return false }
        if selectedSegmentIndex != index {
            selectedSegmentIndex = index
            sendActions(for: .valueChanged)
        }
        return true
    }

    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1
    /// UIKit's height.
    package static let height: CGFloat = 32
    static let titleFont = Font.systemFont(ofSize: 13)
    /// Space each side of the widest title in a segment.
    static let titlePadding: CGFloat = 12

    private struct Segment {
        var title: String
        var isEnabled = true
    }

    private var segments: [Segment] = []
    /// The segment under the tracked touch, drawn pressed.
    private var pressedSegment: Int?

    /// The selected segment, or `noSegment`; an index outside the segments selects none. Sends no event.
    open var selectedSegmentIndex: Int = SegmentedControl.noSegment {
        didSet {
            if !segments.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = Self.noSegment }
            if selectedSegmentIndex != oldValue { setNeedsDisplay() }
        }
    }

    /// The number of segments.
    public var numberOfSegments: Int { segments.count }

    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
    }

    /// A control with one segment per title, none selected, sized to fit them.
    public convenience init(items: [String]) {
        self.init(frame: .zero)
        segments = items.map { Segment(title: $0) }
        frame.size = sizeThatFits(.zero)
    }

    // MARK: Segments

    /// Inserts a segment at `index` (clamped to `0...numberOfSegments`); the selected segment stays selected.
    open func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
        let at = min(max(index, 0), segments.count)
        segments.insert(Segment(title: title ?? ""), at: at)
        if selectedSegmentIndex != Self.noSegment, at <= selectedSegmentIndex { selectedSegmentIndex += 1 }
        setNeedsDisplay()
    }

    /// Removes the segment at `index` (none outside the segments); removing the selected one selects none.
    open func removeSegment(at index: Int, animated: Bool) {
        guard segments.indices.contains(index) else { return }
        cancelPress()
        segments.remove(at: index)
        if index == selectedSegmentIndex {
            selectedSegmentIndex = Self.noSegment
        } else if index < selectedSegmentIndex {
            selectedSegmentIndex -= 1
        }
        setNeedsDisplay()
    }

    /// Removes every segment: none is selected.
    open func removeAllSegments() {
        cancelPress()
        segments = []
        selectedSegmentIndex = Self.noSegment
        setNeedsDisplay()
    }

    /// The title of the segment at `index` (nil outside the segments).
    open func titleForSegment(at index: Int) -> String? {
        segments.indices.contains(index) ? segments[index].title : nil
    }

    /// Sets the title of the segment at `index` (nothing outside the segments).
    open func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].title = title ?? ""
        setNeedsDisplay()
    }

    /// Enables or disables one segment (a disabled one cannot be picked; it stays selected if it was).
    open func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].isEnabled = enabled
        if !enabled, pressedSegment == index { pressedSegment = nil }
        setNeedsDisplay()
    }

    /// Whether the segment at `index` is enabled (false outside the segments).
    open func isEnabledForSegment(at index: Int) -> Bool {
        segments.indices.contains(index) && segments[index].isEnabled
    }

    // MARK: Size and geometry

    /// Equal segments, each as wide as the widest title and its padding; 32 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard !segments.isEmpty else { return CGSize(width: 0, height: Self.height) }
        let widest = segments.map { Self.titleWidth($0.title) }.max() ?? 0
        return CGSize(width: CGFloat(segments.count) * (widest + 2 * Self.titlePadding), height: Self.height)
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    private static func titleWidth(_ title: String) -> CGFloat {
        guard !title.isEmpty else { return 0 }
        return CGFloat(TextLayout(text: title, font: titleFont.layoutFont, boxWidth: nil).width).rounded(.up)
    }

    /// The rectangle of the segment at `index`: the bounds cut into equal parts.
    fileprivate func segmentRect(_ index: Int) -> CGRect {
        let width = bounds.width / CGFloat(max(segments.count, 1))
        return CGRect(x: bounds.minX + CGFloat(index) * width, y: bounds.minY, width: width, height: bounds.height)
    }

    /// The segment at `point` (bounds coordinates), if it is over one.
    private func segment(at point: CGPoint) -> Int? {
        guard !segments.isEmpty, bounds.width > 0, bounds.contains(point) else { return nil }
        let index = Int((point.x - bounds.minX) / (bounds.width / CGFloat(segments.count)))
        return min(max(index, 0), segments.count - 1)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        pressSegment(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: DirectDisplayCore.Event?) -> Bool {
        pressSegment(at: touch.location(in: self))
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: DirectDisplayCore.Event?) {
        let lifted = touch.flatMap { segment(at: $0.location(in: self)) }
        cancelPress()
        guard let lifted, segments[lifted].isEnabled, lifted != selectedSegmentIndex else { return }
        selectedSegmentIndex = lifted
        sendActions(for: .valueChanged)
    }

    open override func cancelTracking(with event: DirectDisplayCore.Event?) { cancelPress() }

    private func pressSegment(at point: CGPoint) {
        var pressed = segment(at: point)
        if let index = pressed, !segments[index].isEnabled { pressed = nil }
        guard pressed != pressedSegment else { return }
        pressedSegment = pressed
        setNeedsDisplay()
    }

    private func cancelPress() {
        guard pressedSegment != nil else { return }
        pressedSegment = nil
        setNeedsDisplay()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
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

    static let disabledTitleColor = Color(white: 0.7)

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let tint = ControlValue.dimmedIfDisabled(tintColor, isEnabled)
        let outline = bounds.insetBy(dx: 0.5, dy: 0.5)
        guard outline.width > 0, outline.height > 0 else { return }
        let radius: CGFloat = 4
        context.fillRoundedRect(outline, cornerRadius: radius, with: .white)
        for index in segments.indices {
            let part = segmentRect(index)
            if index == selectedSegmentIndex {
                context.clipped(to: part) { context.fillRoundedRect(outline, cornerRadius: radius, with: tint) }
            } else if index == pressedSegment {
                let pressed = tint.withAlphaComponent(tint.alpha * 0.2)
                context.clipped(to: part) { context.fillRoundedRect(outline, cornerRadius: radius, with: pressed) }
            }
            if index > 0 {
                context.strokeLine(
                    from: CGPoint(x: part.minX.rounded() + 0.5, y: outline.minY),
                    to: CGPoint(x: part.minX.rounded() + 0.5, y: outline.maxY), with: tint)
            }
            let titleColor: Color =
                !segments[index].isEnabled || !isEnabled
                ? Self.disabledTitleColor : index == selectedSegmentIndex ? .white : tint
            let lineHeight = Self.titleFont.lineHeight
            let titleBox = CGRect(
                x: part.minX + 4, y: (part.midY - lineHeight / 2).rounded(), width: max(part.width - 8, 0),
                height: lineHeight.rounded(.up))
            context.draw(
                segments[index].title, in: titleBox, font: Self.titleFont, color: titleColor, alignment: .center,
                lineBreakMode: .byTruncatingTail, numberOfLines: 1)
        }
        context.addRoundedRect(outline, cornerRadius: radius)
        context.strokePath(with: tint, lineWidth: 1)
    }
}

/// A segment of a `SegmentedControl` as the screen reader sees it.
@MainActor private final class SegmentAccessibilityElement: AccessibilityElement {
    private weak var control: SegmentedControl?
    private let index: Int

    init(control: SegmentedControl, index: Int) {
        self.control = control
        self.index = index
        super.init(accessibilityContainer: control)
        accessibilityFrameInContainerSpace = control.segmentRect(index)
    }

    override var accessibilityLabel: String? {
        get { control?.titleForSegment(at: index) }
        set {}
    }

    override var accessibilityValue: String? {
        get { control.map { "\(index + 1) of \($0.numberOfSegments)" } }
        set {}
    }

    override var accessibilityTraits: AccessibilityTraits {
        get {
            guard let control else { return .button }
            var traits: AccessibilityTraits = .button
            if control.selectedSegmentIndex == index { traits.insert(.selected) }
            if !control.isEnabled || !control.isEnabledForSegment(at: index) { traits.insert(.notEnabled) }
            return traits
        }
        set {}
    }

    override func accessibilityActivate() -> Bool { control?.selectSegmentForAccessibility(index) ?? false }
}
