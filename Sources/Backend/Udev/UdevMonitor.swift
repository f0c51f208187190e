import CUdev
import Glibc

/// One device event from udev: what happened to which device, with its properties.
package struct DeviceEvent: Sendable, Equatable {
    /// "add", "remove", "change", "bind", "unbind", "move"…
    package let action: String
    package let subsystem: String
    /// e.g. "card0", "card0-Virtual-1", "renderD128".
    package let sysname: String
    package let syspath: String
    package let devnode: String?
    /// The uevent's properties, e.g. HOTPLUG=1, CONNECTOR=37, SYNTH_ARG_HOTPLUG=1, LEASE=1.
    package let properties: [String: String]

    package init(
        action: String, subsystem: String, sysname: String, syspath: String, devnode: String?,
        properties: [String: String]
    ) {
        self.action = action
        self.subsystem = subsystem
        self.sysname = sysname
        self.syspath = syspath
        self.devnode = devnode
        self.properties = properties
    }
}

/// A udev monitor (udev_monitor over netlink, events as udevd re-broadcasts them)
/// filtered to one subsystem: the one owner of the monitor and its socket.
package final class UdevMonitor {
    private let udev: UdevContext
    private let monitor: OpaquePointer
    /// The socket to watch for readability (non-blocking).
    package let fd: Int32

    /// udev_monitor_new_from_netlink("udev"), udev_monitor_filter_add_match_subsystem_devtype,
    /// udev_monitor_enable_receiving.
    package init(udev: UdevContext, subsystem: String) throws(UdevError) {
        self.udev = udev
        guard let monitor = udev_monitor_new_from_netlink(udev.handle, "udev") else {
            throw UdevError(call: "udev_monitor_new_from_netlink", detail: "no netlink socket for udev events")
        }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil) >= 0,
            udev_monitor_enable_receiving(monitor) >= 0
        else {
            udev_monitor_unref(monitor)
            throw UdevError(call: "udev_monitor_enable_receiving", detail: "cannot receive \(subsystem) events")
        }
        self.monitor = monitor
        fd = udev_monitor_get_fd(monitor)
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// udev_monitor_unref
    deinit { udev_monitor_unref(monitor) }

    /// Every event queued on the socket now (udev_monitor_receive_device until none).
    package func receive() -> [DeviceEvent] {
        var events: [DeviceEvent] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            if let event = Self.event(device) { events.append(event) }
        }
        return events
    }

    private static func event(_ device: OpaquePointer) -> DeviceEvent? {
        guard let action = udev_device_get_action(device), let sysname = udev_device_get_sysname(device),
            let syspath = udev_device_get_syspath(device)
        else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        return DeviceEvent(
            action: String(cString: action),
            subsystem: udev_device_get_subsystem(device).map { String(cString: $0) } ?? "",
            sysname: String(cString: sysname), syspath: String(cString: syspath),
            devnode: udev_device_get_devnode(device).map { String(cString: $0) }, properties: properties)
    }
}
