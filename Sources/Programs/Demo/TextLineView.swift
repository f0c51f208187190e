import DirectDisplay
import Foundation

/// The line typed so far, shared by the text line of every demo window so typing
/// carries on while the key window moves from window to window.
@MainActor
final class TypedText {
    /// Older characters are dropped from the front beyond this; no view shows more.
    static let maximumLength = 200
    private static let backspaceKeyCode: UInt32 = 14
    private static let enterKeyCodes: Set<UInt32> = [28, 96]  // KEY_ENTER, KEY_KPENTER

    private struct WeakLine {
        weak var view: TextLineView?
    }

    private(set) var text = ""
    private var lines: [WeakLine] = []

    /// Redraws `line` whenever the text changes, for as long as the line exists.
    func add(_ line: TextLineView) {
        lines.removeAll { $0.view == nil }
        lines.append(WeakLine(view: line))
    }

    /// Applies one key: backspace deletes the last character, Enter starts an
    /// empty line, other keys append their printable characters. Returns whether the text changed.
    func apply(_ key: Key) -> Bool {
        let old = text
        if key.keyCode == Self.backspaceKeyCode {
            if !text.isEmpty { text.removeLast() }
        } else if Self.enterKeyCodes.contains(key.keyCode) {
            text = ""
        } else {
            // Control characters (Tab, Escape, Ctrl-letters) have no glyph to show.
            let printable = key.characters.unicodeScalars.filter { $0.properties.generalCategory != .control }
            text.unicodeScalars.append(contentsOf: printable)
            if text.count > Self.maximumLength { text.removeFirst(text.count - Self.maximumLength) }
        }
        guard text != old else { return false }
        for line in lines { line.view?.setNeedsDisplay() }
        return true
    }
}

/// One line of typed text: its window's first responder, so the keys typed while
/// that window is key arrive here. Shows the end of the text when it is longer than the line.
@MainActor
final class TextLineView: View {
    private let typed: TypedText
    private let fontSize: CGFloat

    init(frame: CGRect, typed: TypedText) {
        self.typed = typed
        fontSize = (frame.height * 0.6).rounded()
        super.init(frame: frame)
        backgroundColor = Color(white: 0, alpha: 0.6)
        // Touches fall through to the views below (the paint area).
        isUserInteractionEnabled = false
        // Text is laid out for the bounds: drawn again when they change, not stretched.
        contentMode = .redraw
        typed.add(self)
    }

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        var unhandled: Set<Press> = []
        for press in presses {
            guard let key = press.key else {
                unhandled.insert(press)
                continue
            }
            if typed.apply(key) { DemoLog.write("demo: typed \"\(typed.text)\"") }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let font = Font.systemFont(ofSize: fontSize)
        let padding = (bounds.height - fontSize) / 2
        let line = CGRect(
            x: padding, y: ((bounds.height - font.lineHeight) / 2).rounded(), width: bounds.width - 2 * padding,
            height: font.lineHeight)
        let empty = typed.text.isEmpty
        // Head truncation keeps the end of a long line, where the typing is, in view.
        context.draw(
            empty ? "Type here" : typed.text, in: line, font: font, color: empty ? Color(white: 0.6) : .white,
            lineBreakMode: .byTruncatingHead, numberOfLines: 1)
    }
}
