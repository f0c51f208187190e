import InputModel
import XCTest

final class TouchPointMappingTests: XCTestCase {
    /// A 1024×768 panel; turned a quarter, the screen is 768×1024 points.
    func testRotations() {
        let wide = ScreenSize(width: 1024, height: 768)
        let tall = ScreenSize(width: 768, height: 1024)
        // (device x, device y, rotation, screen size, expected point)
        let cases: [(Double, Double, ScreenRotation, ScreenSize, ScreenPoint)] = [
            (0, 0, .none, wide, ScreenPoint(x: 0, y: 0)),
            (0.5, 0.5, .none, wide, ScreenPoint(x: 512, y: 384)),
            (0.25, 0.75, .none, wide, ScreenPoint(x: 256, y: 576)),
            // Content turned 90° clockwise: the panel's top-right shows the content's top-left.
            (1, 0, .clockwise90, tall, ScreenPoint(x: 0, y: 0)),
            (0.25, 0.75, .clockwise90, tall, ScreenPoint(x: 576, y: 768)),
            (0, 0, .clockwise90, tall, ScreenPoint(x: 0, y: 1024.0.nextDown)),
            (0.25, 0.75, .clockwise180, wide, ScreenPoint(x: 768, y: 192)),
            (1, 1, .clockwise180, wide, ScreenPoint(x: 0, y: 0)),
            // Turned 270°: the panel's bottom-left shows the content's top-left.
            (0, 1, .clockwise270, tall, ScreenPoint(x: 0, y: 0)),
            (0.25, 0.75, .clockwise270, tall, ScreenPoint(x: 192, y: 256)),
            // The far edges are outside the bounds: kept just inside.
            (1, 1, .none, wide, ScreenPoint(x: 1024.0.nextDown, y: 768.0.nextDown)),
            // A little beyond the range clamps to the edge.
            (-0.01, 1.02, .none, wide, ScreenPoint(x: 0, y: 768.0.nextDown)),
        ]
        for (x, y, rotation, size, expected) in cases {
            let point = TouchPointMapping.screenPoint(x: x, y: y, size: size, rotation: rotation)
            XCTAssertEqual(point?.x ?? .nan, expected.x, accuracy: 1e-9, "(\(x), \(y)) \(rotation)")
            XCTAssertEqual(point?.y ?? .nan, expected.y, accuracy: 1e-9, "(\(x), \(y)) \(rotation)")
        }
    }

    /// The mapping agrees with the compositor's turn: a point's content position,
    /// turned onto the panel the way FrameComposer does, comes back to the device point.
    func testRoundTripWithThePanelTurn() {
        let size = ScreenSize(width: 300, height: 200)  // logical
        for rotation in ScreenRotation.allCases {
            for (u, v) in [(0.1, 0.2), (0.7, 0.4), (0.5, 0.9)] {
                let logical = ScreenSize(
                    width: rotation.swapsAxes ? size.height : size.width,
                    height: rotation.swapsAxes ? size.width : size.height)
                guard let p = TouchPointMapping.screenPoint(x: u, y: v, size: logical, rotation: rotation) else {
                    return XCTFail("\(rotation)")
                }
                let panelWidth = rotation.swapsAxes ? logical.height : logical.width
                let panelHeight = rotation.swapsAxes ? logical.width : logical.height
                // Content (lx, ly) turned clockwise onto the panel (px, py).
                let (px, py): (Double, Double) =
                    switch rotation {
                    case .none: (p.x, p.y)
                    case .clockwise90: (logical.height - p.y, p.x)
                    case .clockwise180: (logical.width - p.x, logical.height - p.y)
                    case .clockwise270: (p.y, logical.width - p.x)
                    }
                XCTAssertEqual(px / panelWidth, u, accuracy: 1e-9, "\(rotation)")
                XCTAssertEqual(py / panelHeight, v, accuracy: 1e-9, "\(rotation)")
            }
        }
    }

    func testOutOfRangeAndBrokenInputGivesNoPoint() {
        let size = ScreenSize(width: 100, height: 100)
        let cases: [(Double, Double, ScreenSize)] = [
            (.nan, 0.5, size), (0.5, .infinity, size), (-0.2, 0.5, size), (0.5, 1.3, size),
            (0.5, 0.5, ScreenSize(width: 0, height: 100)), (0.5, 0.5, ScreenSize(width: 100, height: -1)),
        ]
        for (x, y, size) in cases {
            XCTAssertNil(TouchPointMapping.screenPoint(x: x, y: y, size: size, rotation: .none), "(\(x), \(y)) \(size)")
        }
    }

    /// panelPosition undoes screenPoint for every rotation, and puts the screen's
    /// top-left corner where FrameComposer's rotation puts it.
    func testPanelPositionIsTheInverseOfScreenPoint() throws {
        let panel = ScreenSize(width: 400, height: 300)
        for rotation in ScreenRotation.allCases {
            let size = rotation.swapsAxes ? ScreenSize(width: panel.height, height: panel.width) : panel
            for (u, v) in [(0.1, 0.2), (0.5, 0.5), (0.9, 0.05), (0.25, 0.75)] {
                let point = try XCTUnwrap(TouchPointMapping.screenPoint(x: u, y: v, size: size, rotation: rotation))
                let back = TouchPointMapping.panelPosition(of: point, size: size, rotation: rotation)
                XCTAssertEqual(back.x, u, accuracy: 1e-9, "\(rotation)")
                XCTAssertEqual(back.y, v, accuracy: 1e-9, "\(rotation)")
            }
        }
        let origin = ScreenPoint(x: 0, y: 0)
        let corners = ScreenRotation.allCases.map { rotation in
            let size = rotation.swapsAxes ? ScreenSize(width: panel.height, height: panel.width) : panel
            let position = TouchPointMapping.panelPosition(of: origin, size: size, rotation: rotation)
            return [position.x, position.y]
        }
        // Turned 90° clockwise, the content's top-left is at the panel's top-right.
        XCTAssertEqual(corners, [[0, 0], [1, 0], [1, 1], [0, 1]])
    }
}
