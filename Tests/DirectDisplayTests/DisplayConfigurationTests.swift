import XCTest

@testable import DirectDisplayCore

/// The `DIRECTDISPLAY_*` variables, parsed by one rule: yes-or-no settings take
/// 1/0/true/false/yes/no in any case, choices their names, an empty variable is
/// unset, and anything else is named in one line and ignored (the default stays).
final class DisplayConfigurationTests: XCTestCase {
    func testYesOrNoValues() {
        let cases: [(value: String, turnedOff: Bool?)] = [
            ("1", true), ("true", true), ("TRUE", true), ("yes", true), ("Yes", true),
            ("0", false), ("false", false), ("False", false), ("no", false), ("NO", false),
            ("2", nil), ("on", nil), ("y", nil), (" 1", nil), ("-1", nil),
        ]
        for (value, turnedOff) in cases {
            XCTAssertEqual(DisplayConfiguration.boolean(value), turnedOff, "\"\(value)\"")
        }
    }

    func testEachVariableSetsItsSetting() {
        var expected = DisplayConfiguration()
        XCTAssertEqual(DisplayConfiguration.parse([:]).configuration, expected, "nothing set: the defaults")
        let cases: [(variables: [String: String], change: (inout DisplayConfiguration) -> Void)] = [
            (["DIRECTDISPLAY_NO_GL": "1"], { $0.usesOpenGL = false }),
            (["DIRECTDISPLAY_NO_ATOMIC": "yes"], { $0.usesAtomicModesetting = false }),
            (["DIRECTDISPLAY_NO_DIRECT_SCANOUT": "true"], { $0.usesDirectScanout = false }),
            (["DIRECTDISPLAY_NO_OVERLAYS": "1"], { $0.usesOverlayPlanes = false }),
            (["DIRECTDISPLAY_NO_OVERLAYS": "0"], { _ in }),
            (["DIRECTDISPLAY_NO_HARDWARE_CLONE": "yes"], { $0.usesHardwareClones = false }),
            (["DIRECTDISPLAY_COMPOSITOR": "gl"], { $0.compositor = .gl }),
            (["DIRECTDISPLAY_COMPOSITOR": "Pixman"], { $0.compositor = .pixman }),
            (["DIRECTDISPLAY_COMPOSITOR": "automatic"], { _ in }),
            (["DIRECTDISPLAY_SESSION": "direct"], { $0.session = .direct }),
            (["DIRECTDISPLAY_SESSION": "libseat"], { _ in }),
            (["DIRECTDISPLAY_NO_GL": ""], { _ in }),
            (
                ["DIRECTDISPLAY_NO_GL": "1", "DIRECTDISPLAY_SESSION": "DIRECT"],
                {
                    $0.usesOpenGL = false
                    $0.session = .direct
                }
            ),
            (["DIRECTDISPLAY_NOGL": "1", "HOME": "/root"], { _ in }),
        ]
        for (variables, change) in cases {
            expected = DisplayConfiguration()
            change(&expected)
            let parsed = DisplayConfiguration.parse(variables)
            XCTAssertEqual(parsed.configuration, expected, "\(variables)")
            XCTAssertEqual(parsed.ignored, [], "\(variables)")
        }
    }

    func testUnknownValuesAreNamedAndIgnored() {
        let cases: [(name: String, value: String, line: String)] = [
            (
                "DIRECTDISPLAY_NO_GL", "maybe",
                "DIRECTDISPLAY_NO_GL=maybe ignored: not one of 1, 0, true, false, yes, no"
            ),
            (
                "DIRECTDISPLAY_NO_ATOMIC", "2",
                "DIRECTDISPLAY_NO_ATOMIC=2 ignored: not one of 1, 0, true, false, yes, no"
            ),
            (
                "DIRECTDISPLAY_COMPOSITOR", "vulkan",
                "DIRECTDISPLAY_COMPOSITOR=vulkan ignored: not one of automatic, gl, pixman"
            ),
            ("DIRECTDISPLAY_SESSION", "logind", "DIRECTDISPLAY_SESSION=logind ignored: not one of libseat, direct"),
        ]
        for (name, value, line) in cases {
            let parsed = DisplayConfiguration.parse([name: value])
            XCTAssertEqual(parsed.configuration, DisplayConfiguration(), "\(name)=\(value): the default stays")
            XCTAssertEqual(parsed.ignored, [line])
        }
        // One line per value ignored; the good ones still apply.
        let parsed = DisplayConfiguration.parse(["DIRECTDISPLAY_NO_GL": "on", "DIRECTDISPLAY_NO_OVERLAYS": "yes"])
        XCTAssertFalse(parsed.configuration.usesOverlayPlanes)
        XCTAssertTrue(parsed.configuration.usesOpenGL)
        XCTAssertEqual(parsed.ignored.count, 1)
    }

    /// docs/configuration.md lists every variable the parser reads, and no other.
    func testTheDocumentListsEveryVariable() throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `DIRECTDISPLAY_") }
        let documented = rows.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        XCTAssertEqual(documented, DisplayConfiguration.settings.map(\.name))
    }
}
