import Foundation

extension Application {
    /// When the on-screen keyboard shows (`Application.onScreenKeyboard`).
    public enum OnScreenKeyboardMode: Sendable, CaseIterable {
        /// While a `KeyInput` is the key window's first responder and the seat has no keyboard device.
        case automatic
        /// While a `KeyInput` is the key window's first responder.
        case always
        /// Never (a responder's `inputView` still shows).
        case never
    }
}

extension Responder {
    /// Posted before the on-screen keyboard slides up (or changes, for a new responder); userInfo holds its frames.
    public nonisolated static let keyboardWillShowNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardWillShow")
    /// Posted when the keyboard has slid up.
    public nonisolated static let keyboardDidShowNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardDidShow")
    /// Posted before the keyboard slides down.
    public nonisolated static let keyboardWillHideNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardWillHide")
    /// Posted when the keyboard has slid down out of sight.
    public nonisolated static let keyboardDidHideNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardDidHide")
    /// Posted before every change of the keyboard's frame (before the will-show or will-hide notification).
    public nonisolated static let keyboardWillChangeFrameNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardWillChangeFrame")
    /// Posted after every change of the keyboard's frame (before the did-show or did-hide notification).
    public nonisolated static let keyboardDidChangeFrameNotification = Notification.Name(
        "DirectDisplay.Responder.keyboardDidChangeFrame")
    /// userInfo: the keyboard's frame before the change (a CGRect in screen coordinates).
    public nonisolated static let keyboardFrameBeginUserInfoKey = "DirectDisplay.keyboardFrameBegin"
    /// userInfo: the keyboard's frame after the change (a CGRect in screen coordinates;
    /// below the screen's bottom edge when hidden).
    public nonisolated static let keyboardFrameEndUserInfoKey = "DirectDisplay.keyboardFrameEnd"
    /// userInfo: how long the keyboard slides (a TimeInterval: 0.25 s).
    public nonisolated static let keyboardAnimationDurationUserInfoKey = "DirectDisplay.keyboardAnimationDuration"
    /// userInfo: the slide's timing curve (an Int, `View.AnimationOptions` curve bits shifted
    /// down: 0 ease in and out, as UIKit's `UIView.AnimationCurve` raw values).
    public nonisolated static let keyboardAnimationCurveUserInfoKey = "DirectDisplay.keyboardAnimationCurve"
    /// userInfo: the screen the keyboard is on (a `Screen`).
    public nonisolated static let keyboardScreenUserInfoKey = "DirectDisplay.keyboardScreen"
}

/// The window the on-screen keyboard lives in: just below `.alert`, never key.
@MainActor package final class OnScreenKeyboardWindow: Window {
    package override func makeKey() {}
    package override func makeKeyAndVisible() { isHidden = false }
}

