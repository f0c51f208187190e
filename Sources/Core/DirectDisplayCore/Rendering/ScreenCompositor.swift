import Compositing
import Foundation
import Geometry

/// One screen's composition: the frame is kept in a shadow buffer in cached
/// memory; each new frame is drawn there only where something changed (the
/// damage, found by comparing the scene with the previous one), and the scanout
/// buffers receive copies of what each of them missed (buffer age). The KMS
/// back end and the headless display compose through this alike.
///
/// Where scanout memory is cached (`composesInPlace`) there is no shadow: each
/// frame is composed straight into the buffer that goes out next (`draw(into:)`),
/// which first takes from the buffer holding the latest frame what it missed
/// outside this frame's damage.
@MainActor
package final class ScreenCompositor {
    /// The composed frame in cached memory; nil while composing in place.
    package private(set) var shadow: ShadowFrame?
    /// Compose into the buffer of each frame (`draw(into:slot:)`) and keep no shadow:
    /// set by the back end where scanout memory is cached (reading it to blend costs
    /// what reading a shadow does). A mirroring or mirrored screen keeps the shadow
    /// (the mirror reads its source's whole frame, without a cursor over it).
    package var composesInPlace = false
    /// In place: the buffer holding the latest frame drawn (weak: a freed buffer holds
    /// nothing to copy), what of it the caller blended over that frame (the cursor),
    /// and the buffer each slot was last drawn as (a new buffer in a slot is of unknown age).
    private weak var latestTarget: (any FrameTarget)?
    private var latestOverlaid = DamageRegion()
    private var slotTargets = [WeakFrameTarget](repeating: WeakFrameTarget(), count: 3)
    /// In place: the damage of the frames composed since the last `draw(into:)`.
    private var undrawn = DamageRegion()
    /// In place: the scroll of the one frame composed since the last `draw(into:)`, moved
    /// from the buffer holding the latest frame (see `ScrollMovePlanner`).
    private var undrawnMove: ScrollMove?
    /// Pixels the last frame moved (a scroll) instead of composing them (in place: the last `draw(into:slot:)`).
    package private(set) var lastFramePixelsMoved = 0
    /// When a scroll is moved rather than composed (benchmarks compare the policies).
    package static var scrollMoves: ScrollMovePolicy {
        get { FlattenedScene.scrollMoves }
        set { FlattenedScene.scrollMoves = newValue }
    }
    /// Whether a change inside one scroll view's subtree flattens that subtree alone (benchmarks compare).
    package static var splicesScrolledSubtrees: Bool {
        get { FlattenedScene.splicesSubtrees }
        set { FlattenedScene.splicesSubtrees = newValue }
    }

    /// Whether a scroll by whole pixels moves its kept, unchanged subviews' parts of the scene
    /// rather than walking them again (`ViewTreeFlattener.addShifted`; benchmarks compare).
    package static var shiftsScrolledSubtrees: Bool {
        get { FlattenedScene.shiftsScrolls }
        set { FlattenedScene.shiftsScrolls = newValue }
    }
    /// The frame's size in panel pixels as last composed (a change draws everything).
    private var frameSize: (width: Int, height: Int)?
    /// The visible windows flattened, kept from frame to frame.
    private var scene = FlattenedScene()
    /// The coverage masks of turned fills lately composed, made again only for new outlines.
    private let outlineMasks = OutlineMaskCache()
    private var previousRotation: PanelRotation?
    private var history = BufferDamageHistory()
    private var needsFullFrame = true
    /// The shadow buffer misses frames composed elsewhere (by GL, see `compose(drawsShadow:)`).
    private var shadowIsStale = false
    private(set) var statistics = Screen.FrameStatistics()
    /// Windows of this screen with recolours pending since the last frame (see `View.setNeedsRecolour`).
    private var recolouredWindows: [Window] = []
    /// While the screen mirrors another: what changed in the source's frame (its
    /// pixels) since this screen's last frame, and the fit that frame was drawn with.
    var sourceDamage = DamageRegion()
    private var mirrorLetterbox: Letterbox?

    /// `window` has recolours pending (`View.setNeedsRecolour`): the next frame writes
    /// them into its kept scene. Called once per window until that frame.
    func windowRecoloured(_ window: Window) {
        recolouredWindows.append(window)
    }

    /// The next frame is drawn whole (buffers were reallocated, another master
    /// drew the screen, the mode changed).
    package func invalidate() {
        needsFullFrame = true
        history.reset()
        latestTarget = nil
        latestOverlaid = DamageRegion()
        undrawn = DamageRegion()
        undrawnMove = nil
    }

    /// Composes the screen's frame into the shadow buffer and returns its damage,
    /// in panel pixels: pending layout and drawing first, then the damaged part
    /// of the visible windows by level and recency.
    /// `excluding` are windows shown on overlay planes instead, above this frame.
    /// Without `drawsShadow` only the scene and its damage are brought up to date
    /// (the frame is drawn by GL): the shadow is drawn whole by `redrawStaleShadow()`
    /// or the next frame composed into it. Composing in place, the same: the damage
    /// is drawn by `draw(into:slot:)` into the buffer the frame goes out in.
    @discardableResult
    package func compose(_ screen: Screen, excluding offloaded: [Window] = [], drawsShadow: Bool = true) -> DamageRegion
    {
        let width = Int(screen.nativeBounds.width)
        let height = Int(screen.nativeBounds.height)
        let inPlace = composesInPlace && !screen.isMirroring
        if frameSize?.width != width || frameSize?.height != height {
            frameSize = (width, height)
            invalidate()
        }
        if inPlace, shadow != nil {
            // The buffers hold the shadow's frames; the next is drawn whole into its buffer.
            shadow = nil
            shadowIsStale = false
            invalidate()
        } else if !inPlace, shadow?.width != width || shadow?.height != height {
            shadow = ShadowFrame(width: width, height: height)
            invalidate()
        }
        if drawsShadow && shadowIsStale {
            shadowIsStale = false
            invalidate()
        }
        if let source = screen.mirroredScreen { return composeMirror(of: source, onto: screen) }
        let rotation = screen.orientation.panelRotation
        var (windows, clip) = Application.shared.sceneWindows(of: screen, width: width, height: height)
        if !offloaded.isEmpty { windows.removeAll { window in offloaded.contains { $0 === window } } }
        let recoloured = recolouredWindows
        recolouredWindows = []
        scene.update(windows, clip: clip, scale: screen.scale, recoloured: recoloured)
        for view in scene.drawnViews { view.contentDamage = [] }
        var damage: DamageRegion
        var move: ScrollMove?
        if needsFullFrame || rotation != previousRotation {
            // A turn moves every pixel.
            damage = DamageRegion.full(width: width, height: height)
        } else {
            // Found in the scene's own (unturned) pixels, drawn and copied in the panel's.
            damage = scene.damage.clipped(to: clip).turned(
                rotation, logicalWidth: clip.width, logicalHeight: clip.height)
            if let scrolled = scene.scrollMove {
                // Moved only on an unturned frame, from pixels inside it (a GL frame keeps no pixels to move).
                let frame = PixelRect(x: 0, y: 0, width: width, height: height)
                if rotation == .none, drawsShadow, clip.contains(scrolled.rect),
                    frame.contains(scrolled.source)
                {
                    move = scrolled
                } else {
                    damage.formUnion(
                        DamageRegion([scrolled.rect]).clipped(to: clip).turned(
                            rotation, logicalWidth: clip.width, logicalHeight: clip.height))
                }
            }
        }
        // What changed in the frame: the composed damage and the moved pixels.
        var changed = damage
        if let move { changed.add(move.rect) }
        if !inPlace { lastFramePixelsMoved = move?.area ?? 0 }
        if inPlace {
            // Drawn by `draw(into:slot:)` into the buffer the frame goes out in; a move only
            // when this is the one frame that changed since the buffer holding the previous one was drawn.
            if !changed.isEmpty, let pending = undrawnMove {
                undrawn.add(pending.rect)
                undrawnMove = nil
            }
            if let move {
                if undrawn.isEmpty, undrawnMove == nil { undrawnMove = move } else { undrawn.add(move.rect) }
            }
            undrawn.formUnion(damage)
        } else if !drawsShadow {
            shadowIsStale = true
        } else if let shadow, !changed.isEmpty, !(shadow.isBlank && scene.operations.isEmpty) {
            // (Nothing to show on a frame never drawn: it is black already.)
            if let move { shadow.move(move) }
            if !damage.isEmpty {
                FrameComposer.compose(
                    scene.operations, into: shadow.pixels, width: width, height: height,
                    bytesPerRow: shadow.bytesPerRow, region: damage, rotation: rotation, depths: scene.groupDepths,
                    masks: outlineMasks)
            }
        }
        if drawsShadow, !changed.isEmpty {
            for target in screen.mirrorTargets {
                target.compositor.sourceDamage.formUnion(changed)
                target.setNeedsComposite()
            }
        }
        previousRotation = rotation
        return finishFrame(changed, composed: damage.area, of: screen)
    }

    /// Counts a composed frame (`damage` is what it changed, `composed` the pixels
    /// composed: less when a scroll moved some) and tells the screen.
    private func finishFrame(_ damage: DamageRegion, composed: Int? = nil, of screen: Screen) -> DamageRegion {
        needsFullFrame = false
        // A frame that changed nothing leaves every buffer as up to date as it was (counted, two
        // such frames per drawn one aged three buffers past the history: each drawn whole).
        if !damage.isEmpty { history.addFrame(damage) }
        statistics.framesComposed += 1
        statistics.lastFramePixelsComposed = composed ?? damage.area
        statistics.lastFrameDamage = damage.rects.map {
            CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        }
        screen.didComposite()
        return damage
    }

    /// Draws a mirroring screen's frame: the part of its source's frame that changed
    /// since the last one (`sourceDamage`), scaled into the shadow; everything, bars
    /// included, when the frame is new or either screen's size changed.
    private func composeMirror(of source: Screen, onto screen: Screen) -> DamageRegion {
        guard let shadow, let letterbox = screen.mirrorLetterbox else { return DamageRegion() }
        let rotation = source.orientation.panelRotation
        let sourceShadow = source.compositor.shadow.flatMap {
            $0.width == Int(source.nativeBounds.width) && $0.height == Int(source.nativeBounds.height) ? $0 : nil
        }
        let whole =
            needsFullFrame || letterbox != mirrorLetterbox || rotation != previousRotation || sourceShadow == nil
        let damage =
            whole
            ? DamageRegion.full(width: shadow.width, height: shadow.height)
            : MirrorScaler.targetDamage(of: sourceDamage, letterbox, rotation: rotation)
        sourceDamage = DamageRegion()
        if let sourceShadow {
            MirrorScaler.scale(
                sourceShadow.pixels, bytesPerRow: sourceShadow.bytesPerRow, into: shadow.pixels,
                bytesPerRow: shadow.bytesPerRow, letterbox: letterbox, rotation: rotation, region: damage,
                drawsBars: whole)
        } else {
            // The source has no frame of its size yet: black until it composes one (then all of it).
            let black = Letterbox(
                sourceWidth: 0, sourceHeight: 0, targetWidth: shadow.width, targetHeight: shadow.height)
            MirrorScaler.scale(
                shadow.pixels, bytesPerRow: shadow.bytesPerRow, into: shadow.pixels, bytesPerRow: shadow.bytesPerRow,
                letterbox: black, region: damage, drawsBars: true)
        }
        mirrorLetterbox = sourceShadow == nil ? nil : letterbox
        // The source's turn the frame was drawn with (this screen's own is not applied).
        previousRotation = rotation
        return finishFrame(damage, of: screen)
    }

    /// The operations of the frame last composed, back to front.
    package var operations: [DrawOperation] { scene.operations }

    /// Draws the latest frame whole into the shadow when it was composed without
    /// it (GL could not draw it after all); every scanout buffer then takes all of it.
    package func redrawStaleShadow(rotation: PanelRotation) {
        guard shadowIsStale, let shadow else { return }
        shadowIsStale = false
        FrameComposer.compose(
            scene.operations, into: shadow.pixels, width: shadow.width, height: shadow.height,
            bytesPerRow: shadow.bytesPerRow, rotation: rotation)
        history.reset()
    }

    /// Copies into scanout buffer `slot` what it lacks to show the latest frame
    /// (everything if it was never drawn), plus `extra`; writes only. Returns the
    /// region written.
    @discardableResult
    package func update(
        slot: Int, pixels: UnsafeMutableRawPointer, bytesPerRow: Int, extra: DamageRegion = DamageRegion()
    ) -> DamageRegion {
        guard let shadow else { return DamageRegion() }
        let frame = DamageRegion.full(width: shadow.width, height: shadow.height)
        let region = (history.take(slot: slot) ?? frame).union(extra)
        shadow.copy(region, to: pixels, bytesPerRow: bytesPerRow)
        return region
    }

    /// Composing in place: brings `target`, the buffer of `slot` the frame goes out
    /// in, up to the frame just composed. What it missed since it last held the
    /// latest frame, outside this frame's damage, is copied from the buffer that holds
    /// that frame; then the damage (with `extra`: pixels of `target` that are not the
    /// frame's, a cursor blended there) is composed into it, background first. A
    /// buffer of unknown age (new, reallocated, or after `invalidate()`) is composed
    /// whole. `overlaid` is what the caller blends over the frame afterwards (the
    /// cursor): never copied from this buffer to another. Returns the region written.
    @discardableResult
    package func draw(
        into target: any FrameTarget, slot: Int, extra: DamageRegion = DamageRegion(),
        overlaid: DamageRegion = DamageRegion()
    ) -> DamageRegion {
        let frame = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let known = slotTargets.indices.contains(slot) && slotTargets[slot].target === target
        let aged = history.take(slot: slot)
        var missed = known ? aged : nil
        var composed = undrawn.union(extra)
        var copied: [PixelRect] = []
        let move = undrawnMove
        var moved = false
        undrawnMove = nil
        if let region = missed, let source = latestTarget, source !== target {
            if source.width == target.width, source.height == target.height {
                // The latest frame's buffer is right everywhere but under what was blended over it.
                composed.formUnion(latestOverlaid)
                var settled = composed
                if let move {
                    // The scroll's pixels are read from that buffer (cached memory), minus the cursor carried along.
                    for rect in latestOverlaid.rects {
                        composed.add(rect.offsetBy(dx: move.dx, dy: move.dy).intersection(move.rect))
                    }
                    target.copy(move.rect, from: source, movedBy: move.dx, move.dy)
                    moved = true
                    settled = composed
                    settled.add(move.rect)
                }
                copied = region.clipped(to: frame).subtracting(settled)
                target.copy(copied, from: source)
                if let move { copied.append(move.rect) }
            } else {
                missed = nil
            }
        } else if let region = missed {
            // No other buffer holds the latest frame (it is this one, or it was freed): composed instead.
            composed.formUnion(region)
        }
        if let move, !moved {
            // No other buffer holds the previous frame: the scroll is composed.
            composed.add(move.rect)
        }
        lastFramePixelsMoved = moved ? move?.area ?? 0 : 0
        if missed == nil { composed = DamageRegion.full(width: target.width, height: target.height) }
        composed = composed.clipped(to: frame)
        if !composed.isEmpty {
            FrameComposer.compose(
                scene.operations, into: target.pixels, width: target.width, height: target.height,
                bytesPerRow: target.bytesPerRow, region: composed, rotation: previousRotation ?? .none,
                depths: scene.groupDepths, masks: outlineMasks, streamsFills: true)
        }
        latestTarget = target
        latestOverlaid = overlaid
        if slotTargets.indices.contains(slot) { slotTargets[slot] = WeakFrameTarget(target: target) }
        undrawn = DamageRegion()
        var written = composed
        for rect in copied { written.add(rect) }
        return written
    }

    package func framePresented() { statistics.framesPresented += 1 }

    /// The frame just composed shows `windows` windows from their own buffers on overlay planes.
    package func frameUsedOverlays(windows: Int) {
        if windows > 0 { statistics.framesWithOverlay += 1 }
        statistics.lastFrameWindowsOnOverlays = windows
    }

    /// The frame just composed was drawn by GLES, not into the shadow buffer.
    package func frameComposedWithGL() {
        statistics.framesComposedWithGL += 1
        statistics.lastFrameWindowsOnOverlays = 0
    }

    /// How views' content reached GL in the frame just composed by GLES.
    package func contentReachedGL(imported: Int, uploaded: Int, bytesUploaded: Int) {
        statistics.glSurfacesImported += imported
        statistics.glSurfacesUploaded += uploaded
        statistics.glBytesUploaded += bytesUploaded
    }

    /// A frame showed a GLView's own buffer on the primary plane, nothing composed.
    package func frameScannedOutDirectly() {
        statistics.framesScannedOutDirectly += 1
        statistics.lastFrameWindowsOnOverlays = 0
    }
}

