import Foundation

/// One key of the on-screen keyboard: a rectangle with its title. Its
/// `accessibilityLabel` is what it types ("q", "Q", "space") or does ("shift",
/// "delete", "return", "123", "ABC").
@MainActor package final class KeyboardKeyView: View {
    let kind: KeyboardKeyKind
    private let title = Label()

    init(kind: KeyboardKeyKind) {
        self.kind = kind
        super.init(frame: .zero)
        title.textAlignment = .center
        title.textColor = .black
        title.isUserInteractionEnabled = false
        addSubview(title)
        isHighlighted = false
        // A key the reader stops at (a gap is none), spoken "q, key".
        if case .gap = kind {} else { isAccessibilityElement = true }
        accessibilityTraits = .keyboardKey
    }

    /// What the key types now (its letter in the case shift gives it).
    private(set) var typedText = ""

    /// Sets the title and label for the shift state, the return key's title and the page.
    func configure(shifted: Bool, shiftLocked: Bool, returnTitle: String) {
        switch kind {
        case .text(let text):
            typedText = shifted ? Self.uppercased(text) : text
            title.text = typedText
            accessibilityLabel = typedText
        case .shift:
            title.text = shiftLocked ? "⇪" : "⇧"
            accessibilityLabel = "shift"
        case .delete:
            title.text = "⌫"
            accessibilityLabel = "delete"
        case .returnKey:
            title.text = returnTitle
            accessibilityLabel = "return"
        case .space:
            title.text = "space"
            accessibilityLabel = "space"
        case .page(let page):
            title.text = page == .letters ? "ABC" : "123"
            accessibilityLabel = title.text
        case .gap:
            title.text = nil
            accessibilityLabel = nil
        }
        shiftIsOn = kind == .shift && shifted
        refreshColor()
    }

    /// A letter's upper case, when it is one character ("ß" stays).
    static func uppercased(_ text: String) -> String {
        let upper = text.uppercased()
        return upper.count == text.count ? upper : text
    }

    private var shiftIsOn = false

    /// The key under the finger: darker.
    package var isHighlighted = false { didSet { refreshColor() } }

    /// Character keys are white, the others grey; the touched one darker.
    private func refreshColor() {
        let isCharacter = if case .text = kind { true } else { kind == .space }
        backgroundColor =
            kind == .gap
            ? .clear : isHighlighted ? Self.highlightColor : shiftIsOn || isCharacter ? .white : Color(white: 0.7)
    }

    package static let highlightColor = Color(white: 0.55)

    package override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = bounds
        let size =
            kind == .space || kind == .returnKey || { if case .page = kind { true } else { false } }() ? 16.0 : 22.0
        title.font = .systemFont(ofSize: min(size, max(bounds.height * 0.5, 8)))
    }
}

