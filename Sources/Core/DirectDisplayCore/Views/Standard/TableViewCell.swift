import Foundation

/// A row of a `TableView`, as UIKit's `UITableViewCell`: a `contentView` holding the
/// standard subviews of its style (`textLabel`, `detailTextLabel`, `imageView`, made when
/// first asked for, as UIKit's), an accessory on the right, a separator line at the bottom,
/// and a grey background while highlighted (touched) or selected. Cells are reused: a table
/// calls `prepareForReuse()` before handing a cell that left the screen out again.
@MainActor open class TableViewCell: View {

    // MARK: Accessibility (as UIKit's)

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? combinedAccessibilityLabel }
        set { super.accessibilityLabel = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isSelected ? .selected : .none) }
        set { super.accessibilityTraits = newValue }
    }

    /// The cell's labels' text, read as one ("Kitchen, 21 °C").
    private var combinedAccessibilityLabel: String? {
        let parts = [textLabelStorage?.text, detailTextLabelStorage?.text].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Which standard subviews a cell has and where they go, as UIKit's `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        /// An image on the left and one label.
        case `default`
        /// A label on the left and a grey detail label on the right.
        case value1
        /// A small blue label on the left and a label after it.
        case value2
        /// A label with a smaller grey detail label under it.
        case subtitle
    }

    /// What the cell shows at its right edge.
    public enum AccessoryType: Int, Sendable {
        case none
        /// A grey chevron: the row leads somewhere.
        case disclosureIndicator
        /// A tick: the row is chosen.
        case checkmark
    }

    /// How a highlighted or selected cell looks: `.none` shows nothing; the others a grey background.
    public enum SelectionStyle: Int, Sendable {
        case none
        case blue
        case gray
        case `default`
    }

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier a table's reuse pool files the cell under (nil: not reused).
    public let reuseIdentifier: String?
    /// The view the cell's content goes in (subviews added by users go here, as in UIKit);
    /// it leaves room for the accessory on the right.
    public let contentView = View()

    /// The left and right margins of the content, in points (UIKit's layout margins).
    static let margin: CGFloat = 16
    /// The accessory's width, in points.
    static let accessoryWidth: CGFloat = 24

    private var textLabelStorage: Label?
    private var detailTextLabelStorage: Label?
    private var imageViewStorage: ImageView?
    /// The line at the bottom; its table sets its colour and whether it shows (`separatorStyle`).
    let separator = View()
    private var accessoryMark: AccessoryMarkView?
    private var selectionBackground: View?

    /// Makes a cell of `style`, filed under `reuseIdentifier` for reuse. Tables make cells of
    /// registered classes through this initializer.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: TableView.defaultRowHeight))
        backgroundColor = .white
        separator.backgroundColor = TableView.defaultSeparatorColor
        separator.isUserInteractionEnabled = false
        addSubview(contentView)
        addSubview(separator)
    }

    // MARK: Standard subviews

    /// The main label (made when first asked for).
    open var textLabel: Label? {
        if let textLabelStorage { return textLabelStorage }
        let label = Label()
        label.font = .systemFont(ofSize: style == .value2 ? 15 : Font.labelFontSize)
        if style == .value2 { label.textColor = Color(red: 0, green: 0.48, blue: 1) }
        textLabelStorage = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The secondary label of the `.subtitle`, `.value1` and `.value2` styles (nil for `.default`,
    /// as in UIKit); made when first asked for.
    open var detailTextLabel: Label? {
        guard style != .default else { return nil }
        if let detailTextLabelStorage { return detailTextLabelStorage }
        let label = Label()
        label.font = .systemFont(ofSize: style == .subtitle ? 12 : Font.labelFontSize)
        label.textColor = style == .value2 ? .black : Color(white: 0.56)
        if style == .value1 { label.textAlignment = .right }
        detailTextLabelStorage = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The image on the left of the `.default` and `.subtitle` styles (nil for the others, as
    /// in UIKit); made when first asked for.
    open var imageView: ImageView? {
        guard style == .default || style == .subtitle else { return nil }
        if let imageViewStorage { return imageViewStorage }
        let view = ImageView()
        view.contentMode = .scaleAspectFit
        imageViewStorage = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    /// What the cell shows on its right (`.none`).
    open var accessoryType: AccessoryType = .none {
        didSet {
            guard accessoryType != oldValue else { return }
            if accessoryType == .none {
                accessoryMark?.removeFromSuperview()
                accessoryMark = nil
            } else {
                let mark = accessoryMark ?? AccessoryMarkView()
                mark.kind = accessoryType
                if mark.superview !== self { addSubview(mark) }
                accessoryMark = mark
            }
            setNeedsLayout()
        }
    }

    /// How the cell looks while highlighted or selected (`.default`: a grey background).
    open var selectionStyle: SelectionStyle = .default {
        didSet { updateSelectionBackground() }
    }

    // MARK: Selection and highlight

    /// Whether the row is selected; shown by a grey background unless `selectionStyle` is `.none`.
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }

    /// Whether a finger is on the row; shown as when selected.
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    private var selected = false
    private var highlighted = false

    /// Selects or deselects the cell; `animated` fades the background (0.25 s) when deselecting.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != self.selected else { return }
        self.selected = selected
        updateSelectionBackground(animated: animated)
    }

    /// Highlights the cell (a finger is on it) or ends the highlight.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != self.highlighted else { return }
        self.highlighted = highlighted
        updateSelectionBackground(animated: animated)
    }

    /// Whether the grey selection background shows now (for tests).
    var showsSelectionBackground: Bool { selectionBackground.map { $0.alpha > 0 && !$0.isHidden } ?? false }

    private func updateSelectionBackground(animated: Bool = false) {
        let shown = (selected || highlighted) && selectionStyle != .none
        guard shown || selectionBackground != nil else { return }
        let background = selectionBackground ?? makeSelectionBackground()
        let alpha: CGFloat = shown ? 1 : 0
        guard background.alpha != alpha else { return }
        if animated, !shown {
            View.animate(withDuration: 0.25) { background.alpha = alpha }
        } else {
            background.alpha = alpha
        }
    }

    private func makeSelectionBackground() -> View {
        let background = View(frame: bounds)
        background.backgroundColor = Color(white: 0.82)
        background.isUserInteractionEnabled = false
        background.alpha = 0
        insertSubview(background, at: 0)
        selectionBackground = background
        return background
    }

    // MARK: Reuse

    /// Called before a table hands the cell out again from its reuse pool: clears the
    /// selection and highlight (the table selects it again if its row is selected) and
    /// the alpha an animation may have left. Override to reset your own state; call super.
    open func prepareForReuse() {
        setHighlighted(false, animated: false)
        setSelected(false, animated: false)
        if alpha != 1 { alpha = 1 }
    }

    // MARK: Layout

    /// Places the content view (less the accessory), the accessory, the separator (a hairline
    /// at the bottom, from the left margin) and the standard subviews of the style.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        let margin = Self.margin
        let accessoryRoom = accessoryMark == nil ? 0 : Self.accessoryWidth + margin / 2
        setFrame(of: contentView, CGRect(x: 0, y: 0, width: max(size.width - accessoryRoom, 0), height: size.height))
        if let accessoryMark {
            setFrame(
                of: accessoryMark,
                CGRect(
                    x: max(size.width - margin - Self.accessoryWidth, 0), y: 0, width: Self.accessoryWidth,
                    height: size.height))
        }
        let hairline = 1 / max(window?.screen?.scale ?? 1, 1)
        setFrame(
            of: separator,
            CGRect(x: margin, y: size.height - hairline, width: max(size.width - margin, 0), height: hairline))
        if let selectionBackground { setFrame(of: selectionBackground, CGRect(origin: .zero, size: size)) }
        layoutStandardSubviews(in: contentView.bounds.size)
    }

    private func layoutStandardSubviews(in size: CGSize) {
        let margin = Self.margin
        var left = margin
        if let imageView = imageViewStorage, let image = imageView.image {
            // The image at its size, no taller than the row, centred vertically.
            let scale = min(1, size.height / max(image.size.height, 1))
            let imageSize = CGSize(width: image.size.width * scale, height: image.size.height * scale)
            setFrame(
                of: imageView,
                CGRect(
                    x: margin, y: (size.height - imageSize.height) / 2, width: imageSize.width, height: imageSize.height
                ))
            left = imageView.frame.maxX + margin
        } else if let imageView = imageViewStorage {
            setFrame(of: imageView, .zero)
        }
        let width = max(size.width - left - margin, 0)
        let text = textLabelStorage
        let detail = detailTextLabelStorage
        switch style {
        case .default:
            if let text { setFrame(of: text, CGRect(x: left, y: 0, width: width, height: size.height)) }
        case .subtitle:
            let hasDetail = !(detail?.text ?? "").isEmpty
            let textHeight: CGFloat = hasDetail ? 22 : size.height
            let top = hasDetail ? max((size.height - 22 - 16) / 2, 0) : 0
            if let text { setFrame(of: text, CGRect(x: left, y: top, width: width, height: textHeight)) }
            if let detail {
                setFrame(of: detail, CGRect(x: left, y: top + 22, width: width, height: hasDetail ? 16 : 0))
            }
        case .value1:
            if let text { setFrame(of: text, CGRect(x: left, y: 0, width: width * 0.6, height: size.height)) }
            if let detail {
                setFrame(of: detail, CGRect(x: left + width * 0.6, y: 0, width: width * 0.4, height: size.height))
            }
        case .value2:
            let labelWidth = min(width * 0.3, 90)
            if let text { setFrame(of: text, CGRect(x: left, y: 0, width: labelWidth, height: size.height)) }
            if let detail {
                setFrame(
                    of: detail,
                    CGRect(x: left + labelWidth + 6, y: 0, width: max(width - labelWidth - 6, 0), height: size.height))
            }
        }
    }

    /// Sets `view`'s frame only when it changes: a layout pass during an animation must not end it.
    private func setFrame(of view: View, _ frame: CGRect) {
        if view.frame != frame { view.frame = frame }
    }
}

/// The chevron or the tick of a cell's accessory, drawn.
@MainActor final class AccessoryMarkView: View {
    var kind: TableViewCell.AccessoryType = .none {
        didSet { if kind != oldValue { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let mid = CGPoint(x: bounds.midX, y: bounds.midY)
        switch kind {
        case .none:
            return
        case .disclosureIndicator:
            context.move(to: CGPoint(x: mid.x - 3, y: mid.y - 7))
            context.addLine(to: CGPoint(x: mid.x + 4, y: mid.y))
            context.addLine(to: CGPoint(x: mid.x - 3, y: mid.y + 7))
            context.strokePath(with: Color(white: 0.7), lineWidth: 2.5)
        case .checkmark:
            context.move(to: CGPoint(x: mid.x - 7, y: mid.y))
            context.addLine(to: CGPoint(x: mid.x - 2, y: mid.y + 6))
            context.addLine(to: CGPoint(x: mid.x + 8, y: mid.y - 7))
            context.strokePath(with: Color(red: 0, green: 0.48, blue: 1), lineWidth: 2.5)
        }
    }
}
