import Foundation
import Glibc
import KMS
import Udev

/// drm device events from udev, read on the main queue and handed on with the
/// CLOCK_MONOTONIC time they were read (hotplug-to-first-frame is measured from it).
@MainActor
final class DeviceEventSource {
    private let monitor: UdevMonitor
    private let source: any DispatchSourceRead
    private let handler: @MainActor ([DRMHotplugEvent], Double) -> Void

    init(udev: UdevContext, handler: @escaping @MainActor ([DRMHotplugEvent], Double) -> Void) throws {
        monitor = try UdevMonitor(udev: udev, subsystem: "drm")
        self.handler = handler
        source = DispatchSource.makeReadSource(fileDescriptor: monitor.fd, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.drain() }
        }
        source.resume()
    }

    isolated deinit { source.cancel() }

    /// The monitor's socket, for a caller that blocks on it (see `KMSDisplay.waitForScreens`).
    var fd: Int32 { monitor.fd }

    /// Reads every queued event and passes on those that concern screens.
    func drain() {
        let events = monitor.receive().compactMap(DRMHotplugEvent.init)
        if !events.isEmpty { handler(events, monotonicSeconds()) }
    }
}
