import CPango

/// fontconfig reads its configuration and font caches the first time a font map is
/// made: seconds on a slow board, and it used to be on the first label's path, so on
/// the first frame's. Pango (1.48 and later) does that read on a thread of its own,
/// started when a thread's font map is made; making the calling thread's map before
/// the display opens lets the read go on while the cards are opened and the first
/// views are made, and the first label waits only for what is left of it.
package enum FontConfigWarmUp {
    /// Makes the calling thread's default font map (the one its labels use), which starts
    /// fontconfig's read in the background. Cheap; later calls do nothing new.
    package static func start() {
        _ = pango_cairo_font_map_get_default()
    }
}
