// Inputs Scripts/fuzz-edid found (Fixtures/fuzz-findings/*.hex): each is
// parsed, as an EDID and as a file's contents, without trapping, and keeps
// the invariants the fuzzer checks. Passes with no findings too.
import EDID
import Foundation
import XCTest

final class FuzzFindingsTests: XCTestCase {
    /// The findings' hex files in the test bundle, sorted by name.
    static var findings: [URL] {
        get throws {
            let folder = try XCTUnwrap(
                Bundle.module.url(forResource: "fuzz-findings", withExtension: nil, subdirectory: "Fixtures"),
                "Fixtures/fuzz-findings missing from the test bundle")
            return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "hex" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }

    func testFindingsParseWithoutTrapping() throws {
        for url in try Self.findings {
            let bytes = try bytesFromHex(String(contentsOf: url, encoding: .utf8))
            let name = url.lastPathComponent
            check(EDIDInfo(bytes: bytes), name)
            if let file = try? EDIDFile(contents: bytes) {
                XCTAssertGreaterThanOrEqual(file.bytes.count, 128, name)
                check(EDIDInfo(bytes: file.bytes), name)
            }
        }
    }

    /// What the fuzzer checks: every mode is a real one, the preferred mode is one of them.
    private func check(_ info: EDIDInfo, _ name: String) {
        XCTAssertEqual(info.invariantViolations, [], name)
    }
}
