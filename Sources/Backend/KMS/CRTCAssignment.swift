/// Which CRTC and primary plane light a connector: pure choice over probed state.
package struct CRTCAssignment: Sendable, Equatable {
    package let crtcID: UInt32
    package let primaryPlaneID: UInt32

    /// Chooses a CRTC the connector's encoders can drive (possible_crtcs) that is not in
    /// `taken`, preferring the one already driving it (no needless routing change), and
    /// the primary plane that can sit on that CRTC and scan out `format`.
    /// Returns nil when every usable CRTC is taken: the screen waits for one to free.
    package static func choose(
        for connector: ConnectorState, in probe: CardProbe, taken: Set<UInt32>, format: UInt32
    ) -> CRTCAssignment? {
        let usable = probe.crtcs.filter { crtc in
            crtc.index < 32 && connector.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 && !taken.contains(crtc.id)
        }
        let ordered = usable.sorted { a, b in
            (a.id == connector.currentCRTC ? 0 : 1) < (b.id == connector.currentCRTC ? 0 : 1)
        }
        for crtc in ordered {
            let plane = probe.planes.first { plane in
                plane.kind == .primary && plane.possibleCRTCs & (1 << UInt32(crtc.index)) != 0
                    && plane.formats.contains(format)
            }
            if let plane { return CRTCAssignment(crtcID: crtc.id, primaryPlaneID: plane.id) }
        }
        return nil
    }

    /// The cursor plane that can sit on `crtc` and is not in `taken` (another
    /// screen's); nil when the card has none free (the cursor is then composited).
    /// The overlay planes that can sit on `crtc` and scan out premultiplied ARGB8888
    /// (a window's own buffer, transparent where it draws nothing), lowest first:
    /// without a zpos property (vkms) the kernel stacks planes in their id order.
    /// Planes with zpos (whose order this does not set yet) give one plane only.
    package static func overlayPlanes(for crtc: CRTCState, in probe: CardProbe, taken: Set<UInt32>) -> [PlaneState] {
        guard crtc.index < 32 else { return [] }
        let planes = probe.planes.filter { plane in
            plane.kind == .overlay && plane.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 && !taken.contains(plane.id)
                && plane.formats.contains(ScanoutBuffer.cursorFormat)
        }.sorted { $0.id < $1.id }
        return planes.contains { $0.properties.zpos != nil } ? Array(planes.prefix(1)) : planes
    }

    package static func cursorPlane(for crtc: CRTCState, in probe: CardProbe, taken: Set<UInt32>) -> PlaneState? {
        guard crtc.index < 32 else { return nil }
        return probe.planes.first { plane in
            plane.kind == .cursor && plane.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 && !taken.contains(plane.id)
                && plane.formats.contains(ScanoutBuffer.cursorFormat)
        }
    }
}
