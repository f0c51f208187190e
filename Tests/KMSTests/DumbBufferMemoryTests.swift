import KMS
import XCTest

/// Which cards' dumb buffers views' content may live in (cairo reads what it blends
/// onto, so write-combined memory would make every draw crawl).
final class DumbBufferMemoryTests: XCTestCase {
    func testOnlyDriversWithShmemDumbBuffersCountAsCached() {
        let table: [(driver: String, cached: Bool)] = [
            ("vkms", true), ("virtio_gpu", true), ("i915", false), ("amdgpu", false), ("radeon", false),
            ("nouveau", false), ("unknown", false), ("", false),
        ]
        for row in table {
            XCTAssertEqual(ExportedDumbBuffer.isCachedMemory(driver: row.driver), row.cached, row.driver)
        }
    }
}
