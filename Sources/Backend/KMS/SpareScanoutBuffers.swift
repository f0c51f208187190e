/// Scanout buffers of a connector that went away, kept a short while for the next
/// output of the same size on the card: an HDMI cable pulled and pushed back (a
/// loose plug, a monitor switched through its inputs) gets its first frame without
/// allocating and first touching megabytes of buffer (about a refresh period in
/// the VM for 1024x768). The display frees them when their time is up.
package final class SpareScanoutBuffers {
    private var buffers: [ScanoutBuffer] = []

    package init() {}

    /// Keeps `released`; nothing may scan them out any more.
    package func keep(_ released: [ScanoutBuffer]) { buffers += released }

    /// A kept buffer of this size and format (taken out of the pool), else nil.
    package func take(width: Int, height: Int, format: UInt32) -> ScanoutBuffer? {
        guard
            let index = buffers.firstIndex(where: {
                $0.width == width && $0.height == height && $0.format == format
            })
        else { return nil }
        return buffers.remove(at: index)
    }

    /// Frees every kept buffer.
    package func removeAll() { buffers = [] }
}
