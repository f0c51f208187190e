import Compositing
import GLRendering

/// A DrawingSurface's memory that is also a dmabuf GL can import: the composer
/// samples it in place instead of uploading it. The memory keeps the texture made
/// from it (made once, on first use), so the texture goes when the content does.
package protocol DMABufSurfaceMemory: SurfaceMemory {
    /// The dmabuf (valid while the memory lives).
    var dmabufFD: Int32 { get }
    /// DRM fourcc of the pixels (ARGB8888 for cairo's premultiplied ARGB32).
    var format: UInt32 { get }
    /// The texture made from this memory; set by the composer only.
    var importedTexture: GLImportedTexture? { get set }
}
