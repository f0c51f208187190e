import XCTest
final class KMSTestsPlaceholder: XCTestCase { func testNothing() {} }
