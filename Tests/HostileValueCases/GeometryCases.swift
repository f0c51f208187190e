// Hostile-value cases: non-finite and huge frames, bounds, centers, transforms and sizes, on views and windows, set or animated.
import DirectDisplay
import Foundation

extension HostileCase {
    static let geometryCases: [HostileCase] =
        [
            HostileCase(name: "plain-view-frame-1e9") {
                let stage = HostileStage()
                let view = View(frame: CGRect(x: 0, y: 0, width: 1e9, height: 1e9))
                view.backgroundColor = .red
                stage.window.addSubview(view)
                let frame = try stage.frame()
                return frame.pixel(x: 10, y: 10) == .red ? nil : "the huge red view is not drawn"
            }
        ] + nonFiniteGeometryCases + transformCases + setNeedsDisplayCases + drawingCases + windowLevelCases
        + overflowingAnimationCases

    /// NaN, +∞ and −∞ put into a view's and a window's frame, bounds origin, bounds
    /// size and center, set or animated to: the value is refused, so the geometry
    /// stays as it was and the frame shows the same pixels.
    private static var nonFiniteGeometryCases: [HostileCase] {
        var cases: [HostileCase] = []
        for (valueName, value) in nonFiniteValues {
            for property in GeometryProperty.allCases {
                for onWindow in [false, true] {
                    for animated in [false, true] {
                        let name =
                            "\(onWindow ? "window" : "view")-\(property.rawValue)-\(valueName)"
                            + (animated ? "-animated" : "")
                        cases.append(
                            HostileCase(name: name) {
                                let scene = RedSquareScene()
                                let target: View = onWindow ? scene.stage.window : scene.square
                                let before = (frame: target.frame, bounds: target.bounds, center: target.center)
                                scene.change(animated: animated) { property.set(value, on: target) }
                                if let wrong = try scene.unchanged() { return wrong }
                                let after = (frame: target.frame, bounds: target.bounds, center: target.center)
                                return after == before
                                    ? nil : "the geometry changed from \(before) to \(after)"
                            })
                    }
                }
            }
        }
        return cases
    }

    /// Finite values whose animation overflows on the way (1e308 to −1e308: the
    /// difference is infinite, so what is shown midway is not finite): nothing traps,
    /// the rest of the scene shows and the model values are kept.
    private static var overflowingAnimationCases: [HostileCase] {
        [
            HostileCase(name: "view-frame-animated-across-1e308") {
                let scene = RedSquareScene()
                let far = View(frame: CGRect(x: 1e308, y: -1e308, width: 10, height: 10))
                far.backgroundColor = .green
                scene.stage.window.addSubview(far)
                scene.stage.display.runUntilIdle()
                let end = CGRect(x: -1e308, y: 1e308, width: 10, height: 10)
                scene.change(animated: true) { far.frame = end }
                if let wrong = try scene.unchanged() { return wrong }
                return far.frame == end ? nil : "the frame is \(far.frame)"
            },
            HostileCase(name: "view-transform-animated-across-1e308") {
                let scene = RedSquareScene()
                scene.square.transform = CGAffineTransform(translationX: 1e308, y: 0)
                scene.stage.display.runUntilIdle()
                let end = CGAffineTransform(translationX: -1e308, y: 0)
                scene.change(animated: true) { scene.square.transform = end }
                let frame = try scene.stage.frame()
                if frame.pixel(x: 40, y: 40) != .white { return "the square shows while far away" }
                return scene.square.transform == end ? nil : "the transform is \(scene.square.transform)"
            },
        ]
    }

    /// A transform with NaN or infinite entries is refused: the view stays unturned.
    private static var transformCases: [HostileCase] {
        let hostile: [(String, CGAffineTransform)] = [
            ("nan", CGAffineTransform(rotationAngle: .nan)),
            ("scale-inf", CGAffineTransform(scaleX: .infinity, y: 1)),
            ("tx-nan", CGAffineTransform(translationX: .nan, y: 0)),
        ]
        return hostile.flatMap { name, transform in
            [false, true].map { animated in
                HostileCase(name: "view-transform-\(name)" + (animated ? "-animated" : "")) {
                    let scene = RedSquareScene()
                    scene.change(animated: animated) { scene.square.transform = transform }
                    if let wrong = try scene.unchanged() { return wrong }
                    return scene.square.transform.isIdentity
                        ? nil : "the transform is \(scene.square.transform)"
                }
            }
        }
    }

