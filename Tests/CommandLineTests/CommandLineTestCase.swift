// The built direct-display binary run as a child process on the host: exit
// statuses and stderr lines of bad input. Needs no display.
import Foundation
import TestSupport
import XCTest

class CommandLineTestCase: XCTestCase {
    /// A fresh directory for the test's files, removed after it.
    private(set) var scratch = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
        try super.tearDownWithError()
    }

    /// `.build/debug/direct-display`, next to the test bundle (or $DIRECTDISPLAY_CLI).
    var directDisplay: String {
        get throws {
            let variable = "DIRECTDISPLAY_CLI"
            let missing =
                if let path = ProcessInfo.processInfo.environment[variable] {
                    "\(variable)=\(path) is not an executable file"
                } else {
                    "the direct-display binary is not next to the test bundle (\(CommandLine.arguments[0])): "
                        + "build it first with `swift build --build-tests`, or set \(variable) to its path"
                }
            return try XCTUnwrap(ProgramRun.builtProduct("direct-display", environmentVariable: variable), missing)
        }
    }

    /// Runs `direct-display` with `arguments`.
    func directDisplay(_ arguments: [String], standardInput: [UInt8] = []) throws -> ProgramRun {
        try ProgramRun.run(try directDisplay, arguments, standardInput: standardInput)
    }

    /// Writes `contents` to a file in the scratch directory and returns its path.
    func file(_ name: String, _ contents: [UInt8]) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(contents).write(to: url)
        return url.path
    }

    /// Whether this machine has DRM devices (then the display commands would drive them).
    var hasDisplayDevices: Bool { FileManager.default.fileExists(atPath: "/dev/dri") }

    /// Asserts a failure reported the command's way: `status`, nothing on stdout,
    /// one line on stderr that starts with "direct-display: " and contains `fragment`.
    func assertOneLineFailure(
        _ run: ProgramRun, status: Int32 = 1, containing fragment: String, _ name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(run.status, status, "\(name): \(run.standardError)", file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", name, file: file, line: line)
        XCTAssertEqual(run.errorLines.count, 1, "\(name): \(run.standardError)", file: file, line: line)
        XCTAssertTrue(
            run.standardError.hasPrefix("direct-display: "), "\(name): \(run.standardError)", file: file, line: line)
        XCTAssertTrue(run.standardError.contains(fragment), "\(name): \(run.standardError)", file: file, line: line)
    }
}
