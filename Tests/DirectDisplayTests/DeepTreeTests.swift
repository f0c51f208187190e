import DirectDisplayCore
import Foundation
import XCTest

/// Walks over deep and wide trees keep UIKit's rules where they stop recursing
/// (the 100,000-deep chain itself is a HostileValueCases case: it would end this process).
final class DeepTreeTests: DirectDisplayTestCase {
    /// A chain `depth` views deep under a visible 100x100 window, each view 100x100 at the origin.
    private func chain(depth: Int, in window: Window, make: (Int) -> View = { _ in View() }) -> [View] {
        var views: [View] = []
        var parent: View = window
        for level in 0..<depth {
            let view = make(level)
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        return views
    }

    func testAHitTestOverrideIsConsultedWithinTheNestingLimitAndTheDefaultRuleGoesOnBelowIt() async {
        /// Passes touches through itself (a common override), still finding its subviews.
        final class PassThrough: View {
            override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.isHidden = false
        let depth = View.hitTestNestingLimit + 50
        let views = chain(depth: depth, in: window) { level in level == 10 ? PassThrough() : View() }
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === views.last, "the deepest view of the chain")
        // The override at level 10 turns its own hit away: with the rest of the chain
        // hidden, the touch goes to its superview.
        views[11].isHidden = true
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === views[9], "the override took part")
        views[11].isHidden = false
        // Past the limit, the default rule's skips still hold.
        views[depth - 10].isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === views[depth - 11])
    }

    func testAMovedSubtreeReportsItsNewWindow() async {
        let first = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let second = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let top = View()
        let middle = View()
        let leaf = View()
        top.addSubview(middle)
        XCTAssertNil(leaf.window)
        middle.addSubview(leaf)
        XCTAssertNil(leaf.window, "not in a window yet")
        first.addSubview(top)
        XCTAssertTrue(leaf.window === first)
        second.addSubview(top)
        XCTAssertTrue(leaf.window === second, "moved with its top view")
        XCTAssertTrue(middle.window === second)
        // A window inside a view keeps its own subviews.
        let inner = Window(frame: .zero)
        let innerLeaf = View()
        inner.addSubview(innerLeaf)
        leaf.addSubview(inner)
        XCTAssertTrue(inner.window === inner)
        XCTAssertTrue(innerLeaf.window === inner)
        middle.removeFromSuperview()
        XCTAssertNil(leaf.window, "out of any window")
        XCTAssertTrue(innerLeaf.window === inner)
        top.addSubview(middle)
        XCTAssertTrue(leaf.window === second)
    }

    func testEveryViewMovingWithASubtreeIsToldOfItsNewWindowSuperviewsFirst() async {
        final class Hooked: View {
            let name: String
            let log: EventLog
            init(_ name: String, log: EventLog) {
                self.name = name
                self.log = log
                super.init(frame: .zero)
            }
            override func willMove(toWindow newWindow: Window?) {
                log.add("\(name) will \(newWindow == nil ? "leave" : "enter")")
            }
            override func didMoveToWindow() { log.add("\(name) did \(window == nil ? "leave" : "enter")") }
        }
        let log = EventLog()
        let window = Window(frame: .zero)
        let top = Hooked("top", log: log)
        let a = Hooked("a", log: log)
        let b = Hooked("b", log: log)
        top.addSubview(a)
        a.addSubview(Hooked("a1", log: log))
        top.addSubview(b)
        // A window inside keeps its own window: it and its subviews are not told.
        let inner = Window(frame: .zero)
        inner.addSubview(Hooked("inner", log: log))
        XCTAssertEqual(log.take(), ["inner will enter", "inner did enter"])
        b.addSubview(inner)
        XCTAssertEqual(log.take(), [], "moves outside any window tell nobody")
        window.addSubview(top)
        XCTAssertEqual(
            log.take(),
            [
                "top will enter", "a will enter", "a1 will enter", "b will enter", "top did enter", "a did enter",
                "a1 did enter", "b did enter",
            ])
        top.removeFromSuperview()
        XCTAssertEqual(
            log.take(),
            [
                "top will leave", "a will leave", "a1 will leave", "b will leave", "top did leave", "a did leave",
                "a1 did leave", "b did leave",
            ])
    }

    func testReleasingAChainKeepsSubviewsHeldElsewhereAlive() async {
        var root: View? = View()
        let middle = View()
        var deep: View? = View()
        let kept = View()
        root!.addSubview(middle)
        middle.addSubview(deep!)
        deep!.addSubview(kept)
        weak let goneDeep = deep
        // The middle view is held here: releasing the root leaves it and its subtree whole.
        root = nil
        XCTAssertNil(middle.superview)
        XCTAssertTrue(middle.subviews.first === deep)
        deep = nil
        XCTAssertNotNil(goneDeep, "held by the middle view")
        middle.subviews.first?.removeFromSuperview()
        XCTAssertNil(goneDeep, "released once removed")
        XCTAssertNil(kept.superview, "its superview went away")
    }

    func testLayoutAndDrawingVisitEachViewBeforeItsSubviewsInOrder() async {
        final class Logged: View {
            let name: String
            let log: EventLog
            init(_ name: String, log: EventLog) {
                self.name = name
                self.log = log
                super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            override func layoutSubviews() { log.add("layout \(name)") }
            override func draw(_ rect: CGRect) { log.add("draw \(name)") }
        }
        let screen = connect(width: 40, height: 40)
        let window = Window(screen: screen)
        let log = EventLog()
        let a = Logged("a", log: log)
        let a1 = Logged("a1", log: log)
        let a2 = Logged("a2", log: log)
        let b = Logged("b", log: log)
        window.addSubview(a)
        a.addSubview(a1)
        a.addSubview(a2)
        a1.addSubview(Logged("a1x", log: log))
        window.addSubview(b)
        window.isHidden = false
        display.runUntilIdle()
        XCTAssertEqual(
            log.entries,
            [
                "layout a", "layout a1", "layout a1x", "layout a2", "layout b", "draw a", "draw a1", "draw a1x",
                "draw a2", "draw b",
            ])
    }
}
