import Foundation

/// A button of an alert, as UIKit's `UIAlertAction`.
@MainActor public final class AlertAction {
    /// How an action looks and what keys trigger it.
    public enum Style: Int, Sendable {
        /// A plain action; Return triggers it when it is the alert's only one.
        case `default` = 0
        /// Leaves the alert without doing anything; Escape triggers it. At most one per alert.
        case cancel = 1
        /// Changes or deletes data: its title is red.
        case destructive = 2
    }

    /// The button's title.
    public let title: String?
    /// How the button looks.
    public let style: Style
    /// Whether the button can be tapped (a disabled one is grey; Return and Escape skip it).
    public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    let handler: (@MainActor (AlertAction) -> Void)?
    /// The button showing the action while its alert is presented.
    weak var button: Button?

    /// An action titled `title`; `handler` runs after the alert was dismissed by it.
    public init(title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or action sheet, as UIKit's `UIAlertController`: present it with
/// `present(_:animated:completion:)`. It shows in a window of its own at the `.alert`
/// level on the presenter's screen, above every other window, over a dimming layer;
/// that window becomes key (its first text field first responder) and gives key status
/// back on dismiss. Tapping a button dismisses the alert, then runs the action's handler.
/// Return triggers `preferredAction` (else the only `.default` action), Escape the
/// `.cancel` action. Taps outside the card do nothing.
@MainActor open class AlertController: ViewController {
    /// How the alert shows.
    public enum Style: Int, Sendable {
        /// Buttons stacked from the bottom of the screen, the cancel one apart below them.
        case actionSheet = 0
        /// A centred card, 270 points wide.
        case alert = 1
    }

    /// The text below the title.
    open var message: String?
    /// How the alert shows.
    public let preferredStyle: Style
    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []
    private var fields: [TextField] = []
    /// Whether a button, Return or Escape already dismissed the alert (it acts once).
    private var hasActed = false
    /// Watches the on-screen keyboard while the alert is presented.
    private var keyboardObserver: NSObjectProtocol?

    /// An alert with `title` and `message` in `preferredStyle`.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
    }

    /// The action Return triggers, drawn in bold; it must be one of `actions` (else refused, one log line).
    public var preferredAction: AlertAction? {
        didSet {
            if let action = preferredAction, !actions.contains(where: { $0 === action }) {
                StderrLog.info("AlertController.preferredAction refused an action not added: it stays nil")
                preferredAction = nil
            }
        }
    }

    /// The text fields added, in order (nil if none, as UIKit's).
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }

