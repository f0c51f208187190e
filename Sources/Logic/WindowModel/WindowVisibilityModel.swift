import Foundation

/// Something observable that happened to a window, in the order it must be
/// reported (each one becomes a notification and, for key changes, a call of
/// `becomeKey()`/`resignKey()`).
package enum WindowTransition<ID: Hashable & Sendable>: Hashable, Sendable {
    case becameVisible(ID)
    case becameHidden(ID)
    case resignedKey(ID)
    case becameKey(ID)
}

/// The visibility, stacking and key-window rules of UIKit's windows, as pure state.
///
/// Every mutation returns the transitions it caused, in UIKit's order, so the
/// view layer only has to replay them. Invariants kept after every call:
/// at most one key window, the key window is visible, and `backToFront` is
/// ordered by level, then recency.
///
/// The mutations a program makes per frame are specialised here for the core's
/// window identifiers (`ObjectIdentifier`): run generic from the core, a raise
/// looked up type metadata and hashed through witness tables, a quarter of
/// `makeKey()`'s frame.
package struct WindowVisibilityModel<ID: Hashable & Sendable>: Sendable {
    package private(set) var stack = WindowStack<ID>() { didSet { visibleBackToFront = visibleOrder() } }
    package private(set) var visible: Set<ID> = [] { didSet { visibleBackToFront = visibleOrder() } }
    /// The key window, if any.
    package private(set) var key: ID?
    /// Windows that were key before the current one, oldest first.
    private var previousKeys: [ID] = []

    package init() {}

    /// All known windows, back to front.
    package var backToFront: [ID] { stack.backToFront }

    /// Visible windows, back to front: kept (read several times per change of the
    /// windows and per frame, made again only when the stack or the visible set changes).
    package private(set) var visibleBackToFront: [ID] = []

    private func visibleOrder() -> [ID] { stack.backToFront.filter { visible.contains($0) } }

    /// Registers a new (hidden) window.
    package mutating func add(_ id: ID, level: CGFloat) {
        if !stack.contains(id) { stack.insert(id, level: level) }
    }

    /// Forgets a window entirely (it was deallocated); it must already be hidden.
    package mutating func remove(_ id: ID) -> [WindowTransition<ID>] {
        let transitions = hide(id)
        stack.remove(id)
        previousKeys.removeAll { $0 == id }
        return transitions
    }

    /// Changes a window's level; it goes on top of its new level.
    package mutating func setLevel(_ level: CGFloat, of id: ID) {
        if stack.contains(id) { stack.setLevel(level, of: id) } else { stack.insert(id, level: level) }
    }

    /// `isHidden = false`: shows the window on top of its level without making it key.
    @_specialize(exported:true,where ID == ObjectIdentifier)
    package mutating func show(_ id: ID) -> [WindowTransition<ID>] {
        precondition(stack.contains(id), "unknown window")
        stack.raise(id)
        guard !visible.contains(id) else { return [] }
        visible.insert(id)
        return [.becameVisible(id)]
    }

    /// `isHidden = true`. If the window was key, it resigns, then the window
    /// that was key before it (if still visible, else the topmost visible
    /// window) becomes key, and only then is the window reported hidden.
    @_specialize(exported:true,where ID == ObjectIdentifier)
    package mutating func hide(_ id: ID) -> [WindowTransition<ID>] {
        guard visible.contains(id) else { return [] }
        visible.remove(id)
        var transitions: [WindowTransition<ID>] = []
        if key == id {
            key = nil
            transitions.append(.resignedKey(id))
            previousKeys.removeAll { $0 == id }
            let predecessor = previousKeys.last
            let successor: ID?
            if let predecessor, visible.contains(predecessor) {
                successor = predecessor
            } else {
                successor = stack.topmost(where: visible.contains)
            }
            if let successor {
                previousKeys.removeAll { $0 == successor }
                key = successor
                transitions.append(.becameKey(successor))
            }
        }
        transitions.append(.becameHidden(id))
        return transitions
    }

    /// `makeKey()`: a visible window becomes key and goes on top of its level.
    /// A hidden window cannot be key, so nothing happens for one.
    @_specialize(exported:true,where ID == ObjectIdentifier)
    package mutating func makeKey(_ id: ID) -> [WindowTransition<ID>] {
        guard visible.contains(id) else { return [] }
        stack.raise(id)
        guard key != id else { return [] }
        var transitions: [WindowTransition<ID>] = []
        if let old = key {
            transitions.append(.resignedKey(old))
            previousKeys.removeAll { $0 == old }
            previousKeys.append(old)
        }
        previousKeys.removeAll { $0 == id }
        key = id
        transitions.append(.becameKey(id))
        return transitions
    }

    /// `makeKeyAndVisible()`: B didBecomeVisible, A didResignKey, B didBecomeKey.
    @_specialize(exported:true,where ID == ObjectIdentifier)
    package mutating func makeKeyAndVisible(_ id: ID) -> [WindowTransition<ID>] {
        show(id) + makeKey(id)
    }

    /// Checks the invariants; returns a description of the first one broken.
    package func invariantViolation() -> String? {
        if let key, !visible.contains(key) { return "key window \(key) is hidden" }
        let order = stack.backToFront
        let levels = order.map { stack.level(of: $0) ?? 0 }
        if levels != levels.sorted() { return "order \(order) does not follow levels \(levels)" }
        return nil
    }
}
