import Foundation

/// How a presented controller covers the screen, as UIKit's `UIModalPresentationStyle`.
public enum ModalPresentationStyle: Int, Sendable {
    /// Covers the presenter's window; the presenter's view leaves the window once covered.
    case fullScreen = 0
    /// A centred sheet (540x620 points, smaller on a small screen) over the presenter, dimmed.
    case formSheet = 2
    /// Covers the presenter's window; the presenter's view stays there below it.
    case overFullScreen = 5
}

/// How a presentation animates, as UIKit's `UIModalTransitionStyle`.
public enum ModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom edge; a dismissal slides back down.
    case coverVertical = 0
    /// Fades in; a dismissal fades out.
    case crossDissolve = 2
}

/// What presenting one controller put in place, for its dismissal to take away.
@MainActor final class ModalPresentation {
    let style: ModalPresentationStyle
    let transition: ModalTransitionStyle
    /// Dims what is behind a form sheet (or an alert, in its own window).
    var dimmingView: View?
    /// An alert's own window, shown while it is presented.
    var window: Window?
    /// The presenter's view, taken out of its superview under a full-screen controller.
    var coveredView: (view: View, superview: View, index: Int)?
    /// A present or dismiss animates: another must wait.
    var isTransitioning = false
    /// The transition running is the dismissal.
    var dismissing = false

    init(style: ModalPresentationStyle, transition: ModalTransitionStyle) {
        self.style = style
        self.transition = transition
    }

    /// Whether the presenter disappears (its appearance callbacks run): only under a full-screen controller.
    var coversPresenter: Bool { style == .fullScreen }
}

extension ViewController {
    /// How long an animated presentation or dismissal takes, as UIKit's.
    static let presentationDuration: TimeInterval = 0.3

    /// The controller this one presents (nil: none).
    public var presentedViewController: ViewController? { presentationContext.presentedStorage }

    /// The controller that presented this one, or one of its ancestors (nil: not presented).
    public var presentingViewController: ViewController? { presentationContext.presenterStorage }

    /// Whether this controller is being presented (its transition in runs).
    public var isBeingPresented: Bool { modalPresentation.map { $0.isTransitioning && !$0.dismissing } ?? false }

    /// Whether this controller is being dismissed (its transition out runs).
    public var isBeingDismissed: Bool { modalPresentation?.dismissing ?? false }

