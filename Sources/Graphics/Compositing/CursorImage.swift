/// The pointer's arrow, drawn once with cairo: shown on a cursor plane where the
/// card has one, else composited into the frame over every window.
package final class CursorImage {
    package let surface: DrawingSurface
    /// The pixel of the image that sits on the pointer's location (the arrow's tip).
    package let hotspot: (x: Int, y: Int)

    private init(surface: DrawingSurface, hotspot: (x: Int, y: Int)) {
        self.surface = surface
        self.hotspot = hotspot
    }

    /// A black arrow with a white outline, 12x19 points at `scale` pixels per point
    /// (limited to 2, so it fits the common 64x64 cursor planes).
    package static func arrow(scale: Double) -> CursorImage {
        let scale = min(max(scale, 1), 2)
        let width = Int((14 * scale).rounded(.up))
        let height = Int((22 * scale).rounded(.up))
        let surface = DrawingSurface(pixelWidth: width, pixelHeight: height, scale: scale)
        surface.clear()
        surface.setColor(PixelColor(red: 0, green: 0, blue: 0, alpha: 1))
        // The classic arrow, its tip one point in so the outline is not cut off.
        let tip = (x: 1.0, y: 1.0)
        let outline: [(x: Double, y: Double)] = [
            (0, 0), (0, 16), (4, 12.5), (6.5, 18.5), (9, 17.5), (6.5, 11.5), (11.5, 11.5),
        ].map { (x: $0.0 + tip.x, y: $0.1 + tip.y) }
        surface.fillPolygon(outline, outline: PixelColor(red: 1, green: 1, blue: 1, alpha: 1), lineWidth: 1)
        return CursorImage(
            surface: surface, hotspot: (Int((tip.x * scale).rounded()), Int((tip.y * scale).rounded())))
    }
}