    /// `setNeedsDisplay(_:)` with a NaN rect is ignored; with an infinite one
    /// (UIKit's "everything") the whole view is drawn again.
    private static var setNeedsDisplayCases: [HostileCase] {
        [
            HostileCase(name: "set-needs-display-nan-rect") {
                let (stage, view) = DrawingSquare.onStage()
                view.setNeedsDisplay(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
                view.setNeedsDisplay(CGRect(x: 0, y: 0, width: CGFloat.nan, height: CGFloat.nan))
                let frame = try stage.frame()
                if view.drawnRects.count != 1 { return "drawn again for a NaN rect: \(view.drawnRects)" }
                return frame.pixel(x: 40, y: 40) == .green ? nil : "the drawn content is gone"
            },
            HostileCase(name: "set-needs-display-infinite-rect") {
                let (stage, view) = DrawingSquare.onStage()
                view.setNeedsDisplay(
                    CGRect(x: -CGFloat.infinity, y: -CGFloat.infinity, width: .infinity, height: .infinity))
                let frame = try stage.frame()
                if view.drawnRects != [view.bounds, view.bounds] {
                    return "an infinite rect drew \(view.drawnRects), not the whole view twice"
                }
                return frame.pixel(x: 40, y: 40) == .green ? nil : "the drawn content is gone"
            },
        ]
    }
}

extension HostileCase {
    /// `GraphicsContext` calls with NaN or infinite coordinates inside `draw(_:)`:
    /// what can be drawn is, the rest is skipped, the view's other drawing stays.
    fileprivate static var drawingCases: [HostileCase] {
        let nan = CGFloat.nan
        let infinite = CGRect(x: -CGFloat.infinity, y: -.infinity, width: .infinity, height: .infinity)
        let drawings: [(String, @MainActor (GraphicsContext) -> Void)] = [
            ("draw-fill-nan-rect", { $0.fill(CGRect(x: nan, y: 0, width: 10, height: nan), with: .red) }),
            ("draw-fill-infinite-rect", { $0.fill(infinite, with: .green) }),
            ("draw-ellipse-nan-rect", { $0.fillEllipse(in: CGRect(x: 0, y: nan, width: 10, height: 10), with: .red) }),
            (
                "draw-line-to-nan",
                { $0.strokeLine(from: .zero, to: CGPoint(x: nan, y: nan), with: .red, lineWidth: nan) }
            ),
            (
                "draw-path-through-infinity",
                {
                    $0.move(to: CGPoint(x: -CGFloat.infinity, y: 0))
                    $0.addCurve(
                        to: CGPoint(x: nan, y: 1), control1: .zero, control2: CGPoint(x: 0, y: CGFloat.infinity))
                    $0.addEllipse(in: infinite)
                    $0.fillPath(with: .red)
                }
            ),
            (
                "draw-text-in-nan-rect",
                {
                    $0.draw(
                        "Boiler", in: CGRect(x: nan, y: 0, width: 30, height: 20), font: .systemFont(ofSize: 12),
                        color: .red)
                }
            ),
            (
                "draw-text-in-infinite-rect",
                { $0.draw("Boiler", in: infinite, font: .systemFont(ofSize: 12), color: .green) }
            ),
            (
                "draw-text-at-nan-point",
                { $0.drawText("Boiler", at: CGPoint(x: nan, y: nan), fontSize: nan, color: .red) }
            ),
        ]
        return drawings.map { name, drawing in
            HostileCase(name: name) {
                let stage = HostileStage()
                let view = ClosureDrawing(frame: CGRect(x: 20, y: 20, width: 40, height: 40), drawing: drawing)
                stage.window.addSubview(view)
                let frame = try stage.frame()
                // The view's own square, drawn after the hostile call, shows.
                return frame.pixel(x: 55, y: 55) == .blue ? nil : "the drawing after the hostile call is missing"
            }
        }
    }
}

extension HostileCase {
    /// A window given a NaN level stays at its level (NaN is above nothing and below
    /// nothing, so its place in the stack would be arbitrary); an infinite one is a level.
    fileprivate static var windowLevelCases: [HostileCase] {
        [
            HostileCase(name: "window-level-nan") {
                let stage = HostileStage()
                let front = Window(screen: stage.screen)
                front.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
                front.backgroundColor = .red
                front.windowLevel = Window.Level(rawValue: .nan)
                front.makeKeyAndVisible()
                stage.window.makeKey()
                let frame = try stage.frame()
                if front.windowLevel != .normal { return "the level is \(front.windowLevel.rawValue)" }
                return frame.pixel(x: 10, y: 10) == .white ? nil : "the window raised last is not in front"
            },
            HostileCase(name: "window-level-inf") {
                let stage = HostileStage()
                let front = Window(screen: stage.screen)
                front.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
                front.backgroundColor = .red
                front.windowLevel = Window.Level(rawValue: .infinity)
                front.isHidden = false
                stage.window.windowLevel = .alert
                stage.window.makeKey()
                let frame = try stage.frame()
                return frame.pixel(x: 10, y: 10) == .red ? nil : "the window at level +inf is not above an alert"
            },
        ]
    }
}

/// A view that draws `drawing` and then a blue square in its bottom-right corner.
final class ClosureDrawing: View {
    let drawing: @MainActor (GraphicsContext) -> Void

