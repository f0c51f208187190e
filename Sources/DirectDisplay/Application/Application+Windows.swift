import Foundation
import WindowModel

extension Application {
    func setWindow(_ window: Window, hidden: Bool) {
        let id = ObjectIdentifier(window)
        apply(hidden ? model.hide(id) : model.show(id))
    }

    func makeKeyAndVisible(_ window: Window) {
        apply(model.makeKeyAndVisible(ObjectIdentifier(window)))
    }

    func makeKey(_ window: Window) {
        let id = ObjectIdentifier(window)
        let wasFront = model.visibleBackToFront.last == id
        apply(model.makeKey(id))
        if !wasFront { window.screen?.setNeedsComposite() }
    }

    /// Replays the model's transitions as UIKit does: state first, then the
    /// overridable hooks, appearance callbacks and notifications in order.
    func apply(_ transitions: [WindowTransition<ObjectIdentifier>]) {
        for transition in transitions {
            switch transition {
            case .becameVisible(let id):
                guard let window = window(id) else { continue }
                retainedVisible[id] = window
                window.rootViewController?.beginAppearanceTransition(true)
                window.hiddenStorage = false
                window.screen?.setNeedsComposite()
                NotificationCenter.default.post(name: Window.didBecomeVisibleNotification, object: window)
                window.rootViewController?.endAppearanceTransition()
            case .becameHidden(let id):
                guard let window = window(id) else { continue }
                window.rootViewController?.beginAppearanceTransition(false)
                window.hiddenStorage = true
                cancelTouches(in: window)
                window.screen?.setNeedsComposite()
                NotificationCenter.default.post(name: Window.didBecomeHiddenNotification, object: window)
                window.rootViewController?.endAppearanceTransition()
                retainedVisible[id] = nil
            case .resignedKey(let id):
                guard let window = window(id) else { continue }
                window.resignKey()
                NotificationCenter.default.post(name: Window.didResignKeyNotification, object: window)
            case .becameKey(let id):
                guard let window = window(id) else { continue }
                window.becomeKey()
                NotificationCenter.default.post(name: Window.didBecomeKeyNotification, object: window)
            }
        }
    }
}
