// Hostile-value cases: deep view chains and wide sibling lists (stack use, quadratic work).
import DirectDisplay
import Foundation

/// The deepest view of a chain: it lays out and draws (red), and says so.
@MainActor private final class DeepestView: View {
    var laidOut = 0
    var drawn = 0
    var windowMoves = 0

    override func layoutSubviews() { laidOut += 1 }
    override func didMoveToWindow() { windowMoves += 1 }

    override func draw(_ rect: CGRect) {
        drawn += 1
        GraphicsContext.current?.fill(bounds, with: .red)
    }
}

/// `depth` views each holding the next, all 100x100 at (10, 10) in their
/// superview, built from the deepest up (no walk of the chain while building).
@MainActor private func chain(depth: Int) -> (root: View, deepest: DeepestView) {
    let deepest = DeepestView(frame: CGRect(x: 1, y: 1, width: 100, height: 100))
    var top: View = deepest
    for _ in 1..<depth {
        let holder = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        holder.addSubview(top)
        top = holder
    }
    top.frame.origin = CGPoint(x: 10, y: 10)
    return (top, deepest)
}

/// Counts the touches and presses that reach it unhandled.
@MainActor private final class EventSink: View {
    var touches = 0
    var scrolls = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { self.touches += 1 }
    override func scrollWheel(with event: Event) { scrolls += 1 }
}

/// `count` 10x10 views side by side in rows on the stage's window, tagged 1…count.
@MainActor private func siblings(_ count: Int, in stage: HostileStage) -> [View] {
    (1...count).map { tag in
        let view = View(frame: CGRect(x: (tag % 32) * 10, y: (tag / 32 % 24) * 10, width: 10, height: 10))
        view.tag = tag
        stage.window.addSubview(view)
        return view
    }
}

/// The tags of `view`'s subviews, back to front.
@MainActor private func tags(of view: View) -> [Int] { view.subviews.map(\.tag) }

