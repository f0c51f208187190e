import Foundation

/// What a control does on an event, as UIKit's `UIAction`: a closure, with a title
/// and image a button can show. Add one to a control with `addAction(_:for:)`.
///
/// ```swift
/// button.addAction(Action { action in print("tapped", action.sender!) }, for: .touchUpInside)
/// ```
@MainActor public final class Action {
    /// Names an action; a control keeps one action per identifier (adding another
    /// with the same identifier replaces it).
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// Shown by a button made with this action as its primary action.
    public var title: String
    /// Shown by a button made with this action as its primary action.
    public var image: Image?
    public let identifier: Identifier
    /// The control that sent the action last (set before the handler runs).
    public private(set) var sender: Any?
    private let handler: @MainActor (Action) -> Void

    /// An action running `handler`; without an identifier it gets a unique one.
    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil,
        handler: @escaping @MainActor (Action) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }

    /// Runs the handler with `sender` as the sender.
    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
    }
}
