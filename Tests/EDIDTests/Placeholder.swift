import XCTest
final class EDIDTestsPlaceholder: XCTestCase { func testNothing() {} }
