import CDRM
import Glibc

/// A KMS object with typed property ids: a connector, CRTC or plane.
package protocol KMSObject {
    associatedtype Properties: PropertyIDs
    var id: UInt32 { get }
    var properties: Properties { get }
}

extension ConnectorState: KMSObject {}
extension CRTCState: KMSObject {}
extension PlaneState: KMSObject {}

/// One atomic request (drmModeAtomicReq): the one owner of the libdrm allocation.
///
/// Properties are set through the object's typed property ids; a property the
/// object lacks is an error naming it, because a commit missing e.g. CRTC_ID would
/// otherwise fail with a bare EINVAL.
final class AtomicRequest {
    private let request: drmModeAtomicReqPtr
    /// What was set, in order (object id, property id, value): for tests of what a commit asks.
    private(set) var entries: [(objectID: UInt32, propertyID: UInt32, value: UInt64)] = []

    init() throws(DRMError) {
        request = try drmPointer(.atomicAlloc) { drmModeAtomicAlloc() }
    }

    deinit { drmModeAtomicFree(request) }

    func set<Object: KMSObject>(_ property: KeyPath<Object.Properties, UInt32?>, of object: Object, to value: UInt64)
        throws(DRMError)
    {
        let objectID = object.id
        guard let propertyID = object.properties[keyPath: property] else {
            throw DRMError(
                .atomicAddProperty, errno: .invalidArgument,
                context: "object \(objectID) has no property \(Object.Properties.name(of: property))")
        }
        try drmCall(
            .atomicAddProperty, context: "\(Object.Properties.name(of: property)) on object \(objectID)"
        ) {
            drmModeAtomicAddProperty(request, objectID, propertyID, value)
        }
        entries.append((objectID, propertyID, value))
    }

    /// drmModeAtomicCommit with `flags` (DRM_MODE_ATOMIC_*, DRM_MODE_PAGE_FLIP_EVENT).
    func commit(device: DRMDevice, flags: UInt32, userData: UInt64, context: @autoclosure () -> String)
        throws(DRMError)
    {
        try drmCall(.atomicCommit, context: context()) {
            drmModeAtomicCommit(device.fd, request, flags, UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        }
    }
}
