import Compositing
import DirectDisplayCore
import Foundation
import KMS
import Scheduling

/// Plane offload: the front-most windows that move, when they can be scanned out
/// from buffers of their own, go on overlay planes (one each) instead of being
/// composed into the frame. Moving them then costs no composition at all. A
/// still window gains nothing there (what changes in it is drawn once either
/// way) and costs its own copy and a plane buffer per slot, so it goes back into
/// the frame once it stood still for `overlayStillDelay`; its buffers are freed
/// as idle ones are. Chosen per frame: only a run of windows from the front-most
/// down to the lowest one that moved lately (the frame holds every window not
/// offloaded, below all the planes, so a composed window must not be covered by
/// an offloaded one), checked with one atomic TEST_ONLY commit whenever a place
/// or size changes; when the kernel says no, the lowest window of the run is
/// composed like any window and the rest tried again.
extension KMSDisplay {
    /// Gives a newly lit output the overlay planes that can sit on its CRTC and no other
    /// screen took: on atomic cards, unless the configuration turns overlay planes off
    /// (for drivers whose overlays misbehave).
    func attachOverlayPlanes(to entry: LitScreen, taken: Set<UInt32>) {
        guard configuration.usesOverlayPlanes, entry.card.device.supportsAtomic else { return }
        let planes = CRTCAssignment.overlayPlanes(for: entry.output.crtc, in: entry.card.probe, taken: taken)
        if !planes.isEmpty { entry.output.attachOverlays(planes: planes) }
    }

    /// Whether `screen` has an overlay plane a window may go on (atomic cards with a free overlay).
    package func hasOverlayPlane(_ screen: Screen) -> Bool { overlayPlaneCount(screen) > 0 }

    /// How many windows of `screen` may go on overlay planes at once.
    package func overlayPlaneCount(_ screen: Screen) -> Int { entry(for: screen)?.output.overlayPlaneIDs.count ?? 0 }

    /// The windows on `screen`'s overlay planes in the latest frame, back to front (for tests and tools).
    package func overlayWindows(on screen: Screen) -> [Window] {
        guard let entry = entry(for: screen) else { return [] }
        let windows = host?.visibleWindows(on: screen) ?? []
        return entry.overlays.shownContents.compactMap { content in
            windows.first { ObjectIdentifier($0) == content.windowID }
        }
    }

    /// The front-most window on `screen`'s overlay planes in the latest frame, if any.
    package func overlayWindow(on screen: Screen) -> Window? { overlayWindows(on: screen).last }
}

/// Windows on one screen's overlay planes: their contents (each drawn into its
/// plane's buffer of the slot drawn, which the output owns), where the latest frame
/// shows them, and what the kernel accepted and refused.
@MainActor final class OverlayPlanePresenter {
    /// The windows scanned out from their own buffers, by plane, lowest first.
    private var contents: [OverlayWindowContent] = []
    /// Where the latest frame shows the overlay windows, in panel pixels, by plane; empty: planes off.
    var shownAt: [(x: Int, y: Int)] = []
    /// The overlay rectangles, by plane, the kernel last accepted in a TEST_ONLY commit.
    private var tested: [PixelRect]?
    /// Windows and rectangles the kernel refused on an overlay plane (not tried again there).
    private var refused: [(window: ObjectIdentifier, rect: PixelRect)] = []
    /// Where each visible window was in the latest frame (panel pixels; nil: not on
    /// whole pixels), and when it last moved or changed size (-infinity: never, since it showed).
    private var places: [ObjectIdentifier: (rect: PixelRect?, moved: Double)] = [:]
    /// Composes again once the windows on planes stood still long enough to come back into the frame.
    private var stillTimer: TimerID?

    nonisolated init() {}

    /// The contents of the windows the latest frame shows on planes.
    var shownContents: ArraySlice<OverlayWindowContent> { contents.prefix(shownAt.count) }

    /// A frame with no overlay (composed whole by GL, or a direct frame) went out.
    func planesOff() {
        shownAt = []
        contents = []
    }

    /// The planes' buffers hold nothing known: each window is drawn whole and tested again.
    func invalidate() {
        contents = []
        tested = nil
    }

    /// The front-most windows that can be scanned out as they are, back to front,
    /// with their places in panel pixels: at most one per overlay plane, and only
    /// the run down from the front-most window that ends at the first one that
    /// cannot, then at the lowest one that moved within `overlayStillDelay` (none
    /// moved: none). The screen unturned, no composited cursor they would cover; each
    /// window opaque as a whole (alpha 1), on whole pixels, inside the screen and
    /// smaller than it (a window covering the screen gains nothing), no transform
    /// on it or any view in it (transformed views are composed: their bounding
    /// boxes need not follow the window's pixels), and not refused by the kernel
    /// at this place before.
    private func candidates(_ entry: KMSDisplay.LitScreen, on display: KMSDisplay) -> [(
        window: Window, rect: PixelRect
    )] {
        let screen = entry.screen
        let planes = entry.output.overlayPlaneIDs.count
        // A mirror source's frame must hold every window: its mirrors copy it.
        guard planes > 0, screen.orientation.panelRotation == .none, entry.compositedCursor == nil,
            !display.composesForMirror(screen)
        else { return [] }
        let windows = display.host?.visibleWindows(on: screen) ?? []
        let panel = PixelRect(x: 0, y: 0, width: entry.output.mode.width, height: entry.output.mode.height)
        let places = windows.map { pixelRect(of: $0, scale: screen.scale) }
        // A refusal holds while its window stays where it was refused.
        refused.removeAll { refused in
            !zip(windows, places).contains { ObjectIdentifier($0) == refused.window && $1 == refused.rect }
        }
        let now = display.eventLoop.clock.now
        var seen: [ObjectIdentifier: (rect: PixelRect?, moved: Double)] = [:]
        for (window, place) in zip(windows, places) {
            let id = ObjectIdentifier(window)
            let before = self.places[id]
            // A window that just showed has not moved (an animation in moves it next frame).
            seen[id] = before.map { $0.rect == place ? $0 : (place, now) } ?? (place, -.infinity)
        }
        self.places = seen
        var run: [(window: Window, rect: PixelRect)] = []
        for (window, place) in zip(windows, places).reversed() {
            guard run.count < planes, window.presentation.alpha == 1, !window.hasTransformInTree, let rect = place,
                !rect.isEmpty, panel.contains(rect), rect != panel,
                !refused.contains(where: { $0.window == ObjectIdentifier(window) && $0.rect == rect })
            else { break }
            run.append((window, rect))
        }
        let stillDelay = display.overlayStillDelay
        guard
            let lowestMoving = run.lastIndex(where: {
                now - (seen[ObjectIdentifier($0.window)]?.moved ?? -.infinity) < stillDelay
            })
        else { return [] }
        return run[...lowestMoving].reversed()
    }

