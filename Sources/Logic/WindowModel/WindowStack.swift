import Foundation

/// Back-to-front order of windows: a higher level is always above a lower one,
/// and within a level the window most recently shown or raised is on top.
///
/// Pure bookkeeping over window identifiers so the rules can be tested with
/// tables of cases, without views or screens.
package struct WindowStack<ID: Hashable>: Sendable where ID: Sendable {
    private struct Entry: Sendable {
        var level: CGFloat
        var stamp: UInt64
    }

    private var entries: [ID: Entry] = [:]
    private var clock: UInt64 = 0
    /// All windows, back to front; kept sorted on every change because it is read
    /// several times per frame and changed only when windows are shown, raised or
    /// moved to another level.
    package private(set) var backToFront: [ID] = []

    package init() {}

    /// Adds a window at `level`, on top of its level, or just changes its level
    /// if it is already known (which also raises it within the new level).
    package mutating func insert(_ id: ID, level: CGFloat) {
        clock += 1
        entries[id] = Entry(level: level, stamp: clock)
        place(id, level: level)
    }

    /// Forgets a window.
    package mutating func remove(_ id: ID) {
        entries[id] = nil
        backToFront.removeAll { $0 == id }
    }

    /// Whether the stack knows `id`.
    package func contains(_ id: ID) -> Bool { entries[id] != nil }

    /// The level of `id`, if known.
    package func level(of id: ID) -> CGFloat? { entries[id]?.level }

    /// Puts `id` on top of the other windows of its level (it never leaves its level).
    package mutating func raise(_ id: ID) {
        guard var entry = entries[id] else { return }
        clock += 1
        entry.stamp = clock
        entries[id] = entry
        place(id, level: entry.level)
    }

    /// Changes the level of `id`; the window goes on top of its new level.
    package mutating func setLevel(_ level: CGFloat, of id: ID) {
        guard entries[id] != nil else { return }
        insert(id, level: level)
    }

    /// Moves `id`, whose stamp is now the newest, to the top of its level: in front
    /// of every window of its level or below, behind every higher one. The order
    /// stays sorted by level then stamp with one removal and one insertion (sorting
    /// every window on each raise cost more than composing what the raise changed).
    private mutating func place(_ id: ID, level: CGFloat) {
        if let index = backToFront.firstIndex(of: id) { backToFront.remove(at: index) }
        var position = backToFront.count
        while position > 0, let above = entries[backToFront[position - 1]], above.level > level { position -= 1 }
        backToFront.insert(id, at: position)
    }

    /// The front-most window satisfying `predicate`.
    package func topmost(where predicate: (ID) -> Bool) -> ID? {
        backToFront.last(where: predicate)
    }
}