/// A buffer a slot was last drawn as, not kept alive by that.
private struct WeakFrameTarget {
    weak var target: (any FrameTarget)?
}

extension Screen {
    /// What composition did for this screen, for diagnostics and tests.
    public struct FrameStatistics: Sendable, Equatable {
        /// Frames composed (drawn into the screen's shadow buffer).
        public var framesComposed = 0
        /// Frames that reached the screen (flip completed; headless: composed).
        public var framesPresented = 0
        /// Pixels the last composed frame drew (its damage's area).
        public var lastFramePixelsComposed = 0
        /// The last composed frame's damage, in native panel pixels: the panel's own
        /// orientation, so on a turned screen the rectangles are turned as the panel
        /// shows them (not in the coordinates of `Screen.bounds`).
        public var lastFrameDamage: [CGRect] = []
        /// Frames that showed windows from their own buffers on overlay planes
        /// (KMS; those windows are not composed into the frame).
        public var framesWithOverlay = 0
        /// How many windows the last frame showed on overlay planes.
        public var lastFrameWindowsOnOverlays = 0
        /// Frames that showed a full-screen GLView's own buffer on the primary plane
        /// (KMS; nothing composed or copied; not counted in `framesComposed`).
        public var framesScannedOutDirectly = 0
        /// Frames composed by GLES into a scanout buffer (KMS, DIRECTDISPLAY_COMPOSITOR=gl;
        /// also counted in `framesComposed`).
        public var framesComposedWithGL = 0
        /// Draws of views' content that GL sampled from an imported dmabuf, no copy (GL frames).
        public var glSurfacesImported = 0
        /// Draws of views' content uploaded to GL (glTexImage2D), and the bytes they copied.
        public var glSurfacesUploaded = 0
        public var glBytesUploaded = 0
    }

    /// Composition figures of this screen, on the KMS and the headless display alike.
    public var frameStatistics: FrameStatistics { compositor.statistics }

    /// Composes the whole frame now, as if every pixel were damaged (for benchmarks:
    /// the cost of a frame without damage tracking).
    public func composeWhole() {
        compositor.invalidate()
        compositor.compose(self)
    }
}
