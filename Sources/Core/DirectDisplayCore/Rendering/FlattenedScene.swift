import Compositing
import Foundation

/// One window's flattened view tree (draw operations and scene elements), kept
/// on the window and reused for as long as nothing in the window changed: a
/// small change then costs the flattening of one window, not of the screen.
final class WindowScene {
    /// The window's `sceneVersion` it was made from.
    let version: UInt64
    /// Unique to this flattening (a view's `FillSlot` names its scene by it).
    let serial: UInt64
    let scale: CGFloat
    let clip: PixelRect
    private(set) var operations: [DrawOperation]
    /// The operations' group depths (`FrameComposer.groupDepths`): a window's groups
    /// close within it, so these are its part of the scene's, which a frame that
    /// flattens one window then updates for that window alone.
    let depths: [Int]
    /// As flattened: redrawn content carries its damage, for the frame that made it.
    private(set) var elements: [SceneElement]
    /// Its scroll views' subtrees, for a scroll moved rather than composed.
    let scrollSpans: [ScrollSpan]
    /// Where each scroll span's view was added, to flatten that subtree alone again.
    let scrollSpanStarts: [ScrollSpanStart]
    /// The bounding box of its elements' areas, found when first asked (a raise asks
    /// it of every window, each frame) and forgotten when an element changes.
    private var knownExtent: PixelRect?

    init(
        version: UInt64, serial: UInt64, scale: CGFloat, clip: PixelRect, operations: [DrawOperation],
        elements: [SceneElement], scrollSpans: [ScrollSpan] = [], scrollSpanStarts: [ScrollSpanStart] = []
    ) {
        self.scrollSpans = scrollSpans
        self.scrollSpanStarts = scrollSpanStarts
        self.version = version
        self.serial = serial
        self.scale = scale
        self.clip = clip
        self.operations = operations
        self.elements = elements
        depths = FrameComposer.groupDepths(operations)
    }

    /// The bounding box of every pixel its elements may touch.
    var extent: PixelRect {
        if let knownExtent { return knownExtent }
        var extent = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for element in elements { extent = extent.union(element.area) }
        knownExtent = extent
        return extent
    }

    @MainActor func isCurrent(for window: Window, scale: CGFloat, clip: PixelRect) -> Bool {
        version == window.sceneVersion && self.scale == scale && self.clip == clip
            && !window.hasChangesInPlace
    }

    /// A fill recoloured or moved in place (see `recolour`); `motion` its new one, as
    /// flattening would make it (else a scroll's move could take the old look for the new).
    func replace(
        operation: Int, with fill: DrawOperation, element: Int, area: PixelRect, signature: Int,
        motion: ElementMotion? = nil
    ) {
        operations[operation] = fill
        elements[element].area = area
        knownExtent = nil
        elements[element].signature = signature
        if let motion { elements[element].motion = motion }
    }
}

/// Where what changed in a window since its scene was last flattened lies: nowhere, inside one
/// scroll view's subtree (the scroll view's own properties included: its bounds origin, a cell
/// reused, an indicator moved), or anywhere in the window.
enum SceneChangeScope {
    case nothing
    case subtree(of: ScrollView)
    case window

    /// How far up a change looks for its scroll view; deeper, the scope is the window.
    static let deepestWalk = 64

    /// Takes in a change of `view` (or of its subviews): the scroll view enclosing it joins the
    /// scope when one of the two encloses the other; otherwise the scope is the window.
    @MainActor mutating func add(_ view: View) {
        // Most changes of a scroll (the rows it lays out) are its own or its subviews'.
        if case .subtree(let scrollView) = self, view === scrollView || view.superview === scrollView { return }
        if case .window = self { return }
        var enclosing: View? = view
        // Bounded: a change deep in a long chain of views (each changed in turn) must not walk it each time.
        var steps = 0
        while let candidate = enclosing, !(candidate is ScrollView), steps < Self.deepestWalk {
            enclosing = candidate.superview
            steps += 1
        }
        guard let scrollView = enclosing as? ScrollView else {
            self = .window
            return
        }
        guard case .subtree(let scope) = self else {
            self = .subtree(of: scrollView)
            return
        }
        if scrollView.isDescendant(of: scope) { return }
        self = scope.isDescendant(of: scrollView) ? .subtree(of: scrollView) : .window
    }
}

