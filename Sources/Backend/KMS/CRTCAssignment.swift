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

/// Hardware clone mode: one CRTC driving a second connector, showing the same
/// frames with no copy. Pure choice over probed state.
package enum HardwareClone {
    /// The mode `target` takes to be driven by `crtc`, which drives `source` in
    /// `mode`: one of `target`'s modes with the same timings. Nil, with the reason,
    /// when the card cannot: no encoder of `target` can take that CRTC, the encoders
    /// cannot be clones of each other (possible_clones, both ways), or `target` has
    /// no mode with those timings.
    package static func mode(
        for target: ConnectorState, onto crtc: CRTCState, driving source: ConnectorState, in mode: DisplayMode
    ) -> Result<DisplayMode, Refusal> {
        guard crtc.index < 32, target.id != source.id else { return .failure(.noSharedCRTC) }
        let bit = UInt32(1) << UInt32(crtc.index)
        let sourceEncoders = source.encoders.filter { $0.possibleCRTCs & bit != 0 }
        let targetEncoders = target.encoders.filter { $0.possibleCRTCs & bit != 0 }
        guard !sourceEncoders.isEmpty, !targetEncoders.isEmpty else { return .failure(.noSharedCRTC) }
        let clonable = sourceEncoders.contains { a in
            targetEncoders.contains { b in
                // One encoder cannot feed two connectors; each must name the other.
                a.id != b.id && a.possibleClones & (1 << UInt32(b.index)) != 0
                    && b.possibleClones & (1 << UInt32(a.index)) != 0
            }
        }
        guard clonable else { return .failure(.encodersNotClones) }
        guard let shared = target.modes.first(where: { $0.hasSameTiming(as: mode) }) else {
            return .failure(.noSameMode(mode))
        }
        return .success(shared)
    }

    /// Why a connector cannot share a CRTC.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        case noSharedCRTC
        case encodersNotClones
        case noSameMode(DisplayMode)

        package var description: String {
            switch self {
            case .noSharedCRTC: "no encoder of both connectors can take the same CRTC"
            case .encodersNotClones: "their encoders cannot be clones (possible_clones)"
            case .noSameMode(let mode): "it has no mode with the timings of \(mode)"
            }
        }
    }
}
