import Compositing
import Foundation
import XCTest

@testable import DirectDisplayCore

/// Zeroed heap memory that counts its frees (the one owner frees it once, in deinit).
private final class CountedMemory: SurfaceMemory {
    nonisolated(unsafe) static var freed = 0
    let pixels: UnsafeMutableRawPointer
    let bytesPerRow: Int

    init(width: Int, height: Int) {
        // A wider row than needed, as a card's pitch may be: cairo must use the stride given.
        bytesPerRow = (width + 8) * 4
        pixels = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
    }

    deinit {
        pixels.deallocate()
        Self.freed += 1
    }
}

@MainActor private final class CountingAllocator: ContentMemoryAllocator {
    private(set) var made: [(width: Int, height: Int)] = []
    weak var last: CountedMemory?
    /// false: cairo's memory, as a display that does not compose with GL (any more).
    var gives = true

    func keeps(_ memory: (any SurfaceMemory)?) -> Bool { (memory != nil) == gives }

    func memory(width: Int, height: Int) -> (any SurfaceMemory)? {
        guard gives else { return nil }
        made.append((width, height))
        let memory = CountedMemory(width: width, height: height)
        last = memory
        return memory
    }
}

private final class DiscView: View {
    var color = Color.red
    override func draw(_ rect: CGRect) {
        GraphicsContext.current?.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2), with: color)
    }
}

/// The allocation hook a display uses to put views' content in memory of its choice
/// (GL composition on a card: dmabufs GL imports): the content is drawn there, a
/// redraw writes the same memory, and the memory is freed exactly once when the
/// content changes size or the view goes.
final class ContentMemoryTests: DirectDisplayTestCase {
    func testContentIsDrawnInTheAllocatorsMemoryReusedOnRedrawAndFreedOnce() async {
        let allocator = CountingAllocator()
        display.contentMemory = allocator
        CountedMemory.freed = 0
        let screen = connect(width: 64, height: 48)
        let window = Window(screen: screen)
        var disc: DiscView? = DiscView(frame: CGRect(x: 4, y: 4, width: 30, height: 20))
        window.addSubview(disc!)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        XCTAssertEqual(allocator.made.count, 1, "one buffer for the view's content")
        XCTAssertEqual(allocator.made.first?.width, 30)
        XCTAssertEqual(allocator.made.first?.height, 20)
        weak let memory = allocator.last
        XCTAssertNotNil(memory)
        XCTAssertTrue(disc!.contentSurface?.memory === memory, "the surface draws into the allocated memory")
        let centre = (memory!.pixels + 10 * memory!.bytesPerRow + 15 * 4).load(as: UInt32.self)
        XCTAssertEqual(centre, 0xFFFF_0000, "cairo drew red into it (premultiplied ARGB)")
        assertPixel(Application.shared.captureFrame(of: screen), 19, 14, .red)

        disc!.color = .blue
        disc!.setNeedsDisplay()
        display.runUntilIdle()
        XCTAssertEqual(allocator.made.count, 1, "a redraw writes the same memory")
        XCTAssertTrue(disc!.contentSurface?.memory === memory)
        XCTAssertEqual(CountedMemory.freed, 0)
        assertPixel(Application.shared.captureFrame(of: screen), 19, 14, .blue)

        disc!.frame.size = CGSize(width: 40, height: 20)
        disc!.setNeedsDisplay()
        display.runUntilIdle()
        XCTAssertEqual(allocator.made.count, 2, "new content size, new memory")
        XCTAssertEqual(CountedMemory.freed, 1, "the old memory was freed once")
        XCTAssertNil(memory, "nothing else holds it")

        disc!.removeFromSuperview()
        disc = nil
        display.runUntilIdle()
        XCTAssertEqual(CountedMemory.freed, 2, "the view's going frees its memory once")
    }

    /// Content drawn before the display gave memory moves there when drawn again whole
    /// (GL composition began), stays on a partial redraw (its pixels are kept), and
    /// moves back to cairo's memory, freeing the old once, when the display stops giving.
    func testContentMovesWhenDrawnWholeAfterTheDisplaysChoiceChanged() async {
        let allocator = CountingAllocator()
        allocator.gives = false
        display.contentMemory = allocator
        CountedMemory.freed = 0
        let screen = connect(width: 64, height: 48)
        let window = Window(screen: screen)
        let disc = DiscView(frame: CGRect(x: 4, y: 4, width: 30, height: 20))
        window.addSubview(disc)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        XCTAssertNil(disc.contentSurface?.memory)

        allocator.gives = true
        disc.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        display.runUntilIdle()
        XCTAssertNil(disc.contentSurface?.memory, "a partial redraw keeps the content where it is")
        disc.color = .blue
        disc.setNeedsDisplay()
        display.runUntilIdle()
        XCTAssertEqual(allocator.made.count, 1)
        XCTAssertTrue(disc.contentSurface?.memory === allocator.last, "drawn whole: in the display's memory")
        assertPixel(Application.shared.captureFrame(of: screen), 19, 14, .blue)

        allocator.gives = false
        disc.color = .red
        disc.setNeedsDisplay()
        display.runUntilIdle()
        XCTAssertNil(disc.contentSurface?.memory, "back in cairo's memory")
        XCTAssertEqual(CountedMemory.freed, 1, "the display's memory freed once")
        assertPixel(Application.shared.captureFrame(of: screen), 19, 14, .red)
    }

    func testNoAllocatorOrANilAnswerKeepsCairosMemory() async {
        let screen = connect(width: 64, height: 48)
        let window = Window(screen: screen)
        let disc = DiscView(frame: CGRect(x: 4, y: 4, width: 30, height: 20))
        window.addSubview(disc)
        window.makeKeyAndVisible()
        display.runUntilIdle()
        XCTAssertNotNil(disc.contentSurface)
        XCTAssertNil(disc.contentSurface?.memory)
        assertPixel(Application.shared.captureFrame(of: screen), 19, 14, .red)
    }
}
