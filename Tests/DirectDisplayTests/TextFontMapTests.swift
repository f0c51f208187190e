import CPango
import Foundation
import Typesetting
import XCTest

/// After `dispatchMain()` the main queue runs on whichever thread dispatch picks: text
/// laid out there must keep using the one map the launch's text filled (fonts matched,
/// opened and shaped once), while other threads keep maps of their own.
final class TextFontMapTests: XCTestCase {
    func testTheMainQueueKeepsOneMapAndOtherThreadsTheirOwn() throws {
        let mainQueueMap = UnsafeMutableRawPointer(TextFontMap.current)
        XCTAssertEqual(UnsafeMutableRawPointer(TextFontMap.current), mainQueueMap)
        // Not the launching thread's default: dispatch's threads serving the main queue later share it.
        XCTAssertNotEqual(UnsafeMutableRawPointer(pango_cairo_font_map_get_default()), mainQueueMap)
        let measured = expectation(description: "measured on a thread of its own")
        nonisolated(unsafe) var otherThreadMaps: [UnsafeMutableRawPointer] = []
        let thread = Thread {
            let first = UnsafeMutableRawPointer(TextFontMap.current)
            otherThreadMaps = [first, UnsafeMutableRawPointer(TextFontMap.current)]
            measured.fulfill()
        }
        thread.start()
        wait(for: [measured], timeout: 10)
        XCTAssertEqual(otherThreadMaps.count, 2)
        XCTAssertEqual(otherThreadMaps.first, otherThreadMaps.last, "a thread keeps its own map")
        XCTAssertNotEqual(otherThreadMaps.first, mainQueueMap, "maps are not shared between threads that run at once")
        let font = try XCTUnwrap(FontDescription(name: "DejaVu Sans", size: 17))
        XCTAssertGreaterThan(TextLayout(text: "Hello", font: font, boxWidth: nil).width, 10)
    }
}
