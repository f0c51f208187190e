import Compositing
import Foundation
import TestSupport
import XCTest

@testable import DirectDisplayCore

/// A view that draws a filled square where it is told, to test partial redraws.
final class SpotView: View {
    var spots: [CGRect: Color] = [:]
    var drawnRects: [CGRect] = []

    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        guard let context = GraphicsContext.current else { return }
        for (spot, color) in spots where spot.intersects(rect) { context.fill(spot, with: color) }
    }
}

/// Composition redraws only what changed: frames composed through the damage
/// path must equal a whole recomposition, pixel for pixel.
final class DamageCompositionTests: DirectDisplayTestCase {
    private func assertMatchesFullRecompose(_ screen: Screen, _ message: String, line: UInt = #line) {
        display.runUntilIdle()
        assertLastFrameIsWhole(screen, message, line: line)
    }

    /// On every orientation: a turned screen's damage is found in its own pixels and
    /// turned into the panel's (`lastFrameDamage` is in panel pixels).
    func testOneSmallViewChangedRecomposesOnlyItsPixels() async {
        let table: [(InterfaceOrientation, panelDamage: CGRect)] = [
            (.portrait, CGRect(x: 100, y: 60, width: 64, height: 64)),
            (.landscapeLeft, CGRect(x: 640 - 60 - 64, y: 100, width: 64, height: 64)),
            (.portraitUpsideDown, CGRect(x: 640 - 100 - 64, y: 480 - 60 - 64, width: 64, height: 64)),
            (.landscapeRight, CGRect(x: 60, y: 480 - 100 - 64, width: 64, height: 64)),
        ]
        for (orientation, panelDamage) in table {
            Application.shared.reset()
            display = HeadlessDisplay()
            let screen = connect(width: 640, height: 480)
            screen.orientation = orientation
            let window = Window(screen: screen)
            window.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
            let small = View(frame: CGRect(x: 100, y: 60, width: 64, height: 64))
            small.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            window.addSubview(small)
            window.makeKeyAndVisible()
            display.runUntilIdle()
            XCTAssertEqual(
                screen.frameStatistics.lastFramePixelsComposed, 640 * 480, "\(orientation): the first frame is whole")
            let composed = screen.frameStatistics.framesComposed
            small.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
            display.runUntilIdle()
            XCTAssertEqual(screen.frameStatistics.framesComposed, composed + 1)
            XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 64 * 64, "\(orientation)")
            XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [panelDamage], "\(orientation)")
            assertMatchesFullRecompose(screen, "\(orientation): after the recolour")
            display.runUntilIdle()
            XCTAssertEqual(screen.frameStatistics.framesComposed, composed + 1, "nothing changed: nothing composed")
            screen.orientation = orientation == .portrait ? .landscapeLeft : .portrait
            display.runUntilIdle()
            XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 640 * 480, "\(orientation): a turn is whole")
            assertMatchesFullRecompose(screen, "\(orientation): turned again")
        }
    }

    func testAMovedWindowDamagesWhereItWasAndWhereItIs() async {
        let screen = connect(width: 200, height: 100)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0.5, blue: 0, alpha: 1)
        back.isHidden = false
        let moving = Window(frame: CGRect(x: 10, y: 10, width: 30, height: 20))
        moving.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        moving.isHidden = false
        display.runUntilIdle()
        moving.frame.origin = CGPoint(x: 120, y: 50)
        display.runUntilIdle()
        XCTAssertEqual(
            Set(screen.frameStatistics.lastFrameDamage),
            [CGRect(x: 10, y: 10, width: 30, height: 20), CGRect(x: 120, y: 50, width: 30, height: 20)])
        assertMatchesFullRecompose(screen, "what the window covered shows again")
    }

    func testContentWiderThanASurfaceIsDrawnWhereItIsSeenAndRedrawnInPart() async {
        // 40,000 points is beyond cairo's 32767 pixels a side: the surface holds the part around what is seen.
        let screen = connect(width: 100, height: 100)
        let window = Window(screen: screen)
        let view = SpotView(frame: CGRect(x: 0, y: 0, width: 40_000, height: 100))
        view.spots = [CGRect(x: 70, y: 10, width: 10, height: 10): .yellow]
        window.addSubview(view)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        XCTAssertEqual(rgb(display.lastFrames[screen.name]!.rawPixel(x: 75, y: 15)), 0xFFFF00)
        // A move that keeps what is seen within the part drawn, then a partial redraw: the rest stays.
        view.frame.origin.x = -50
        display.runUntilIdle()
        view.spots[CGRect(x: 120, y: 60, width: 10, height: 10)] = .cyan
        view.setNeedsDisplay(CGRect(x: 120, y: 60, width: 10, height: 10))
        display.runUntilIdle()
        XCTAssertEqual(view.drawnRects.last, CGRect(x: 120, y: 60, width: 10, height: 10))
        var frame = display.lastFrames[screen.name]!
        XCTAssertEqual(rgb(frame.rawPixel(x: 25, y: 15)), 0xFFFF00, "the first spot stays without being redrawn")
        XCTAssertEqual(rgb(frame.rawPixel(x: 75, y: 65)), 0x00FFFF)
        assertMatchesFullRecompose(screen, "partial redraw of a part")
        // The far end comes into view: drawn there.
        view.spots[CGRect(x: 39_950, y: 40, width: 10, height: 10)] = .magenta
        view.frame.origin.x = -39_900
        display.runUntilIdle()
        frame = display.lastFrames[screen.name]!
        XCTAssertEqual(rgb(frame.rawPixel(x: 55, y: 45)), 0xFF00FF)
        assertMatchesFullRecompose(screen, "the far end")
    }

    /// A window raised over its neighbour changes only where the two overlap.
    func testARaisedWindowDamagesOnlyWhereItOverlapsTheWindowsItPassed() async {
        let screen = connect(width: 300, height: 200)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0.5, blue: 0, alpha: 1)
        back.isHidden = false
        let left = Window(frame: CGRect(x: 10, y: 10, width: 100, height: 80))
        left.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        let badge = View(frame: CGRect(x: 60, y: 50, width: 30, height: 20))
        badge.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        left.addSubview(badge)
        left.isHidden = false
        let right = Window(frame: CGRect(x: 50, y: 40, width: 100, height: 80))
        right.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        right.isHidden = false
        display.runUntilIdle()
        left.makeKey()
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 50, y: 40, width: 60, height: 50)])
        assertMatchesFullRecompose(screen, "the raised window shows over its neighbour")
        right.makeKey()
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 50, y: 40, width: 60, height: 50)])
        assertMatchesFullRecompose(screen, "raised back")
        right.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 0.5)
        left.makeKey()
        display.runUntilIdle()
        assertMatchesFullRecompose(screen, "raised while its neighbour changed")
    }

    func testAPartialRedrawKeepsTheRestOfTheContentAndDamagesOnlyThatPart() async {
        let screen = connect(width: 100, height: 100)
        let window = Window(screen: screen)
        let view = SpotView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.spots = [CGRect(x: 10, y: 10, width: 10, height: 10): .yellow]
        window.addSubview(view)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        view.spots[CGRect(x: 60, y: 60, width: 10, height: 10)] = .cyan
        view.setNeedsDisplay(CGRect(x: 60, y: 60, width: 10, height: 10))
        display.runUntilIdle()
        XCTAssertEqual(view.drawnRects.last, CGRect(x: 60, y: 60, width: 10, height: 10), "draw(_:) gets the rect")
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 60, y: 60, width: 10, height: 10)])
        let frame = display.lastFrames[screen.name]!
        XCTAssertEqual(rgb(frame.rawPixel(x: 15, y: 15)), 0xFFFF00, "the first spot stays without being redrawn")
        XCTAssertEqual(rgb(frame.rawPixel(x: 65, y: 65)), 0x00FFFF)
        assertMatchesFullRecompose(screen, "partial redraw")

        // Parts marked apart are drawn apart (ten fingers painting: ten small squares,
        // not the box around them); touching ones are drawn as one.
        view.drawnRects = []
        let parts = [
            CGRect(x: 5, y: 80, width: 6, height: 6), CGRect(x: 85, y: 5, width: 6, height: 6),
            CGRect(x: 40, y: 40, width: 6, height: 6), CGRect(x: 46, y: 40, width: 6, height: 6),
        ]
        for part in parts {
            view.spots[part] = .magenta
            view.setNeedsDisplay(part)
        }
        display.runUntilIdle()
        let drawn = Set(view.drawnRects.map { "\($0)" })
        let expected = [parts[0], parts[1], parts[2].union(parts[3])]
        XCTAssertEqual(drawn, Set(expected.map { "\($0)" }), "one draw(_:) per separate part")
        XCTAssertEqual(
            Set(screen.frameStatistics.lastFrameDamage.map { "\($0)" }), Set(expected.map { "\($0)" }),
            "only the parts are composed")
        assertMatchesFullRecompose(screen, "parts redrawn apart")
    }

    /// Random changes of every kind; after each, the incremental frame equals a
    /// whole recomposition (damage missed anywhere shows up as a wrong pixel). The
    /// turned runs change orientation every 100 steps (a whole frame) and are
    /// composed by their turned damage in between.
    func testRandomChangesComposeExactlyLikeAFullFrame() async {
        let runs: [(UInt64, InterfaceOrientation)] = [
            (0xDA_3A6E, .portrait), (2, .portrait), (3, .portrait), (4, .portrait), (5, .portrait), (6, .portrait),
            (7, .landscapeLeft), (8, .portraitUpsideDown), (9, .landscapeRight),
        ]
        for (seed, orientation) in runs {
            Application.shared.reset()
            display = HeadlessDisplay()
            randomChanges(seed: seed, orientation: orientation)
        }
    }

    private func randomChanges(seed: UInt64, orientation: InterfaceOrientation) {
        var random = SplitMix64(seed: seed)
        let screen = connect(width: 96, height: 64)
        screen.orientation = orientation
        func color() -> Color {
            Color(
                red: CGFloat(random.next() % 4) / 3, green: CGFloat(random.next() % 4) / 3,
                blue: CGFloat(random.next() % 4) / 3, alpha: [1, 1, 0.5, 0][Int(random.next() % 4)])
        }
        func rect(_ size: CGFloat) -> CGRect {
            CGRect(
                x: CGFloat(Int(random.next() % 90)) - 10, y: CGFloat(Int(random.next() % 60)) - 10,
                width: CGFloat(Int(random.next() % UInt64(size)) + 1),
                height: CGFloat(Int(random.next() % UInt64(size)) + 1))
        }
        var windows: [Window] = []
        var views: [View] = []
        for index in 0..<4 {
            let window = Window(frame: rect(60))
            window.backgroundColor = color()
            window.windowLevel = index == 3 ? .statusBar : .normal
            window.isHidden = false
            windows.append(window)
            for _ in 0..<3 {
                let view = index == 0 ? SpotView(frame: rect(30)) : View(frame: rect(30))
                view.backgroundColor = color()
                (views.randomElement(using: &random) ?? window).addSubview(view)
                views.append(view)
            }
        }
        var partialFrames = 0
        for step in 0..<400 {
            let view = views.randomElement(using: &random)!
            let window = windows.randomElement(using: &random)!
            switch random.next() % 17 {
            case 0: view.backgroundColor = color()
            case 1: view.frame = rect(30)
            case 2: view.alpha = [1, 0.5, 0][Int(random.next() % 3)]
            case 3: view.isHidden.toggle()
            case 4: view.clipsToBounds.toggle()
            case 5: window.frame = rect(60)
            case 6: window.isHidden.toggle()
            case 7: window.makeKeyAndVisible()
            case 8: view.superview?.bringSubviewToFront(view)
            case 9:
                if let spots = view as? SpotView {
                    let spot = CGRect(
                        x: CGFloat(random.next() % 20), y: CGFloat(random.next() % 20), width: 6, height: 6)
                    spots.spots[spot] = color()
                    spots.setNeedsDisplay(spot)
                } else {
                    view.setNeedsDisplay()
                }
            case 10: window.windowLevel = [.normal, .statusBar, .alert][Int(random.next() % 3)]
            case 11: window.addSubview(view)  // often from another window: both windows' kept scenes change
            case 12:
                // Two windows changed in one frame.
                view.backgroundColor = color()
                windows.randomElement(using: &random)!.backgroundColor = color()
            case 13:
                // Turned, scaled, both or none; sometimes a whole window.
                let angle = CGFloat(random.next() % 16) * .pi / 8
                let scale = CGFloat(random.next() % 4 + 1) / 2
                let transform = [
                    .identity, CGAffineTransform(rotationAngle: angle), CGAffineTransform(scaleX: scale, y: 1 / scale),
                    CGAffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale).translatedBy(x: 3, y: -2),
                ][Int(random.next() % 4)]
                (random.next() % 5 == 0 ? window : view).transform = transform
            case 14: view.autoresizingMask = View.AutoresizingMask(rawValue: UInt(random.next() % 64))
            case 15: view.contentMode = View.ContentMode.allCases.randomElement(using: &random)!
            default: window.alpha = [1, 0.5][Int(random.next() % 2)]
            }
            // Now and then several changes make one frame (a recolour and a move of the same view, say).
            if step % 100 != 99, random.next() % 5 == 0 { continue }
            if orientation != .portrait, step % 100 == 99 {
                let turns: [InterfaceOrientation] = [.landscapeLeft, .portraitUpsideDown, .landscapeRight]
                screen.orientation = turns[(turns.firstIndex(of: screen.orientation)! + 1) % turns.count]
            }
            let composed = screen.frameStatistics.framesComposed
            assertMatchesFullRecompose(screen, "seed \(seed) (\(screen.orientation)) step \(step)")
            if screen.frameStatistics.framesComposed > composed,
                screen.frameStatistics.lastFramePixelsComposed < 96 * 64
            {
                partialFrames += 1
            }
            if step % 50 == 0 { XCTAssertLessThan(screen.frameStatistics.framesComposed, step + 3) }
        }
        XCTAssertGreaterThan(partialFrames, 100, "seed \(seed): most frames draw only their damage")
    }

    /// Content drawn again into the surface the window's kept scene shows is redrawn
    /// in place (not flattened again): the redrawn part alone is damage. Inside an
    /// alpha group too; a view whose content cannot be (turned, drawn at another size,
    /// drawing nothing) flattens its window as before.
    func testARedrawIsDrawnIntoTheKeptScene() async {
        let screen = connect(width: 160, height: 120)
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
        let view = SpotView(frame: CGRect(x: 20, y: 10, width: 60, height: 50))
        view.spots = [CGRect(x: 5, y: 5, width: 10, height: 10): .yellow]
        let group = View(frame: CGRect(x: 90, y: 60, width: 60, height: 50))
        group.alpha = 0.5
        let inGroup = SpotView(frame: CGRect(x: 5, y: 5, width: 40, height: 30))
        inGroup.spots = [CGRect(x: 0, y: 0, width: 10, height: 10): .green]
        window.addSubview(view)
        window.addSubview(group)
        group.addSubview(inGroup)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene

        view.spots[CGRect(x: 30, y: 20, width: 8, height: 8)] = .cyan
        view.setNeedsDisplay(CGRect(x: 30, y: 20, width: 8, height: 8))
        assertMatchesFullRecompose(screen, "part redrawn")
        XCTAssertTrue(window.keptScene === kept, "redrawn in the kept scene")
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 50, y: 30, width: 8, height: 8)])
        view.spots = [CGRect(x: 40, y: 30, width: 10, height: 10): .magenta]
        view.setNeedsDisplay()
        inGroup.spots[CGRect(x: 20, y: 10, width: 10, height: 10)] = .red
        inGroup.setNeedsDisplay()
        assertMatchesFullRecompose(screen, "two redrawn whole, one inside an alpha group")
        XCTAssertTrue(window.keptScene === kept)
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 60 * 50 + 40 * 30)

        view.transform = CGAffineTransform(rotationAngle: 0.3)
        assertMatchesFullRecompose(screen, "turned")
        let turned = window.keptScene
        XCTAssertFalse(turned === kept)
        view.spots[CGRect(x: 0, y: 0, width: 10, height: 10)] = .white
        view.setNeedsDisplay()
        assertMatchesFullRecompose(screen, "redrawn turned")
        XCTAssertFalse(window.keptScene === turned, "a turned view's content is flattened anew")
        view.transform = .identity
        view.frame.size = CGSize(width: 70, height: 50)
        assertMatchesFullRecompose(screen, "drawn at another size")
        let resized = window.keptScene
        inGroup.spots = [:]
        inGroup.setNeedsDisplay()
        assertMatchesFullRecompose(screen, "drawing nothing")
        XCTAssertFalse(window.keptScene === resized, "content gone is flattened anew")
        view.spots[CGRect(x: 60, y: 40, width: 10, height: 10)] = .yellow
        view.setNeedsDisplay(CGRect(x: 60, y: 40, width: 10, height: 10))
        view.backgroundColor = .red
        assertMatchesFullRecompose(screen, "redrawn and recoloured")
    }

    /// A fill recoloured and moved in place leaves the kept scene's elements as flattening the
    /// window anew makes them, their motion too (a scroll's move compares it with the next frame's).
    func testARecolouredFillsElementIsAsFlattenedAnew() async {
        let screen = connect(width: 160, height: 120)
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let fill = View(frame: CGRect(x: 5, y: 5, width: 16, height: 16))
        fill.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        window.addSubview(fill)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene
        fill.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        fill.frame.origin.x = 9
        assertMatchesFullRecompose(screen, "recoloured and moved")
        guard let scene = window.keptScene, scene === kept else { return XCTFail("recoloured in the kept scene") }
        var flattener = ViewTreeFlattener(scale: scene.scale)
        flattener.add(window, clip: scene.clip)
        XCTAssertEqual(scene.elements.map(\.key), flattener.elements.map(\.key))
        XCTAssertEqual(scene.elements.map(\.area), flattener.elements.map(\.area))
        XCTAssertEqual(scene.elements.map(\.signature), flattener.elements.map(\.signature))
        XCTAssertEqual(scene.elements.map(\.motion), flattener.elements.map(\.motion))
    }

    /// A new background colour of the same opacity is written into the window's kept
    /// scene (not flattened again); anything else about it flattens the window as before.
    func testARecolourIsWrittenIntoTheKeptScene() async {
        let screen = connect(width: 160, height: 120)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
        back.isHidden = false
        let window = Window(frame: CGRect(x: 20, y: 10, width: 120, height: 100))
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let group = View(frame: CGRect(x: 10, y: 10, width: 80, height: 60))
        group.alpha = 0.5
        let small = View(frame: CGRect(x: 5, y: 5, width: 16, height: 16))
        small.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let inGroup = View(frame: CGRect(x: 30, y: 30, width: 10, height: 10))
        inGroup.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        window.addSubview(small)
        window.addSubview(group)
        group.addSubview(inGroup)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene

        small.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        assertMatchesFullRecompose(screen, "recoloured")
        XCTAssertTrue(window.keptScene === kept, "recoloured in the kept scene")
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 25, y: 15, width: 16, height: 16)])
        inGroup.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        small.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 1)
        assertMatchesFullRecompose(screen, "two recoloured, one inside an alpha group")
        XCTAssertTrue(window.keptScene === kept)
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 16 * 16 + 10 * 10)
        small.backgroundColor = Color(red: 0, green: 1, blue: 1, alpha: 1)
        display.runUntilIdle()
        XCTAssertEqual(screen.frameStatistics.lastFramePixelsComposed, 0, "the same colour again changes nothing")

        // Another opacity changes what the fill hides: flattened anew.
        small.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        assertMatchesFullRecompose(screen, "translucent")
        XCTAssertFalse(window.keptScene === kept, "another opacity flattens the window")
        small.backgroundColor = nil
        assertMatchesFullRecompose(screen, "no colour")
        small.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        assertMatchesFullRecompose(screen, "a colour again")

        // Recoloured with other changes in the same frame, hidden, moved to another window.
        small.backgroundColor = Color(red: 0.5, green: 0, blue: 1, alpha: 1)
        small.frame.origin.x += 7
        assertMatchesFullRecompose(screen, "recoloured and moved")
        small.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0, alpha: 1)
        back.addSubview(small)
        assertMatchesFullRecompose(screen, "recoloured and moved to the window behind")
        window.isHidden = true
        assertMatchesFullRecompose(screen, "window hidden")
        inGroup.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "recoloured while hidden, then shown")
        window.isHidden = true
        inGroup.backgroundColor = Color(red: 0.5, green: 0.5, blue: 1, alpha: 1)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "hidden, recoloured and shown again in one frame")

        // Turned: every window is flattened again for the new clip, at the same version.
        screen.orientation = .landscapeLeft
        assertMatchesFullRecompose(screen, "turned")
        inGroup.backgroundColor = Color(red: 0.3, green: 0.3, blue: 0.9, alpha: 1)
        assertMatchesFullRecompose(screen, "recoloured on the turned screen")
        screen.orientation = .portrait
        display.runUntilIdle()

        // Animated and turned views take the whole path.
        View.animate(withDuration: 1) { small.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 1) }
        display.advanceTime(by: 0.5)
        assertMatchesFullRecompose(screen, "half-way through a colour animation")
        display.advanceTime(by: 0.6)
        assertMatchesFullRecompose(screen, "animation ended")
        group.transform = CGAffineTransform(rotationAngle: .pi / 7)
        assertMatchesFullRecompose(screen, "group turned")
        inGroup.backgroundColor = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1)
        assertMatchesFullRecompose(screen, "recoloured inside a turned group")
    }

    /// A new alpha of a view without subviews or drawn content only scales its fill's
    /// colour: written into the kept scene too. Other alpha changes flatten the window.
    func testAnAlphaChangeOfAPlainViewIsWrittenIntoTheKeptScene() async {
        let screen = connect(width: 160, height: 120)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
        back.isHidden = false
        let window = Window(frame: CGRect(x: 20, y: 10, width: 120, height: 100))
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let small = View(frame: CGRect(x: 5, y: 5, width: 16, height: 16))
        small.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.8)
        let parent = View(frame: CGRect(x: 40, y: 30, width: 50, height: 40))
        parent.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        let child = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        child.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        parent.addSubview(child)
        window.addSubview(small)
        window.addSubview(parent)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene

        small.alpha = 0.5
        assertMatchesFullRecompose(screen, "half transparent")
        XCTAssertTrue(window.keptScene === kept, "a new alpha written in the kept scene")
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 25, y: 15, width: 16, height: 16)])
        small.alpha = 1
        small.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        assertMatchesFullRecompose(screen, "opaque again and recoloured")
        XCTAssertTrue(window.keptScene === kept)

        small.alpha = 0
        assertMatchesFullRecompose(screen, "alpha 0: left out")
        XCTAssertFalse(window.keptScene === kept, "a view at alpha 0 leaves the scene: flattened anew")
        small.alpha = 0.3
        assertMatchesFullRecompose(screen, "shown again")
        let shown = window.keptScene
        parent.alpha = 0.5
        assertMatchesFullRecompose(screen, "a view with a subview becomes a group")
        XCTAssertFalse(window.keptScene === shown, "a group: flattened anew")
        View.animate(withDuration: 1) { small.alpha = 0.9 }
        display.advanceTime(by: 0.5)
        assertMatchesFullRecompose(screen, "half-way through an alpha animation")
        display.advanceTime(by: 0.6)
        assertMatchesFullRecompose(screen, "alpha animation ended")
    }

    /// A moved view that has nothing but a fill is moved in the kept scene: the damage
    /// is where it was and where it is. Inside an alpha group, or with subviews, the
    /// window is flattened anew.
    func testAMovedPlainViewIsMovedInTheKeptScene() async {
        let screen = connect(width: 200, height: 150)
        let back = Window(screen: screen)
        back.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
        back.isHidden = false
        let window = Window(frame: CGRect(x: 20, y: 10, width: 160, height: 120))
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let scroller = View(frame: CGRect(x: 30, y: 20, width: 100, height: 80))
        scroller.clipsToBounds = true
        scroller.bounds.origin = CGPoint(x: 10, y: 5)
        scroller.backgroundColor = Color(red: 0, green: 0.4, blue: 0, alpha: 1)
        let small = View(frame: CGRect(x: 15, y: 10, width: 16, height: 16))
        small.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.7)
        scroller.addSubview(small)
        window.addSubview(scroller)
        let group = View(frame: CGRect(x: 5, y: 90, width: 60, height: 25))
        group.alpha = 0.5
        let inGroup = View(frame: CGRect(x: 2, y: 2, width: 10, height: 10))
        inGroup.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        group.addSubview(inGroup)
        window.addSubview(group)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene

        small.frame.origin.x += 3
        assertMatchesFullRecompose(screen, "moved 3 points")
        XCTAssertTrue(window.keptScene === kept, "moved in the kept scene")
        // Window (20, 10) + scroller (30, 20) - bounds origin (10, 5) + view (15, 10), then 3 points on.
        XCTAssertEqual(screen.frameStatistics.lastFrameDamage, [CGRect(x: 55, y: 35, width: 19, height: 16)])
        small.center = CGPoint(x: 95, y: 60)
        small.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)
        assertMatchesFullRecompose(screen, "moved partly out of its clipping superview and recoloured")
        XCTAssertTrue(window.keptScene === kept)
        small.frame = CGRect(x: 300, y: 300, width: 16, height: 16)
        assertMatchesFullRecompose(screen, "moved out of sight")
        small.frame = CGRect(x: 20, y: 20, width: 16, height: 16)
        assertMatchesFullRecompose(screen, "moved back")
        XCTAssertTrue(window.keptScene === kept)

        inGroup.frame.origin.x += 30
        assertMatchesFullRecompose(screen, "moved inside an alpha group")
        XCTAssertFalse(window.keptScene === kept, "a group's bounds follow what it holds: flattened anew")
        let flattened = window.keptScene
        scroller.frame.origin.y += 4
        assertMatchesFullRecompose(screen, "a view with a subview moved")
        XCTAssertFalse(window.keptScene === flattened, "flattened anew")
        small.frame.size.width += 4
        assertMatchesFullRecompose(screen, "resized")
        View.animate(withDuration: 1) { small.frame.origin.y += 20 }
        display.advanceTime(by: 0.5)
        assertMatchesFullRecompose(screen, "half-way through a move animation")
        display.advanceTime(by: 0.6)
        assertMatchesFullRecompose(screen, "move animation ended")
    }

    /// Drawn content larger than its clipping superview, moved under it: its area (the clip)
    /// stays, but its pixels move. Signatures leave the area to the diff and hold content's
    /// placement relative to it, so the move is damaged.
    func testContentMovedUnderAClipThatKeepsItsAreaIsRedrawn() async {
        let screen = connect(width: 200, height: 150)
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0, blue: 0.5, alpha: 1)
        let clip = View(frame: CGRect(x: 40, y: 30, width: 60, height: 40))
        clip.clipsToBounds = true
        let spots = SpotView(frame: CGRect(x: -20, y: -20, width: 120, height: 100))
        spots.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        spots.spots = [
            CGRect(x: 25, y: 25, width: 10, height: 10): Color(red: 1, green: 0, blue: 0, alpha: 1),
            CGRect(x: 50, y: 35, width: 12, height: 8): Color(red: 0, green: 0.6, blue: 0, alpha: 1),
        ]
        clip.addSubview(spots)
        window.addSubview(clip)
        window.makeKeyAndVisible()
        assertMatchesFullRecompose(screen, "first frame")
        let composed = screen.frameStatistics.framesComposed
        spots.frame.origin.x += 5
        assertMatchesFullRecompose(screen, "moved 5 points under the clip")
        XCTAssertEqual(screen.frameStatistics.framesComposed, composed + 1, "the move is composed")
        spots.frame.origin.y -= 3
        assertMatchesFullRecompose(screen, "moved 3 points up under the clip")
    }

    /// A turned view with nothing but a fill, turned again (or recoloured or faded),
    /// has its group written into the kept scene (not the window flattened again):
    /// the damage is its old and new outlines' bounds. Turned back to the identity,
    /// or given a subview, the window is flattened anew.
    func testATurnedPlainViewIsTurnedInTheKeptScene() async {
        let screen = connect(width: 200, height: 150)
        let window = Window(frame: CGRect(x: 10, y: 10, width: 180, height: 130))
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let clipper = View(frame: CGRect(x: 20, y: 15, width: 120, height: 90))
        clipper.clipsToBounds = true
        clipper.backgroundColor = Color(red: 0, green: 0.4, blue: 0, alpha: 1)
        let turned = View(frame: CGRect(x: 70, y: 40, width: 40, height: 30))
        turned.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.8)
        turned.transform = CGAffineTransform(rotationAngle: 0.1)
        clipper.addSubview(turned)
        let above = View(frame: CGRect(x: 100, y: 50, width: 20, height: 20))
        above.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        clipper.addSubview(above)
        window.addSubview(clipper)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        let kept = window.keptScene

        for (step, angle) in [0.3, 1.2, -0.7, 2.5].enumerated() {
            turned.transform = CGAffineTransform(rotationAngle: angle).scaledBy(x: 1 + 0.2 * Double(step), y: 1)
            assertMatchesFullRecompose(screen, "turned \(angle) rad, partly clipped")
            XCTAssertTrue(window.keptScene === kept, "turned \(angle) rad in the kept scene")
        }
        turned.backgroundColor = Color(red: 1, green: 0.6, blue: 0, alpha: 0.5)
        assertMatchesFullRecompose(screen, "a turned view recoloured, another opacity")
        turned.alpha = 0.6
        assertMatchesFullRecompose(screen, "a turned view faded")
        XCTAssertTrue(window.keptScene === kept, "recoloured and faded in the kept scene")
        // Back to an angle shown before, then moved by whole pixels: the outline's kept coverage mask serves.
        turned.transform = CGAffineTransform(rotationAngle: 0.3)
        assertMatchesFullRecompose(screen, "turned back to 0.3 rad")
        turned.center.x += 3
        assertMatchesFullRecompose(screen, "turned, moved 3 points")

        turned.transform = .identity
        assertMatchesFullRecompose(screen, "turned back")
        XCTAssertFalse(window.keptScene === kept, "the identity: flattened anew")
        turned.transform = CGAffineTransform(rotationAngle: 0.4)
        assertMatchesFullRecompose(screen, "turned again")
        let again = window.keptScene
        turned.addSubview(View(frame: CGRect(x: 2, y: 2, width: 5, height: 5)))
        turned.subviews[0].backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        turned.transform = CGAffineTransform(rotationAngle: 0.5)
        assertMatchesFullRecompose(screen, "a turned view with a subview turned")
        XCTAssertFalse(window.keptScene === again, "a subview: flattened anew")
        turned.alpha = 0
        assertMatchesFullRecompose(screen, "a turned view at alpha 0")
    }

    /// A turned view with nothing but a fill turned by an animation (a spinner) has its
    /// group written into the kept scene frame by frame, to the animation's end; turned
    /// and faded by one, or turned through the identity, its window is flattened anew.
    func testAnAnimatedTurnOfAPlainViewIsWrittenInTheKeptScene() async {
        let screen = connect(width: 200, height: 150)
        let window = Window(frame: CGRect(x: 10, y: 10, width: 180, height: 130))
        window.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let spinner = View(frame: CGRect(x: 70, y: 40, width: 40, height: 30))
        spinner.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.8)
        spinner.transform = CGAffineTransform(rotationAngle: 0.1)
        window.addSubview(spinner)
        let above = View(frame: CGRect(x: 100, y: 50, width: 20, height: 20))
        above.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        window.addSubview(above)
        window.isHidden = false
        assertMatchesFullRecompose(screen, "first frame")
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            spinner.transform = CGAffineTransform(rotationAngle: 2)
        }
        display.advanceTime(by: 0.1)
        assertMatchesFullRecompose(screen, "the animation's first frames")
        let kept = window.keptScene
        for step in 1...4 {
            display.advanceTime(by: 0.15)
            assertMatchesFullRecompose(screen, "turning, step \(step)")
            XCTAssertTrue(window.keptScene === kept, "step \(step): turned in the kept scene")
        }
        display.advanceTime(by: 0.5)
        assertMatchesFullRecompose(screen, "the animation ended")
        XCTAssertTrue(window.keptScene === kept, "its last frame in the kept scene")
        XCTAssertEqual(spinner.presentation.transform, CGAffineTransform(rotationAngle: 2))

        View.animate(withDuration: 1) {
            spinner.transform = CGAffineTransform(rotationAngle: 1)
            spinner.alpha = 0.5
        }
        display.advanceTime(by: 0.1)
        let faded = window.keptScene
        display.advanceTime(by: 0.2)
        assertMatchesFullRecompose(screen, "turned and faded")
        XCTAssertFalse(window.keptScene === faded, "turned and faded: flattened anew")
        display.advanceTime(by: 1)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { spinner.transform = .identity }
        display.advanceTime(by: 0.5)
        let nearIdentity = window.keptScene
        display.advanceTime(by: 0.5)
        assertMatchesFullRecompose(screen, "turned to the identity")
        XCTAssertFalse(window.keptScene === nearIdentity, "the identity: flattened anew")
    }

    func testHeadlessFramesAreKeptNotReallocated() async {
        let screen = connect(width: 64, height: 48)
        let window = Window(screen: screen)
        window.backgroundColor = .white
        window.isHidden = false
        display.runUntilIdle()
        let shadow = screen.compositor.shadow
        window.backgroundColor = .black
        display.runUntilIdle()
        XCTAssertTrue(screen.compositor.shadow === shadow, "the same frame memory is drawn again")
        XCTAssertEqual(screen.frameStatistics.framesPresented, 2)
    }
}

private func rgb(_ value: UInt32) -> UInt32 { value & 0x00FF_FFFF }
