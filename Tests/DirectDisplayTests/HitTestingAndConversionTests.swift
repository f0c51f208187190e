import DirectDisplayCore
import Foundation
import XCTest

final class HitTestingTests: DirectDisplayTestCase {
    private func tree() -> (Window, View, View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let child = View(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        window.isHidden = false
        window.addSubview(parent)
        parent.addSubview(child)
        return (window, parent, child)
    }

    func testDeepestViewContainingPointWins() async {
        let (window, parent, child) = tree()
        XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === parent)
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === window)
        XCTAssertNil(window.hitTest(CGPoint(x: 100, y: 50), with: nil), "a window gets no touches outside its bounds")
        XCTAssertNil(window.hitTest(CGPoint(x: -1, y: 50), with: nil))
    }

    func testHiddenWindowIsNotHit() async {
        let (window, _, _) = tree()
        window.isHidden = true
        XCTAssertNil(window.hitTest(CGPoint(x: 20, y: 20), with: nil))
    }

    func testSkippedViews() async {
        let cases: [(String, (View) -> Void)] = [
            ("hidden", { $0.isHidden = true }),
            ("alpha below 0.01", { $0.alpha = 0.009 }),
            ("interaction disabled", { $0.isUserInteractionEnabled = false }),
        ]
        for (name, change) in cases {
            let (window, parent, child) = tree()
            change(child)
            XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === parent, name)
            change(parent)
            XCTAssertTrue(
                window.hitTest(CGPoint(x: 20, y: 20), with: nil) === window, "\(name) parent hides its subtree")
        }
        let (window, _, child) = tree()
        child.alpha = 0.01
        XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === child, "alpha 0.01 still counts")
    }

    func testSubviewOutsideParentBoundsIsNotHitEvenWithoutClipping() async {
        let (window, parent, _) = tree()
        let overhang = View(frame: CGRect(x: 40, y: 40, width: 30, height: 30))
        parent.addSubview(overhang)
        XCTAssertFalse(parent.clipsToBounds)
        XCTAssertTrue(window.hitTest(CGPoint(x: 55, y: 55), with: nil) === overhang)
        XCTAssertTrue(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === window, "outside the parent's bounds")
    }

    func testSubviewsTriedFrontToBack() async {
        let (window, parent, child) = tree()
        let front = View(frame: child.frame)
        parent.addSubview(front)
        XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === front)
        parent.bringSubviewToFront(child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === child)
        parent.sendSubviewToBack(child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === front)
    }

    func testPointInsideOverrideEnlargesTouchArea() async {
        final class Generous: View {
            override func point(inside point: CGPoint, with event: Event?) -> Bool {
                bounds.insetBy(dx: -10, dy: -10).contains(point)
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let button = Generous(frame: CGRect(x: 40, y: 40, width: 10, height: 10))
        window.isHidden = false
        window.addSubview(button)
        XCTAssertTrue(window.hitTest(CGPoint(x: 35, y: 35), with: nil) === button)
    }

    func testScrolledBoundsShiftHits() async {
        let (window, parent, child) = tree()
        parent.bounds.origin = CGPoint(x: 5, y: 5)
        XCTAssertTrue(window.hitTest(CGPoint(x: 12, y: 12), with: nil) === child)
        XCTAssertTrue(window.hitTest(CGPoint(x: 32, y: 32), with: nil) === parent)
    }
}

final class ViewHierarchyTests: DirectDisplayTestCase {
    func testGeometryAndHierarchy() async {
        let view = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(view.center, CGPoint(x: 25, y: 40))
        view.center = CGPoint(x: 15, y: 20)
        XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 30, height: 40))
        view.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(view.frame, CGRect(x: 10, y: 15, width: 10, height: 10))
        let parent = View()
        let a = View()
        let b = View()
        parent.addSubview(a)
        parent.insertSubview(b, at: 0)
        assertSameObjects(parent.subviews, [b, a])
        XCTAssertTrue(a.superview === parent)
        let window = Window(frame: .zero)
        window.addSubview(parent)
        XCTAssertTrue(a.window === window)
        a.removeFromSuperview()
        XCTAssertNil(a.superview)
        XCTAssertNil(a.window)
        assertSameObjects(parent.subviews, [b])
        let other = View()
        other.addSubview(b)
        XCTAssertTrue(parent.subviews.isEmpty, "adding to another parent removes from the old one")
    }

    func testInsertAboveAndBelow() async {
        let parent = View()
        let a = View()
        let b = View()
        let c = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, belowSubview: a)
        assertSameObjects(parent.subviews, [c, a, b])
        parent.insertSubview(c, aboveSubview: b)
        assertSameObjects(parent.subviews, [a, b, c])
        parent.insertSubview(a, aboveSubview: b)
        assertSameObjects(parent.subviews, [b, a, c])
        parent.insertSubview(c, belowSubview: b)
        assertSameObjects(parent.subviews, [c, b, a])
        XCTAssertTrue(parent.viewWithTag(0) === parent)
        b.tag = 7
        XCTAssertTrue(parent.viewWithTag(7) === b)
    }

    func testHierarchyHooksAndWindowMoves() async {
        final class Hooked: View {
            var log: [String] = []
            override func willMove(toWindow newWindow: Window?) {
                log.append(newWindow == nil ? "leave window" : "enter window")
            }
            override func didMoveToSuperview() { log.append(superview == nil ? "no superview" : "superview") }
        }
        let window = Window(frame: .zero)
        let view = Hooked()
        window.addSubview(view)
        view.removeFromSuperview()
        XCTAssertEqual(view.log, ["enter window", "superview", "leave window", "no superview"])
    }

    func testLayoutRunsOnceWhenNeeded() async {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 1)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 2)
        view.frame.size = CGSize(width: 20, height: 20)
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 3, "a size change asks for layout")
        view.frame.origin = CGPoint(x: 5, y: 5)
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 3, "a move does not")
    }
}

