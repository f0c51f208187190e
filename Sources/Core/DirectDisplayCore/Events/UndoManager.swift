import Foundation

/// Records changes so they can be undone and redone, with Foundation's
/// `UndoManager` API (swift-corelibs-foundation has none on Linux). Each
/// responder reaches its window's through `Responder.undoManager`.
///
/// An undo step is a group: what is registered between `beginUndoGrouping()`
/// and the matching `endUndoGrouping()`, groups nesting inside it. Grouping is
/// explicit (`groupsByEvent` is false): a registration made outside any group
/// is a step of its own. `undo()` calls the last step's handlers, newest
/// first; what they register meanwhile becomes the redo step (and what a redo
/// registers, the undo step again), as Foundation's. A new registration that is
/// neither undoing nor redoing clears the redo steps.
///
/// The manager keeps each target weakly, so a step never keeps its object
/// alive; a handler whose target is gone is skipped.
///
/// It posts Foundation's notifications, with itself as the object, so an
/// app's Undo and Redo buttons can follow `canUndo` and `canRedo`.
@MainActor public final class UndoManager {
    /// Posted before `undo()` calls a step's handlers.
    public nonisolated static let willUndoChangeNotification = Notification.Name("NSUndoManagerWillUndoChange")
    /// Posted after `undo()` called them.
    public nonisolated static let didUndoChangeNotification = Notification.Name("NSUndoManagerDidUndoChange")
    /// Posted before `redo()` calls a step's handlers.
    public nonisolated static let willRedoChangeNotification = Notification.Name("NSUndoManagerWillRedoChange")
    /// Posted after `redo()` called them.
    public nonisolated static let didRedoChangeNotification = Notification.Name("NSUndoManagerDidRedoChange")
    /// Posted when a group begins (a registration outside any group is one too).
    public nonisolated static let didOpenUndoGroupNotification = Notification.Name("NSUndoManagerDidOpenUndoGroup")
    /// Posted when a group ends.
    public nonisolated static let didCloseUndoGroupNotification = Notification.Name("NSUndoManagerDidCloseUndoGroup")

    /// One registered handler, bound to its target.
    private struct Action {
        weak var target: AnyObject?
        let run: (AnyObject) -> Void
    }

    /// An undo step, or a group nested in one.
    private final class Group {
        enum Item {
            case action(Action)
            case group(Group)
        }
        var items: [Item] = []
        var actionName = ""

        var isEmpty: Bool { items.isEmpty }

        /// Drops the handlers `remove` picks, then nested groups left empty unless
        /// `keepsGroups` (groups still begun take registrations yet).
        func removeActions(keepsGroups: Bool = false, where remove: (AnyObject?) -> Bool) {
            items = items.compactMap { item in
                switch item {
                case .action(let action): return remove(action.target) ? nil : item
                case .group(let group):
                    group.removeActions(keepsGroups: keepsGroups, where: remove)
                    return group.isEmpty && !keepsGroups ? nil : item
                }
            }
        }

        /// Calls the handlers, last registered first.
        func perform() {
            for item in items.reversed() {
                switch item {
                case .action(let action):
                    if let target = action.target { action.run(target) }
                case .group(let group): group.perform()
                }
            }
        }
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The groups begun and not yet ended, outermost first.
    private var openGroups: [Group] = []
    private var registrationDisabledCount = 0
    /// Counts what changes the stacks (a registration, an undo, a redo, a removal):
    /// a text input may grow the step it registered last only while it is unchanged.
    package private(set) var changeCount = 0

    /// An empty undo manager.
    public init() {}

    // MARK: Registering

    /// Records `handler` to be called with `target` when the current step is
    /// undone (or, while undoing, redone). Outside any group, the registration is
    /// a step of its own.
    public func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType, handler: @escaping (TargetType) -> Void
    ) {
        guard isUndoRegistrationEnabled else { return }
        changeCount += 1
        let action = Action(target: target) { object in
            guard let typed = object as? TargetType else { return }
            handler(typed)
        }
        if let group = openGroups.last {
            group.items.append(.action(action))
        } else {
            beginUndoGrouping()
            openGroups[0].items.append(.action(action))
            endUndoGrouping()
        }
    }

    /// Whether registrations are recorded (`disableUndoRegistration()` turns them off).
    public var isUndoRegistrationEnabled: Bool { registrationDisabledCount == 0 }

    /// Stops recording registrations until the matching `enableUndoRegistration()`.
    public func disableUndoRegistration() { registrationDisabledCount += 1 }

    /// Undoes one `disableUndoRegistration()`.
    public func enableUndoRegistration() { registrationDisabledCount = max(registrationDisabledCount - 1, 0) }