    /// Adds a button. A second `.cancel` action, or one already added, is refused with one log line.
    public func addAction(_ action: AlertAction) {
        if actions.contains(where: { $0 === action }) {
            return StderrLog.info("AlertController.addAction: the action \"\(action.title ?? "")\" is already added")
        }
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            return StderrLog.info(
                "AlertController.addAction: an alert has one cancel action; \"\(action.title ?? "")\" refused")
        }
        actions.append(action)
    }

    /// Adds a text field above the buttons (alerts only: an action sheet refuses, one log
    /// line); `configurationHandler` sets it up before it shows.
    public func addTextField(configurationHandler: (@MainActor (TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            return StderrLog.info("AlertController.addTextField: an action sheet has no text fields")
        }
        let field = TextField(frame: .zero)
        field.font = .systemFont(ofSize: 13)
        field.borderStyle = .line
        field.backgroundColor = .white
        field.addAction(Action { [weak self] _ in self?.returnPressed() }, for: .editingDidEndOnExit)
        configurationHandler?(field)
        fields.append(field)
    }

    open override func loadView() { view = AlertRootView(frame: .zero) }

    // MARK: Keys

    /// Presses no view of the alert takes come here from its window (Return and Escape),
    /// then go to the application, not back to the window.
    open override var next: Responder? { Application.shared }

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        var rest = Set<Press>()
        for press in presses {
            switch press.key?.keyCode {
            case EditingKeyCode.enter, EditingKeyCode.keypadEnter: returnPressed()
            case AlertController.escapeKeyCode: escapePressed()
            default: rest.insert(press)
            }
        }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// KEY_ESC.
    static let escapeKeyCode: UInt32 = 1

    /// The action Return triggers: the preferred one, else the only default one.
    var returnAction: AlertAction? {
        if let preferredAction { return preferredAction }
        let defaults = actions.filter { $0.style == .default }
        return defaults.count == 1 ? defaults[0] : nil
    }

    private func returnPressed() {
        if let action = returnAction { perform(action) }
    }

    private func escapePressed() {
        if let action = actions.first(where: { $0.style == .cancel }) { perform(action) }
    }

    /// Dismisses the alert, then runs `action`'s handler; once per presentation.
    func perform(_ action: AlertAction) {
        guard action.isEnabled, !hasActed, presenterStorage != nil,
            !(modalPresentation?.isTransitioning ?? true)
        else { return }
        hasActed = true
        let handler = action.handler
        dismiss(animated: true) { handler?(action) }
    }

    // MARK: Presentation

    /// Shows the alert in a window of its own above every other on `presenterWindow`'s screen.
    func install(_ state: ModalPresentation, over presenterWindow: Window) {
        hasActed = false
        let window = presenterWindow.screen.map { AlertWindow(screen: $0) } ?? AlertWindow(frame: presenterWindow.frame)
        window.alert = self
        window.windowLevel = .alert
        let root = view as? AlertRootView ?? AlertRootView(frame: .zero)
        if view !== root { view = root }
        root.frame = window.bounds
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.backgroundColor = ModalPresentation.dimmingColor
        // The screen reader reaches only the alert while it shows (UIKit's alerts are modal to it).
        root.accessibilityViewIsModal = true
        root.build(for: self)
        window.addSubview(root)
        state.window = window
        window.makeKeyAndVisible()
        observeKeyboard(on: window.screen)
        fields.first?.becomeFirstResponder()
        // A new screen for the reader: its title (the first element) is focused and spoken.
        root.layoutIfNeeded()
        Accessibility.post(notification: .screenChanged, argument: nil)
    }

    /// The alert keeps above the on-screen keyboard (as UIKit's moves up for it): its
    /// cards go in the part of the screen the keyboard leaves, moving with it.
    private func observeKeyboard(on screen: Screen?) {
        guard keyboardObserver == nil else { return }
        keyboardObserver = NotificationCenter.default.addObserver(
            forName: Responder.keyboardWillChangeFrameNotification, object: nil, queue: nil
        ) { [weak self] note in
            let end = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect
            let keyboardScreen = note.userInfo?[Responder.keyboardScreenUserInfoKey] as? Screen
            MainActor.assumeIsolated {
                guard let self, let root = self.viewIfLoaded as? AlertRootView, let end,
                    keyboardScreen == nil || keyboardScreen === root.window?.screen
                else { return }
                root.keyboardTop = end.minY
                View.animate(withDuration: OnScreenKeyboardController.animationDuration) { root.layoutIfNeeded() }
            }
        }
    }

    /// Fades the alert (and its dimming) in or out; an action sheet's buttons also slide.
    func transition(in entering: Bool, animated: Bool, then finish: @escaping @MainActor () -> Void) {
        guard let root = view as? AlertRootView else { return finish() }
        guard animated else { return finish() }
        let sheet = root.sheetFrames
        let slide = preferredStyle == .actionSheet ? root.bounds.height - (sheet.first?.minY ?? 0) : 0
        if entering {
            root.alpha = 0
            for (card, frame) in zip(root.cards, sheet) { card.frame = frame.offsetBy(dx: 0, dy: slide) }
        }
        View.animate(
            withDuration: Self.presentationDuration, delay: 0,
            animations: {
                root.alpha = entering ? 1 : 0
                for (card, frame) in zip(root.cards, sheet) {
                    card.frame = entering ? frame : frame.offsetBy(dx: 0, dy: slide)
                }
            },
            completion: { _ in
                if !entering {
                    root.alpha = 1
                    for (card, frame) in zip(root.cards, sheet) { card.frame = frame }
                }
                finish()
            })
    }

    /// The alert is gone: its window hides (key status goes back to the previous key window) and is let go.
    func didDismiss(_ state: ModalPresentation) {
        if let keyboardObserver { NotificationCenter.default.removeObserver(keyboardObserver) }
        keyboardObserver = nil
        (viewIfLoaded as? AlertRootView)?.keyboardTop = nil
        state.window?.isHidden = true
        state.window = nil
        for action in actions { action.button = nil }
        Accessibility.post(notification: .screenChanged, argument: nil)
    }
}

