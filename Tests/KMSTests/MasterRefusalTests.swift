import Glibc
import KMS
import XCTest

/// drmSetMaster refusals are told apart: another master (EBUSY) and missing
/// rights (EACCES, EPERM) each say what to do; other errnos say nothing they cannot know.
final class MasterRefusalTests: XCTestCase {
    func testEachErrnoGetsItsOwnExplanation() {
        let busy = ["already driven by another DRM master", "compositor", "free virtual console"]
        let permission = ["no permission to become DRM master", "root", "seatd", "systemd-logind"]
        let cases: [(String, Int32, expected: [String], absent: [String])] = [
            ("EBUSY", EBUSY, busy, permission),
            ("EACCES", EACCES, permission, busy),
            ("EPERM", EPERM, permission, busy),
            ("EINVAL", EINVAL, ["could not become DRM master of /dev/dri/card7"], busy + permission),
            ("ENODEV", ENODEV, ["could not become DRM master of /dev/dri/card7"], busy + permission),
        ]
        for (name, code, expected, absent) in cases {
            let error = DRMError.masterRefused(path: "/dev/dri/card7", code: code)
            XCTAssertEqual(error.call, "drmSetMaster", name)
            XCTAssertEqual(error.code, code, name)
            XCTAssertTrue(error.context.contains("/dev/dri/card7"), "\(name): \(error)")
            let text = "\(error)"
            XCTAssertTrue(text.contains("errno \(code)"), "\(name): \(text)")
            for phrase in expected { XCTAssertTrue(text.contains(phrase), "\(name) should say “\(phrase)”: \(text)") }
            for phrase in absent {
                XCTAssertFalse(text.contains(phrase), "\(name) should not say “\(phrase)”: \(text)")
            }
        }
    }

    func testBusyAndPermissionPredicatesAgree() {
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", code: EBUSY).isBusy)
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", code: EACCES).isPermissionDenied)
        XCTAssertTrue(DRMError.masterRefused(path: "/dev/dri/card0", code: EPERM).isPermissionDenied)
        XCTAssertFalse(DRMError.masterRefused(path: "/dev/dri/card0", code: EINVAL).isBusy)
    }
}
