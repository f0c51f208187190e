import CFrameCopy
import Glibc

/// A composed frame in ordinary cached memory: the compositor reads and blends
/// here, and only copies of damaged rectangles reach the scanout buffer. Scanout
/// memory is write-combined on real GPUs (i915, amdgpu), where every read of it
/// is very slow; so it is only ever written. One owner of its memory.
package final class ShadowFrame {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// XRGB8888 pixels, black at first. Handing them out ends `isBlank`: whoever
    /// takes them may write.
    package var pixels: UnsafeMutableRawPointer {
        isBlank = false
        return memory
    }
    /// Nothing was drawn yet: every pixel is the zero (black) the mapping started
    /// with, so a copy out writes zeros without reading (a new screen's first frame,
    /// black until a window shows, costs no page of the shadow).
    package private(set) var isBlank = true

    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Maps zeroed (black) memory of its own (mmap): a frame is megabytes, and malloc
    /// would keep such blocks after they are freed, so screens that come and go
    /// (hotplug) would grow the process.
    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        bytesPerRow = self.width * 4
        byteCount = max(bytesPerRow * self.height, 4)
        let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != MAP_FAILED else {
            fatalError("mmap of a \(self.width)x\(self.height) shadow frame failed: errno \(errno)")
        }
        memory = mapping
    }

    deinit { munmap(memory, byteCount) }

    /// Copies `region` (everything when nil) into `destination`, which is written
    /// and never read. Returns how many pixels were copied.
    @discardableResult
    package func copy(_ region: DamageRegion?, to destination: UnsafeMutableRawPointer, bytesPerRow stride: Int) -> Int
    {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let rects = region?.clipped(to: frame).rects ?? [frame]
        var copied = 0
        for rect in rects where !rect.isEmpty {
            if isBlank {
                for row in rect.y..<(rect.y + rect.height) {
                    memset(destination + row * stride + rect.x * 4, 0, rect.width * 4)
                }
            } else {
                frame_copy_rows(
                    destination + rect.y * stride + rect.x * 4, stride, memory + rect.y * bytesPerRow + rect.x * 4,
                    bytesPerRow, rect.width * 4, rect.height)
            }
            copied += rect.width * rect.height
        }
        return copied
    }

    /// Moves the pixels of `move.source` to `move.rect` within the frame (a scroll): row by
    /// row, in the order that reads each row before it is overwritten (`memmove` within a row).
    package func move(_ move: ScrollMove) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let rect = move.rect.intersection(frame).intersection(frame.offsetBy(dx: move.dx, dy: move.dy))
        guard !rect.isEmpty, !isBlank else { return }
        let (first, last, step) = move.dy > 0 ? (rect.maxY - 1, rect.y - 1, -1) : (rect.y, rect.maxY, 1)
        for row in stride(from: first, to: last, by: step) {
            memmove(
                memory + row * bytesPerRow + rect.x * 4,
                memory + (row - move.dy) * bytesPerRow + (rect.x - move.dx) * 4,
                rect.width * 4)
        }
    }

    /// Writes the frame's `surface`-sized rectangle at (`x`, `y`) into `destination`
    /// with `surface` blended over it (the composited cursor): the blend happens in
    /// cached memory, so the destination is written, never read. Returns the
    /// rectangle written (clipped to the frame).
    @discardableResult
    package func copy(
        blending surface: DrawingSurface, x: Int, y: Int, to destination: UnsafeMutableRawPointer,
        bytesPerRow stride: Int
    ) -> PixelRect {
        let rect = PixelRect(x: x, y: y, width: surface.pixelWidth, height: surface.pixelHeight)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !rect.isEmpty else { return rect }
        var scratch = [UInt32](repeating: 0, count: rect.width * rect.height)
        scratch.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!
            for row in 0..<rect.height {
                memcpy(base + row * rect.width * 4, memory + (rect.y + row) * bytesPerRow + rect.x * 4, rect.width * 4)
            }
            FrameComposer.overlay(
                surface, x: x - rect.x, y: y - rect.y, onto: base, width: rect.width, height: rect.height,
                bytesPerRow: rect.width * 4)
            for row in 0..<rect.height {
                memcpy(destination + (rect.y + row) * stride + rect.x * 4, base + row * rect.width * 4, rect.width * 4)
            }
        }
        return rect
    }

    /// The frame as an image (a copy).
    package func image() -> CapturedImage {
        CapturedImage(width: width, height: height, copying: memory, bytesPerRow: bytesPerRow)
    }
}
