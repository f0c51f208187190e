import CDRM

/// The KMS properties of one object (connector, CRTC or plane), looked up once by name.
///
/// Optional properties (FB_DAMAGE_CLIPS, rotation, WRITEBACK_*) are simply absent.
public struct PropertyTable: Sendable, Equatable {
    public struct Property: Sendable, Equatable {
        public let id: UInt32
        public let value: UInt64
    }

    public private(set) var properties: [String: Property] = [:]

    public init(properties: [String: Property] = [:]) {
        self.properties = properties
    }

    /// Reads the properties of `objectID` of `objectType` (DRM_MODE_OBJECT_*).
    /// Calls drmModeObjectGetProperties and drmModeGetProperty.
    init(fd: Int32, objectID: UInt32, objectType: UInt32) {
        guard
            let list = drmLookup("drmModeObjectGetProperties", { drmModeObjectGetProperties(fd, objectID, objectType) })
        else { return }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            let propertyID = list.pointee.props[index]
            guard let property = drmLookup("drmModeGetProperty", { drmModeGetProperty(fd, propertyID) }) else {
                continue
            }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            properties[name] = Property(id: propertyID, value: list.pointee.prop_values[index])
            drmModeFreeProperty(property)
        }
    }

    public func id(_ name: String) -> UInt32? { properties[name]?.id }
    public func value(_ name: String) -> UInt64? { properties[name]?.value }
    public func has(_ name: String) -> Bool { properties[name] != nil }
}