/// An alert's own window: presses nobody in it takes (none is first responder, or a text
/// field passed them on) go to the alert.
@MainActor final class AlertWindow: Window {
    weak var alert: AlertController?
    override var next: Responder? { alert ?? super.next }
}

/// An alert's root view: the dimming over the whole window, with the alert's cards.
@MainActor final class AlertRootView: View {
    /// The cards: the alert's one, or an action sheet's main and cancel cards.
    private(set) var cards: [AlertCardView] = []
    private var style: AlertController.Style = .alert
    /// The top of the on-screen keyboard in the bounds (nil: none shown); the cards stay above it.
    var keyboardTop: CGFloat? { didSet { if keyboardTop != oldValue { setNeedsLayout() } } }

    /// Geometry, as UIKit's alert.
    static let alertWidth: CGFloat = 270
    static let sheetMaxWidth: CGFloat = 540
    static let margin: CGFloat = 8
    static let alertButtonHeight: CGFloat = 44
    static let sheetButtonHeight: CGFloat = 56
    static let blue = Color(red: 0, green: 0.478, blue: 1)
    static let red = Color(red: 1, green: 0.231, blue: 0.188)
    static let separator = Color(white: 0.8)

    /// Makes the cards for `alert`'s title, message, text fields and actions.
    func build(for alert: AlertController) {
        for card in cards { card.removeFromSuperview() }
        style = alert.preferredStyle
        let cancel = alert.actions.first { $0.style == .cancel }
        var others = alert.actions.filter { $0.style != .cancel }
        let bold = alert.preferredAction ?? cancel
        let main = AlertCardView(frame: .zero)
        var content: [View] = []
        let titleSize: CGFloat = style == .alert ? 17 : 13
        if let title = alert.title, !title.isEmpty {
            content.append(
                label(title, font: .boldSystemFont(ofSize: titleSize), color: style == .alert ? .black : .gray))
        }
        if let message = alert.message, !message.isEmpty {
            content.append(label(message, font: .systemFont(ofSize: 13), color: style == .alert ? .black : .gray))
        }
        main.texts = content
        main.fields = alert.textFields ?? []
        if style == .alert, let cancel {
            // UIKit: the cancel button is left of another, else last.
            others = others.count == 1 ? [cancel] + others : others + [cancel]
        }
        main.buttons = others.map { button(for: $0, bold: $0 === bold) }
        main.sideBySide = style == .alert && others.count == 2
        cards = [main]
        if style == .actionSheet, let cancel {
            let apart = AlertCardView(frame: .zero)
            apart.buttons = [button(for: cancel, bold: true)]
            cards.append(apart)
        }
        for card in cards {
            card.buttonHeight = style == .alert ? Self.alertButtonHeight : Self.sheetButtonHeight
            card.assemble()
            addSubview(card)
        }
        setNeedsLayout()
    }

    private func label(_ text: String, font: Font, color: Color) -> Label {
        let label = Label()
        label.text = text
        label.font = font
        label.textColor = color
        label.textAlignment = .center
        label.numberOfLines = 0
        return label
    }

    private func button(for action: AlertAction, bold: Bool) -> Button {
        let button = Button(frame: .zero)
        button.setTitle(action.title, for: .normal)
        let color = action.style == .destructive ? Self.red : Self.blue
        button.setTitleColor(color, for: .normal)
        // Under the finger the title fades, so a press shows before the alert goes.
        button.setTitleColor(color.withAlphaComponent(0.4), for: .highlighted)
        button.setTitleColor(.gray, for: .disabled)
        button.titleLabel.font = bold ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        button.isEnabled = action.isEnabled
        button.addAction(
            Action { [weak self] _ in
                guard let alert = self?.owningAlert else { return }
                alert.perform(action)
            }, for: .touchUpInside)
        action.button = button
        return button
    }

    private var owningAlert: AlertController? { owningViewController as? AlertController }