/// The on-screen keyboard's keys and what touching them does. Every touch on it
/// lands on this view (its `hitTest` keeps it from the keys), which finds the key
/// under the finger: the key is highlighted with a pop-up while touched, follows
/// the finger to another key, and types when the finger lifts. Delete deletes at
/// once and repeats while held; a long press on a letter offers its accented forms.
@MainActor package final class KeyboardView: View {
    /// The first responder typed into (looked up at each key: it may change).
    var input: () -> KeyInput? = { nil }
    /// The traits of the responder served.
    private(set) var keyboardType: KeyboardType = .default
    private(set) var returnKeyType: ReturnKeyType = .default
    private(set) var autocapitalizationType: TextAutocapitalizationType = .sentences
    private var xkbLayout = "us"

    package enum Shift: Equatable { case off, once, locked }
    package private(set) var shift = Shift.off
    private(set) var page = KeyboardPage.letters
    package private(set) var keys: [KeyboardKeyView] = []
    private var layout: KeyboardLayout?

    /// The key under the finger, and the finger.
    private var activeKey: KeyboardKeyView?
    private weak var trackedTouch: Touch?
    /// The touched character, larger, above its key: a label in a grey frame.
    private let popupFrame = View()
    private let popup = Label()
    private var accentViews: [KeyboardKeyView] = []
    private var selectedAccent: KeyboardKeyView?
    private var longPressTimer = GestureTimer()
    private var deleteRepeatTimer = GestureTimer()
    /// When shift was last tapped (the display clock): a second tap soon after locks it.
    private var lastShiftTap: Double?

    /// A long press shows the accents after this long; Delete repeats after a
    /// first delay, then at a steady rate (UIKit's feel); two taps on shift this
    /// close lock it.
    static let longPressDelay = 0.5
    static let deleteRepeatDelay = 0.5
    static let deleteRepeatInterval = 0.1
    static let shiftDoubleTapInterval = 0.35

    /// The height of a row of keys for a screen of `height` points.
    static func rowHeight(forScreenHeight height: CGFloat) -> CGFloat { min(54, max(30, (height * 0.09).rounded())) }
    static let padding: CGFloat = 6

    /// The keyboard's height for a screen of `height` points.
    static func height(forScreenHeight height: CGFloat) -> CGFloat {
        4 * rowHeight(forScreenHeight: height) + 2 * padding
    }

    package override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.82)
        // Fast typing puts a second finger down before the first lifts.
        isMultipleTouchEnabled = true
        popup.textAlignment = .center
        popup.backgroundColor = .white
        popup.textColor = .black
        popupFrame.backgroundColor = Color(white: 0.45)
        popupFrame.isUserInteractionEnabled = false
        popupFrame.isHidden = true
        popupFrame.addSubview(popup)
    }

    /// Sets the keys for a responder's traits and the seat's layout, on its first page.
    /// The same traits and layout as now keep the page and a finger on a key (the
    /// key window may change under it: the demo's does every second); shift then
    /// follows the new responder's text.
    func configure(traits: TextInputTraits?, xkbLayout: String) {
        let keyboardType = traits?.keyboardType ?? .default
        let returnKeyType = traits?.returnKeyType ?? .default
        let autocapitalizationType = traits?.autocapitalizationType ?? .sentences
        if layout != nil, keyboardType == self.keyboardType, returnKeyType == self.returnKeyType,
            autocapitalizationType == self.autocapitalizationType, xkbLayout == self.xkbLayout
        {
            if shift == .once { shift = .off }
            relabel()
            return updateAutoShift()
        }
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalizationType = autocapitalizationType
        self.xkbLayout = xkbLayout
        endTouch()
        shift = .off
        page = KeyboardLayout.firstPage(for: keyboardType)
        rebuild()
        updateAutoShift()
    }

    private func rebuild() {
        for key in keys { key.removeFromSuperview() }
        let layout = KeyboardLayout(page: page, type: keyboardType, xkbLayout: xkbLayout)
        self.layout = layout
        keys = layout.rows.flatMap { $0.map { KeyboardKeyView(kind: $0.kind) } }
        for key in keys { addSubview(key) }
        if popupFrame.superview == nil { addSubview(popupFrame) }
        bringSubviewToFront(popupFrame)
        relabel()
        setNeedsLayout()
    }

    private func relabel() {
        for key in keys {
            key.configure(shifted: shift != .off, shiftLocked: shift == .locked, returnTitle: returnKeyType.title)
        }
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        guard let layout else { return }
        let padding = Self.padding
        let unit = (bounds.width - 2 * padding) / layout.columns
        let rowHeight = (bounds.height - 2 * padding) / CGFloat(layout.rows.count)
        var index = 0
        for (rowIndex, row) in layout.rows.enumerated() {
            let rowWidth = row.reduce(0) { $0 + $1.width } * unit
            var x = padding + (bounds.width - 2 * padding - rowWidth) / 2
            let y = padding + CGFloat(rowIndex) * rowHeight
            for spec in row {
                let cell = CGRect(x: x, y: y, width: spec.width * unit, height: rowHeight)
                keys[index].frame = cell.insetBy(dx: 3, dy: 4).integral
                x += spec.width * unit
                index += 1
            }
        }
    }

    /// Every touch inside lands here, not on a key.
    package override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        !isHidden && isUserInteractionEnabled && bounds.contains(point) ? self : nil
    }

    private func key(at point: CGPoint) -> KeyboardKeyView? {
        keys.first { $0.kind != .gap && $0.frame.insetBy(dx: -3, dy: -4).contains(point) }
    }

    // MARK: Touches

    package override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // A new finger types the key the last one is on (as UIKit's keyboard does),
        // unless that one is choosing an accent, then takes over the highlight.
        guard let touch = touches.min(by: { $0.timestamp < $1.timestamp }) else { return }
        if trackedTouch != nil {
            if accentViews.isEmpty, let key = activeKey, key.kind != .delete { perform(key) }
            endTouch()
        }
        trackedTouch = touch
        track(to: key(at: touch.location(in: self)))
        if activeKey?.kind == .delete { deleteAndRepeat(after: Self.deleteRepeatDelay) }
    }

    package override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first(where: { $0 === trackedTouch }) else { return }
        let point = touch.location(in: self)
        if !accentViews.isEmpty {
            selectAccent(at: point)
            return
        }
        let key = key(at: point)
        guard key !== activeKey else { return }
        track(to: key)
    }

    package override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard touches.contains(where: { $0 === trackedTouch }) else { return }
        if !accentViews.isEmpty {
            if let accent = selectedAccent { type(accent.typedText) }
        } else if let key = activeKey, key.kind != .delete {
            perform(key)
        }
        endTouch()
    }

    package override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard touches.contains(where: { $0 === trackedTouch }) else { return }
        endTouch()
    }

    /// Moves the highlight and pop-up to `key` (nil: none) and restarts its timers.
    private func track(to key: KeyboardKeyView?) {
        activeKey?.isHighlighted = false
        activeKey = key
        longPressTimer.stop()
        deleteRepeatTimer.stop()
        key?.isHighlighted = true
        showPopup(for: key)
        if let key, case .text(let letter) = key.kind, keyboardType != .asciiCapable,
            !KeyboardLayout.accents(of: letter).isEmpty
        {
            longPressTimer.start(after: Self.longPressDelay, name: "keyboard long press") { [weak self] in
                self?.showAccents()
            }
        }
    }

    private func endTouch() {
        longPressTimer.stop()
        deleteRepeatTimer.stop()
        activeKey?.isHighlighted = false
        activeKey = nil
        trackedTouch = nil
        popupFrame.isHidden = true
        for view in accentViews { view.removeFromSuperview() }
        accentViews = []
        selectedAccent = nil
    }

    /// A character key's pop-up: its text, larger, over the upper part of the key.
    private func showPopup(for key: KeyboardKeyView?) {
        guard let key, case .text = key.kind else {
            popupFrame.isHidden = true
            return
        }
        let width = key.frame.width * 1.4
        let height = key.frame.height * 1.1
        popup.text = key.typedText
        popup.font = .systemFont(ofSize: min(30, max(height * 0.55, 8)))
        popupFrame.frame =
            CGRect(
                x: min(max(key.frame.midX - width / 2, 0), bounds.width - width),
                y: key.frame.minY - height - 2, width: width, height: height
            ).integral
        popup.frame = popupFrame.bounds.insetBy(dx: 1, dy: 1)
        popupFrame.isHidden = false
        bringSubviewToFront(popupFrame)
    }

    // MARK: Accents

    private func showAccents() {
        guard let key = activeKey, case .text(let letter) = key.kind else { return }
        let accents = KeyboardLayout.accents(of: letter).map { shift != .off ? KeyboardKeyView.uppercased($0) : $0 }
        popupFrame.isHidden = true
        let width = key.frame.width
        let height = key.frame.height
        let total = width * CGFloat(accents.count)
        var x = min(max(key.frame.minX, Self.padding), bounds.width - Self.padding - total)
        let y = key.frame.minY - height - 4
        accentViews = accents.map { accent in
            let view = KeyboardKeyView(kind: .text(accent))
            view.configure(shifted: false, shiftLocked: false, returnTitle: "")
            view.frame = CGRect(x: x, y: y, width: width, height: height).integral
            x += width
            addSubview(view)
            return view
        }
        if let point = trackedTouch?.location(in: self) { selectAccent(at: point) }
    }

    /// The accent under the finger (by its column: the finger may stay on the key row).
    private func selectAccent(at point: CGPoint) {
        let accent = accentViews.first { $0.frame.minX <= point.x && point.x < $0.frame.maxX }
        guard accent !== selectedAccent else { return }
        selectedAccent?.isHighlighted = false
        selectedAccent = accent
        accent?.isHighlighted = true
    }

    // MARK: Keys

    private func perform(_ key: KeyboardKeyView) {
        switch key.kind {
        case .text: type(key.typedText)
        case .space: type(" ")
        case .returnKey:
            input()?.insertText("\n")
            updateAutoShift()
        case .shift: shiftTapped()
        case .page(let page):
            self.page = page
            rebuild()
            updateAutoShift()
        case .delete, .gap: break
        }
    }

    private func type(_ text: String) {
        input()?.insertText(text)
        if shift == .once {
            shift = .off
            relabel()
        }
        updateAutoShift()
    }

    private func deleteAndRepeat(after delay: Double) {
        input()?.deleteBackward()
        updateAutoShift()
        deleteRepeatTimer.start(after: delay, name: "keyboard delete repeat") { [weak self] in
            guard let self, self.activeKey?.kind == .delete else { return }
            self.deleteAndRepeat(after: Self.deleteRepeatInterval)
        }
    }

    private func shiftTapped() {
        let now = Application.shared.backend?.eventLoop.clock.now ?? 0
        let isDoubleTap = lastShiftTap.map { now - $0 <= Self.shiftDoubleTapInterval } ?? false
        switch shift {
        case .locked: shift = .off
        case .once: shift = isDoubleTap ? .locked : .off
        case .off: shift = .once
        }
        lastShiftTap = shift == .locked ? nil : now
        relabel()
    }

    /// Turns shift on or off by the text before the caret and the autocapitalization
    /// type (caps lock stays).
    func updateAutoShift() {
        guard shift != .locked, page == .letters else { return }
        let wanted: Shift =
            AutoCapitalization.shiftsNext(after: textBeforeCaret(), type: autocapitalizationType) ? .once : .off
        guard wanted != shift else { return }
        shift = wanted
        relabel()
    }

    /// The text before the caret of a text field or view; for another `KeyInput`, "" when
    /// it has no text, else a letter (capitalization goes by what it reports).
    private func textBeforeCaret() -> Substring {
        guard let input = input() else { return "" }
        let textAndCaret: (String?, Int)? =
            if let field = input as? TextField {
                (field.text, field.selectedRange.location)
            } else if let view = input as? TextView {
                (view.text, view.selectedRange.location)
            } else {
                nil
            }
        if case (let text?, let location)? = textAndCaret {
            let utf16 = text.utf16
            let end = utf16.index(utf16.startIndex, offsetBy: min(max(location, 0), utf16.count))
            return text[..<end]
        }
        return input.hasText ? "a" : ""
    }

    /// The first key view that types or does `label` (its `accessibilityLabel`), accents included.
    package func key(labelled label: String) -> KeyboardKeyView? {
        (accentViews + keys).first { $0.accessibilityLabel == label }
    }
}
