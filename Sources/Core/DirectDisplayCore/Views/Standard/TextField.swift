import Foundation
import Typesetting

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate`.
/// Every method has a default (allow, do nothing).
@MainActor public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may begin editing (become first responder).
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field began editing.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the characters in `range` (UTF-16 units of `text`, as UIKit's) may
    /// be replaced by `string` (empty for a deletion).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    /// Return was pressed; true sends `.editingDidEndOnExit`.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The clear button was tapped; true clears the text (without asking
    /// `textField(_:shouldChangeCharactersIn:replacementString:)`, as UIKit).
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Whether the field may end editing (resign first responder).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field ended editing.
    func textFieldDidEndEditing(_ textField: TextField)
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
}

/// One line of editable text, as UIKit's `UITextField`. A tap makes it first
/// responder and puts the caret where it landed; typed keys then edit the text
/// (see `KeyInput`): the caret and Backspace move by grapheme cluster (what Swift
/// calls a `Character`), Left/Right/Home/End move it, Shift extends the selection,
/// Ctrl+A selects all, Ctrl+C/X/V go through `Pasteboard.general`, Ctrl+Z and
/// Ctrl+Shift+Z undo and redo through `undoManager` (a run of typing is one
/// step), and Return asks
/// the delegate's `textFieldShouldReturn(_:)`. While editing, a caret blinks on
/// the display's clock; a field that is not first responder has no timer.
///
/// Ranges (`selectedRange`, the delegate's) count UTF-16 units, as UIKit's `NSRange`s.
@MainActor open class TextField: Control, KeyInput, TextInputTraits {

    // MARK: Accessibility (as UIKit's)

    override var accessibilityKindWord: String? { "text field" }

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? placeholder }
        set { super.accessibilityLabel = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? text }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? (isEnabled ? .none : .notEnabled) }
        set { super.accessibilityTraits = newValue }
    }

    /// How the field's edge is drawn, as UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable, CaseIterable {
        /// No border; the text runs from edge to edge.
        case none = 0
        /// A thin dark line around the bounds.
        case line = 1
        /// A light grey rounded rectangle on white, as UIKit's default field look.
        case roundedRect = 3
    }

    /// The caret is shown, then hidden, for this long each (UIKit's blink).
    public static let caretBlinkInterval: TimeInterval = 0.5

    /// The text, its selection and the edits keys make (shared with `TextView`).
    package let editor = TextEditingState()
    private var storage: String { editor.text }
    private var selection: NSRange { editor.selection }
    private var isCaretShown = true
    private var blinkTimer = GestureTimer()

    /// The text; setting it moves the caret to the end and sends no control event
    /// (as in UIKit). Never nil when read: no text is "".
    open var text: String? {
        get { storage }
        set {
            editor.setText(newValue ?? "")
            textDidChange()
        }
    }

    /// Grey text shown while the field is empty.
    open var placeholder: String? {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }

    /// The font (default the system font at 17 points).
    open var font: Font = .systemFont(ofSize: Font.labelFontSize) {
        didSet { if font != oldValue { layoutDidChange() } }
    }

    /// The colour of the text (default black).
    open var textColor: Color = .black {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    /// How the text sits between the edges (default natural).
    open var textAlignment: TextAlignment = .natural {
        didSet { if textAlignment != oldValue { layoutDidChange() } }
    }

    /// The edge drawn (default none, as UIKit's).
    open var borderStyle: BorderStyle = .none {
        didSet { if borderStyle != oldValue { setNeedsDisplay() } }
    }

    /// When an overlay view shows, as UIKit's `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable, CaseIterable {
        case never = 0
        case whileEditing = 1
        case unlessEditing = 2
        case always = 3
    }

    /// When the clear button (a grey circled x at the trailing edge, inside the
    /// border) shows; never while the text is empty (default never, as UIKit's).
    /// A tap on it asks the delegate's `textFieldShouldClear(_:)`, then clears the
    /// text (an undo step) and sends `.editingChanged`.
    open var clearButtonMode: ViewMode = .never {
        didSet { if clearButtonMode != oldValue { setNeedsDisplay() } }
    }

    /// Shows a bullet for each character, and copies nothing out.
    open var isSecureTextEntry = false {
        didSet {
            editor.allowsCopying = !isSecureTextEntry
            if isSecureTextEntry != oldValue { layoutDidChange() }
        }
    }

    /// The keys the on-screen keyboard offers (default `.default`).
    open var keyboardType: KeyboardType = .default

    /// The title of the on-screen keyboard's return key (default "return").
    open var returnKeyType: ReturnKeyType = .default

    /// When the on-screen keyboard turns shift on by itself (default `.sentences`, as UIKit's).
    open var autocapitalizationType: TextAutocapitalizationType = .sentences

    private var inputViewStorage: View?
    private var inputAccessoryViewStorage: View?

    /// Shown instead of the on-screen keyboard while editing (nil: the keyboard).
    open override var inputView: View? {
        get { inputViewStorage }
        set { inputViewStorage = newValue }
    }

    /// Shown above the on-screen keyboard while editing.
    open override var inputAccessoryView: View? {
        get { inputAccessoryViewStorage }
        set { inputAccessoryViewStorage = newValue }
    }

    /// Whether the field is editing: it is first responder.
    public private(set) var isEditing = false

    /// Asked before changes and told about editing.
    open weak var delegate: TextFieldDelegate?

    /// The selected characters in UTF-16 units of `text` (length 0: the caret).
    /// Set values are clamped to the text and widened to whole grapheme clusters.
    open var selectedRange: NSRange {
        get { selection }
        set { editor.setSelectedRange(newValue) }
    }

    /// A text field (no border, empty).
    public override init(frame: CGRect = .zero, primaryAction: Action? = nil) {
        super.init(frame: frame, primaryAction: primaryAction)
        contentMode = .redraw
        editor.shouldChange = { [unowned self] range, string in
            delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true
        }
        editor.didChange = { [unowned self] _, _ in
            textDidChange()
            sendActions(for: .editingChanged)
        }
        editor.undoManager = { [unowned self] in undoManager }
        editor.visualCaretMove = { [unowned self] offset, rightward in
            caretOffset(movedVisuallyFrom: offset, rightward: rightward)
        }
        editor.selectionDidChange = { [unowned self] in
            restartBlink()
            setNeedsDisplay()
        }
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Begins editing when the delegate allows it: `.editingDidBegin`, the caret blinking.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, delegate?.textFieldShouldBeginEditing(self) ?? true,
            super.becomeFirstResponder()
        else { return false }
        isEditing = true
        restartBlink()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    /// Ends editing when the delegate allows it (always when the field leaves its window
    /// or `endEditing(true)` forces it).
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, !Responder.isForcingResignation,
            !(delegate?.textFieldShouldEndEditing(self) ?? true)
        {
            return false
        }
        guard super.resignFirstResponder() else { return false }
        endEditing()
        return true
    }

    /// Taken out of its window while editing, it has resigned (forced, see `View`'s
    /// detach); editing ends here even if a subclass refused.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isEditing, !isFirstResponder { endEditing() }
    }

    private func endEditing() {
        guard isEditing else { return }
        isEditing = false
        editor.editingDidEnd()
        blinkTimer.stop()
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    // MARK: KeyInput

    public var hasText: Bool { !storage.isEmpty }

    /// Replaces the selection with `text` (if the delegate allows it); the caret goes
    /// after it. "\n" alone is the return key (the on-screen keyboard's, as UIKit's):
    /// it asks `textFieldShouldReturn(_:)` and inserts nothing.
    open func insertText(_ text: String) {
        if text == "\n" { return returnKeyPressed() }
        editor.insertText(text)
    }

    /// Deletes the selection, else the grapheme cluster before the caret.
    open func deleteBackward() {
        editor.deleteBackward()
    }

    private func textDidChange() {
        restartBlink()
        layoutDidChange()
    }

    /// The part of the text laid out (see `shownWindow`) for the width of its rect,
    /// kept while none of them changes: a blink or a caret move draws without
    /// laying the text out again.
    private var laidOut: (width: CGFloat, window: Range<Int>, layout: TextLayout)?

    private func layoutDidChange() {
        laidOut = nil
        setNeedsDisplay()
    }

    private func shownLayout(width: CGFloat) -> TextLayout {
        let window = shownWindow
        if let laidOut, laidOut.width == width, laidOut.window == window { return laidOut.layout }
        let layout = makeLayout(shownText(window), width: width)
        laidOut = (width, window, layout)
        return layout
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<Press>, with event: DirectDisplayCore.Event?) {
        var unhandled: Set<Press> = []
        for press in presses {
            guard isEditing, let key = press.key, handle(key) else {
                unhandled.insert(press)
                continue
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// Carries out an editing key; false for keys a field does not handle. Up and
    /// Down go to the ends (one line), Return asks the delegate; the rest are the
    /// shared editing keys.
    private func handle(_ key: Key) -> Bool {
        if key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) {
            let extending = key.modifierFlags.contains(.shift)
            switch key.keyCode {
            case EditingKeyCode.up:
                editor.moveCaret(to: 0, extending: extending)
                return true
            case EditingKeyCode.down:
                editor.moveCaret(to: storage.utf16.count, extending: extending)
                return true
            case EditingKeyCode.enter, EditingKeyCode.keypadEnter:
                returnKeyPressed()
                return true
            default: break
            }
        }
        return editor.handle(key)
    }

    /// Return, from a key or the on-screen keyboard: asks the delegate, then `.editingDidEndOnExit`.
    private func returnKeyPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit)
        // As UIKit: a field with an action for ending on exit gives up the keyboard.
        if !actions(for: .editingDidEndOnExit).isEmpty { resignFirstResponder() }
    }

    private var movingEnd: Int { editor.movingEnd }

    // MARK: Grapheme clusters

    private func index(atUTF16 offset: Int) -> String.Index { editor.index(atUTF16: offset) }
    private func offset(of index: String.Index) -> Int { editor.offset(of: index) }
    private func clusterBoundary(atOrBefore offset: Int) -> Int { editor.clusterBoundary(atOrBefore: offset) }
    private func clusterBoundary(atOrAfter offset: Int) -> Int { editor.clusterBoundary(atOrAfter: offset) }
    private func clusterBoundary(after offset: Int) -> Int { editor.clusterBoundary(after: offset) }

    // MARK: Caret blink

    private func restartBlink() {
        isCaretShown = true
        guard isEditing else { return }
        setNeedsDisplay()
        blinkTimer.start(after: Self.caretBlinkInterval, name: "text field caret") { [weak self] in
            self?.blink()
        }
    }

    private func blink() {
        guard isEditing else { return }
        isCaretShown.toggle()
        setNeedsDisplay()
        blinkTimer.start(after: Self.caretBlinkInterval, name: "text field caret") { [weak self] in
            self?.blink()
        }
    }

    /// Whether the caret's blink timer is pending (none when not editing).
    package var isCaretBlinking: Bool { blinkTimer.isScheduled }

    // MARK: Layout and drawing

    /// Where text goes within `bounds`: inset from the border, and short of the
    /// clear button while it shows.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = insideBorder(bounds)
        if isClearButtonShown {
            rect.size.width = max(clearButtonRect(forBounds: bounds).minX - Self.clearButtonGap - rect.minX, 0)
        }
        return rect
    }

    /// `bounds` inset by the border.
    private func insideBorder(_ bounds: CGRect) -> CGRect {
        switch borderStyle {
        case .none: bounds
        case .line: bounds.insetBy(dx: 2, dy: 2)
        case .roundedRect: bounds.insetBy(dx: 7, dy: 2)
        }
    }

    /// Where the clear button goes within `bounds` (shown or not): a square at the
    /// trailing edge inside the border, vertically centred, 19 points or less.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let inside = insideBorder(bounds)
        let side = max(min(Self.clearButtonSide, inside.height, inside.width), 0)
        return CGRect(x: inside.maxX - side, y: inside.midY - side / 2, width: side, height: side)
    }

    /// Whether the clear button shows now: `clearButtonMode` allows it and there is text.
    package var isClearButtonShown: Bool {
        guard !storage.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }

    /// UIKit's clear button size, and the space between it and the text.
    private static let clearButtonSide: CGFloat = 19
    private static let clearButtonGap: CGFloat = 4

    /// A long text is laid out only around the caret, in blocks of this many UTF-16
    /// units: one line shows a few hundred characters at most, and pango's time
    /// grows with the whole line (a keystroke into 1 MB took seconds).
    private static let layoutBlock = 1024

    /// The UTF-16 range of the text laid out: all of it up to five blocks, else the
    /// five blocks around the caret (the start when not editing), widened to clusters.
    /// It moves a block at a time, so typing and caret moves mostly keep the layout.
    private var shownWindow: Range<Int> {
        let length = storage.utf16.count
        let block = Self.layoutBlock
        guard length > 5 * block else { return 0..<length }
        let center = isEditing ? movingEnd : 0
        let start = max(0, (center / block - 2) * block)
        let end = min(length, start + 5 * block)
        return clusterBoundary(atOrBefore: start)..<clusterBoundary(atOrAfter: end)
    }

    /// What is laid out of `window`: the text, or a bullet per character when secure.
    private func shownText(_ window: Range<Int>) -> String {
        let text = storage[index(atUTF16: window.lowerBound)..<index(atUTF16: window.upperBound)]
        return isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : String(text)
    }

    /// The UTF-8 offset in the laid-out text of a UTF-16 offset in the text (clamped to the window).
    private func shownByteOffset(ofUTF16 offset: Int) -> Int {
        let window = laidOut?.window ?? shownWindow
        let start = index(atUTF16: window.lowerBound)
        let index = index(atUTF16: min(max(offset, window.lowerBound), window.upperBound))
        if isSecureTextEntry { return storage[start..<index].count * "\u{2022}".utf8.count }
        return storage.utf8.distance(from: start, to: index)
    }

    /// The UTF-16 offset in the text of a UTF-8 offset in the laid-out text (rounded down to a cluster).
    private func utf16Offset(ofShownByte byte: Int) -> Int {
        let window = laidOut?.window ?? shownWindow
        let start = index(atUTF16: window.lowerBound)
        let end = index(atUTF16: window.upperBound)
        if isSecureTextEntry {
            let characters = byte / "\u{2022}".utf8.count
            return offset(of: storage.index(start, offsetBy: max(characters, 0), limitedBy: end) ?? end)
        }
        let utf8 = storage.utf8
        let index = utf8.index(start, offsetBy: max(byte, 0), limitedBy: end) ?? end
        return clusterBoundary(atOrBefore: offset(of: index))
    }

    private func makeLayout(_ text: String, width: CGFloat) -> TextLayout {
        TextLayout(
            text: text, font: font.layoutFont, boxWidth: Double(max(width, 0)),
            alignment: textAlignment.layoutAlignment, lineBreak: .clipping, maximumLines: 1)
    }

    /// How far the laid-out text is moved left while editing, for the window it was
    /// laid out with; and where the caret was in the text rect at the last placement.
    private var scroll: (x: CGFloat, window: Range<Int>)?
    private var caretShownX: CGFloat = 0

    /// The layout of the text and where its top-left goes. While editing, the text
    /// scrolls as little as keeps the caret in view (as UIKit's); when the part
    /// laid out moves on, the caret keeps its place on screen.
    private func textPlacement() -> (layout: TextLayout, origin: CGPoint) {
        let rect = textRect(forBounds: bounds)
        let layout = shownLayout(width: rect.width)
        var x = rect.minX
        if isEditing, let window = laidOut?.window {
            let caret = CGFloat(layout.caret(atByteIndex: shownByteOffset(ofUTF16: movingEnd)).x)
            let visible = max(rect.width - 2, 0)
            var shift = scroll.flatMap { $0.window == window ? $0.x : nil } ?? (caret - caretShownX)
            shift = min(max(shift, 0), max(CGFloat(layout.width) - visible, 0))
            shift = min(max(shift, caret - visible), max(caret, 0))
            scroll = (shift, window)
            caretShownX = caret - shift
            x -= shift
        } else {
            scroll = nil
            caretShownX = 0
        }
        let top = (rect.minY + (rect.height - CGFloat(layout.height)) / 2).rounded()
        return (layout, CGPoint(x: x, y: top))
    }

    /// The UTF-16 offset of the caret for a point in the field's coordinates.
    package func offset(at point: CGPoint) -> Int {
        let (layout, origin) = textPlacement()
        let hit = layout.byteIndex(atX: Double(point.x - origin.x), y: Double(point.y - origin.y))
        let start = utf16Offset(ofShownByte: hit.index)
        return hit.trailing ? clusterBoundary(after: start) : start
    }

    /// Where Left (`rightward` false) or Right takes the caret at the UTF-16
    /// `offset`: one cluster along the line on screen, as pango moves it (in
    /// right-to-left text, Left goes on through the text). At the end of the part
    /// laid out of a long text it moves on logically; at the line's edge it stays.
    private func caretOffset(movedVisuallyFrom offset: Int, rightward: Bool) -> Int {
        let (layout, _) = textPlacement()
        let window = laidOut?.window ?? shownWindow
        if let byte = layout.byteIndexMovedVisually(
            fromByteIndex: shownByteOffset(ofUTF16: offset), rightward: rightward)
        {
            return clusterBoundary(atOrAfter: utf16Offset(ofShownByte: byte))
        }
        guard window != 0..<storage.utf16.count else { return offset }
        return rightward ? clusterBoundary(after: offset) : editor.clusterBoundary(before: offset)
    }

    /// The caret's rectangle in the field's coordinates, before the UTF-16 offset `offset`.
    package func caretRect(atOffset offset: Int) -> CGRect {
        let (layout, origin) = textPlacement()
        let caret = layout.caret(atByteIndex: shownByteOffset(ofUTF16: clusterBoundary(atOrBefore: offset)))
        return CGRect(
            x: (origin.x + CGFloat(caret.x)).rounded(.down), y: origin.y + CGFloat(caret.top), width: 2,
            height: CGFloat(caret.height))
    }

    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        drawBorder(in: context)
        let textBounds = textRect(forBounds: bounds)
        let (layout, origin) = textPlacement()
        if selection.length > 0, isEditing {
            let start = CGFloat(layout.caret(atByteIndex: shownByteOffset(ofUTF16: selection.location)).x)
            let end = CGFloat(
                layout.caret(atByteIndex: shownByteOffset(ofUTF16: selection.location + selection.length)).x)
            let highlight = CGRect(
                x: origin.x + min(start, end), y: origin.y, width: abs(end - start), height: CGFloat(layout.height))
            context.fill(highlight.intersection(textBounds), with: Self.selectionColor)
        }
        if storage.isEmpty, let placeholder, !placeholder.isEmpty {
            let placeholderLayout = makeLayout(placeholder, width: textBounds.width)
            let top = (textBounds.minY + (textBounds.height - CGFloat(placeholderLayout.height)) / 2).rounded()
            context.draw(
                placeholderLayout, at: CGPoint(x: textBounds.minX, y: top), clippedTo: textBounds,
                color: Self.placeholderColor)
        } else {
            context.draw(layout, at: origin, clippedTo: textBounds, color: textColor)
        }
        if isEditing, isCaretShown, selection.length == 0 {
            let caret = caretRect(atOffset: selection.location)
            context.fill(caret.intersection(textBounds.insetBy(dx: -2, dy: 0)), with: Self.caretColor)
        }
        if isClearButtonShown { drawClearButton(in: context) }
    }

    /// A grey disc with a white x across it.
    private func drawClearButton(in context: GraphicsContext) {
        let button = clearButtonRect(forBounds: bounds)
        guard button.width > 0 else { return }
        context.fillEllipse(in: button, with: Self.clearButtonColor)
        let cross = button.insetBy(dx: button.width * 0.3, dy: button.height * 0.3)
        let lineWidth = max(button.width / 12, 1)
        context.strokeLine(
            from: CGPoint(x: cross.minX, y: cross.minY), to: CGPoint(x: cross.maxX, y: cross.maxY), with: .white,
            lineWidth: lineWidth)
        context.strokeLine(
            from: CGPoint(x: cross.minX, y: cross.maxY), to: CGPoint(x: cross.maxX, y: cross.minY), with: .white,
            lineWidth: lineWidth)
    }

    private func drawBorder(in context: GraphicsContext) {
        switch borderStyle {
        case .none: break
        case .line:
            context.stroke(bounds.insetBy(dx: 0.5, dy: 0.5), with: .black, lineWidth: 1)
        case .roundedRect:
            let box = bounds.insetBy(dx: 0.5, dy: 0.5)
            context.addRoundedRect(box, cornerRadius: 5)
            context.fillPath(with: .white)
            context.addRoundedRect(box, cornerRadius: 5)
            context.strokePath(with: Color(white: 0.8), lineWidth: 1)
        }
    }

    /// The caret's colour (UIKit's default tint).
    static let caretColor = Color(red: 0, green: 122.0 / 255, blue: 1)
    static let selectionColor = Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 0.25)
    static let placeholderColor = Color(white: 0.7)
    static let clearButtonColor = Color(white: 0.7)

    // MARK: Touches

    /// Asks the delegate, begins editing as a tap does, then clears the text as
    /// one undo step ("Clear"), sending `.editingChanged`.
    private func clearButtonTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isFirstResponder { becomeFirstResponder() }
        editor.replaceCharacters(
            in: NSRange(location: 0, length: storage.utf16.count), with: "", as: .clear, asksFirst: false)
    }

    /// Whether the touch on the field has moved the caret (a drag, not a tap).
    private var isDraggingCaret = false
    /// Where the touch on the field began, in its coordinates.
    private var touchStart: CGPoint?
    /// How far a finger moves before it drags the caret: a finger's jitter does
    /// not make a tap (or the second tap of a double tap) a drag.
    private static let caretDragDistance: CGFloat = 6

    open override func touchesBegan(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        isDraggingCaret = false
        touchStart = touches.first?.location(in: self)
        super.touchesBegan(touches, with: event)
    }

    /// While editing, a finger moving after it touched takes the caret along.
    open override func touchesMoved(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        super.touchesMoved(touches, with: event)
        guard isEditing, isEnabled, let touch = touches.first else { return }
        let location = touch.location(in: self)
        if !isDraggingCaret {
            guard let touchStart,
                hypot(location.x - touchStart.x, location.y - touchStart.y) >= Self.caretDragDistance
            else { return }
            isDraggingCaret = true
        }
        editor.setSelection(NSRange(location: offset(at: location), length: 0), anchor: nil)
    }

    /// A tap begins editing and puts the caret at the tapped place; a double tap
    /// selects the word there.
    open override func touchesEnded(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        let touch = touches.first
        let tap = touch.map { $0.location(in: self) }
        super.touchesEnded(touches, with: event)
        guard let tap, isEnabled, bounds.contains(tap) else { return }
        // The button's target is a little larger than it is drawn, for fingers.
        if isClearButtonShown, !isDraggingCaret,
            clearButtonRect(forBounds: bounds).insetBy(dx: -6, dy: -6).contains(tap)
        {
            return clearButtonTapped()
        }
        guard isFirstResponder || becomeFirstResponder() else { return }
        let offset = offset(at: tap)
        if let touch, touch.tapCount == 2, !isDraggingCaret {
            editor.setSelection(editor.wordRange(at: offset), anchor: nil)
        } else {
            editor.setSelection(NSRange(location: offset, length: 0), anchor: nil)
        }
    }
}