    /// The controller that presents for this one: the root of its parent chain, as UIKit
    /// without `definesPresentationContext`.
    var presentationContext: ViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }

    /// The controllers whose views show in `window` from this root, back to front: this one
    /// (unless a full-screen controller covers it) and those presented over it there. A window
    /// shown or hidden sends them its appearance callbacks.
    func controllersShown(in window: Window) -> [ViewController] {
        var shown: [ViewController] = []
        var next: ViewController? = self
        while let each = next {
            // A root with no view yet loads it as it appears, as before presentation existed.
            if each === self && !each.isViewLoaded || each.viewIfLoaded?.window === window { shown.append(each) }
            next = each.presentedStorage
        }
        return shown
    }

    /// Shows `controller` over this one (the root of its parent chain presents it), in the
    /// style of its `modalPresentationStyle`, animated by its `modalTransitionStyle`
    /// (0.3 s on the display clock) unless `animated` is false. `completion` runs on a later
    /// turn of the event loop once the transition ended. As UIKit, refused with one log line
    /// (and no completion): a controller already presented or a child of another; a presenter
    /// already presenting or in a transition; a presenter whose view is in no window.
    /// (`ViewController.present(_:animated:completion:)`, which subclasses override, calls it.)
    func presentModally(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)?) {
        let presenter = presentationContext
        if let refusal = presentationRefusal(of: controller, by: presenter) {
            StderrLog.info("\(refusal): present(_:animated:completion:) does nothing")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else { return }
        // An alert is over everything in a window of its own: its presenter stays shown.
        let style = controller is AlertController ? .overFullScreen : controller.modalPresentationStyle
        let state = ModalPresentation(style: style, transition: controller.modalTransitionStyle)
        presenter.presentedStorage = controller
        controller.presenterStorage = presenter
        controller.modalPresentation = state
        state.isTransitioning = true
        controller.loadViewIfNeeded()
        if let alert = controller as? AlertController {
            alert.install(state, over: window)
        } else {
            install(controller, state, in: window)
        }
        controller.beginAppearanceTransition(true, animated: animated)
        if state.coversPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        let finish = { @MainActor in
            if state.coversPresenter, let covered = presenter.viewIfLoaded, let superview = covered.superview {
                state.coveredView = (covered, superview, superview.subviews.firstIndex { $0 === covered } ?? 0)
                covered.removeFromSuperview()
            }
            state.isTransitioning = false
            controller.endAppearanceTransition(animated: animated)
            if state.coversPresenter { presenter.endAppearanceTransition(animated: animated) }
            if let completion { Self.deliverLater(completion) }
        }
        if let alert = controller as? AlertController {
            alert.transition(in: true, animated: animated, then: finish)
        } else {
            controller.transition(state, in: true, animated: animated, then: finish)
        }
    }

    /// Dismisses the controller this one presents (with every controller it presents in
    /// turn), or, if it presents none, this controller from its presenter. The dismissed
    /// controller animates out as it came in unless `animated` is false; `completion` runs on
    /// a later turn of the event loop once it is gone. With nothing to dismiss, one log
    /// line, and `completion` still runs, as UIKit's.
    /// (`ViewController.dismiss(animated:completion:)`, which subclasses override, calls it.)
    func dismissModally(animated: Bool, completion: (@MainActor () -> Void)?) {
        let context = presentationContext
        guard let presenter = context.presentedStorage != nil ? context : context.presenterStorage else {
            StderrLog.info("\(Self.describe(context)) presents nothing and was not presented: nothing to dismiss")
            if let completion { Self.deliverLater(completion) }
            return
        }
        presenter.dismissPresented(animated: animated, completion: completion)
    }

    /// Takes away the controller this one presents and those it presents in turn: the ones
    /// above it at once, then it with its transition.
    private func dismissPresented(animated: Bool, completion: (@MainActor () -> Void)?) {
        guard let presented = presentedStorage else { return }
        var chain: [ViewController] = [presented]
        while let next = chain.last?.presentedStorage { chain.append(next) }
        if chain.contains(where: { $0.modalPresentation?.isTransitioning ?? false }) {
            StderrLog.info(
                "\(Self.describe(presented)) is in a transition: dismiss(animated:completion:) does nothing")
            return
        }
        // A controller a full-screen one covers has disappeared already: it hears nothing more.
        let shown = chain.map { !($0.presentedStorage?.modalPresentation?.coversPresenter ?? false) }
        for (above, wasShown) in zip(chain, shown).dropFirst().reversed() {
            above.presenterStorage?.takeAway(above, animated: false, wasShown: wasShown, presenterReappears: false)
        }
        takeAway(presented, animated: animated, wasShown: shown[0], presenterReappears: true, then: completion)
    }

    /// Dismisses `presented` (presented by this controller, presenting nothing itself);
    /// `wasShown` and `presenterReappears` say who gets appearance callbacks.
    private func takeAway(
        _ presented: ViewController, animated: Bool, wasShown: Bool, presenterReappears: Bool,
        then completion: (@MainActor () -> Void)? = nil
    ) {
        guard let state = presented.modalPresentation else { return }
        state.isTransitioning = true
        state.dismissing = true
        if wasShown { presented.beginAppearanceTransition(false, animated: animated) }
        if let covered = state.coveredView {
            covered.superview.insertSubview(covered.view, at: min(covered.index, covered.superview.subviews.count))
            state.coveredView = nil
        }
        let reappears = state.coversPresenter && presenterReappears
        if reappears { beginAppearanceTransition(true, animated: animated) }
        let finish = { @MainActor [self] in
            presented.viewIfLoaded?.removeFromSuperview()
            state.dimmingView?.removeFromSuperview()
            state.isTransitioning = false
            if wasShown { presented.endAppearanceTransition(animated: animated) }
            if reappears { endAppearanceTransition(animated: animated) }
            presentedStorage = nil
            presented.presenterStorage = nil
            presented.modalPresentation = nil
            if let alert = presented as? AlertController { alert.didDismiss(state) }
            if let completion { Self.deliverLater(completion) }
        }
        if let alert = presented as? AlertController {
            alert.transition(in: false, animated: animated, then: finish)
        } else {
            presented.transition(state, in: false, animated: animated, then: finish)
        }
    }

    /// Why `presenter` may not present `controller` now, nil if it may.
    private func presentationRefusal(of controller: ViewController, by presenter: ViewController) -> String? {
        let name = Self.describe(controller)
        let on = Self.describe(presenter)
        if let current = controller.presenterStorage {
            return "\(name) is already presented by \(Self.describe(current))"
        }
        if controller.parent != nil { return "\(name) is a child of \(Self.describe(controller.parent!))" }
        var ancestor: ViewController? = presenter
        while let each = ancestor {
            if each === controller { return "\(name) presents (or is) \(on)" }
            ancestor = each.presenterStorage
        }
        if let current = presenter.presentedStorage {
            return "\(on) is already presenting \(Self.describe(current))"
        }
        if presenter.modalPresentation?.isTransitioning ?? false { return "\(on) is in a transition" }
        if presenter.viewIfLoaded?.window == nil { return "\(on)'s view is in no window" }
        return nil
    }

    /// Puts `controller`'s view (and a form sheet's dimming) in `window`, above everything in it.
    private func install(_ controller: ViewController, _ state: ModalPresentation, in window: Window) {
        let view: View = controller.view
        let bounds = window.bounds
        if state.style == .formSheet {
            let dimming = FormSheetDimmingView(frame: bounds)
            dimming.sheet = view
            window.addSubview(dimming)
            state.dimmingView = dimming
            view.frame = FormSheetDimmingView.sheetFrame(in: bounds)
            view.autoresizingMask = []
        } else {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        window.addSubview(view)
    }

    /// Moves this presented controller's view in (or out): it slides from below the window's
    /// bottom edge or fades, and the dimming fades with it. `finish` runs once it is done.
    private func transition(
        _ state: ModalPresentation, in entering: Bool, animated: Bool, then finish: @escaping @MainActor () -> Void
    ) {
        let view: View = self.view
        let shown = view.frame
        let hidden: CGRect
        switch state.transition {
        case .coverVertical:
            let height = view.superview?.bounds.height ?? shown.maxY
            hidden = shown.offsetBy(dx: 0, dy: height - shown.minY)
        case .crossDissolve:
            hidden = shown
        }
        let dissolves = state.transition == .crossDissolve
        guard animated else {
            if !entering, dissolves { view.alpha = 1 }
            return finish()
        }
        if entering {
            view.frame = hidden
            if dissolves { view.alpha = 0 }
            state.dimmingView?.alpha = 0
        }
        View.animate(
            withDuration: Self.presentationDuration, delay: 0,
            animations: {
                view.frame = entering ? shown : hidden
                if dissolves { view.alpha = entering ? 1 : 0 }
                state.dimmingView?.alpha = entering ? 1 : 0
            },
            completion: { _ in
                if !entering {
                    // Put back what the transition changed: the view may be presented again.
                    view.frame = shown
                    view.alpha = 1
                }
                finish()
            })
    }

    /// Runs `work` on a later turn of the event loop (at once without one), as UIKit's completions.
    static func deliverLater(_ work: @escaping @MainActor () -> Void) {
        if let loop = Application.shared.backend?.eventLoop {
            loop.post(work)
        } else {
            work()
        }
    }

    /// A controller's type and identity, for log lines.
    static func describe(_ controller: ViewController) -> String {
        "\(type(of: controller)) \(Unmanaged.passUnretained(controller).toOpaque())"
    }
}

extension ModalPresentation {
    /// The dimming behind a form sheet or an alert: UIKit's translucent black.
    static let dimmingColor = Color(white: 0, alpha: 0.4)
}

/// The dimming behind a form sheet, over the whole window: it keeps the sheet centred,
/// sized for the window's bounds as they change (a rotation, a new mode).
@MainActor final class FormSheetDimmingView: View {
    weak var sheet: View?

    /// The size of a form sheet on a screen large enough for it.
    static let size = CGSize(width: 540, height: 620)
    /// The least space a form sheet leaves around it on a small screen.
    static let margin: CGFloat = 20

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = ModalPresentation.dimmingColor
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    /// The sheet's frame in `bounds`: centred, 540x620 points or what fits inside the margins.
    static func sheetFrame(in bounds: CGRect) -> CGRect {
        let width = max(0, min(size.width, bounds.width - 2 * margin))
        let height = max(0, min(size.height, bounds.height - 2 * margin))
        return CGRect(
            x: ((bounds.width - width) / 2).rounded(.down), y: ((bounds.height - height) / 2).rounded(.down),
            width: width, height: height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // A transition moves the sheet itself.
        guard let sheet, sheet.animations.isEmpty else { return }
        sheet.frame = Self.sheetFrame(in: bounds)
    }
}
