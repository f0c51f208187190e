import CDRM

/// A KMS display mode (drmModeModeInfo) with the facts callers need.
package struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    /// The kernel's mode struct, passed back unchanged when the mode is set.
    package let info: drmModeModeInfo

    package init(_ info: drmModeModeInfo) { self.info = info }

    package var width: Int { Int(info.hdisplay) }
    package var height: Int { Int(info.vdisplay) }
    package var name: String {
        withUnsafeBytes(of: info.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    package var isPreferred: Bool { info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }
    package var isInterlaced: Bool { info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 }

    /// Refresh rate in Hz, computed from the pixel clock and totals (vrefresh is rounded).
    package var refreshRate: Double {
        let htotal = Double(info.htotal)
        var vtotal = Double(info.vtotal)
        guard htotal > 0, vtotal > 0 else { return Double(info.vrefresh) }
        if info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { vtotal *= 2 }
        if isInterlaced { vtotal /= 2 }
        if info.vscan > 1 { vtotal *= Double(info.vscan) }
        return Double(info.clock) * 1000 / (htotal * vtotal)
    }

    package var description: String {
        let rate = (refreshRate * 100).rounded() / 100
        return "\(width)x\(height)@\(rate)\(isInterlaced ? "i" : "")\(isPreferred ? " (preferred)" : "")"
    }

    /// Whether `other` drives the monitor the same way: the same timings, clock and
    /// flags (the kernel's drm_mode_match), whatever the names and type bits say.
    package func hasSameTiming(as other: DisplayMode) -> Bool {
        let a = info
        let b = other.info
        return a.clock == b.clock && a.hdisplay == b.hdisplay && a.hsync_start == b.hsync_start
            && a.hsync_end == b.hsync_end && a.htotal == b.htotal && a.hskew == b.hskew
            && a.vdisplay == b.vdisplay && a.vsync_start == b.vsync_start && a.vsync_end == b.vsync_end
            && a.vtotal == b.vtotal && a.vscan == b.vscan && a.flags == b.flags
    }

    package static func == (lhs: DisplayMode, rhs: DisplayMode) -> Bool {
        withUnsafeBytes(of: lhs.info) { l in withUnsafeBytes(of: rhs.info) { r in l.elementsEqual(r) } }
    }
}

extension Array where Element == DisplayMode {
    /// The kernel's preferred mode, else the largest area, then the highest refresh.
    package var preferred: DisplayMode? {
        if let marked = first(where: \.isPreferred) { return marked }
        return self.max { a, b in
            let areaA = a.width * a.height
            let areaB = b.width * b.height
            return areaA != areaB ? areaA < areaB : a.refreshRate < b.refreshRate
        }
    }
}
