import Compositing
import DirectDisplayCore
import Foundation
import InputModel
import KMS

/// The mouse cursor: on the CRTC's cursor plane where the card has a free one
/// (moving it is a small commit, no recomposition), else blended into the
/// composed frame. Only the screen under the pointer shows it.
extension KMSDisplay {
    /// Chooses for a newly lit output the cursor plane that can sit on its CRTC;
    /// without one the cursor is composited. The plane's buffer, with the arrow
    /// drawn into it, is made when the cursor first shows there (`attachCursorImage`):
    /// it is the driver's cursor size (vkms: 512x512, 1 MB), and a touch kiosk
    /// never shows a cursor at all.
    func chooseCursorPlane(for entry: LitScreen, taken: Set<UInt32>) {
        let output = entry.output
        let image = CursorImage.arrow(scale: entry.screen.scale)
        entry.cursorImage = image
        let size = output.device.cursorSize
        guard usesCursorPlanes,
            let plane = CRTCAssignment.cursorPlane(
                for: output.crtc, in: entry.card.probe, taken: taken),
            image.surface.pixelWidth <= size.width, image.surface.pixelHeight <= size.height
        else { return }
        entry.cursorPlane = plane
        if entry.compositedCursor != nil {
            // Shown here before the plane was chosen: out of the frame, onto the plane at the next show.
            entry.compositedCursor = nil
            entry.needsComposite = true
        }
    }

    /// The cursor planes the screens lit on `card` chose (their buffers made or not).
    func cursorPlanesChosen(on card: KMSCard) -> Set<UInt32> {
        Set(lit.filter { $0.card === card }.compactMap { $0.cursorPlane?.id ?? $0.output.cursorPlaneID })
    }

    /// Gives the output its chosen cursor plane, with the arrow drawn into the
    /// plane's buffer, before the cursor first shows on it; false: composited
    /// (no plane chosen, or the buffer could not be made).
    private func attachCursorImage(_ entry: LitScreen) -> Bool {
        let output = entry.output
        if output.cursorPlaneID != nil { return true }
        guard let plane = entry.cursorPlane, let image = entry.cursorImage else { return false }
        let size = output.device.cursorSize
        do {
            let buffer = try output.attachCursor(plane: plane, width: size.width, height: size.height)
            image.surface.copyPixels(
                into: buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow)
            return true
        } catch {
            StderrLog.info("\(output.connector.name): no cursor plane, the cursor is composited: \(error)")
            entry.cursorPlane = nil
            return false
        }
    }

    /// Shows the cursor at `location` (a screen and a point in its coordinates) and
    /// hides it on every other screen; nil hides it everywhere (no mouse).
    func showCursor(_ location: (screen: Screen, point: CGPoint)?) {
        guard !isSuspended else { return }
        for entry in lit {
            var corner: (x: Int, y: Int)?
            if let location, location.screen === entry.screen, let image = entry.cursorImage {
                let pixel = Self.panelPixel(of: location.point, on: entry.screen)
                corner = (pixel.x - image.hotspot.x, pixel.y - image.hotspot.y)
            }
            if entry.output.cursorPlaneID != nil || (corner != nil && attachCursorImage(entry)) {
                do {
                    try entry.output.moveCursor(x: corner?.x ?? 0, y: corner?.y ?? 0, visible: corner != nil)
                } catch {
                    StderrLog.error("\(entry.connector.name): moving the cursor: \(error)")
                }
                watchFlip(entry)
            } else if entry.cursorPlane != nil {
                // Never shown on its plane yet: nothing to hide.
            } else if entry.compositedCursor?.x != corner?.x || entry.compositedCursor?.y != corner?.y {
                entry.compositedCursor = corner
                entry.needsComposite = true
                schedulePresent()
            }
        }
    }

    /// The cursor's rectangle in a buffer slot's frame: where it was drawn last in
    /// that buffer (to be erased) and where it goes now.
    func compositedCursorDamage(_ entry: LitScreen, slot: Int) -> DamageRegion {
        var region = DamageRegion()
        if let old = entry.dumbBuffers.cursorDrawn[slot] { region.add(old) }
        let now = compositedCursorRect(entry)
        if !now.isEmpty { region.add(now) }
        return region
    }

    /// Where the composited cursor goes in this frame, clipped to the panel; empty when not shown here.
    func compositedCursorRect(_ entry: LitScreen) -> PixelRect {
        guard let corner = entry.compositedCursor, let image = entry.cursorImage else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        return PixelRect(x: corner.x, y: corner.y, width: image.surface.pixelWidth, height: image.surface.pixelHeight)
            .intersection(PixelRect(x: 0, y: 0, width: entry.output.mode.width, height: entry.output.mode.height))
    }

    /// Writes the composited cursor over the frame into buffer `slot`: blended over
    /// the shadow frame in cached memory (the scanout buffer is only written), or,
    /// composing in place, over the frame in the buffer itself (cached memory too).
    func drawCompositedCursor(_ entry: LitScreen, into buffer: ScanoutBuffer, slot: Int) {
        guard let corner = entry.compositedCursor, let image = entry.cursorImage else {
            entry.dumbBuffers.cursorDrawn[slot] = nil
            return
        }
        guard let shadow = entry.screen.compositor.shadow else {
            FrameComposer.overlay(
                image.surface, x: corner.x, y: corner.y, onto: buffer.pixels, width: buffer.width,
                height: buffer.height, bytesPerRow: buffer.bytesPerRow)
            let drawn = compositedCursorRect(entry)
            entry.dumbBuffers.cursorDrawn[slot] = drawn.isEmpty ? nil : drawn
            return
        }
        entry.dumbBuffers.cursorDrawn[slot] = shadow.copy(
            blending: image.surface, x: corner.x, y: corner.y, to: buffer.pixels, bytesPerRow: buffer.bytesPerRow)
    }

    /// Where the cursor plane of `screen` shows the cursor's top-left corner, in
    /// CRTC pixels; nil while hidden there or composited. For tests and tools.
    package func cursorPlanePosition(on screen: Screen) -> (x: Int, y: Int)? {
        entry(for: screen)?.output.cursorPosition
    }

    /// The bytes of `screen`'s cursor plane buffer (0 until the cursor first shows there).
    package func cursorBufferBytes(of screen: Screen) -> Int { entry(for: screen)?.output.cursorBufferBytes ?? 0 }

    /// Whether `screen` shows the cursor on a hardware cursor plane (once it shows).
    package func hasCursorPlane(_ screen: Screen) -> Bool {
        guard let entry = entry(for: screen) else { return false }
        return entry.cursorPlane != nil || entry.output.cursorPlaneID != nil
    }

    /// The panel pixel showing the screen pixel under `point` (the screen's own
    /// coordinates): the touch mapping's inverse, taken at that pixel's centre.
    static func panelPixel(of point: CGPoint, on screen: Screen) -> (x: Int, y: Int) {
        let scale = screen.scale
        let centre = ScreenPoint(
            x: ((point.x * scale).rounded(.down) + 0.5) / scale, y: ((point.y * scale).rounded(.down) + 0.5) / scale)
        let position = TouchPointMapping.panelPosition(
            of: centre, size: ScreenSize(width: screen.bounds.width, height: screen.bounds.height),
            rotation: ScreenRotation(rawValue: screen.orientation.panelRotation.rawValue) ?? .none)
        return (
            Int((position.x * screen.nativeBounds.width).rounded(.down)),
            Int((position.y * screen.nativeBounds.height).rounded(.down))
        )
    }
}