/// Shows and hides the on-screen keyboard: it follows the key window's first
/// responder (checked on the next turn of the event loop after it changes, so
/// moving from one field to another does not hide and show), the mode, and the
/// seat's keyboard devices.
@MainActor package final class OnScreenKeyboardController {
    /// UIKit's slide: 0.25 s, ease in and out.
    package static let animationDuration: TimeInterval = 0.25
    package static let level = Window.Level.alert - 1

    var mode: Application.OnScreenKeyboardMode = .automatic { didSet { setNeedsUpdate() } }

    /// The keyboard's window, made when first shown.
    package private(set) var window: OnScreenKeyboardWindow?
    /// The system keyboard's keys.
    package private(set) lazy var keyboardView: KeyboardView = {
        let view = KeyboardView(frame: .zero)
        view.input = { [weak self] in self?.served as? KeyInput }
        return view
    }()
    /// The responder the keyboard is up for; nil while hidden or hiding.
    private weak var served: Responder?
    /// Whether the keyboard is up or sliding up.
    package private(set) var isShown = false
    /// The frame the keyboard has or is sliding to, in its screen's coordinates.
    package private(set) var frame: CGRect = .zero
    private var updatePosted = false
    /// Counts slides, so a slide's completion that another one overtook does nothing.
    private var slides = 0

    /// Checks on the next turn of the display's event loop what the keyboard should show.
    func setNeedsUpdate() {
        guard !updatePosted, let loop = Application.shared.backend?.eventLoop else { return }
        updatePosted = true
        loop.post { [weak self] in
            self?.updatePosted = false
            self?.update()
        }
    }

    /// The key window's first responder, when something is to be shown for it: its
    /// `inputView` or `inputAccessoryView`, or the system keyboard for a `KeyInput`
    /// under the mode (automatic: when the seat's devices, once opened, hold no keyboard).
    private func responderServed() -> (Responder, wantsKeyboard: Bool)? {
        let application = Application.shared
        guard let window = application.keyWindow, window.screen?.isConnected == true,
            let responder = window.firstResponder
        else { return nil }
        let modeAllows =
            switch mode {
            case .always: true
            case .never: false
            // Not before the seat's devices are looked for (a real display opens them after
            // its first frame): a keyboard found then would hide it again at once.
            case .automatic:
                application.backend.map { $0.input.hasOpenedDevices && !$0.input.hasKeyboardDevice } ?? true
            }
        let wantsKeyboard = modeAllows && responder.typedTextInput != nil
        guard wantsKeyboard || responder.inputView != nil || responder.inputAccessoryView != nil else { return nil }
        return (responder, wantsKeyboard)
    }

    func update() {
        guard let (responder, wantsKeyboard) = responderServed(), let screen = responder.responderWindow?.screen
        else { return hide() }
        show(for: responder, systemKeyboard: wantsKeyboard, on: screen)
    }

    private func show(for responder: Responder, systemKeyboard: Bool, on screen: Screen) {
        let window = self.window ?? makeWindow()
        // Below alerts, but above the window typed into: an alert's text field gets its keys.
        let typedInto = responder.responderWindow?.windowLevel ?? .normal
        window.windowLevel = typedInto < Self.level ? Self.level : typedInto + 1
        let width = screen.bounds.width
        var content: [View] = []
        if let accessory = responder.inputAccessoryView { content.append(accessory) }
        if let input = responder.inputView {
            content.append(input)
        } else if systemKeyboard {
            keyboardView.frame.size.height = KeyboardView.height(forScreenHeight: screen.bounds.height)
            keyboardView.configure(
                traits: responder as? TextInputTraits,
                xkbLayout: Application.shared.backend?.input.keymapLayout ?? "us")
            content.append(keyboardView)
        }
        for view in window.subviews where !content.contains(where: { $0 === view }) { view.removeFromSuperview() }
        var y: CGFloat = 0
        for view in content {
            // A view taller than what is left of the screen gets what is left.
            let height = min(max(view.frame.height, 0), screen.bounds.height - y)
            view.frame = CGRect(x: 0, y: y, width: width, height: height)
            if view.superview !== window { window.addSubview(view) }
            y += view.frame.height
        }
        let end = CGRect(x: 0, y: screen.bounds.height - y, width: width, height: y)
        let moved = window.screen !== screen
        // Up, or sliding up or down on this screen: from where it shows now; else from below the bottom edge.
        let onScreen = !window.isHidden && !moved
        let begin =
            onScreen ? window.presentation.frame : CGRect(x: 0, y: screen.bounds.height, width: width, height: y)
        served = responder
        let wasShown = isShown
        isShown = true
        frame = end
        if wasShown, onScreen, window.frame == end { return }
        if moved {
            window.isHidden = true
            window.screen = screen
        }
        window.frame = begin
        window.isHidden = false
        slide(
            window, from: begin, to: end, on: screen, will: Responder.keyboardWillShowNotification,
            did: Responder.keyboardDidShowNotification
        ) {}
    }

    private func hide() {
        served = nil
        guard isShown, let window, let screen = window.screen else { return }
        isShown = false
        let begin = window.presentation.frame
        let end = CGRect(x: begin.minX, y: screen.bounds.height, width: begin.width, height: begin.height)
        frame = end
        slide(
            window, from: begin, to: end, on: screen, will: Responder.keyboardWillHideNotification,
            did: Responder.keyboardDidHideNotification
        ) { [weak self] in
            guard let self, !self.isShown else { return }
            window.isHidden = true
            for view in window.subviews { view.removeFromSuperview() }
        }
    }

    /// Slides the window from `begin` to `end`, posting UIKit's notifications around it.
    private func slide(
        _ window: Window, from begin: CGRect, to end: CGRect, on screen: Screen, will: Notification.Name,
        did: Notification.Name, then finish: @escaping @MainActor () -> Void
    ) {
        slides += 1
        let slide = slides
        let info: [AnyHashable: Any] = [
            Responder.keyboardFrameBeginUserInfoKey: begin, Responder.keyboardFrameEndUserInfoKey: end,
            Responder.keyboardAnimationDurationUserInfoKey: Self.animationDuration,
            Responder.keyboardAnimationCurveUserInfoKey: 0, Responder.keyboardScreenUserInfoKey: screen,
        ]
        let center = NotificationCenter.default
        center.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        center.post(name: will, object: nil, userInfo: info)
        View.animate(
            withDuration: Self.animationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
            animations: { window.frame = end },
            completion: { [weak self] _ in
                guard let self, self.slides == slide else { return }
                finish()
                center.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
                center.post(name: did, object: nil, userInfo: info)
            })
    }

    private func makeWindow() -> OnScreenKeyboardWindow {
        let window = OnScreenKeyboardWindow(frame: .zero)
        window.windowLevel = Self.level
        window.backgroundColor = Color(white: 0.82)
        self.window = window
        return window
    }
}
