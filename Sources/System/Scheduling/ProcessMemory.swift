import CLinuxEvents
import Glibc

/// The process's memory as a small board pays for it.
package enum ProcessMemory {
    /// Keeps transparent huge pages out of this process from now on (and out of the
    /// programs it starts). Where the kernel's THP setting is "always" (Debian's
    /// kernels), the first touch of a 2 MB-aligned part of a large anonymous mapping
    /// takes a whole 2 MB page, and khugepaged later swaps a range with a single page
    /// in use for one: a thread stack whose thread uses a few kilobytes, or the heap,
    /// then costs 2 MB each (seen on the demo's libdispatch worker: 2.0 MB resident
    /// of its 8 MB stack). Linux 6.7 and later keep thread stacks out by themselves
    /// (MAP_STACK). A display process gains little from huge pages: its large
    /// buffers (scanout, shadow frames) are written by rows, not walked at random.
    /// Returns false when the kernel refused (too old, or without THP: nothing to keep out).
    @discardableResult
    package static func keepsTransparentHugePagesOut() -> Bool {
        dd_disable_transparent_huge_pages() == 0
    }
}
