// The layers Package.swift's header promises, read from the package graph SwiftPM
// builds from (`swift package dump-package`): a target can import only what it
// reaches through its dependencies, so a core that reaches no back-end module
// cannot name KMSDisplay, libinput or the session again.
import Foundation
import TestSupport
import XCTest

final class CoreLayeringTests: XCTestCase {
    /// Modules of the hardware back ends (and their C bindings).
    static let backEnds: Set = [
        "DirectDisplayKMS", "KMS", "Udev", "Input", "Session", "DeviceAccess", "Backlight", "CDRM", "CUdev", "CInput",
        "CSeat", "CVirtualTerminal", "CSystemd",
    ]

    func testTheCoreReachesNoBackEndModule() throws {
        let graph = try Self.targetGraph()
        let reached = Self.reached(from: "DirectDisplayCore", in: graph)
        XCTAssertTrue(reached.contains("Compositing"), "the graph was read: \(reached.sorted())")
        XCTAssertEqual(reached.intersection(Self.backEnds), [], "DirectDisplayCore must not depend on a back end")
    }

    func testTheCoreTestsNeedOnlyTheCore() throws {
        let reached = Self.reached(from: "DirectDisplayTests", in: try Self.targetGraph())
        XCTAssertTrue(reached.contains("DirectDisplayCore"))
        XCTAssertEqual(reached.intersection(Self.backEnds), [])
    }

    func testTheKMSDisplayIsAboveTheCoreAndTheProductAboveBoth() throws {
        let graph = try Self.targetGraph()
        XCTAssertTrue(Self.reached(from: "DirectDisplayKMS", in: graph).contains("DirectDisplayCore"))
        XCTAssertEqual(graph["DirectDisplay"], ["DirectDisplayCore", "DirectDisplayKMS"])
    }

    /// Read once for all the tests (each read runs SwiftPM).
    static let graph = Result { try readTargetGraph() }

    static func targetGraph() throws -> [String: Set<String>] { try graph.get() }

    /// Every target's direct dependencies within the package, by name.
    static func readTargetGraph() throws -> [String: Set<String>] {
        guard let swift = executable(named: "swift") else { throw XCTSkip("no swift on PATH") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // Its own scratch path: the build directory may be locked by the build running these tests.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ProgramRun.run(
            swift, ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
            timeout: 120)
        XCTAssertEqual(run.status, 0, "swift package dump-package: \(run.standardError)")
        let manifest = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        var graph: [String: Set<String>] = [:]
        for target in manifest?["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            var dependencies: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                // {"byName": [name, condition]} or {"target": [name, condition]}; products are other packages'.
                for kind in ["byName", "target"] {
                    if let name = (dependency[kind] as? [Any])?.first as? String { dependencies.insert(name) }
                }
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// The targets `target` depends on, directly or through others.
    static func reached(from target: String, in graph: [String: Set<String>]) -> Set<String> {
        var reached: Set<String> = []
        var pending = Array(graph[target] ?? [])
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += graph[next] ?? []
        }
        return reached
    }

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