final class ConversionTests: DirectDisplayTestCase {
    func testConvertWithinAndAcrossWindowsAndScreens() async {
        let screenA = connect("HDMI-A-1", width: 200, height: 200)
        let screenB = connect("DP-1", width: 200, height: 200)
        let w1 = Window(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let w2 = Window(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        w2.screen = screenB
        XCTAssertTrue(w1.screen === screenA)
        let v1 = View(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        let inner = View(frame: CGRect(x: 3, y: 4, width: 10, height: 10))
        w1.addSubview(v1)
        v1.addSubview(inner)
        let v2 = View(frame: CGRect(x: 1, y: 2, width: 50, height: 50))
        w2.addSubview(v2)
        XCTAssertEqual(inner.convert(CGPoint(x: 1, y: 1), to: v1), CGPoint(x: 4, y: 5))
        XCTAssertEqual(inner.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 9, y: 10))
        XCTAssertEqual(v1.convert(CGPoint(x: 4, y: 5), to: inner), CGPoint(x: 1, y: 1))
        // inner (1,1) is (19,30) in screen coordinates; v2's origin is at (51,52).
        XCTAssertEqual(inner.convert(CGPoint(x: 1, y: 1), to: v2), CGPoint(x: -32, y: -22))
        XCTAssertEqual(v2.convert(CGPoint(x: -32, y: -22), to: inner), CGPoint(x: 1, y: 1))
        XCTAssertEqual(v2.convert(CGPoint(x: 1, y: 1), from: inner), CGPoint(x: -32, y: -22))
        XCTAssertEqual(w1.convert(CGPoint(x: 0, y: 0), to: w2), CGPoint(x: -40, y: -30))
        let rect = inner.convert(CGRect(x: 0, y: 0, width: 2, height: 3), to: w2)
        XCTAssertEqual(rect, CGRect(x: -32, y: -21, width: 2, height: 3))
        XCTAssertEqual(
            inner.convert(CGRect(x: -32, y: -21, width: 2, height: 3), from: w2),
            CGRect(x: 0, y: 0, width: 2, height: 3))
        XCTAssertEqual(
            inner.convert(CGRect(x: 0, y: 0, width: 2, height: 3), to: v2), CGRect(x: -33, y: -23, width: 2, height: 3))
    }

    func testConvertRespectsBoundsOrigin() async {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let scroller = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        scroller.bounds.origin = CGPoint(x: 0, y: 30)
        let content = View(frame: CGRect(x: 0, y: 40, width: 10, height: 10))
        window.addSubview(scroller)
        scroller.addSubview(content)
        XCTAssertEqual(content.convert(CGPoint.zero, to: window), CGPoint(x: 10, y: 20))
        XCTAssertEqual(window.convert(CGPoint(x: 10, y: 20), to: content), .zero)
    }
}
