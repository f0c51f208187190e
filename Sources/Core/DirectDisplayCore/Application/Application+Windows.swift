import Foundation
import WindowModel

extension Application {
    func setWindow(_ window: Window, hidden: Bool) {
        let id = ObjectIdentifier(window)
        change(window) { hidden ? $0.hide(id) : $0.show(id) }
    }

    func makeKeyAndVisible(_ window: Window) {
        let id = ObjectIdentifier(window)
        change(window) { $0.makeKeyAndVisible(id) }
    }

    func makeKey(_ window: Window) {
        let id = ObjectIdentifier(window)
        change(window) { $0.makeKey(id) }
    }

    /// Runs one of the model's mutations on `window` and replays its
    /// transitions. Showing or making key a visible window raises it without
    /// any transition, so a change of the visible order also composes the
    /// window's screen again: pixels follow the model, as hit-testing does.
    private func change(
        _ window: Window,
        _ mutation: (inout WindowVisibilityModel<ObjectIdentifier>) -> [WindowTransition<ObjectIdentifier>]
    ) {
        let visibleBefore = model.visibleBackToFront
        let transitions = mutation(&model)
        if model.visibleBackToFront != visibleBefore { window.screen?.setNeedsComposite() }
        apply(transitions)
    }

    /// Replays the model's transitions as UIKit does: state first, then the
    /// overridable hooks, appearance callbacks and notifications in order.
    func apply(_ transitions: [WindowTransition<ObjectIdentifier>]) {
        for transition in transitions {
            switch transition {
            case .becameVisible(let id):
                guard let window = window(id) else { continue }
                retainedVisible[id] = window
                let shown = window.rootViewController?.controllersShown(in: window) ?? []
                for controller in shown { controller.beginAppearanceTransition(true) }
                window.hiddenStorage = false
                window.screen?.setNeedsComposite()
                NotificationCenter.default.post(name: Window.didBecomeVisibleNotification, object: window)
                for controller in shown { controller.endAppearanceTransition() }
            case .becameHidden(let id):
                guard let window = window(id) else { continue }
                let shown = window.rootViewController?.controllersShown(in: window) ?? []
                for controller in shown { controller.beginAppearanceTransition(false) }
                window.hiddenStorage = true
                cancelTouches(in: window)
                window.screen?.setNeedsComposite()
                NotificationCenter.default.post(name: Window.didBecomeHiddenNotification, object: window)
                for controller in shown { controller.endAppearanceTransition() }
                retainedVisible[id] = nil
            case .resignedKey(let id):
                guard let window = window(id) else { continue }
                window.resignKey()
                keyboardController.setNeedsUpdate()
                NotificationCenter.default.post(name: Window.didResignKeyNotification, object: window)
            case .becameKey(let id):
                guard let window = window(id) else { continue }
                window.becomeKey()
                keyboardController.setNeedsUpdate()
                NotificationCenter.default.post(name: Window.didBecomeKeyNotification, object: window)
            }
        }
    }
}
