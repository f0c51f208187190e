import Foundation
import Typesetting

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate`
/// (a scroll view delegate too). Every method has a default (allow, do nothing).
@MainActor public protocol TextViewDelegate: ScrollViewDelegate {
    /// Whether the view may begin editing (become first responder).
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// The view began editing.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Whether the characters in `range` (UTF-16 units of `text`, as UIKit's) may
    /// be replaced by `text` (empty for a deletion).
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: TextView)
    /// The selection (or the caret) moved.
    func textViewDidChangeSelection(_ textView: TextView)
    /// Whether the view may end editing (resign first responder).
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// The view ended editing.
    func textViewDidEndEditing(_ textView: TextView)
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    {
        true
    }
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: TextView) {}
}

/// Scrolling, multi-line editable text, as UIKit's `UITextView`: the text wraps
/// at word boundaries to the view's width (a word wider than a line breaks
/// between characters) and `contentSize` follows its height. Editing is
/// `TextField`'s (`KeyInput`, grapheme clusters, Shift, Ctrl+A/C/X/V) plus Return
/// for a new line, Up/Down by line, Page Up/Down by a screenful, Home/End to the
/// line's ends and Ctrl+Home/End to the text's. A tap on an editable view makes
/// it first responder and puts the caret there; the view scrolls to keep the caret
/// shown. The caret blinks on the display's clock, with no timer when the view
/// is not first responder.
///
/// Each paragraph is laid out on its own and kept, and only paragraphs shown are
/// laid out: a keystroke lays out again its line, or the piece of it that it
/// changed, and redraws the line from the edit on (its paragraph, and the ones
/// below when its height changed, when lines moved).
@MainActor open class TextView: ScrollView, KeyInputWhenAllowed, TextInputTraits {

    // MARK: Accessibility (as UIKit's)

    override var accessibilityKindWord: String? { "text view" }

    open override var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    open override var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? text }
        set { super.accessibilityValue = newValue }
    }

    /// The text, its selection and the edits keys make (shared with `TextField`).
    package let editor = TextEditingState()
    /// The paragraphs laid out.
    package let paragraphs: TextParagraphs
    /// Draws the text shown: the size of the bounds, kept over them as they scroll.
    private let page = TextPageView()
    /// The caret: a view of its own over the page (as UIKit's), so a blink or a
    /// caret move redraws no text and an edit's redrawn rows need not reach the
    /// caret's antialiased ends, which share pixel rows with the lines around.
    private let caretView = View()
    private var isCaretShown = true
    private var blinkTimer = GestureTimer()
    /// The x the caret keeps over Up/Down presses (UIKit keeps it until another move).
    private var verticalMotionX: CGFloat?

    /// Space between the bounds and the text, in points (UIKit's container inset of 8
    /// above and below, and its 5-point line fragment padding at the sides).
    package static let textInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)

    /// The text; setting it moves the caret to the end and asks and tells nobody
    /// (as in UIKit). Never nil when read: no text is "".
    open var text: String! {
        get { editor.text }
        set {
            editor.setText(newValue ?? "")
            paragraphs.reset(editor.text)
            verticalMotionX = nil
            restartBlink()
            textLayoutDidChange()
            if isEditing { scrollRangeToVisible(editor.selection) }
        }
    }

    /// The font (default the system font at 12 points, UIKit's text view default).
    open var font: Font = .systemFont(ofSize: 12) {
        didSet { if font != oldValue { textLayoutDidChange() } }
    }

    /// The colour of the text (default black).
    open var textColor: Color = .black {
        didSet { if textColor != oldValue { page.setNeedsDisplay() } }
    }

    /// How lines sit between the edges (default natural).
    open var textAlignment: TextAlignment = .natural {
        didSet { if textAlignment != oldValue { textLayoutDidChange() } }
    }

    /// The keys the on-screen keyboard offers (default `.default`).
    open var keyboardType: KeyboardType = .default

    /// The title of the on-screen keyboard's return key (default "return"; it types a newline).
    open var returnKeyType: ReturnKeyType = .default

    /// When the on-screen keyboard turns shift on by itself (default `.sentences`, as UIKit's).
    open var autocapitalizationType: TextAutocapitalizationType = .sentences

    /// Whether the user may change the text (true); false ends editing.
    open var isEditable = true {
        didSet { if !isEditable, isEditing { resignFirstResponder() } }
    }

    /// Whether the user may select text (true): an uneditable, selectable view
    /// still takes Ctrl+A and Ctrl+C as first responder, but shows no caret.
    open var isSelectable = true

    /// Whether the view is editing: editable and first responder.
    public private(set) var isEditing = false

    /// The selected characters in UTF-16 units of `text` (length 0: the caret).
    /// Set values are clamped to the text and widened to whole grapheme clusters.
    open var selectedRange: NSRange {
        get { editor.selection }
        set { editor.setSelectedRange(newValue) }
    }

    /// The scroll view delegate; when it is a `TextViewDelegate` too, the view asks
    /// it about editing (as UIKit's one `delegate`).
    public override weak var delegate: (any ScrollViewDelegate)? {
        didSet { textDelegate = delegate as? any TextViewDelegate }
    }
    private weak var textDelegate: (any TextViewDelegate)?

    /// An empty, editable text view.
    public override init(frame: CGRect = .zero) {
        paragraphs = TextParagraphs(font: Font.systemFont(ofSize: 12).layoutFont, alignment: .natural)
        super.init(frame: frame)
        page.isUserInteractionEnabled = false
        page.textView = self
        insertSubview(page, at: 0)
        caretView.isUserInteractionEnabled = false
        caretView.backgroundColor = Self.caretColor
        caretView.isHidden = true
        insertSubview(caretView, at: 1)
        editor.shouldChange = { [unowned self] range, string in
            textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true
        }
        editor.didChange = { [unowned self] range, length in textDidChange(replacing: range, length: length) }
        editor.selectionDidChange = { [unowned self] in selectionDidMove() }
        editor.undoManager = { [unowned self] in undoManager }
        editor.visualCaretMove = { [unowned self] offset, rightward in
            caretOffset(movedVisuallyFrom: offset, rightward: rightward)
        }
        paragraphs.didMove = { [unowned self] top in
            updateContentSize()
            setNeedsDisplay(ofText: CGRect(x: -Self.textInset.left, y: top, width: bounds.width, height: .infinity))
        }
        page.frame = bounds
        textLayoutDidChange()
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Begins editing when editable and the delegate allows it; a selectable view
    /// becomes first responder without editing.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, !(textDelegate?.textViewShouldBeginEditing(self) ?? true) { return false }
        guard super.becomeFirstResponder() else { return false }
        guard isEditable else { return true }
        isEditing = true
        restartBlink()
        scrollRangeToVisible(editor.selection)
        textDelegate?.textViewDidBeginEditing(self)
        return true
    }

    /// Ends editing when the delegate allows it (always when the view leaves its window
    /// or `endEditing(true)` forces it).
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, !Responder.isForcingResignation, isEditable,
            !(textDelegate?.textViewShouldEndEditing(self) ?? true)
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
        updateCaret()
        page.setNeedsDisplay()
        textDelegate?.textViewDidEndEditing(self)
    }

    // MARK: KeyInput

    public var hasText: Bool { !editor.text.isEmpty }

    /// Only while editing: a view that is only selectable passes typed keys on as presses.
    package var takesTypedText: Bool { isEditing }

    /// Replaces the selection with `text` (if editing and the delegate allows it).
    open func insertText(_ text: String) {
        guard isEditing else { return }
        editor.insertText(text)
    }

    /// Deletes the selection, else the grapheme cluster before the caret.
    open func deleteBackward() {
        guard isEditing else { return }
        editor.deleteBackward()
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<Press>, with event: DirectDisplayCore.Event?) {
        var unhandled: Set<Press> = []
        for press in presses {
            guard let key = press.key, handle(key) else {
                unhandled.insert(press)
                continue
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// Carries out an editing key; false for keys the view does not handle (a
    /// view that is not editing scrolls by them, as a scroll view).
    private func handle(_ key: Key) -> Bool {
        let flags = key.modifierFlags
        guard isEditing else {
            // Selectable only: select all and copy, nothing that changes the text.
            guard isSelectable, flags.contains(.control),
                ["a", "c"].contains(key.charactersIgnoringModifiers.lowercased())
            else { return false }
            return editor.handle(key)
        }
        let extending = flags.contains(.shift)
        let plain = flags.isDisjoint(with: [.control, .alternate, .command])
        if flags.contains(.control), flags.isDisjoint(with: [.alternate, .command]) {
            switch key.keyCode {
            case EditingKeyCode.home:
                editor.moveCaret(to: 0, extending: extending)
                return true
            case EditingKeyCode.end:
                editor.moveCaret(to: editor.text.utf16.count, extending: extending)
                return true
            default: break
            }
        }
        if plain {
            switch key.keyCode {
            case EditingKeyCode.enter, EditingKeyCode.keypadEnter:
                editor.insertText("\n")
                return true
            case EditingKeyCode.up, EditingKeyCode.down, EditingKeyCode.pageUp, EditingKeyCode.pageDown:
                moveVertically(keyCode: key.keyCode, extending: extending)
                return true
            case EditingKeyCode.home, EditingKeyCode.end:
                editor.moveCaret(to: lineEnd(home: key.keyCode == EditingKeyCode.home), extending: extending)
                return true
            default: break
            }
        }
        return editor.handle(key)
    }

    /// Moves the caret a line (Up/Down) or a screenful less a line (Page Up/Down),
    /// keeping its x over successive presses; past the first or last line, to the
    /// text's start or end.
    private func moveVertically(keyCode: UInt32, extending: Bool) {
        let caret = caretRect(atOffset: editor.movingEnd)
        let x = verticalMotionX ?? caret.minX
        let page = max(bounds.height - caret.height, caret.height)
        let target: CGFloat
        switch keyCode {
        case EditingKeyCode.up: target = caret.minY - caret.height / 2
        case EditingKeyCode.down: target = caret.maxY + caret.height / 2
        case EditingKeyCode.pageUp: target = caret.midY - page
        default: target = caret.midY + page
        }
        let textTop = Self.textInset.top
        let offset: Int
        if target < textTop {
            offset = 0
        } else if target >= textTop + paragraphs.height {
            offset = editor.text.utf16.count
        } else {
            offset = self.offset(at: CGPoint(x: x, y: target))
        }
        editor.moveCaret(to: offset, extending: extending)
        verticalMotionX = x
    }

    /// The start (Home) or end (End) of the caret's line, through the text (its
    /// first and last characters, on the right in right-to-left text): the end
    /// stays before a soft-wrapped line's last space, which is where the next line starts.
    private func lineEnd(home: Bool) -> Int {
        let caret = caretRect(atOffset: editor.movingEnd)
        let (index, layout, origin, _) = place(ofOffset: editor.clusterBoundary(atOrBefore: editor.movingEnd))
        let paragraph = paragraphs.paragraphs[index]
        let y = Double(caret.midY - origin.y)
        let line = layout.lineYRanges.lastIndex { $0.top <= y } ?? 0
        let utf8 = editor.text.utf8
        let start = editor.index(atUTF16: paragraph.start)
        func offset(ofByte byte: Int) -> Int {
            let end = editor.index(atUTF16: paragraph.end)
            return editor.offset(of: utf8.index(start, offsetBy: byte, limitedBy: end) ?? end)
        }
        if home { return offset(ofByte: layout.lineStarts[line]) }
        let offset = line + 1 < layout.lineCount ? offset(ofByte: layout.lineStarts[line + 1]) : paragraph.end
        guard offset > 0 else { return offset }
        let before = editor.clusterBoundary(before: offset)
        let last = editor.text[editor.index(atUTF16: before)..<editor.index(atUTF16: offset)]
        guard last.first?.isWhitespace == true, caretRect(atOffset: offset).minY > caret.minY + 1 else {
            return offset
        }
        return before
    }

    // MARK: Touches

    open override func touchesEnded(_ touches: Set<Touch>, with event: DirectDisplayCore.Event?) {
        let tap = touches.first.map { $0.location(in: self) }
        super.touchesEnded(touches, with: event)
        // Selectable only: no caret to place (UIKit's selection handles are not here).
        guard let tap, isEditable, bounds.contains(tap) else { return }
        guard isFirstResponder || becomeFirstResponder() else { return }
        editor.setSelection(NSRange(location: offset(at: tap), length: 0), anchor: nil)
    }

    // MARK: Changes

    /// The font, alignment, width or whole text changed: every paragraph is laid out again when shown.
    private func textLayoutDidChange() {
        paragraphs.set(
            font: font.layoutFont, alignment: textAlignment.layoutAlignment,
            width: max(bounds.width - Self.textInset.left - Self.textInset.right, 1))
        updateContentSize()
        page.setNeedsDisplay()
        setNeedsLayout()
    }

    /// An edit: its paragraphs are laid out again and only their lines redrawn
    /// (down to the bottom when their height changed); the caret is scrolled to.
    private func textDidChange(replacing range: NSRange, length: Int) {
        let (changed, moved, oldLayout) = paragraphs.replace(range, replacementLength: length, in: editor.text)
        verticalMotionX = nil
        if !moved, changed.count == 1, let oldLayout,
            let lines = changedLines(
                of: changed.lowerBound, oldLayout: oldLayout, editedAt: range.location, length: length)
        {
            setNeedsDisplay(ofText: lines)
        } else {
            let top = paragraphs.paragraphs[changed.lowerBound].top
            let bottom = moved ? .infinity : paragraphs.paragraphs[changed.upperBound - 1].bottom
            setNeedsDisplay(
                ofText: CGRect(x: -Self.textInset.left, y: top, width: bounds.width, height: bottom - top))
        }
        if moved { updateContentSize() }
        restartBlink()
        scrollRangeToVisible(editor.selection)
        // UIKit tells of the caret's move before the change.
        textDelegate?.textViewDidChangeSelection(self)
        textDelegate?.textViewDidChange(self)
    }

    /// What an edit in one paragraph changed on screen when its lines still start
    /// where they did (shifted by the edit after it): the edited line from just
    /// before the edit to the right edge (text after it moved along; a ligature
    /// may take in the character before), or the lines it spans whole. Nil when
    /// the lines moved, or when text before the edit can move with it (any
    /// alignment but left, right-to-left text).
    private func changedLines(of index: Int, oldLayout: TextLayout, editedAt location: Int, length: Int) -> CGRect? {
        let paragraph = paragraphs.paragraphs[index]
        guard let layout = paragraph.layout, layout.lineCount == oldLayout.lineCount,
            textAlignment == .left || textAlignment == .natural
        else { return nil }
        let text = editor.text
        let start = editor.index(atUTF16: paragraph.start)
        let end = editor.index(atUTF16: paragraph.end)
        if textAlignment == .natural, TextParagraphs.containsRightToLeft(text[start..<end]) {
            return nil
        }
        let utf8 = text.utf8
        let editByte = utf8.distance(from: start, to: editor.index(atUTF16: location))
        let insertedEnd = utf8.distance(from: start, to: editor.index(atUTF16: location + length))
        let delta = layout.byteCount - oldLayout.byteCount
        for (old, new) in zip(oldLayout.lineStarts, layout.lineStarts) {
            guard old <= editByte ? new == old : new == old + delta else { return nil }
        }
        let starts = layout.lineStarts
        let first = starts.lastIndex { $0 <= editByte } ?? 0
        let last = starts.lastIndex { $0 <= insertedEnd } ?? first
        var top = paragraph.top + CGFloat(layout.lineYRanges[first].top)
        var bottom = paragraph.top + CGFloat(layout.lineYRanges[last].bottom)
        // cairo puts each glyph at a whole pixel row of the page's surface, so the ink
        // moves with its baseline rounded: up to half a pixel past the lines' boxes (a
        // descender's tip in the row below the line's last one).
        let scale = Double(window?.screen?.scale ?? 1)
        // pango's ink is the glyphs' outline boxes rounded to 1/1024 point: 1/64 covers it.
        let margin = 1.0 / 64
        if layout.lineCount == 1, layout.firstBaseline == oldLayout.firstBaseline, let new = layout.inkYRange,
            let old = oldLayout.inkYRange
        {
            // Only the pixel rows its ink reaches, before and after (the caret is a view of
            // its own): the other rows the line shares with its neighbours stay as they are.
            let lineTop = Double(Self.textInset.top - bounds.minY + paragraph.top)  // On the page.
            let baseline = (lineTop + layout.firstBaseline) * scale
            let shift = (baseline + 0.5).rounded(.down) - baseline
            let inkTop = ((lineTop + min(new.top, old.top) - margin) * scale + shift).rounded(.down) / scale
            let inkBottom = ((lineTop + max(new.bottom, old.bottom) + margin) * scale + shift).rounded(.up) / scale
            top = paragraph.top + CGFloat(inkTop - lineTop)
            bottom = paragraph.top + CGFloat(inkBottom - lineTop)
        } else {
            top -= CGFloat(0.5 / scale + margin)
            bottom += CGFloat(0.5 / scale + margin)
        }
        var left = -Self.textInset.left
        if first == last {
            // Two clusters back: a ligature or a mark may reshape the character before the edit.
            let before = editor.clusterBoundary(before: editor.clusterBoundary(before: location))
            let byte = utf8.distance(from: start, to: editor.index(atUTF16: max(before, paragraph.start)))
            left = max(CGFloat(layout.caret(atByteIndex: max(byte, starts[first])).x) - 3, left)
        }
        return CGRect(x: left, y: top, width: bounds.width - left, height: bottom - top)
    }

    private func selectionDidMove() {
        verticalMotionX = nil
        if editor.selection.length > 0 || selectionWasShown { page.setNeedsDisplay() }
        restartBlink()
        if isEditing { scrollRangeToVisible(NSRange(location: editor.movingEnd, length: 0)) }
        textDelegate?.textViewDidChangeSelection(self)
    }

    /// Marks part of the text (points from the first paragraph's top-left) to be drawn again.
    private func setNeedsDisplay(ofText rect: CGRect) {
        let inView = rect.offsetBy(dx: Self.textInset.left, dy: Self.textInset.top - bounds.minY)
        let shown = CGRect(origin: .zero, size: bounds.size)
        let part = inView.intersection(shown)
        if !part.isNull, !part.isEmpty { page.setNeedsDisplay(part) }
    }

    private func updateContentSize() {
        let height = Self.textInset.top + paragraphs.height + Self.textInset.bottom
        let size = CGSize(width: bounds.width, height: height.rounded(.up))
        if contentSize != size { contentSize = size }
    }

    /// Scrolls as little as shows the start of `range` (UIKit scrolls to its start too).
    open func scrollRangeToVisible(_ range: NSRange) {
        guard bounds.height > 0 else { return }
        let caret = caretRect(atOffset: min(max(range.location, 0), editor.text.utf16.count))
        updateContentSize()
        // With the inset around it: the first and last lines scroll to the content's edges.
        scrollRectToVisible(caret.insetBy(dx: 0, dy: -Self.textInset.top), animated: false)
    }

    // MARK: Scrolling and layout

    open override var bounds: CGRect {
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size {
                page.frame = bounds
                textLayoutDidChange()
            } else {
                page.frame = bounds
                page.setNeedsDisplay()
                setNeedsLayout()
            }
        }
    }

    open override var frame: CGRect {
        didSet {
            guard frame.size != oldValue.size else { return }
            page.frame = bounds
            textLayoutDidChange()
        }
    }

    /// Lays out the paragraphs now shown; when their real heights move the ones
    /// below, the content size follows and the page is drawn again from there.
    open override func layoutSubviews() {
        super.layoutSubviews()
        page.frame = bounds
        let shown = bounds.offsetBy(dx: -Self.textInset.left, dy: -Self.textInset.top)
        paragraphs.layOut(in: shown, of: editor.text)
        paragraphs.discardLayouts(farFrom: shown, margin: 2 * max(bounds.height, 100))
        // Paragraphs laid out for the first time may have moved the caret's line.
        updateCaret()
    }

    // MARK: Caret blink

    /// The caret is shown, then hidden, for this long each (as `TextField`'s).
    public static let caretBlinkInterval = TextField.caretBlinkInterval

    private func restartBlink() {
        isCaretShown = true
        updateCaret()
        guard isEditing else { return }
        blinkTimer.start(after: Self.caretBlinkInterval, name: "text view caret") { [weak self] in
            self?.blink()
        }
    }

    private func blink() {
        guard isEditing else { return }
        isCaretShown.toggle()
        updateCaret()
        blinkTimer.start(after: Self.caretBlinkInterval, name: "text view caret") { [weak self] in
            self?.blink()
        }
    }

    /// Whether the caret's blink timer is pending (none when not editing).
    package var isCaretBlinking: Bool { blinkTimer.isScheduled }

    /// Shows the caret view at the caret while editing with no selection and the
    /// blink on; hides it otherwise.
    private func updateCaret() {
        let shown = isEditing && isCaretShown && editor.selection.length == 0
        if shown {
            let caret = caretRect(atOffset: editor.selection.location)
            if caretView.frame != caret { caretView.frame = caret }
        }
        if caretView.isHidden == shown { caretView.isHidden = !shown }
    }

    /// Whether the caret view is shown (for tests).
    package var isCaretViewShown: Bool { !caretView.isHidden }

    /// Whether the last drawing showed a selection (it is cleared when the selection goes).
    private var selectionWasShown = false

    // MARK: Geometry

    /// The paragraph holding `offset`, its layout, its top-left (content
    /// coordinates) and the UTF-8 index of `offset` in it.
    private func place(ofOffset offset: Int) -> (index: Int, layout: TextLayout, origin: CGPoint, byte: Int) {
        let index = paragraphs.index(containing: offset)
        let layout = paragraphs.layout(of: index, in: editor.text)
        let paragraph = paragraphs.paragraphs[index]
        let origin = CGPoint(x: Self.textInset.left, y: Self.textInset.top + paragraph.top)
        let start = editor.index(atUTF16: paragraph.start)
        let at = editor.index(atUTF16: min(max(offset, paragraph.start), paragraph.end))
        return (index, layout, origin, editor.text.utf8.distance(from: start, to: at))
    }

    /// Left or Right on screen from `offset` within its paragraph (pango's visual
    /// motion: in right-to-left text Left moves on through the text); off the
    /// paragraph's first or last line, on through the text into the next or previous one.
    private func caretOffset(movedVisuallyFrom offset: Int, rightward: Bool) -> Int {
        let (index, layout, _, byte) = place(ofOffset: offset)
        guard let moved = layout.byteIndexMovedVisually(fromByteIndex: byte, rightward: rightward) else {
            return rightward ? editor.clusterBoundary(after: offset) : editor.clusterBoundary(before: offset)
        }
        let paragraph = paragraphs.paragraphs[index]
        let utf8 = editor.text.utf8
        let end = editor.index(atUTF16: paragraph.end)
        let at = utf8.index(editor.index(atUTF16: paragraph.start), offsetBy: moved, limitedBy: end) ?? end
        return editor.clusterBoundary(atOrAfter: editor.offset(of: at))
    }

    /// The caret's rectangle before the UTF-16 `offset`, in the view's content coordinates.
    package func caretRect(atOffset offset: Int) -> CGRect {
        let (_, layout, origin, byte) = place(ofOffset: editor.clusterBoundary(atOrBefore: offset))
        let caret = layout.caret(atByteIndex: byte)
        return CGRect(
            x: (origin.x + CGFloat(caret.x)).rounded(.down), y: origin.y + CGFloat(caret.top), width: 2,
            height: CGFloat(caret.height))
    }

    /// The UTF-16 offset of the caret for a point in the view's content coordinates.
    package func offset(at point: CGPoint) -> Int {
        let index = paragraphs.index(at: point.y - Self.textInset.top)
        let layout = paragraphs.layout(of: index, in: editor.text)
        let paragraph = paragraphs.paragraphs[index]
        let hit = layout.byteIndex(
            atX: Double(point.x - Self.textInset.left), y: Double(point.y - Self.textInset.top - paragraph.top))
        let utf8 = editor.text.utf8
        let start = editor.index(atUTF16: paragraph.start)
        let end = editor.index(atUTF16: paragraph.end)
        let at = utf8.index(start, offsetBy: max(hit.index, 0), limitedBy: end) ?? end
        let offset = editor.clusterBoundary(atOrBefore: editor.offset(of: at))
        let hitOffset = hit.trailing ? min(editor.clusterBoundary(after: offset), paragraph.end) : offset
        // Past a line that goes on in the next piece: before its last space, as pango places a
        // point past a wrapped line (after it is the next line's start).
        guard paragraph.continues, hitOffset == paragraph.end, hitOffset > paragraph.start else { return hitOffset }
        return editor.clusterBoundary(before: hitOffset)
    }

    // MARK: Drawing

    /// The caret's colour and the selection's, as `TextField`'s.
    static let caretColor = TextField.caretColor
    static let selectionColor = TextField.selectionColor

    /// How many times the page was drawn, and the union of the rectangles drawn
    /// (page coordinates); tests reset them to see what a change redraws.
    package var pageDrawCount = 0
    package var pageDrawnArea = CGRect.null

    /// Draws the paragraphs that reach into `rect` (the page's coordinates, which
    /// are the bounds moved to the origin), the selection under them and the caret.
    fileprivate func drawPage(_ rect: CGRect, in context: GraphicsContext) {
        let shift = CGPoint(x: Self.textInset.left, y: Self.textInset.top - bounds.minY)
        // With the paragraphs whose glyphs cairo moves into it, putting them on whole pixel rows.
        let halfPixel = 0.5 / (window?.screen?.scale ?? 1)
        let textRect = rect.offsetBy(dx: -shift.x, dy: -shift.y).insetBy(dx: 0, dy: -halfPixel)
        var index = paragraphs.index(at: textRect.minY)
        pageDrawCount += 1
        pageDrawnArea = pageDrawnArea.union(rect)
        let selection = isEditing || isFirstResponder ? editor.selection : NSRange(location: 0, length: 0)
        selectionWasShown = selection.length > 0
        while index < paragraphs.paragraphs.count, paragraphs.paragraphs[index].top < textRect.maxY {
            let layout = paragraphs.layout(of: index, in: editor.text)
            let paragraph = paragraphs.paragraphs[index]
            let origin = CGPoint(x: shift.x, y: shift.y + paragraph.top)
            if selection.length > 0 { drawSelection(selection, of: paragraph, layout: layout, at: origin, in: context) }
            context.draw(layout, at: origin, clippedTo: rect, color: textColor)
            index += 1
        }
    }

    /// The selection's part in one paragraph: from its start to the line's end, whole
    /// lines between, and the last line up to its end.
    private func drawSelection(
        _ selection: NSRange, of paragraph: TextParagraphs.Paragraph, layout: TextLayout, at origin: CGPoint,
        in context: GraphicsContext
    ) {
        let start = max(selection.location, paragraph.start)
        let end = min(selection.location + selection.length, paragraph.end + (paragraph.endsWithNewline ? 1 : 0))
        guard start < end || (start == end && selection.location < start) else { return }
        let utf8 = editor.text.utf8
        let base = editor.index(atUTF16: paragraph.start)
        func caret(_ offset: Int) -> (x: Double, top: Double, height: Double) {
            let at = editor.index(atUTF16: min(offset, paragraph.end))
            return layout.caret(atByteIndex: utf8.distance(from: base, to: at))
        }
        let first = caret(start)
        let last = caret(end)
        let width = bounds.width - Self.textInset.left - Self.textInset.right
        // The selection goes on into the next line of a paragraph cut at its lines: this
        // one runs to the edge, as a line of a paragraph laid out whole.
        let runsOn = paragraph.continues && selection.location + selection.length >= paragraph.end
        // The "\n" ending the paragraph is selected: the last line runs to the edge.
        let lastX = runsOn ? Double(width) : end > paragraph.end ? Double(layout.width).rounded(.up) + 6 : last.x
        var rects: [CGRect] = []
        if first.top == last.top {
            rects.append(CGRect(x: first.x, y: first.top, width: max(lastX - first.x, 0), height: first.height))
        } else {
            rects.append(CGRect(x: first.x, y: first.top, width: max(width - first.x, 0), height: first.height))
            let middleTop = first.top + first.height
            if last.top > middleTop {
                rects.append(CGRect(x: 0, y: middleTop, width: width, height: last.top - middleTop))
            }
            rects.append(CGRect(x: 0, y: last.top, width: max(lastX, 0), height: last.height))
        }
        for rect in rects {
            context.fill(rect.offsetBy(dx: origin.x, dy: origin.y), with: Self.selectionColor)
        }
    }
}

/// The text view's drawing surface: it covers the bounds and is drawn again as
/// they scroll, so a keystroke redraws only the lines it changed in it.
@MainActor private final class TextPageView: View {
    weak var textView: TextView?

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current, let textView else { return }
        textView.drawPage(rect, in: context)
    }
}
