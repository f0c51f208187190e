// Hostile values through the public API (the built HostileValueCases program): each
// case runs in its own process, so a trap, a stack overflow or a hang fails that case
// by name and the others still run.
import Foundation
import TestSupport
import XCTest

final class HostileValueTests: XCTestCase {
    func testEveryHostileValueIsSurvived() throws {
        let path = try XCTUnwrap(
            ProgramRun.builtProduct("HostileValueCases"),
            "HostileValueCases is not next to the test bundle: build it first with `swift build --build-tests`")
        let list = try ProgramRun.run(path, ["--list"])
        XCTAssertEqual(list.status, 0, list.standardError)
        let names = list.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertFalse(names.isEmpty, "no cases listed")
        for name in names {
            let run: ProgramRun
            do {
                // A hang is a failure too: a case gets a minute (debug build, shared machine).
                run = try ProgramRun.run(path, [name], timeout: 60)
            } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            let said = run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(
                run.status, 0, "\(name): exit \(run.status): \(said)\n\(run.standardError.suffix(2000))")
            XCTAssertEqual(said.split(separator: "\n").last.map(String.init), "survived", "\(name): \(said)")
        }
    }
}
