import Foundation
import Typesetting

/// Read-only text, as UIKit's `UILabel`: one line by default, truncated at the tail
/// with an ellipsis; `numberOfLines` 0 wraps as many lines as the text needs. The
/// text is centred vertically in the bounds. Touches pass through a label (its
/// `isUserInteractionEnabled` is false, as in UIKit).
@MainActor open class Label: View {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? text }
        set { super.accessibilityLabel = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? .staticText }
        set { super.accessibilityTraits = newValue }
    }

    /// The text shown; nil or empty shows nothing.
    open var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    /// The font (default the system font at 17 points, UIKit's label size).
    open var font: Font = .systemFont(ofSize: Font.labelFontSize) {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }

    /// The colour of the text (default black).
    open var textColor: Color = .black {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    /// How lines sit between the left and right edges (default natural).
    open var textAlignment: TextAlignment = .natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }

    /// The most lines shown; 0 shows as many as the text needs (and the bounds hold).
    open var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
    }

    /// How lines break and how text that does not fit ends (default truncating the tail).
    open var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
    }

    /// Creates a label with a frame in its future superview's coordinates.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// The text's size: one line at its full width when `numberOfLines` is 1,
    /// else lines wrapped to `size.width` (unconstrained when it is 0), rounded up
    /// to whole points. Zero for no text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 || size.width <= 0 ? nil : size.width
        guard let layout = layout(width: width, height: nil, numberOfLines: numberOfLines) else { return .zero }
        return CGSize(width: CGFloat(layout.width).rounded(.up), height: CGFloat(layout.height).rounded(.up))
    }

    /// The text's unwrapped size (zero for no text).
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    /// The rectangle the text takes in `bounds`, at its top-left, with as many lines
    /// as fit in the bounds' height and `numberOfLines` (0: no limit).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let layout = layout(width: bounds.width, height: bounds.height, numberOfLines: numberOfLines) else {
            return CGRect(origin: bounds.origin, size: .zero)
        }
        return CGRect(
            x: bounds.minX, y: bounds.minY, width: min(CGFloat(layout.width).rounded(.up), bounds.width),
            height: CGFloat(layout.height).rounded(.up))
    }

    /// Draws the text centred vertically in `rect`; override to change where it goes.
    open func drawText(in rect: CGRect) {
        guard let context = GraphicsContext.current,
            let layout = layout(width: rect.width, height: rect.height, numberOfLines: numberOfLines)
        else { return }
        let top = (rect.minY + (rect.height - CGFloat(layout.height)) / 2).rounded()
        context.draw(layout, at: CGPoint(x: rect.minX, y: top), clippedTo: rect, color: textColor)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Each font's layout of printable ASCII that such text is shaped like (nil: the font cannot).
    private static var asciiTemplates: [FontDescription: TextLayout?] = [:]

    private static func asciiTemplate(for font: FontDescription) -> TextLayout? {
        if let template = asciiTemplates[font] { return template }
        // Few fonts in practice; a program making many sizes starts over rather than grows.
        if asciiTemplates.count >= 32 { asciiTemplates = [:] }
        let template = TextLayout.asciiTemplate(font: font, alignment: .natural)
        asciiTemplates[font] = .some(template)
        return template
    }

    /// The text laid out in `width` (nil: unwrapped) and `height` (nil: any number of lines).
    private func layout(width: CGFloat?, height: CGFloat?, numberOfLines: Int) -> TextLayout? {
        guard let text, !text.isEmpty else { return nil }
        // A width this large (CGFloat.greatestFiniteMagnitude from callers) is no limit, and would overflow pango's units.
        let boxWidth = width.flatMap { $0 < 1e6 ? Double(max($0, 0)) : nil }
        let maximumHeight = height.flatMap { $0 < 1e6 ? Double($0) : nil }
        let layoutFont = font.layoutFont
        let alignment = textAlignment.layoutAlignment
        // A short ASCII line (a table row's title) shaped without a layout: most of a layout's cost is fixed.
        if let template = Self.asciiTemplate(for: layoutFont),
            let shaped = TextLayout.shapedLine(
                text, shapedLike: template, font: layoutFont, boxWidth: boxWidth, alignment: alignment)
        {
            return shaped
        }
        return TextLayout(
            text: text, font: layoutFont, boxWidth: boxWidth, alignment: alignment,
            lineBreak: lineBreakMode.layoutLineBreak, maximumLines: numberOfLines, maximumHeight: maximumHeight)
    }
}
