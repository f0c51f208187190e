import Geometry
import XCTest

/// A mirrored screen's image on its mirror: scaled to fit, aspect kept, centred, bars.
final class LetterboxTests: XCTestCase {
    func testFitsWithBarsOnTheShortSide() {
        // 16:9 onto 4:3: bars above and below.
        let wide = Letterbox(sourceWidth: 1920, sourceHeight: 1080, targetWidth: 1024, targetHeight: 768)
        XCTAssertEqual([wide.imageX, wide.imageY, wide.imageWidth, wide.imageHeight], [0, 96, 1024, 576])
        // 4:3 onto 16:9: bars left and right.
        let narrow = Letterbox(sourceWidth: 800, sourceHeight: 600, targetWidth: 1920, targetHeight: 1080)
        XCTAssertEqual([narrow.imageX, narrow.imageY, narrow.imageWidth, narrow.imageHeight], [240, 0, 1440, 1080])
        XCTAssertEqual(narrow.scaleX, 1.8, accuracy: 1e-12)
        // The same shape: no bars.
        let same = Letterbox(sourceWidth: 1024, sourceHeight: 768, targetWidth: 800, targetHeight: 600)
        XCTAssertEqual([same.imageX, same.imageY, same.imageWidth, same.imageHeight], [0, 0, 800, 600])
        // An odd leftover goes to the far side.
        let odd = Letterbox(sourceWidth: 40, sourceHeight: 20, targetWidth: 40, targetHeight: 41)
        XCTAssertEqual([odd.imageX, odd.imageY, odd.imageWidth, odd.imageHeight], [0, 10, 40, 20])
    }

    func testEmptySizesGiveAnEmptyImage() {
        for (sw, sh, tw, th) in [(0, 10, 10, 10), (10, 0, 10, 10), (10, 10, 0, 10), (-5, 10, 10, 10)] {
            let box = Letterbox(sourceWidth: sw, sourceHeight: sh, targetWidth: tw, targetHeight: th)
            XCTAssertTrue(box.isEmpty)
            XCTAssertNil(box.sourcePosition(ofTargetX: 0.5, y: 0.5))
            XCTAssertEqual(box.targetRect(ofSourceX: 0, y: 0, width: 5, height: 5, margin: 1).width, 0)
        }
    }

    func testTargetPositionsMapBackToTheSourceAndBarsToNothing() throws {
        let box = Letterbox(sourceWidth: 1920, sourceHeight: 1080, targetWidth: 1024, targetHeight: 768)
        let centre = try XCTUnwrap(box.sourcePosition(ofTargetX: 0.5, y: 0.5))
        XCTAssertEqual(centre.x, 0.5, accuracy: 1e-12)
        XCTAssertEqual(centre.y, 0.5, accuracy: 1e-12)
        // The image's top edge is target row 96 of 768.
        let top = try XCTUnwrap(box.sourcePosition(ofTargetX: 0.25, y: 96.0 / 768))
        XCTAssertEqual(top.x, 0.25, accuracy: 1e-12)
        XCTAssertEqual(top.y, 0, accuracy: 1e-12)
        // On the bars: nothing, unless clamped onto the image's edge.
        XCTAssertNil(box.sourcePosition(ofTargetX: 0.5, y: 0.05))
        XCTAssertNil(box.sourcePosition(ofTargetX: 0.5, y: 0.95))
        let clamped = try XCTUnwrap(box.sourcePosition(ofTargetX: 0.5, y: 0.95, clamped: true))
        XCTAssertEqual(clamped.y, 1)
        XCTAssertNil(box.sourcePosition(ofTargetX: .nan, y: 0.5, clamped: true))
    }

    func testSourceRectanglesMapToTheTargetWidenedAndClippedToTheImage() {
        let box = Letterbox(sourceWidth: 80, sourceHeight: 40, targetWidth: 40, targetHeight: 40)
        // Scale ½, image at y 10: source (10, 10, 20, 4) → (5, 15, 10, 2), widened by 1.
        let mapped = box.targetRect(ofSourceX: 10, y: 10, width: 20, height: 4, margin: 1)
        XCTAssertEqual([mapped.x, mapped.y, mapped.width, mapped.height], [4, 14, 12, 4])
        // A corner: never out of the image.
        let corner = box.targetRect(ofSourceX: 0, y: 0, width: 1, height: 1, margin: 3)
        XCTAssertEqual([corner.x, corner.y, corner.width, corner.height], [0, 10, 4, 4])
        // An odd edge rounds outward.
        let odd = box.targetRect(ofSourceX: 3, y: 0, width: 1, height: 1, margin: 0)
        XCTAssertEqual([odd.x, odd.width], [1, 1])
    }
}
