import Foundation

/// The window the screen reader's outline is drawn in: above every level, never key,
/// touched by nothing (its views take no touches, so hit-testing passes through).
@MainActor final class FocusOutlineWindow: Window {
    override func makeKey() {}
    override func makeKeyAndVisible() { isHidden = false }
}

/// A 3 pt rounded rectangle around the focused element, as VoiceOver's cursor.
@MainActor final class FocusOutline {
    static let lineWidth: CGFloat = 3
    static let color = Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
    /// Above `.alert` and everything an app is likely to use.
    static let level = Window.Level.alert + 1_000_000

    private var window: FocusOutlineWindow?
    private var ring: OutlineRingView?

    /// Shows the outline around `frame` (screen coordinates) on `screen`.
    func show(around frame: CGRect, on screen: Screen) {
        let window = self.window ?? makeWindow(on: screen)
        if window.screen !== screen { window.screen = screen }
        if window.frame != screen.bounds { window.frame = screen.bounds }
        let inset = -Self.lineWidth
        let ringFrame = window.convert(frame, from: nil).insetBy(dx: inset, dy: inset)
        if ring?.frame != ringFrame { ring?.frame = ringFrame }
        if window.isHidden { window.isHidden = false }
    }

    func hide() {
        guard let window, !window.isHidden else { return }
        window.isHidden = true
    }

    /// The outline's rectangle in screen coordinates while it shows (tests read it).
    var shownFrame: CGRect? {
        guard let window, !window.isHidden, let ring else { return nil }
        return window.convert(ring.frame, to: nil)
    }

    private func makeWindow(on screen: Screen) -> FocusOutlineWindow {
        let window = FocusOutlineWindow(screen: screen)
        window.windowLevel = Self.level
        window.backgroundColor = nil
        window.isUserInteractionEnabled = false
        let ring = OutlineRingView(frame: .zero)
        ring.isUserInteractionEnabled = false
        window.addSubview(ring)
        self.window = window
        self.ring = ring
        return window
    }
}

/// Strokes a rounded rectangle just inside its bounds.
@MainActor final class OutlineRingView: View {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let width = FocusOutline.lineWidth
        let box = bounds.insetBy(dx: width / 2, dy: width / 2)
        guard box.width > 0, box.height > 0 else { return }
        context.addRoundedRect(box, cornerRadius: 8)
        context.strokePath(with: FocusOutline.color, lineWidth: width)
    }
}
