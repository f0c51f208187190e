import Compositing
import Foundation
import KMS

/// Plane offload: the front-most window, when it can be scanned out from a
/// buffer of its own, goes on an overlay plane instead of being composed into
/// the frame. Moving it then costs no composition at all, and what changes in
/// it is drawn only into its own buffer. Chosen per frame, checked with an
/// atomic TEST_ONLY commit whenever its place or size changes, and composed
/// like any window when the kernel says no.
extension KMSDisplay {
    /// Whether windows may go on overlay planes: atomic cards only, and not with
    /// DIRECTDISPLAY_NO_OVERLAYS=1 (for drivers whose overlays misbehave).
    static var overlaysAllowed: Bool {
        ProcessInfo.processInfo.environment["DIRECTDISPLAY_NO_OVERLAYS"].map { $0.isEmpty || $0 == "0" } ?? true
    }

    /// Gives a newly lit output an overlay plane that can sit on its CRTC, if the card has a free one.
    func attachOverlayPlane(to entry: LitScreen, taken: Set<UInt32>) {
        guard Self.overlaysAllowed, entry.card.device.supportsAtomic,
            let plane = CRTCAssignment.overlayPlane(for: entry.output.crtc, in: entry.card.probe, taken: taken)
        else { return }
        entry.output.attachOverlay(plane: plane)
    }

    /// Whether `screen` has an overlay plane a window may go on (atomic cards with a free overlay).
    public func hasOverlayPlane(_ screen: Screen) -> Bool { entry(for: screen)?.output.overlayPlaneID != nil }

    /// The window on `screen`'s overlay plane in the latest frame, if any (for tests and tools).
    public func overlayWindow(on screen: Screen) -> Window? {
        guard let entry = entry(for: screen), entry.overlayShownAt != nil,
            let id = entry.overlayContent?.windowID
        else { return nil }
        return Application.shared.visibleWindows(on: screen).first { ObjectIdentifier($0) == id }
    }

    /// The front-most window and its place in panel pixels, when it can be scanned
    /// out as it is: an unturned screen, the window opaque as a whole (alpha 1),
    /// on whole pixels, inside the screen and smaller than it (a window covering
    /// the screen gains nothing), no composited cursor that it would cover, no
    /// transform on it or any view in it (transformed views are composed: their
    /// bounding boxes need not follow the window's pixels), and not refused by the
    /// kernel at this place before.
    private func overlayCandidate(_ entry: LitScreen) -> (window: Window, rect: PixelRect)? {
        let screen = entry.screen
        guard entry.output.overlayPlaneID != nil, screen.orientation.panelRotation == .none,
            entry.compositedCursor == nil, let window = Application.shared.visibleWindows(on: screen).last,
            window.presentation.alpha == 1, !window.hasTransformInTree
        else { return nil }
        let scale = screen.scale
        let frame = window.presentation.frame
        let edges = [frame.minX * scale, frame.minY * scale, frame.width * scale, frame.height * scale]
        guard edges.allSatisfy({ $0.rounded() == $0 && $0.isFinite }) else { return nil }
        let rect = PixelRect(x: Int(edges[0]), y: Int(edges[1]), width: Int(edges[2]), height: Int(edges[3]))
        let panel = PixelRect(x: 0, y: 0, width: entry.output.mode.width, height: entry.output.mode.height)
        guard !rect.isEmpty, rect.intersection(panel) == rect, rect != panel else { return nil }
        if let refused = entry.refusedOverlay, refused.window == ObjectIdentifier(window), refused.rect == rect {
            return nil
        }
        return (window, rect)
    }

    /// Draws the candidate window into the overlay buffer of the frame being drawn
    /// and checks that the kernel takes it there; nil: the frame composes every window.
    func prepareOverlay(_ entry: LitScreen) -> (window: Window, x: Int, y: Int, damage: DamageRegion)? {
        // A modeset frame composes everything: TEST_ONLY of a flip needs a lit CRTC.
        guard !entry.output.requiresModeset, let (window, rect) = overlayCandidate(entry) else {
            entry.overlayContent = nil
            return nil
        }
        let content: OverlayWindowContent
        if let kept = entry.overlayContent, kept.windowID == ObjectIdentifier(window), kept.width == rect.width,
            kept.height == rect.height
        {
            content = kept
        } else {
            content = OverlayWindowContent(window: window, width: rect.width, height: rect.height)
        }
        let output = entry.output
        do {
            let buffer = try output.overlayDrawBuffer(width: rect.width, height: rect.height)
            let damage = content.compose(window, scale: entry.screen.scale)
            content.update(slot: output.drawSlot, pixels: buffer.pixels, bytesPerRow: buffer.bytesPerRow)
            if entry.testedOverlay != rect {
                if let refusal = refusesOverlayTests {
                    throw refusal
                }
                try output.testOverlay(x: rect.x, y: rect.y)
                entry.testedOverlay = rect
            }
            entry.overlayContent = content
            return (window, rect.x, rect.y, damage)
        } catch {
            StderrLog.info(
                "\(output.connector.name): window at \(rect.x),\(rect.y) \(rect.width)x\(rect.height) "
                    + "not on an overlay plane, composed instead: \(error)")
            entry.refusedOverlay = (ObjectIdentifier(window), rect)
            entry.testedOverlay = nil
            entry.overlayContent = nil
            return nil
        }
    }
}
