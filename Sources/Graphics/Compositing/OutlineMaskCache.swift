import CPixman
import Foundation

/// The coverage masks of the last outlines a compositor filled turned (a turned
/// view with nothing but its background), by shape and place within a pixel.
/// cairo's coverage of an outline moved by whole pixels is the same, so the mask
/// serves again when the view is recoloured or faded (its outline unchanged), moved
/// by whole pixels, or turned back to an angle it showed lately: a spinner stepping
/// through its positions, a badge rocking between two angles. Making a mask costs
/// cairo about 5 µs for a 64x64 view; a kept one costs a lookup. A view turned by a
/// new angle every frame (an animation) finds nothing and costs what it did.
package final class OutlineMaskCache {
    /// The outline's corners in the mask's pixels (its top-left the outline's
    /// bounding box, whole pixels) and the mask's size.
    struct Key: Equatable {
        var corners: [CGPoint]
        var width: Int
        var height: Int
    }

    /// How many masks are kept (a few turned views' positions: a 12-step spinner
    /// and more), and the largest kept, in pixels (the rest are made every frame).
    static let capacity = 32
    static let largestMask = 128 * 128

    /// Most recently used last.
    private var entries: [(key: Key, mask: OpaquePointer)] = []

    package init() {}

    deinit {
        for entry in entries { pixman_image_unref(entry.mask) }
    }

    /// How many masks are kept.
    package var count: Int { entries.count }

    /// The mask kept for `key`, now the most recently used, if any (a reference the caller does not own).
    func mask(for key: Key) -> OpaquePointer? {
        guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
        if index != entries.count - 1 { entries.append(entries.remove(at: index)) }
        return entries[entries.count - 1].mask
    }

    /// Keeps `mask` (a reference of its own is taken) for `key`, forgetting the least
    /// recently used beyond `capacity`; masks larger than `largestMask` are not kept.
    func keep(_ mask: OpaquePointer, for key: Key) {
        guard key.width * key.height <= Self.largestMask else { return }
        if entries.count == Self.capacity { pixman_image_unref(entries.removeFirst().mask) }
        pixman_image_ref(mask)
        entries.append((key, mask))
    }
}
