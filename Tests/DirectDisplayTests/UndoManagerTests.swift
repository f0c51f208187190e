import DirectDisplayCore
import Foundation
import XCTest

/// A value whose changes register their own undo, as an app's model does.
@MainActor private final class Counter {
    let undoManager: UndoManager
    private(set) var value = 0
    var log: [String] = []

    init(undoManager: UndoManager) { self.undoManager = undoManager }

    /// Sets the value and registers setting the old one back.
    func set(_ newValue: Int) {
        let old = value
        value = newValue
        log.append("set \(newValue)")
        undoManager.registerUndo(withTarget: self) { $0.set(old) }
    }
}

/// What notifications showed of a manager's state.
@MainActor private final class StateLog {
    var lines: [String] = []
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// Foundation's UndoManager semantics: steps, redo through registration while
/// undoing, nested groups, limits, removal, action names; and the responder chain.
final class UndoManagerTests: DirectDisplayTestCase {
    func testUndoThenRedoReplaysTheRegistrationsAsFoundationDoes() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        XCTAssertFalse(manager.canUndo)
        XCTAssertFalse(manager.canRedo)
        XCTAssertFalse(manager.groupsByEvent)

        counter.set(1)
        counter.set(2)
        XCTAssertTrue(manager.canUndo)
        manager.undo()
        XCTAssertEqual(counter.value, 1)
        // What the handler registered while undoing became the redo step.
        XCTAssertTrue(manager.canRedo)
        XCTAssertTrue(manager.canUndo)
        manager.undo()
        XCTAssertEqual(counter.value, 0)
        XCTAssertFalse(manager.canUndo)
        manager.redo()
        XCTAssertEqual(counter.value, 1)
        manager.redo()
        XCTAssertEqual(counter.value, 2)
        XCTAssertFalse(manager.canRedo)
        // Registered while redoing: undo steps again.
        manager.undo()
        XCTAssertEqual(counter.value, 1)
    }