/// When a scroll is moved rather than composed (see `ScrollMovePlanner`).
package enum ScrollMovePolicy: String, Sendable {
    case whenCheaper, always, never
}

/// A screen's visible windows flattened back to front. The compositor keeps one
/// from frame to frame and updates it in place: unchanged windows keep their
/// operations where they are, a changed window's are replaced in the middle.
struct FlattenedScene {
    struct Entry {
        let id: ObjectIdentifier
        var scene: WindowScene
        /// Where its operations are in `operations`.
        var range: Range<Int>
    }

    /// Every window's operations in order, what the compositor draws.
    private(set) var operations: [DrawOperation] = []
    /// How many groups enclose each operation (see `FrameComposer.groupDepths`),
    /// the windows' own depths side by side like their operations.
    private(set) var groupDepths: [Int] = []
    private(set) var windows: [Entry] = []
    /// Views whose redrawn content the latest update took as damage.
    private(set) var drawnViews: [View] = []
    /// What changed in the latest update, in the scene's (unturned) pixels. With the
    /// same windows in the same order, only windows flattened anew (each against its
    /// own previous elements) and fills recoloured in place; otherwise the whole
    /// scene compared with the previous one.
    private(set) var damage = DamageRegion()
    /// The latest update's scroll moved by whole pixels (see `ScrollMovePlanner`): its pixels
    /// are the previous frame's moved, and `damage` holds the rest of what changed. Nil: `damage`
    /// is everything that changed.
    private(set) var scrollMove: ScrollMove?
    /// Whether updates look for scrolls to move: where moving is cheaper than composing
    /// (`ScrollMovePlanner.movingIsCheaper`), always or never (benchmarks' comparisons).
    @MainActor static var scrollMoves = ScrollMovePolicy.whenCheaper
    /// `Window.latestSceneVersion`, the clip and the scale of the latest update: while
    /// they stay, every window's kept scene is current.
    private var versionSeen: UInt64?
    private var clipSeen = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var scaleSeen: CGFloat = 0

    /// Every element, back to front.
    var elements: [SceneElement] { windows.flatMap(\.scene.elements) }

    /// Flattens `windows` (back to front) afresh, keeping nothing (the whole-frame
    /// reference the damage path is checked against).
    @MainActor init(_ windows: [Window], clip: PixelRect, scale: CGFloat) {
        for window in windows {
            let scene = flatten(window, clip: clip, scale: scale, keep: false)
            append(Entry(id: ObjectIdentifier(window), scene: scene, range: 0..<0))
        }
    }

    init() {}

