import CDRM

/// The property ids of one kind of KMS object (connector, CRTC or plane), resolved
/// by name once when the card is probed, as wlroots' backend/drm/properties.c does:
/// commits then set typed fields instead of looking names up. A property the object
/// lacks is nil: optional ones (FB_DAMAGE_CLIPS, zpos, rotation, link-status,
/// WRITEBACK_*) simply stay nil, and a commit that needs a missing one names it.
package protocol PropertyIDs: Sendable, Equatable {
    init()
    /// Each property's kernel name and the field holding its id.
    static var names: [(name: String, field: WritableKeyPath<Self, UInt32?>)] { get }
}

extension PropertyIDs {
    /// The ids of the properties in `probed` this table knows; the others are ignored.
    init(_ probed: ProbedProperties) {
        self.init()
        for (name, field) in Self.names { self[keyPath: field] = probed.properties[name]?.id }
    }

    /// The kernel's name of the property at `field`, for error messages.
    static func name(of field: KeyPath<Self, UInt32?>) -> String {
        names.first { $0.field == field }?.name ?? "\(field)"
    }
}

/// A connector's property ids.
package struct ConnectorProperties: PropertyIDs {
    package var crtcID: UInt32?
    package var linkStatus: UInt32?
    /// The legacy power state (DRM_MODE_DPMS_*), set by legacy commits only.
    package var dpms: UInt32?
    package var writebackFramebufferID: UInt32?
    package var writebackOutFencePointer: UInt32?

    package init() {}

    package static var names: [(name: String, field: WritableKeyPath<Self, UInt32?>)] {
        [
            ("CRTC_ID", \.crtcID), ("link-status", \.linkStatus), ("DPMS", \.dpms),
            ("WRITEBACK_FB_ID", \.writebackFramebufferID),
            ("WRITEBACK_OUT_FENCE_PTR", \.writebackOutFencePointer),
        ]
    }
}

/// A CRTC's property ids.
package struct CRTCProperties: PropertyIDs {
    package var active: UInt32?
    package var modeID: UInt32?

    package init() {}

    package static var names: [(name: String, field: WritableKeyPath<Self, UInt32?>)] {
        [("ACTIVE", \.active), ("MODE_ID", \.modeID)]
    }
}

/// A plane's property ids.
package struct PlaneProperties: PropertyIDs {
    package var framebufferID: UInt32?
    package var crtcID: UInt32?
    /// SRC_*: the part of the framebuffer shown, in 16.16 fixed point.
    package var sourceX: UInt32?
    package var sourceY: UInt32?
    package var sourceWidth: UInt32?
    package var sourceHeight: UInt32?
    /// CRTC_*: where on the CRTC it is shown, in whole (signed for X and Y) pixels.
    package var crtcX: UInt32?
    package var crtcY: UInt32?
    package var crtcWidth: UInt32?
    package var crtcHeight: UInt32?
    package var damageClips: UInt32?
    package var zpos: UInt32?
    package var rotation: UInt32?

    package init() {}

    package static var names: [(name: String, field: WritableKeyPath<Self, UInt32?>)] {
        [
            ("FB_ID", \.framebufferID), ("CRTC_ID", \.crtcID), ("SRC_X", \.sourceX), ("SRC_Y", \.sourceY),
            ("SRC_W", \.sourceWidth), ("SRC_H", \.sourceHeight), ("CRTC_X", \.crtcX), ("CRTC_Y", \.crtcY),
            ("CRTC_W", \.crtcWidth), ("CRTC_H", \.crtcHeight), ("FB_DAMAGE_CLIPS", \.damageClips), ("zpos", \.zpos),
            ("rotation", \.rotation),
        ]
    }
}

/// The properties of one object as the kernel lists them: name, id and value at
/// probe time. Read once per object; the typed tables and the probed values
/// (EDID blob, link status, plane type) come from it.
package struct ProbedProperties: Sendable, Equatable {
    package struct Property: Sendable, Equatable {
        package let id: UInt32
        package let value: UInt64

        package init(id: UInt32, value: UInt64) {
            self.id = id
            self.value = value
        }
    }

    package private(set) var properties: [String: Property] = [:]

    package init(properties: [String: Property] = [:]) {
        self.properties = properties
    }

    /// Reads the properties of `objectID` of `objectType` (DRM_MODE_OBJECT_*).
    /// Calls drmModeObjectGetProperties and drmModeGetProperty.
    init(fd: Int32, objectID: UInt32, objectType: UInt32) {
        guard
            let list = drmLookup(.objectGetProperties, { drmModeObjectGetProperties(fd, objectID, objectType) })
        else { return }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            let propertyID = list.pointee.props[index]
            guard let property = drmLookup(.getProperty, { drmModeGetProperty(fd, propertyID) }) else {
                continue
            }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            properties[name] = Property(id: propertyID, value: list.pointee.prop_values[index])
            drmModeFreeProperty(property)
        }
    }

    package func value(_ name: String) -> UInt64? { properties[name]?.value }
}
