import CPango
import Dispatch

/// fontconfig reads its configuration and font caches the first time a font map is
/// made: seconds on a slow board, and it used to be on the first label's path, so on
/// the first frame's. Pango (1.48 and later) does that read on a thread of its own,
/// started when a font map is made; making the main queue's map before the display
/// opens lets the read go on while the cards are opened and the first views are made,
/// and the first label waits only for what is left of it.
package enum FontConfigWarmUp {
    /// Makes the main queue's font map (the one its labels use), which starts
    /// fontconfig's read in the background. Cheap; later calls do nothing new.
    package static func start() {
        _ = TextFontMap.mainQueueMap
    }
}

/// The font map text is laid out with. Pango's default map is per thread, but after
/// `dispatchMain()` the main queue runs on whichever thread dispatch picks: each new
/// thread would make a map of its own, and the first frame (the first work after
/// `dispatchMain()`) would match, open and shape every font again that the app's
/// launch (on the launching thread) had already measured with. So the main queue has
/// one map, whatever thread serves it; other threads keep pango's own per-thread map
/// (a map is not safe to share between threads that run at once).
package enum TextFontMap {
    private static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// Made once (at the first use from any thread), marking the main queue.
    nonisolated(unsafe) fileprivate static let mainQueueMap: UnsafeMutablePointer<PangoFontMap> = {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        return pango_cairo_font_map_new()
    }()

    /// The calling queue's map: the main queue's own on the main queue (any thread),
    /// else the calling thread's default.
    package static var current: UnsafeMutablePointer<PangoFontMap> {
        let map = mainQueueMap
        return DispatchQueue.getSpecific(key: mainQueueKey) == true ? map : pango_cairo_font_map_get_default()
    }
}
