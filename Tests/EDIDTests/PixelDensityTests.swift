// Screen scale thresholds.
import EDID
import XCTest

final class PixelDensityTests: XCTestCase {
    func testThresholds() {
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 1920, widthMillimeters: 527), 1)  // 24" 1080p, 93 ppi
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 2560, widthMillimeters: 434), 1)  // 149.8 ppi
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 2560, widthMillimeters: 433), 2)  // 150.2 ppi
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 2880, widthMillimeters: 301), 2)  // 243 ppi laptop
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 3000, widthMillimeters: 300), 3)  // 254 ppi
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 1080, widthMillimeters: 65), 3)  // phone-class panel
    }

    func testUnknownSizeGivesOne() {
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 3840, widthMillimeters: nil), 1)
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 3840, widthMillimeters: 0), 1)
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 3840, widthMillimeters: -5), 1)
        XCTAssertEqual(PixelDensity.scale(forWidthPixels: 0, widthMillimeters: 300), 1)
        XCTAssertNil(PixelDensity.pixelsPerInch(widthPixels: 100, widthMillimeters: nil))
    }

    func testPixelsPerInch() throws {
        let density = try XCTUnwrap(PixelDensity.pixelsPerInch(widthPixels: 254, widthMillimeters: 254))
        XCTAssertEqual(density, 25.4, accuracy: 1e-9)
    }
}