extension HostileCase {
    static let structureCases: [HostileCase] = [
        HostileCase(name: "view-added-to-itself-is-a-precondition") {
            // UIKit raises here; a precondition stop is the expected end, so this case
            // only checks the legal neighbour: re-adding a view to its own superview.
            let stage = HostileStage()
            let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            stage.window.addSubview(view)
            stage.window.addSubview(view)
            _ = try stage.frame()
            return stage.window.subviews.count == 1 ? nil : "re-adding made \(stage.window.subviews.count) subviews"
        },
        HostileCase(name: "chain-100000-deep-composes-hit-tests-lays-out-and-goes") {
            let stage = HostileStage()
            var (root, deepest): (View?, DeepestView?) = (nil, nil)
            (root, deepest) = chain(depth: 100_000)
            stage.window.addSubview(root!)
            // The first frame lays out, draws and flattens the whole chain.
            let first = try stage.frame()
            guard deepest!.laidOut == 1, deepest!.drawn == 1 else {
                return "the deepest view was laid out \(deepest!.laidOut) and drawn \(deepest!.drawn) times"
            }
            guard first.pixel(x: 20, y: 20) == .red, first.pixel(x: 5, y: 5) == .white else {
                return "the deepest view's red is not where it belongs"
            }
            guard stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === deepest else {
                return "a hit-test at (50, 50) did not find the deepest view"
            }
            let inWindow = deepest!.convert(CGPoint(x: 5, y: 5), to: nil)
            guard inWindow == CGPoint(x: 16, y: 16) else {
                return "the deepest view's (5, 5) is \(inWindow) in its window"
            }
            guard deepest!.window === stage.window, deepest!.windowMoves == 1 else {
                return "the deepest view is not in the window, or was not told once (\(deepest!.windowMoves))"
            }
            // A layout pass over the chain again, and a redraw at its end.
            deepest!.setNeedsLayout()
            deepest!.setNeedsDisplay()
            deepest!.backgroundColor = .blue
            root!.setNeedsLayout()
            stage.window.layoutIfNeeded()
            guard deepest!.laidOut == 2 else {
                return "the second layout pass laid the deepest view out \(deepest!.laidOut) times"
            }
            _ = try stage.frame()
            guard deepest!.drawn == 2 else {
                return "the deepest view was drawn \(deepest!.drawn) times after a second mark"
            }
            // Removed, the chain goes from the screen; released, it goes from memory.
            root!.removeFromSuperview()
            let last = try stage.frame()
            guard last.pixel(x: 20, y: 20) == .white else { return "the removed chain is still on screen" }
            guard deepest!.window == nil, deepest!.windowMoves == 2 else {
                return "the deepest view was not told it left the window (\(deepest!.windowMoves) moves)"
            }
            weak let goneDeepest = deepest
            deepest = nil
            root = nil
            return goneDeepest == nil ? nil : "the released chain's deepest view is still alive"
        },
        HostileCase(name: "chain-100000-deep-released-outside-a-window") {
            var root: View? = chain(depth: 100_000).root
            weak let goneRoot = root
            root = nil
            return goneRoot == nil ? nil : "the released chain is still alive"
        },
        HostileCase(name: "chain-100000-deep-passes-unhandled-events-up") {
            // Each view's default passes a touch or a wheel to its superview: the
            // responder chain is 100,000 long.
            let stage = HostileStage()
            let (root, deepest) = chain(depth: 100_000)
            let sink = EventSink(frame: stage.window.bounds)
            sink.addSubview(root)
            stage.window.addSubview(sink)
            _ = try stage.frame()
            guard stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === deepest else {
                return "the deepest view is not where the touch goes"
            }
            stage.display.touchDown(1, at: CGPoint(x: 50, y: 50), on: stage.screen)
            stage.display.runUntilIdle()
            guard sink.touches == 1 else { return "the touch reached the top of the chain \(sink.touches) times" }
            stage.display.touchUp(1, at: CGPoint(x: 50, y: 50), on: stage.screen)
            stage.display.pointerMove(to: CGPoint(x: 50, y: 50), on: stage.screen)
            stage.display.scrollWheel(dy: 1)
            stage.display.runUntilIdle()
            return sink.scrolls == 1 ? nil : "the wheel reached the top of the chain \(sink.scrolls) times"
        },
        HostileCase(name: "chain-100000-deep-autoresizes") {
            // Every view follows its superview's size: resizing the top resizes the chain.
            let stage = HostileStage()
            let (root, deepest) = chain(depth: 100_000)
            var view: View? = deepest
            while let current = view {
                current.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view = current.superview
            }
            stage.window.addSubview(root)
            _ = try stage.frame()
            root.frame.size = CGSize(width: 200, height: 150)
            guard deepest.bounds.size == CGSize(width: 200, height: 150) else {
                return "the deepest view is \(deepest.bounds.size) after the top became 200x150"
            }
            let frame = try stage.frame()
            return frame.pixel(x: 205, y: 155) == .red ? nil : "the deepest view's content is not drawn at its new size"
        },
        HostileCase(name: "siblings-10000-removed-one-by-one") {
            let stage = HostileStage()
            let views = siblings(10_000, in: stage)
            views[1].backgroundColor = .red
            guard try stage.frame().pixel(x: 25, y: 5) == .red else { return "the second sibling is not drawn" }
            // Every other one from the front, then the rest from the back.
            for view in views.reversed() where view.tag.isMultiple(of: 2) { view.removeFromSuperview() }
            guard tags(of: stage.window) == Array(stride(from: 1, through: 9_999, by: 2)) else {
                return "after removing the even tags the subviews are not the odd tags in order"
            }
            guard try stage.frame().pixel(x: 25, y: 5) == .white else {
                return "the removed second sibling is still drawn"
            }
            for view in views where !view.tag.isMultiple(of: 2) { view.removeFromSuperview() }
            guard stage.window.subviews.isEmpty else { return "\(stage.window.subviews.count) subviews are left" }
            guard views.allSatisfy({ $0.superview == nil }) else { return "a removed view still has a superview" }
            return nil
        },
        HostileCase(name: "siblings-10000-reordered") {
            let stage = HostileStage()
            let views = siblings(10_000, in: stage)
            // The same moves on a plain array of tags, as UIKit documents them.
            var expected = Array(1...10_000)
            func move(_ tag: Int, to index: Int) {
                expected.removeAll { $0 == tag }
                expected.insert(tag, at: min(max(index, 0), expected.count))
            }
            for step in 0..<2_000 {
                let view = views[(step * 7_919) % views.count]
                let sibling = views[(step * 104_729 + 13) % views.count]
                switch step % 5 {
                case 0:
                    stage.window.bringSubviewToFront(view)
                    move(view.tag, to: expected.count)
                case 1:
                    stage.window.sendSubviewToBack(view)
                    move(view.tag, to: 0)
                case 2:
                    stage.window.insertSubview(view, at: step % 10_000)
                    move(view.tag, to: step % 10_000)
                case 3 where view !== sibling:
                    stage.window.insertSubview(view, aboveSubview: sibling)
                    expected.removeAll { $0 == view.tag }
                    expected.insert(view.tag, at: expected.firstIndex(of: sibling.tag)! + 1)
                case 4 where view !== sibling:
                    stage.window.insertSubview(view, belowSubview: sibling)
                    expected.removeAll { $0 == view.tag }
                    expected.insert(view.tag, at: expected.firstIndex(of: sibling.tag)!)
                default:
                    break
                }
            }
            guard tags(of: stage.window) == expected else { return "the reordered subviews are not in UIKit's order" }
            // The front one is drawn over the others at its place.
            let front = stage.window.subviews.last!
            front.backgroundColor = .red
            let frame = try stage.frame()
            return frame.pixel(x: Int(front.frame.midX), y: Int(front.frame.midY)) == .red
                ? nil : "the front sibling is not drawn on top"
        },
    ]
}