    /// Brings the scene to `windows` (back to front), flattening only windows in
    /// which something changed since they were last flattened. `recoloured` are
    /// windows with recolours pending, which is all that changed when no window's
    /// version did (then no window is even looked at).
    @MainActor mutating func update(
        _ windows: [Window], clip: PixelRect, scale: CGFloat, recoloured: [Window] = []
    ) {
        drawnViews = []
        damage = DamageRegion()
        scrollMove = nil
        defer {
            versionSeen = Window.latestSceneVersion
            clipSeen = clip
            scaleSeen = scale
        }
        let sameWindows = hasSameWindows(windows)
        if versionSeen == Window.latestSceneVersion, clip == clipSeen, scale == scaleSeen, sameWindows,
            recolourOnly(recoloured)
        {
            return
        }
        guard sameWindows else {
            let before = self.windows
            // Refilled to about the same size: the buffers are kept (no regrowth by doubling).
            operations.removeAll(keepingCapacity: true)
            groupDepths.removeAll(keepingCapacity: true)
            self.windows = []
            self.windows.reserveCapacity(windows.count)
            for window in windows {
                let kept = window.keptScene.flatMap { $0.isCurrent(for: window, scale: scale, clip: clip) ? $0 : nil }
                let scene = kept ?? flatten(window, clip: clip, scale: scale)
                append(Entry(id: ObjectIdentifier(window), scene: scene, range: 0..<0))
            }
            if let reordered = Self.reorderDamage(from: before, to: self.windows) {
                damage.formUnion(reordered)
            } else {
                damage.formUnion(SceneDiff.damage(from: before.flatMap(\.scene.elements), to: elements))
            }
            return
        }
        // Runs for every window of every frame: plain index loops and inline
        // comparisons, no closures or calls per window (each costs more than the
        // comparison itself: a closure's actor check, a window's side-table refcount).
        var shift = 0
        // The window flattened anew, when only one is (a scroll in it may be a move).
        var reflattened: (index: Int, before: WindowScene)?
        var reflattenedCount = 0
        var diffs = DamageRegion()
        defer {
            // (Recolours in place elsewhere may have changed what lies below or above: not proven.)
            if reflattenedCount == 1, damage.isEmpty, let reflattened, Self.scrollMoves != .never,
                let (move, rest) = planScrollMove(window: reflattened.index, before: reflattened.before)
            {
                scrollMove = move
                damage.formUnion(rest)
            } else {
                damage.formUnion(diffs)
            }
        }
        for index in windows.indices {
            let window = windows[index]
            let kept = self.windows[index].scene
            var isCurrent = kept.version == window.sceneVersion && kept.scale == scale && kept.clip == clip
            let recolours = isCurrent && window.hasChangesInPlace
            guard !isCurrent || recolours || shift != 0 else { continue }
            var entry = self.windows[index]
            entry.range = (entry.range.lowerBound + shift)..<(entry.range.upperBound + shift)
            if recolours {
                isCurrent = kept.recolour(
                    window, operations: &operations, base: entry.range.lowerBound, damage: &damage)
            }
            if !isCurrent {
                entry.scene =
                    splice(window, into: kept, clip: clip, scale: scale) ?? flatten(window, clip: clip, scale: scale)
                diffs.formUnion(SceneDiff.damage(from: kept.elements, to: entry.scene.elements))
                reflattened = (index, kept)
                reflattenedCount += 1
                if entry.range == operations.indices {
                    // The only window (a full-screen app): its arrays are shared, not copied.
                    operations = entry.scene.operations
                    groupDepths = entry.scene.depths
                } else {
                    operations.replaceSubrange(entry.range, with: entry.scene.operations)
                    groupDepths.replaceSubrange(entry.range, with: entry.scene.depths)
                }
                let newRange = entry.range.lowerBound..<(entry.range.lowerBound + entry.scene.operations.count)
                shift += newRange.count - entry.range.count
                entry.range = newRange
            }
            self.windows[index] = entry
        }
    }

    /// Whether one scroll view of window `index` (flattened anew; `before` is its previous
    /// scene) scrolled by whole pixels and nothing else stops its pixels from being moved:
    /// the move and the damage of the frame besides it (`ScrollMovePlanner`).
    @MainActor private func planScrollMove(window index: Int, before: WindowScene) -> (ScrollMove, DamageRegion)? {
        let entry = windows[index]
        let now = entry.scene
        var scrolled: (ScrollSpan, ScrollSpan)?
        for span in now.scrollSpans {
            guard let old = before.scrollSpans.first(where: { $0.key == span.key }) else { continue }
            guard old.originX != span.originX || old.originY != span.originY else { continue }
            // Two scroll views scrolled at once: not worth proving.
            guard scrolled == nil else { return nil }
            scrolled = (old, span)
        }
        guard let (oldSpan, newSpan) = scrolled, let shift = ScrollMovePlanner.shift(from: oldSpan, to: newSpan) else {
            return nil
        }
        // What lies above the subtree is composed anyway: the saving is below it and in it.
        let end = entry.range.lowerBound + newSpan.operations.upperBound
        if Self.scrollMoves == .whenCheaper {
            // Asked first, of about the rectangle the scroll would move: proving the move costs more.
            let visible = newSpan.visible
            let about = visible.intersection(
                visible.offsetBy(dx: Int(shift.x.rounded()), dy: Int(shift.y.rounded())))
            guard
                ScrollMovePlanner.blendsOverHalf(
                    of: about, operations: operations[..<end], depths: groupDepths[..<end])
            else { return nil }
        }
        var above: [SceneElement] = []
        for later in windows[(index + 1)...] { above.append(contentsOf: later.scene.elements) }
        // Below the subtree: the windows behind (unchanged) and the window's own operations before it.
        let start = entry.range.lowerBound
        let behind: ScrollMovePlanner.Backdrop = (operations[..<start], groupDepths[..<start])
        guard
            let (move, rest) = ScrollMovePlanner.plan(
                old: before.elements, oldSpan: oldSpan, new: now.elements, newSpan: newSpan, above: above,
                oldBackdrop: [
                    behind,
                    (
                        before.operations[..<oldSpan.operations.lowerBound],
                        before.depths[..<oldSpan.operations.lowerBound]
                    ),
                ],
                newBackdrop: [
                    behind,
                    (now.operations[..<newSpan.operations.lowerBound], now.depths[..<newSpan.operations.lowerBound]),
                ])
        else { return nil }
        guard
            Self.scrollMoves == .always
                || ScrollMovePlanner.movingIsCheaper(
                    move, composing: rest, operations: operations[..<end], depths: groupDepths[..<end])
        else { return nil }
        return (move, rest)
    }

