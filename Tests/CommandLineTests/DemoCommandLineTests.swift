// `direct-display demo` and `info` on a host without a display: one line,
// status 1, nothing left behind; a bad --seconds is a usage error that says
// what is wrong.
import Foundation
import TestSupport
import XCTest

final class DemoCommandLineTests: CommandLineTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipIf(hasDisplayDevices, "this machine has /dev/dri: the demo would drive its screens")
    }

    func testNoDisplayLeavesNoCaptureDirectory() throws {
        let capture = scratch.appendingPathComponent("captures/today")
        let run = try directDisplay(["demo", "--capture", capture.path, "--seconds", "1"])
        assertOneLineFailure(run, containing: "no DRM display device", "no display")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("captures").path))
        assertOneLineFailure(try directDisplay(["info"]), containing: "no DRM display device", "info")
    }

    func testCaptureDirectoryThatCannotBeMadeIsOneLine() throws {
        let plainFile = try file("notes.txt", Array("notes\n".utf8))
        let cases: [(name: String, capture: String, says: String)] = [
            (
                "under a file", plainFile + "/captures",
                "cannot create \(plainFile)/captures: \(plainFile) is not a directory"
            ),
            ("a file", plainFile, "\(plainFile) exists and is not a directory; name a directory"),
            ("empty name", "", "name is empty"),
        ]
        for testCase in cases {
            let run = try directDisplay(["demo", "--capture", testCase.capture, "--seconds", "1"])
            assertOneLineFailure(run, containing: testCase.says, testCase.name)
            XCTAssertFalse(run.standardError.contains("NSCocoaErrorDomain"), run.standardError)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        XCTAssertEqual(left, ["notes.txt"])
    }

    func testSecondsMustBePositive() throws {
        for value in ["-1", "0", "-0.5", "nan"] {
            let run = try directDisplay(["demo", "--seconds", value])
            XCTAssertEqual(run.status, 64, "\(value): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertTrue(
                run.errorLines.first?.hasPrefix("Error: --seconds must be a positive number of seconds") == true,
                "\(value): \(run.standardError)")
        }
    }

    func testKeyboardTakesOnlyTheThreeModes() throws {
        let run = try directDisplay(["demo", "--keyboard", "sometimes", "--seconds", "1"])
        XCTAssertEqual(run.status, 64, run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertTrue(
            run.errorLines.first?.contains("'automatic', 'always' or 'never'") == true, run.standardError)
    }
}
