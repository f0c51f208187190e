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
        ] + nonFiniteGeometryCases + transformCases + setNeedsDisplayCases

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
