/// Where a mirrored screen's image sits on the screen that shows it: the source's
/// pixels scaled to fit the target, aspect kept, centred, with bars on the two sides
/// (or above and below) that are left black. All in whole pixels of the two panels.
package struct Letterbox: Sendable, Hashable {
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let targetWidth: Int
    package let targetHeight: Int
    /// The scaled image's rectangle on the target (the rest is bars).
    package let imageX: Int
    package let imageY: Int
    package let imageWidth: Int
    package let imageHeight: Int

    /// Fits `sourceWidth`×`sourceHeight` into `targetWidth`×`targetHeight`; with either
    /// size empty the image is empty (everything is bar).
    package init(sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int) {
        self.sourceWidth = max(sourceWidth, 0)
        self.sourceHeight = max(sourceHeight, 0)
        self.targetWidth = max(targetWidth, 0)
        self.targetHeight = max(targetHeight, 0)
        guard sourceWidth > 0, sourceHeight > 0, targetWidth > 0, targetHeight > 0 else {
            (imageX, imageY, imageWidth, imageHeight) = (0, 0, 0, 0)
            return
        }
        let scale = min(Double(targetWidth) / Double(sourceWidth), Double(targetHeight) / Double(sourceHeight))
        // The side that fits exactly is exact; the other rounds to whole pixels.
        let width = min(max(Int((Double(sourceWidth) * scale).rounded()), 1), targetWidth)
        let height = min(max(Int((Double(sourceHeight) * scale).rounded()), 1), targetHeight)
        (imageWidth, imageHeight) = (width, height)
        (imageX, imageY) = ((targetWidth - width) / 2, (targetHeight - height) / 2)
    }

    /// Whether the image is empty (a size was zero).
    package var isEmpty: Bool { imageWidth == 0 || imageHeight == 0 }

    /// Target pixels per source pixel, across and down (equal but for rounding).
    package var scaleX: Double { isEmpty ? 0 : Double(imageWidth) / Double(sourceWidth) }
    package var scaleY: Double { isEmpty ? 0 : Double(imageHeight) / Double(sourceHeight) }

    /// The target rectangle whose pixels can change when the source rectangle
    /// (`x`, `y`, `width`, `height`) changes: its scaled place, widened by `margin`
    /// target pixels for the filter's reach and clipped to the image.
    package func targetRect(ofSourceX x: Int, y: Int, width: Int, height: Int, margin: Int) -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        guard !isEmpty, width > 0, height > 0 else { return (0, 0, 0, 0) }
        let left = max(Int((Double(imageX) + Double(x) * scaleX).rounded(.down)) - margin, imageX)
        let top = max(Int((Double(imageY) + Double(y) * scaleY).rounded(.down)) - margin, imageY)
        let right = min(Int((Double(imageX) + Double(x + width) * scaleX).rounded(.up)) + margin, imageX + imageWidth)
        let bottom = min(
            Int((Double(imageY) + Double(y + height) * scaleY).rounded(.up)) + margin, imageY + imageHeight)
        guard right > left, bottom > top else { return (0, 0, 0, 0) }
        return (left, top, right - left, bottom - top)
    }

    /// The source position (0…1 across the source's width and height) under the
    /// target position (`x`, `y`, 0…1 across the target's): nil on a bar or off the
    /// target, unless `clamped`, which puts it on the image's nearest edge (a finger
    /// dragged from the image onto a bar stays at the edge).
    package func sourcePosition(ofTargetX x: Double, y: Double, clamped: Bool = false) -> (x: Double, y: Double)? {
        guard !isEmpty, x.isFinite, y.isFinite else { return nil }
        var u = (x * Double(targetWidth) - Double(imageX)) / Double(imageWidth)
        var v = (y * Double(targetHeight) - Double(imageY)) / Double(imageHeight)
        if clamped {
            u = min(max(u, 0), 1)
            v = min(max(v, 0), 1)
        }
        guard (0...1).contains(u), (0...1).contains(v) else { return nil }
        return (u, v)
    }
}
