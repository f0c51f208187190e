import Foundation

/// An object that can handle touches and presses, linked to the next one in
/// the responder chain (view → its view controller → superview → window →
/// application), as UIKit's `UIResponder`. Unhandled events go to `next`.
@MainActor open class Responder {
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    /// Whether this object may become first responder (receive presses first).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this object may give up first-responder status.
    open var canResignFirstResponder: Bool { true }

    /// A view shown instead of the on-screen keyboard while this responder is
    /// first responder (full width, its own frame's height), as UIKit's; nil: the
    /// system keyboard.
    open var inputView: View? { nil }

    /// A view shown above the on-screen keyboard (or the `inputView`) while this
    /// responder is first responder (full width, its own frame's height).
    open var inputAccessoryView: View? { nil }

    /// Whether this object is its window's first responder.
    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }

    /// The undo manager for changes made through this responder: the next
    /// responder's, up to the window, which owns one (as UIKit's).
    open var undoManager: UndoManager? { next?.undoManager }

    /// The window whose first responder this object can be.
    var responderWindow: Window? { nil }

    /// Makes this object its window's first responder; false if it cannot
    /// become one, is in no window, or the current one refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = responderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }

    /// A finger touched this responder's view; the default passes the call to `next`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        passToNext { $0.touchesBegan(touches, with: event) }
    }
    /// Touches this responder received moved; the default passes the call to `next`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        passToNext { $0.touchesMoved(touches, with: event) }
    }
    /// Touches this responder received lifted; the default passes the call to `next`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        passToNext { $0.touchesEnded(touches, with: event) }
    }
    /// Touches this responder received were cancelled (e.g. its window hid); the default passes the call to `next`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        passToNext { $0.touchesCancelled(touches, with: event) }
    }

    /// A mouse wheel or touchpad scrolled over this responder's view
    /// (`event.scrollDelta`); the default passes the call to `next`.
    open func scrollWheel(with event: Event) { passToNext { $0.scrollWheel(with: event) } }

    /// A key went down; the default passes the call to `next`.
    open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        passToNext { $0.pressesBegan(presses, with: event) }
    }
    /// A press changed; the default passes the call to `next`.
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        passToNext { $0.pressesChanged(presses, with: event) }
    }
    /// A key went up; the default passes the call to `next`.
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        passToNext { $0.pressesEnded(presses, with: event) }
    }
    /// A press was cancelled; the default passes the call to `next`.
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        passToNext { $0.pressesCancelled(presses, with: event) }
    }

    /// Passes an event this responder's default implementation does not handle to
    /// `next`; nested passes up a long chain are bounded (`BoundedNesting`).
    private final func passToNext(_ pass: @escaping (Responder) -> Void) {
        guard let next else { return }
        Responder.passing.run { pass(next) }
    }

    /// Past this many nested default passes to `next`, the next ones are queued.
    package static let passingNestingLimit = 1_000
    private static let passing = BoundedNesting(limit: passingNestingLimit)
}
