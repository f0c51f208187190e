import KMS
import SystemPackage
import XCTest

/// drmSetMaster refusals are told apart: another master (EBUSY) and missing
/// rights (EACCES, EPERM) each say what to do; other errnos say nothing they cannot know.
final class MasterRefusalTests: XCTestCase {
    func testEachErrnoGetsItsOwnExplanation() {
        let busy = ["already driven by another DRM master", "compositor", "free virtual console"]
        let permission = ["no permission to become DRM master", "root", "seatd", "systemd-logind"]
        let cases: [(String, Errno, expected: [String], absent: [String])] = [
            ("EBUSY", .resourceBusy, busy, permission),
            ("EACCES", .permissionDenied, permission, busy),
            ("EPERM", .notPermitted, permission, busy),
            ("EINVAL", .invalidArgument, ["could not become DRM master of /dev/dri/card7"], busy + permission),
            (
                "ENODEV", .operationNotSupportedByDevice, ["could not become DRM master of /dev/dri/card7"],
                busy + permission
            ),
        ]
        for (name, code, expected, absent) in cases {
            let error = DRMError.masterRefused(path: "/dev/dri/card7", errno: code)
            XCTAssertEqual(error.call, "drmSetMaster", name)
            XCTAssertEqual(error.errno, code, name)
            XCTAssertTrue(error.context.contains("/dev/dri/card7"), "\(name): \(error)")
            let text = "\(error)"
            XCTAssertTrue(text.contains("errno \(code.rawValue)"), "\(name): \(text)")
            for phrase in expected { XCTAssertTrue(text.contains(phrase), "\(name) should say “\(phrase)”: \(text)") }
            for phrase in absent {
                XCTAssertFalse(text.contains(phrase), "\(name) should not say “\(phrase)”: \(text)")
            }
        }
    }

    func testBusyAndPermissionPredicatesAgree() {
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", errno: .resourceBusy).isBusy)
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", errno: .permissionDenied).isPermissionDenied)
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", errno: .notPermitted).isPermissionDenied)
        XCTAssertFalse(DRMError.masterRefused(path: "/dev/dri/card0", errno: .invalidArgument).isBusy)
    }
}