    // MARK: Grouping

    /// Always false: steps are the groups the app begins and ends (there is no
    /// run-loop pass per event to group by, as UIKit's).
    public var groupsByEvent: Bool { false }

    /// Starts a step, or a group inside the step begun.
    public func beginUndoGrouping() {
        let group = Group()
        openGroups.last?.items.append(.group(group))
        openGroups.append(group)
        post(Self.didOpenUndoGroupNotification)
    }

    /// Ends the group begun last; ending the outermost one records the step (an
    /// empty step is dropped). Without a group begun it does nothing.
    public func endUndoGrouping() {
        guard let group = openGroups.popLast() else { return }
        if openGroups.isEmpty {
            close(group)
        } else if group.isEmpty {
            openGroups.last?.items.removeAll { if case .group(let item) = $0 { item === group } else { false } }
        }
        post(Self.didCloseUndoGroupNotification)
    }

    /// How many groups are begun and not ended.
    public var groupingLevel: Int { openGroups.count }

    /// Puts a finished step on the stack registrations go to now.
    private func close(_ group: Group) {
        guard !group.isEmpty else { return }
        if isUndoing {
            redoStack.append(group)
            trim(&redoStack)
        } else {
            if !isRedoing { redoStack.removeAll() }
            undoStack.append(group)
            trim(&undoStack)
        }
    }

    /// How many steps are kept, oldest dropped first (0, the default: no limit).
    public var levelsOfUndo = 0 {
        didSet {
            levelsOfUndo = max(levelsOfUndo, 0)
            trim(&undoStack)
            trim(&redoStack)
        }
    }

    private func trim(_ stack: inout [Group]) {
        guard levelsOfUndo > 0, stack.count > levelsOfUndo else { return }
        stack.removeFirst(stack.count - levelsOfUndo)
    }

    // MARK: Undoing and redoing

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// True while `undo()` calls the handlers.
    public private(set) var isUndoing = false

    /// True while `redo()` calls the handlers.
    public private(set) var isRedoing = false

    /// Undoes the last step: ends any group still begun (Foundation raises
    /// instead), calls its handlers newest first, and records what they register
    /// as the step to redo, under the same action name.
    public func undo() {
        guard !isUndoing, !isRedoing else { return }
        while !openGroups.isEmpty { endUndoGrouping() }
        guard canUndo else { return }
        post(Self.willUndoChangeNotification)
        // An observer may have changed the stacks.
        guard let step = undoStack.popLast() else { return }
        changeCount += 1
        isUndoing = true
        replay(step)
        isUndoing = false
        post(Self.didUndoChangeNotification)
    }

    /// Redoes the last undone step; what its handlers register becomes the step to undo again.
    public func redo() {
        guard !isUndoing, !isRedoing, canRedo else { return }
        post(Self.willRedoChangeNotification)
        guard let step = redoStack.popLast() else { return }
        changeCount += 1
        isRedoing = true
        replay(step)
        isRedoing = false
        post(Self.didRedoChangeNotification)
    }

    /// Calls a step's handlers inside a new group, recorded when they return.
    private func replay(_ step: Group) {
        beginUndoGrouping()
        openGroups[0].actionName = step.actionName
        step.perform()
        // A handler may have left groups begun: they end with the step.
        while openGroups.count > 1 { endUndoGrouping() }
        endUndoGrouping()
    }

    private func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }

    // MARK: Removing

    /// Forgets every step, undo and redo, and any group begun.
    public func removeAllActions() {
        changeCount += 1
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
    }

    /// Forgets every handler registered for `target`; steps left empty go too.
    public func removeAllActions(withTarget target: AnyObject) {
        changeCount += 1
        let remove: (AnyObject?) -> Bool = { $0 === target }
        for group in undoStack + redoStack { group.removeActions(where: remove) }
        openGroups.first?.removeActions(keepsGroups: true, where: remove)
        undoStack.removeAll { $0.isEmpty }
        redoStack.removeAll { $0.isEmpty }
    }

    // MARK: Action names

    /// Names the step being recorded (the group begun, or while undoing the redo
    /// step), else the last step to undo: "Typing", "Paste".
    public func setActionName(_ actionName: String) {
        if let group = openGroups.first {
            group.actionName = actionName
        } else {
            undoStack.last?.actionName = actionName
        }
    }

    /// The name of the step `undo()` would undo ("" when none).
    public var undoActionName: String { undoStack.last?.actionName ?? "" }

    /// The name of the step `redo()` would redo ("" when none).
    public var redoActionName: String { redoStack.last?.actionName ?? "" }
}