    /// Writes the pending recolours of `recoloured` that are in this scene into it;
    /// false if one needs its window flattened (left to the whole update).
    @MainActor private mutating func recolourOnly(_ recoloured: [Window]) -> Bool {
        // Index loops: a closure here would cost an actor-isolation check per call.
        for window in recoloured where window.hasChangesInPlace {
            let id = ObjectIdentifier(window)
            for index in windows.indices where windows[index].id == id {
                let entry = windows[index]
                guard
                    entry.scene.recolour(window, operations: &operations, base: entry.range.lowerBound, damage: &damage)
                else { return false }
            }
        }
        return true
    }

    /// The damage of the same windows, unchanged inside, in another order (a window
    /// raised): only where two windows that changed places relative to each other
    /// overlap, since elsewhere every pixel is painted by the same windows in the same
    /// order. Nil when a window came, went or was flattened anew (the whole scenes are
    /// then compared, `SceneDiff`).
    private static func reorderDamage(from old: [Entry], to new: [Entry]) -> DamageRegion? {
        guard old.count == new.count else { return nil }
        var oldIndex: [ObjectIdentifier: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, entry) in old.enumerated() { oldIndex[entry.id] = index }
        var ranks: [Int] = []
        var extents: [PixelRect] = []
        ranks.reserveCapacity(new.count)
        extents.reserveCapacity(new.count)
        for entry in new {
            guard let index = oldIndex[entry.id], old[index].scene === entry.scene else { return nil }
            ranks.append(index)
            extents.append(entry.scene.extent)
        }
        var damage = DamageRegion()
        // Windows are few: every pair whose order flipped.
        for front in new.indices {
            for back in 0..<front where ranks[back] > ranks[front] {
                damage.add(extents[front].intersection(extents[back]))
            }
        }
        return damage
    }

    /// Whether `windows` are the windows of the scene, in the same order.
    private func hasSameWindows(_ windows: [Window]) -> Bool {
        guard windows.count == self.windows.count else { return false }
        for index in windows.indices where ObjectIdentifier(windows[index]) != self.windows[index].id {
            return false
        }
        return true
    }

    private mutating func append(_ entry: Entry) {
        var entry = entry
        entry.range = operations.count..<(operations.count + entry.scene.operations.count)
        operations.append(contentsOf: entry.scene.operations)
        groupDepths.append(contentsOf: entry.scene.depths)
        windows.append(entry)
    }

    /// How many windows' scenes were made by flattening one scroll view's subtree again (tests).
    @MainActor static var subtreesSpliced = 0
    /// Whether a change inside one scroll view's subtree flattens that subtree alone (else the window).
    @MainActor static var splicesSubtrees = true

