import XCTest
final class HardwareTestsPlaceholder: XCTestCase { func testNothing() {} }