    func testANewRegistrationClearsTheRedoSteps() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        counter.set(1)
        manager.undo()
        XCTAssertTrue(manager.canRedo)
        counter.set(5)
        XCTAssertFalse(manager.canRedo)
        manager.redo()
        XCTAssertEqual(counter.value, 5)
    }

    func testIsUndoingAndIsRedoingHoldOnlyWhileTheHandlersRun() async {
        let manager = UndoManager()
        let target = Counter(undoManager: manager)
        var seen: [String] = []
        func register() {
            manager.registerUndo(withTarget: target) { _ in
                seen.append("undoing \(manager.isUndoing) redoing \(manager.isRedoing)")
                register()
            }
        }
        register()
        manager.undo()
        manager.redo()
        XCTAssertEqual(seen, ["undoing true redoing false", "undoing false redoing true"])
        XCTAssertFalse(manager.isUndoing)
        XCTAssertFalse(manager.isRedoing)
    }

    func testAGroupIsOneStepUndoneNewestFirstAndNestedGroupsWithinIt() async {
        let manager = UndoManager()
        var calls: [String] = []
        let target = Counter(undoManager: manager)
        manager.beginUndoGrouping()
        manager.registerUndo(withTarget: target) { _ in calls.append("a") }
        manager.beginUndoGrouping()
        XCTAssertEqual(manager.groupingLevel, 2)
        manager.registerUndo(withTarget: target) { _ in calls.append("b") }
        manager.registerUndo(withTarget: target) { _ in calls.append("c") }
        manager.endUndoGrouping()
        // A nested group ended is not a step of its own.
        XCTAssertFalse(manager.canUndo)
        manager.registerUndo(withTarget: target) { _ in calls.append("d") }
        manager.endUndoGrouping()
        XCTAssertEqual(manager.groupingLevel, 0)
        XCTAssertTrue(manager.canUndo)

        manager.undo()
        XCTAssertEqual(calls, ["d", "c", "b", "a"])
        XCTAssertFalse(manager.canUndo)
    }

    func testRegistrationsOutsideAGroupAreStepsOfTheirOwn() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        manager.beginUndoGrouping()
        counter.set(1)
        counter.set(2)
        manager.endUndoGrouping()
        counter.set(3)
        manager.undo()
        XCTAssertEqual(counter.value, 2)
        manager.undo()
        XCTAssertEqual(counter.value, 0)
        // The group's two handlers registered two redo handlers: one redo step again.
        manager.redo()
        XCTAssertEqual(counter.value, 2)
    }

    func testAnEmptyGroupIsNoStep() async {
        let manager = UndoManager()
        manager.beginUndoGrouping()
        manager.beginUndoGrouping()
        manager.endUndoGrouping()
        manager.endUndoGrouping()
        XCTAssertFalse(manager.canUndo)
        // An end without a begin does nothing.
        manager.endUndoGrouping()
        XCTAssertEqual(manager.groupingLevel, 0)
    }

    func testUndoEndsAGroupStillBegun() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        manager.beginUndoGrouping()
        counter.set(1)
        counter.set(2)
        manager.undo()
        XCTAssertEqual(counter.value, 0)
        XCTAssertEqual(manager.groupingLevel, 0)
    }

    func testLevelsOfUndoDropsTheOldestSteps() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        manager.levelsOfUndo = 2
        for value in 1...4 { counter.set(value) }
        manager.undo()
        manager.undo()
        XCTAssertEqual(counter.value, 2)
        XCTAssertFalse(manager.canUndo)
        // Lowering the limit trims the steps kept.
        manager.redo()
        manager.redo()
        manager.levelsOfUndo = 1
        manager.undo()
        XCTAssertEqual(counter.value, 3)
        XCTAssertFalse(manager.canUndo)
    }

    func testRemoveAllActionsForgetsUndoAndRedo() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        counter.set(1)
        counter.set(2)
        manager.undo()
        manager.removeAllActions()
        XCTAssertFalse(manager.canUndo)
        XCTAssertFalse(manager.canRedo)
        manager.undo()
        XCTAssertEqual(counter.value, 1)
    }

    func testRemoveAllActionsWithTargetKeepsTheOtherTargetsSteps() async {
        let manager = UndoManager()
        let first = Counter(undoManager: manager)
        let second = Counter(undoManager: manager)
        first.set(1)
        manager.beginUndoGrouping()
        first.set(2)
        second.set(7)
        manager.endUndoGrouping()
        first.set(3)
        manager.removeAllActions(withTarget: first)
        XCTAssertTrue(manager.canUndo)
        manager.undo()
        XCTAssertEqual(second.value, 0)
        XCTAssertEqual(first.value, 3)
        // The steps that held only the first counter's handlers are gone.
        XCTAssertFalse(manager.canUndo)
    }

    func testTargetsAreKeptWeakly() async {
        let manager = UndoManager()
        var counter: Counter? = Counter(undoManager: manager)
        weak let gone = counter
        counter?.set(1)
        counter = nil
        XCTAssertNil(gone)
        manager.undo()
        XCTAssertFalse(manager.canRedo)
    }

    func testActionNamesFollowTheStepsToUndoAndRedo() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        XCTAssertEqual(manager.undoActionName, "")
        manager.beginUndoGrouping()
        counter.set(1)
        manager.setActionName("Typing")
        manager.endUndoGrouping()
        counter.set(2)
        manager.setActionName("Paste")
        XCTAssertEqual(manager.undoActionName, "Paste")
        manager.undo()
        XCTAssertEqual(manager.undoActionName, "Typing")
        XCTAssertEqual(manager.redoActionName, "Paste")
        manager.undo()
        XCTAssertEqual(manager.redoActionName, "Typing")
        manager.redo()
        XCTAssertEqual(manager.undoActionName, "Typing")
        XCTAssertEqual(manager.redoActionName, "Paste")
    }

    func testDisabledRegistrationRecordsNothing() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        manager.disableUndoRegistration()
        counter.set(1)
        XCTAssertFalse(manager.isUndoRegistrationEnabled)
        manager.enableUndoRegistration()
        XCTAssertFalse(manager.canUndo)
        counter.set(2)
        XCTAssertTrue(manager.canUndo)
    }

    func testNotificationsLetAnUndoButtonFollowTheManager() async {
        let manager = UndoManager()
        let counter = Counter(undoManager: manager)
        let names: [(Notification.Name, String)] = [
            (UndoManager.didOpenUndoGroupNotification, "open"), (UndoManager.didCloseUndoGroupNotification, "close"),
            (UndoManager.willUndoChangeNotification, "willUndo"), (UndoManager.didUndoChangeNotification, "didUndo"),
            (UndoManager.willRedoChangeNotification, "willRedo"), (UndoManager.didRedoChangeNotification, "didRedo"),
        ]
        let log = StateLog()
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) { _ in
                MainActor.assumeIsolated { log.lines.append("\(label) \(manager.canUndo) \(manager.canRedo)") }
            }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
        counter.set(1)
        XCTAssertEqual(log.take(), ["open false false", "close true false"])
        manager.undo()
        XCTAssertEqual(
            log.take(), ["willUndo true false", "open false false", "close false true", "didUndo false true"])
        manager.redo()
        XCTAssertEqual(
            log.take(), ["willRedo false true", "open false false", "close true false", "didRedo true false"])
    }

    func testAResponderUsesItsWindowsUndoManager() async {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let controller = ViewController()
        let field = TextField()
        controller.view.addSubview(field)
        window.rootViewController = controller
        XCTAssertNotNil(window.undoManager)
        XCTAssertTrue(field.undoManager === window.undoManager)
        XCTAssertTrue(controller.undoManager === window.undoManager)
        XCTAssertTrue(Window().undoManager !== window.undoManager)
        XCTAssertNil(View().undoManager)
    }
}