    /// Composes `entry` again when the first of the windows on its planes has stood
    /// still for `overlayStillDelay` (the run may end higher then, or be empty).
    private func scheduleStillCheck(_ shown: [Window], _ entry: KMSDisplay.LitScreen, on display: KMSDisplay) {
        display.eventLoop.cancelTimer(&stillTimer)
        // Only those still moving: a still window above a moving one stays on its plane without a timer.
        let now = display.eventLoop.clock.now
        let moves = shown.compactMap { places[ObjectIdentifier($0)]?.moved }.filter {
            $0 + display.overlayStillDelay > now
        }
        guard let firstMove = moves.min() else { return }
        stillTimer = display.eventLoop.schedule(
            at: firstMove + display.overlayStillDelay, name: "still overlay windows of \(entry.connector.name)"
        ) { [weak self, weak display, weak entry] in
            guard let self, let display, let entry, display.lit.contains(where: { $0 === entry }) else { return }
            self.stillTimer = nil
            entry.needsComposite = true
            display.presentDirtyScreens()
        }
    }

    /// The window's frame in panel pixels, when its edges are whole pixels.
    private func pixelRect(of window: Window, scale: CGFloat) -> PixelRect? {
        let frame = window.presentation.frame
        let edges = [frame.minX * scale, frame.minY * scale, frame.width * scale, frame.height * scale]
        guard edges.allSatisfy({ $0.rounded() == $0 && $0.isFinite }) else { return nil }
        return PixelRect(x: Int(edges[0]), y: Int(edges[1]), width: Int(edges[2]), height: Int(edges[3]))
    }

    /// Draws the windows that go on overlay planes into their buffers of the frame
    /// being drawn, back to front (the first on the lowest plane), once the kernel
    /// took them there; empty: the frame composes every window.
    func prepare(_ entry: KMSDisplay.LitScreen, on display: KMSDisplay) -> [(
        window: Window, x: Int, y: Int, damage: DamageRegion
    )] {
        // A modeset frame composes everything: TEST_ONLY of a flip needs a lit CRTC.
        var candidates = entry.output.requiresModeset ? [] : candidates(entry, on: display)
        while let lowest = candidates.first {
            do {
                let shown = try offload(candidates, entry)
                scheduleStillCheck(shown.map(\.window), entry, on: display)
                return shown
            } catch {
                let rect = lowest.rect
                StderrLog.info(
                    "\(entry.output.connector.name): overlay planes refused (\(candidates.count) windows), "
                        + "window at \(rect.x),\(rect.y) \(rect.width)x\(rect.height) composed instead: \(error)")
                refused.append((ObjectIdentifier(lowest.window), rect))
                tested = nil
                candidates.removeFirst()
            }
        }
        contents = []
        scheduleStillCheck([], entry, on: display)
        return []
    }

    /// Puts `candidates` on the first overlay planes, back to front: checks the
    /// set with a TEST_ONLY commit (unless these places passed one already), then
    /// draws what changed in each window into its plane's buffer.
    private func offload(_ candidates: [(window: Window, rect: PixelRect)], _ entry: KMSDisplay.LitScreen) throws
        -> [(window: Window, x: Int, y: Int, damage: DamageRegion)]
    {
        let output = entry.output
        let rects = candidates.map(\.rect)
        var buffers: [ScanoutBuffer] = []
        for (plane, rect) in rects.enumerated() {
            buffers.append(try output.overlayDrawBuffer(plane: plane, width: rect.width, height: rect.height))
        }
        if tested != rects {
            try output.testOverlays(rects.map { (x: $0.x, y: $0.y) })
            tested = rects
        }
        var drawn: [OverlayWindowContent] = []
        var shown: [(window: Window, x: Int, y: Int, damage: DamageRegion)] = []
        for (plane, (window, rect)) in candidates.enumerated() {
            // A content's buffer ages are its plane's: it is kept only on the same plane.
            let content: OverlayWindowContent
            if plane < contents.count, contents[plane].windowID == ObjectIdentifier(window),
                contents[plane].width == rect.width, contents[plane].height == rect.height
            {
                content = contents[plane]
            } else {
                content = OverlayWindowContent(window: window, width: rect.width, height: rect.height)
            }
            let damage = content.compose(window, scale: entry.screen.scale)
            content.update(
                slot: output.drawSlot, pixels: buffers[plane].pixels, bytesPerRow: buffers[plane].bytesPerRow)
            drawn.append(content)
            shown.append((window, rect.x, rect.y, damage))
        }
        contents = drawn
        return shown
    }
}
