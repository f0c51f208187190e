/// What a drm device event means for a display: pure classification, no I/O.
package enum DRMHotplugEvent: Sendable, Equatable {
    /// A card appeared (driver loaded, GPU hot-added).
    case cardAdded(DRMCardNode)
    /// A card went away: all its screens go with it.
    case cardRemoved(sysname: String)
    /// Something on the card may have changed: re-probe the named connector, or
    /// all of them when the kernel did not say which (virtio-gpu's HOTPLUG=1,
    /// synthetic events with SYNTH_ARG_HOTPLUG=1 or nothing).
    case cardChanged(sysname: String, connectorID: UInt32?)

    /// Classifies a udev event of subsystem drm; nil for events that change no
    /// screen (render nodes, connector devices' own add/remove, lease changes).
    package init?(_ event: DeviceEvent) {
        guard event.subsystem == "drm", DRMCardNode.isCardName(event.sysname) else { return nil }
        switch event.action {
        case "add":
            guard let devnode = event.devnode else { return nil }
            self = .cardAdded(
                DRMCardNode(sysname: event.sysname, devnode: devnode, syspath: event.syspath, driver: nil))
        case "remove":
            self = .cardRemoved(sysname: event.sysname)
        case "change":
            // A lease change alters no connector of ours.
            if event.properties["LEASE"] == "1" { return nil }
            self = .cardChanged(
                sysname: event.sysname, connectorID: event.properties["CONNECTOR"].flatMap { UInt32($0) })
        default:
            return nil
        }
    }
}
