/// Pixel memory for a ``DrawingSurface`` that its owner provides instead of cairo's
/// own, e.g. a buffer GL imports without copying. Premultiplied ARGB8888, at least
/// `bytesPerRow` × height bytes, zeroed and mapped for as long as the owner lives;
/// the surface keeps the owner alive, so the memory goes when the surface does.
package protocol SurfaceMemory: AnyObject {
    var pixels: UnsafeMutableRawPointer { get }
    /// A multiple of 4 (cairo's stride alignment for ARGB32).
    var bytesPerRow: Int { get }
}