    /// Where the cards go in the bounds: the alert's centred, an action sheet's at the bottom.
    var sheetFrames: [CGRect] {
        var bounds = self.bounds
        if let keyboardTop, keyboardTop.isFinite { bounds.size.height = max(0, min(bounds.height, keyboardTop)) }
        switch style {
        case .alert:
            guard let card = cards.first else { return [] }
            let width = max(0, min(Self.alertWidth, bounds.width - 2 * Self.margin))
            let height = min(card.height(forWidth: width), bounds.height)
            return [
                CGRect(
                    x: ((bounds.width - width) / 2).rounded(.down), y: ((bounds.height - height) / 2).rounded(.down),
                    width: width, height: height)
            ]
        case .actionSheet:
            let width = max(0, min(Self.sheetMaxWidth, bounds.width - 2 * Self.margin))
            let x = ((bounds.width - width) / 2).rounded(.down)
            var bottom = bounds.height - Self.margin
            var frames: [CGRect] = []
            for card in cards.reversed() {
                let height = card.height(forWidth: width)
                frames.insert(CGRect(x: x, y: bottom - height, width: width, height: height), at: 0)
                bottom -= height + Self.margin
            }
            return frames
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // An animation sets the cards' frames itself.
        guard cards.allSatisfy({ $0.animations.isEmpty }) else { return }
        for (card, frame) in zip(cards, sheetFrames) { card.frame = frame }
    }
}

/// A white card with rounded corners: texts, then text fields, then buttons under separators.
@MainActor final class AlertCardView: View {
    var texts: [View] = []
    var fields: [TextField] = []
    var buttons: [Button] = []
    var sideBySide = false
    var buttonHeight: CGFloat = 44
    private var separators: [View] = []

    static let cornerRadius: CGFloat = 14
    static let inset: CGFloat = 16
    static let fieldHeight: CGFloat = 26

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        contentMode = .redraw
    }

    /// Adds the parts as subviews.
    func assemble() {
        for view in texts + fields + buttons { addSubview(view) }
        let lines = sideBySide ? 2 : buttons.count
        separators = (0..<lines).map { _ in
            let line = View(frame: .zero)
            line.backgroundColor = AlertRootView.separator
            addSubview(line)
            return line
        }
    }

    /// The height of the texts and fields above the buttons.
    private func contentHeight(forWidth width: CGFloat) -> CGFloat {
        let textWidth = max(0, width - 2 * Self.inset)
        var height: CGFloat = texts.isEmpty && fields.isEmpty ? 0 : 2 * Self.inset
        for (index, text) in texts.enumerated() {
            height += text.sizeThatFits(CGSize(width: textWidth, height: 0)).height + (index > 0 ? 4 : 0)
        }
        if !fields.isEmpty { height += CGFloat(fields.count) * (Self.fieldHeight + 8) + (texts.isEmpty ? -8 : 8) }
        return height
    }

    /// The card's height at `width`.
    func height(forWidth width: CGFloat) -> CGFloat {
        let rows = sideBySide ? 1 : buttons.count
        return contentHeight(forWidth: width) + CGFloat(rows) * buttonHeight
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        let textWidth = max(0, width - 2 * Self.inset)
        var y = Self.inset
        for (index, text) in texts.enumerated() {
            if index > 0 { y += 4 }
            let height = text.sizeThatFits(CGSize(width: textWidth, height: 0)).height
            text.frame = CGRect(x: Self.inset, y: y, width: textWidth, height: height)
            y += height
        }
        if !texts.isEmpty { y += 8 }
        for field in fields {
            field.frame = CGRect(x: Self.inset, y: y, width: textWidth, height: Self.fieldHeight)
            y += Self.fieldHeight + 8
        }
        y = contentHeight(forWidth: width)
        if sideBySide, buttons.count == 2 {
            let half = (width / 2).rounded(.down)
            buttons[0].frame = CGRect(x: 0, y: y, width: half, height: buttonHeight)
            buttons[1].frame = CGRect(x: half, y: y, width: width - half, height: buttonHeight)
            separators[0].frame = CGRect(x: 0, y: y, width: width, height: 1)
            separators[1].frame = CGRect(x: half, y: y, width: 1, height: buttonHeight)
            return
        }
        for (index, button) in buttons.enumerated() {
            let top = y + CGFloat(index) * buttonHeight
            button.frame = CGRect(x: 0, y: top, width: width, height: buttonHeight)
            // No line above the first button of a card without texts.
            separators[index].frame = CGRect(x: 0, y: top, width: top > 0 ? width : 0, height: 1)
        }
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let box = bounds
        context.addRoundedRect(box, cornerRadius: Self.cornerRadius)
        context.fillPath(with: .white)
    }
}
