import CUdev

/// A DRM primary node (a card) as udev sees it.
package struct DRMCardNode: Sendable, Equatable {
    /// udev's sysname, e.g. "card0". Card numbers follow driver load order: never assume one.
    package let sysname: String
    /// The device node to open, e.g. "/dev/dri/card0".
    package let devnode: String
    /// The sysfs path, stable while the card exists.
    package let syspath: String
    /// The kernel driver of the card's parent device (vkms, virtio_gpu, i915…), when known.
    package let driver: String?

    package init(sysname: String, devnode: String, syspath: String, driver: String?) {
        self.sysname = sysname
        self.devnode = devnode
        self.syspath = syspath
        self.driver = driver
    }
}

extension DRMCardNode {
    /// "card0" is a card; "card0-HDMI-A-1" (a connector) and "renderD128" are not.
    package static func isCardName(_ sysname: String) -> Bool {
        sysname.hasPrefix("card") && sysname.count > 4 && sysname.dropFirst(4).allSatisfy(\.isNumber)
    }
}

/// Finds DRM cards through udev: devices of subsystem "drm" whose sysname is
/// cardN (primary nodes; connectors are card0-HDMI-A-1, render nodes renderD128).
package struct DRMCardEnumerator {
    private let udev: UdevContext

    package init(udev: UdevContext) { self.udev = udev }

    /// udev_enumerate_scan_devices over subsystem drm; sorted by sysname for a stable order.
    package func cards() -> [DRMCardNode] {
        guard let enumerate = udev_enumerate_new(udev.handle) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "drm")
        udev_enumerate_add_match_sysname(enumerate, "card[0-9]*")
        udev_enumerate_scan_devices(enumerate)
        var result: [DRMCardNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let path = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(udev.handle, path)
            else { continue }
            defer { udev_device_unref(device) }
            if let node = Self.cardNode(device) { result.append(node) }
        }
        return result.sorted { $0.sysname.localizedStandardLess($1.sysname) }
    }

    /// A drm device is a card when its sysname is "card" + digits and it has a device node.
    static func cardNode(_ device: OpaquePointer) -> DRMCardNode? {
        guard let sysnameC = udev_device_get_sysname(device), let devnodeC = udev_device_get_devnode(device),
            let syspathC = udev_device_get_syspath(device)
        else { return nil }
        let sysname = String(cString: sysnameC)
        guard DRMCardNode.isCardName(sysname) else { return nil }
        var driver: String?
        if let parent = udev_device_get_parent(device), let name = udev_device_get_driver(parent) {
            driver = String(cString: name)
        }
        return DRMCardNode(
            sysname: sysname, devnode: String(cString: devnodeC), syspath: String(cString: syspathC), driver: driver)
    }
}

extension String {
    /// "card2" before "card10".
    fileprivate func localizedStandardLess(_ other: String) -> Bool {
        let a = Int(filter(\.isNumber)) ?? 0
        let b = Int(other.filter(\.isNumber)) ?? 0
        return a != b ? a < b : self < other
    }
}
