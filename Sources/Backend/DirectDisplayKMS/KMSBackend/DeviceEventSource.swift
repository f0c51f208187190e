import DirectDisplayCore
import Foundation
import KMS
import Scheduling
import Udev

/// drm device events from udev, read on the display's event loop and handed on
/// with the time they were read (hotplug-to-first-frame is measured from it).
@MainActor
final class DeviceEventSource {
    private let monitor: UdevMonitor
    private var watch: DescriptorWatch?
    private let clock: any MonotonicClock
    private let handler: @MainActor ([DRMHotplugEvent], Double) -> Void

    init(udev: UdevContext, loop: EventLoop, handler: @escaping @MainActor ([DRMHotplugEvent], Double) -> Void) throws {
        monitor = try UdevMonitor(udev: udev, subsystem: "drm")
        clock = loop.clock
        self.handler = handler
        watch = try loop.watch(monitor.fd, name: "udev drm monitor") { [weak self] in self?.drain() }
    }

    /// Stops watching before the monitor (and its socket) goes.
    isolated deinit { watch?.cancel() }

    /// Reads every queued event and passes on those that concern screens.
    func drain() {
        let events = monitor.receive().compactMap(DRMHotplugEvent.init)
        if !events.isEmpty { handler(events, clock.now) }
    }
}
