import CDRM
import Glibc

/// One atomic request (drmModeAtomicReq): the one owner of the libdrm allocation.
///
/// Properties are added by name through the object's PropertyTable; a property the
/// object lacks is an error naming it, because a commit missing e.g. CRTC_ID would
/// otherwise fail with a bare EINVAL.
final class AtomicRequest {
    private let request: drmModeAtomicReqPtr

    init() throws(DRMError) {
        request = try drmPointer("drmModeAtomicAlloc") { drmModeAtomicAlloc() }
    }

    deinit { drmModeAtomicFree(request) }

    func add(_ objectID: UInt32, _ properties: PropertyTable, _ name: String, _ value: UInt64) throws(DRMError) {
        guard let propertyID = properties.id(name) else {
            throw DRMError(
                call: "drmModeAtomicAddProperty", code: EINVAL, context: "object \(objectID) has no property \(name)")
        }
        try drmCall("drmModeAtomicAddProperty", context: "\(name) on object \(objectID)") {
            drmModeAtomicAddProperty(request, objectID, propertyID, value)
        }
    }

    /// drmModeAtomicCommit with `flags` (DRM_MODE_ATOMIC_*, DRM_MODE_PAGE_FLIP_EVENT).
    func commit(device: DRMDevice, flags: UInt32, userData: UInt64, context: String) throws(DRMError) {
        try drmCall("drmModeAtomicCommit", context: context) {
            drmModeAtomicCommit(device.fd, request, flags, UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        }
    }
}