    /// When everything that changed in `window` since `kept` was made lies in one scroll view's
    /// subtree (`Window.changeScope`), recolours and redraws in place pending included: `kept`
    /// with that subtree flattened again, else nil. The same scene as flattening the whole window.
    @MainActor private mutating func splice(_ window: Window, into kept: WindowScene, clip: PixelRect, scale: CGFloat)
        -> WindowScene?
    {
        guard Self.splicesSubtrees, case .subtree(let scrollView) = window.changeScope, window.keptScene === kept,
            kept.scale == scale,
            kept.clip == clip
        else { return nil }
        for view in window.pendingRecolours where !view.isDescendant(of: scrollView) { return nil }
        for view in window.pendingRedraws where !view.isDescendant(of: scrollView) { return nil }
        // Only a scroll view noted as a span is where the flattening left it (outside groups and transforms).
        let key = ViewTreeFlattener.identity(scrollView)
        var found: Int?
        for index in kept.scrollSpans.indices where kept.scrollSpans[index].key == key {
            found = index
            break
        }
        guard let span = found, scrollView.window === window else { return nil }
        Self.serials &+= 1
        let serial = Self.serials
        var flattener = ViewTreeFlattener(scale: scale, recordingFillSlotsFor: serial, splicingInto: kept, span: span)
        if let changed = Self.shiftsScrolls ? Self.changedSubviews(of: scrollView, in: window) : nil,
            flattener.addShifted(scrollView, span: span, of: kept, changed: changed)
        {
            Self.subtreesShifted += 1
        } else {
            flattener.addSubtree(scrollView, of: kept.scrollSpanStarts[span])
        }
        flattener.appendRest(of: kept, after: span)
        window.pendingRecolours = []
        window.pendingRedraws = []
        window.changeScope = .nothing
        drawnViews.append(contentsOf: flattener.drawnViews)
        Self.subtreesSpliced += 1
        let scene = WindowScene(
            version: window.sceneVersion, serial: serial, scale: scale, clip: clip, operations: flattener.operations,
            elements: flattener.elements, scrollSpans: flattener.scrollSpans,
            scrollSpanStarts: flattener.scrollSpanStarts)
        window.keptScene = scene
        return scene
    }

    /// How many spliced scenes moved the scroll view's kept subviews rather than walking them (tests).
    @MainActor static var subtreesShifted = 0
    /// Whether a scroll by whole pixels moves the kept parts of its subviews that did not change.
    @MainActor static var shiftsScrolls = true

    /// The subviews of `scrollView` holding what changed in `window` since its scene was
    /// flattened (its own change, the bounds origin, aside); nil when that is not known.
    @MainActor private static func changedSubviews(of scrollView: ScrollView, in window: Window)
        -> Set<ObjectIdentifier>?
    {
        guard let changedViews = window.changedViews else { return nil }
        var subviews = Set<ObjectIdentifier>()
        for list in [changedViews, window.pendingRecolours, window.pendingRedraws] {
            for view in list where view !== scrollView {
                var inner = view
                var steps = 0
                while let parent = inner.superview, parent !== scrollView {
                    inner = parent
                    steps += 1
                    if steps > SceneChangeScope.deepestWalk { return nil }
                }
                guard inner.superview === scrollView else { return nil }
                subviews.insert(ObjectIdentifier(inner))
            }
        }
        // Its own redraw or recolour is not a scroll.
        for view in window.pendingRecolours where view === scrollView { return nil }
        for view in window.pendingRedraws where view === scrollView { return nil }
        return subviews
    }

    /// Counts flattenings, for `WindowScene.serial`.
    @MainActor private static var serials: UInt64 = 0

    /// Flattens one window, keeping the result on it unless `keep` is false.
    @MainActor private mutating func flatten(_ window: Window, clip: PixelRect, scale: CGFloat, keep: Bool = true)
        -> WindowScene
    {
        Self.serials &+= 1
        let serial = Self.serials
        var flattener = ViewTreeFlattener(
            scale: scale, recordingFillSlotsFor: keep ? serial : nil, sizedLike: window.keptScene)
        flattener.add(window, clip: clip)
        if keep {
            window.pendingRecolours = []
            window.pendingRedraws = []
            window.changeScope = .nothing
        }
        drawnViews.append(contentsOf: flattener.drawnViews)
        let scene = WindowScene(
            version: window.sceneVersion, serial: serial, scale: scale, clip: clip, operations: flattener.operations,
            elements: flattener.elements, scrollSpans: flattener.scrollSpans,
            scrollSpanStarts: flattener.scrollSpanStarts)
        if keep { window.keptScene = scene }
        return scene
    }
}
