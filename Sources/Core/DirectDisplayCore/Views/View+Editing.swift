import Foundation

extension Responder {
    /// Set while `View.endEditing(true)` makes a responder resign: a text field then
    /// resigns without asking its delegate (UIKit's forced end of editing).
    static var isForcingResignation = false
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
        let forcing = Responder.isForcingResignation
        Responder.isForcingResignation = force
        defer { Responder.isForcingResignation = forcing }
        return responder.resignFirstResponder()
    }

    /// The view a responder is or manages.
    private static func view(of responder: Responder) -> View? {
        if let view = responder as? View { return view }
        return (responder as? ViewController)?.viewIfLoaded
    }
}
