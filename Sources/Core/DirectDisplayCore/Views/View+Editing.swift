import Foundation

extension Responder {
    /// Set while `View.endEditing(true)` makes a responder resign, or a text input
    /// leaves its window: a text field or view then resigns without asking its delegate.
    static var isForcingResignation = false

    /// Runs `body` (a resignation) forced: the responder resigns whatever its delegate says.
    @discardableResult
    static func forcingResignation<Result>(_ body: () -> Result) -> Result {
        let forcing = isForcingResignation
        isForcingResignation = true
        defer { isForcingResignation = forcing }
        return body()
    }
}

extension View {
    /// Makes the first responder in this view's subtree (this view, a descendant, or a
    /// descendant's view controller) resign, as UIKit's `endEditing(_:)`: how an app ends
    /// typing and hides the on-screen keyboard, e.g. `window.endEditing(true)`. With `force`
    /// a text field resigns even if its delegate's `textFieldShouldEndEditing` would keep it.
    /// Returns whether no first responder is left in the subtree.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let responder = window?.firstResponder, let view = Self.view(of: responder), view.isDescendant(of: self)
        else { return true }
        return force
            ? Responder.forcingResignation { responder.resignFirstResponder() } : responder.resignFirstResponder()
    }

    /// The view a responder is or manages.
    private static func view(of responder: Responder) -> View? {
        if let view = responder as? View { return view }
        return (responder as? ViewController)?.viewIfLoaded
    }
}