    init(frame: CGRect, drawing: @escaping @MainActor (GraphicsContext) -> Void) {
        self.drawing = drawing
        super.init(frame: frame)
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        drawing(context)
        context.fill(CGRect(x: 30, y: 30, width: 10, height: 10), with: .blue)
    }
}

/// The non-finite values every geometry property is tried with.
let nonFiniteValues: [(name: String, value: CGFloat)] = [
    ("nan", .nan), ("inf", .infinity), ("minus-inf", -.infinity),
]

/// A geometry property of a view and how a hostile value is put into it (every
/// component of it at once).
enum GeometryProperty: String, CaseIterable {
    case frame
    case boundsOrigin = "bounds-origin"
    case boundsSize = "bounds-size"
    case center

    @MainActor func set(_ value: CGFloat, on view: View) {
        switch self {
        case .frame: view.frame = CGRect(x: value, y: value, width: value, height: value)
        case .boundsOrigin: view.bounds.origin = CGPoint(x: value, y: value)
        case .boundsSize: view.bounds.size = CGSize(width: value, height: value)
        case .center: view.center = CGPoint(x: value, y: value)
        }
    }
}

/// The stage with a red 40x40 view at (20, 20) holding a blue 10x10 subview at its
/// origin (so a scrolled bounds origin moves something), composed once.
@MainActor struct RedSquareScene {
    let stage = HostileStage()
    let square = View(frame: CGRect(x: 20, y: 20, width: 40, height: 40))

    init() {
        square.backgroundColor = .red
        let corner = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        corner.backgroundColor = .blue
        square.addSubview(corner)
        stage.window.addSubview(square)
        stage.display.runUntilIdle()
    }

    /// Makes `change` outright, or inside a one-second animation and then half of it.
    func change(animated: Bool, _ change: () -> Void) {
        guard animated else { return change() }
        View.animate(withDuration: 1, animations: change)
        stage.display.advanceTime(by: 0.5)
    }

    /// Nil when the next frame shows the scene as it was made, else what differs.
    func unchanged() throws -> String? {
        let frame = try stage.frame()
        let expected: [(x: Int, y: Int, color: Color)] = [
            (25, 25, .blue), (40, 40, .red), (10, 10, .white),
        ]
        for (x, y, color) in expected where frame.pixel(x: x, y: y) != color {
            return "the pixel at (\(x), \(y)) is \(frame.pixel(x: x, y: y)), not \(color)"
        }
        return nil
    }
}

/// A 40x40 view that fills what it is asked to draw with green and notes each rect.
final class DrawingSquare: View {
    var drawnRects: [CGRect] = []

    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        GraphicsContext.current?.fill(rect, with: .green)
    }

    /// A drawing square at (20, 20) on a stage, drawn once.
    static func onStage() -> (HostileStage, DrawingSquare) {
        let stage = HostileStage()
        let view = DrawingSquare(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        stage.window.addSubview(view)
        stage.display.runUntilIdle()
        return (stage, view)
    }
}
