import XCTest
final class DirectDisplayTestsPlaceholder: XCTestCase { func testNothing() {} }
