import Compositing
import Foundation

/// Where a scroll span's view was added in its window's flattening: what its walk starts from
/// and where its operations and elements (its own, then its subtree's) begin.
struct ScrollSpanStart: Equatable {
    let originInParent: CGPoint
    let clip: PixelRect
    var operation: Int
    var element: Int
    /// The spans of its subtree are those after it, up to this index.
    var spansEnd: Int
    /// Where each subview's operations and elements begin (a hidden one's range is empty).
    var children: [ChildStart] = []
    /// The span whose subtree holds it, and which of that span's subviews it is in.
    var enclosingSpan: Int?
    var enclosingChild = 0
    /// What the scroll view's own look and its subviews' placement depend on, besides its
    /// bounds origin (`ViewTreeFlattener.addShifted`); nil: more than that (drawn content).
    var state: ScrollViewState?

    struct ChildStart: Equatable {
        var operation: Int
        var element: Int
    }
}

/// A scroll view as flattened, all but its bounds origin: the same again, a scroll by whole
/// pixels moves its subviews' pixels and nothing else of it.
struct ScrollViewState: Equatable {
    let frame: CGRect
    let boundsSize: CGSize
    let alpha: CGFloat
    let backgroundColor: Color?
    let subviews: [ObjectIdentifier]

    /// The state of `view` (shown: its presentation); nil when the flattening of its own parts
    /// would depend on more (drawn content, a transform).
    @MainActor init?(_ view: View, shown: View.Presentation) {
        guard view.contentSurface == nil, shown.transform.isIdentity, view.clipsToBounds, !view.isHidden else {
            return nil
        }
        frame = shown.frame
        boundsSize = shown.bounds.size
        alpha = shown.alpha
        backgroundColor = shown.backgroundColor
        subviews = view.subviews.map(ObjectIdentifier.init)
    }
}

/// Turns visible windows' view trees into the compositor's draw operations,
/// in frame pixels: backgrounds, drawn content, alpha (as groups where a view
/// has visible subviews) and clipsToBounds; and beside them the scene elements
/// that damage is computed from. Geometry, alpha and colour are the views'
/// presentation values: what their running animations show in this frame.
@MainActor struct ViewTreeFlattener {
    let scale: CGFloat
    private(set) var operations: [DrawOperation] = []
    private(set) var elements: [SceneElement] = []
    /// Views whose redrawn content this frame took as damage.
    private(set) var drawnViews: [View] = []
    /// Scroll views outside groups, with their subtrees' elements and operations (see `ScrollMovePlanner`).
    private(set) var scrollSpans: [ScrollSpan] = []
    /// Where each scroll span's view was added, to flatten its subtree alone again (a splice).
    private(set) var scrollSpanStarts: [ScrollSpanStart] = []
    /// A hash of the groups enclosing what is added now (their identity and opacity).
    private var groupPath = 0
    /// The serial of the window scene being made, when views' fills are noted for
    /// recolouring in place (see `FillSlot`).
    private let fillSlotScene: UInt64?
    /// Inside a transformed group elements are merged into one: no fill slots there.
    private var transformedDepth = 0
    /// How many alpha groups enclose what is added now (see `FillSlot.isInGroup`).
    private var groupDepth = 0
    /// The scroll spans whose subtrees are being added, innermost last.
    private var openSpans: [Int] = []

    /// `previous`: the window's last flattening, whose sizes the arrays are reserved to
    /// (a scroll's flattening is about as large: no regrowth, no copies of the elements).
    init(scale: CGFloat, recordingFillSlotsFor scene: UInt64? = nil, sizedLike previous: WindowScene? = nil) {
        self.scale = scale
        fillSlotScene = scene
        if let previous {
            operations.reserveCapacity(previous.operations.count)
            elements.reserveCapacity(previous.elements.count)
        }
    }

    /// Starts the splice of scroll span `span`'s view into `kept` (flattened with this scale):
    /// everything before the view is taken from it, its redrawn content's damage dropped (drawn
    /// for the frame that made it). `addSubtree(_:of:)` then flattens the view, and
    /// `appendRest(of:after:)` takes what follows it.
    init(scale: CGFloat, recordingFillSlotsFor scene: UInt64, splicingInto kept: WindowScene, span: Int) {
        self.scale = scale
        fillSlotScene = scene
        let start = kept.scrollSpanStarts[span]
        operations.reserveCapacity(kept.operations.count)
        elements.reserveCapacity(kept.elements.count)
        operations.append(contentsOf: kept.operations[..<start.operation])
        for index in 0..<start.element { elements.append(Self.undamaged(kept.elements[index])) }
        scrollSpans.append(contentsOf: kept.scrollSpans[..<span])
        scrollSpanStarts.append(contentsOf: kept.scrollSpanStarts[..<span])
    }

    /// Flattens `view`, scroll span `span` of `kept`, where it was added before.
    mutating func addSubtree(_ view: ScrollView, of span: ScrollSpanStart) {
        let index = scrollSpanStarts.count
        // A span lies outside groups at full opacity: nothing around it carries into its walk.
        walk([.add(view, originInParent: span.originInParent, opacity: 1, clip: span.clip)])
        // Where it lies in the spans enclosing it is as before (they are not walked).
        if index < scrollSpanStarts.count {
            scrollSpanStarts[index].enclosingSpan = span.enclosingSpan
            scrollSpanStarts[index].enclosingChild = span.enclosingChild
        }
    }

    /// Scroll span `span`'s view scrolled by whole pixels (`contentOffset` on pixels), its other
    /// state as `kept` was flattened: its subviews' operations and elements are `kept`'s moved
    /// by the scroll, but for those of `changed` subviews (what changed in them since), and of
    /// subviews whose parts a move does not give exactly (groups, clips of their own, content
    /// held in part, scroll views inside), which are flattened again. The same scene as a
    /// flattening; false (nothing added) when the view's own state changed or the scroll is
    /// not by whole pixels: then `addSubtree(_:of:)`.
    mutating func addShifted(
        _ view: ScrollView, span: Int, of kept: WindowScene, changed: Set<ObjectIdentifier>
    ) -> Bool {
        let start = kept.scrollSpanStarts[span]
        let old = kept.scrollSpans[span]
        let shown = view.presentation
        guard let state = start.state, ScrollViewState(view, shown: shown) == state, shown.alpha > 0,
            start.children.count == view.subviews.count
        else { return false }
        let frame = shown.frame.offsetBy(dx: start.originInParent.x, dy: start.originInParent.y)
        let contentOrigin = CGPoint(x: frame.minX - shown.bounds.minX, y: frame.minY - shown.bounds.minY)
        let originX = Double(contentOrigin.x * scale)
        let originY = Double(contentOrigin.y * scale)
        let shiftX = originX - old.originX
        let shiftY = originY - old.originY
        let limit = 1e9
        guard shiftX == shiftX.rounded(), shiftY == shiftY.rounded(), abs(shiftX) < limit, abs(shiftY) < limit,
            start.clip.intersection(pixels(frame)) == old.visible
        else { return false }
        let dx = Int(shiftX)
        let dy = Int(shiftY)
        // Its own fill, unchanged.
        operations.append(contentsOf: kept.operations[start.operation..<old.operations.lowerBound])
        for index in start.element..<old.elements.lowerBound { elements.append(Self.undamaged(kept.elements[index])) }
        let index = scrollSpans.count
        scrollSpans.append(
            ScrollSpan(
                key: old.key, visible: old.visible, originX: originX, originY: originY,
                elements: elements.count..<elements.count, operations: operations.count..<operations.count))
        // Made in place in the array: a copy held here would make each child's append copy them all.
        scrollSpanStarts.append(
            ScrollSpanStart(
                originInParent: start.originInParent, clip: start.clip, operation: start.operation,
                element: start.element, spansEnd: index + 1, state: state))
        scrollSpanStarts[index].enclosingSpan = start.enclosingSpan
        scrollSpanStarts[index].enclosingChild = start.enclosingChild
        scrollSpanStarts[index].children.reserveCapacity(start.children.count)
        openSpans.append(index)
        let subviews = view.subviews
        // Subviews holding scroll views of their own are flattened again (their spans with them).
        var holdsSpan: [Bool] = []
        for later in (span + 1)..<start.spansEnd where kept.scrollSpanStarts[later].enclosingSpan == span {
            if holdsSpan.isEmpty { holdsSpan = Array(repeating: false, count: subviews.count) }
            holdsSpan[kept.scrollSpanStarts[later].enclosingChild] = true
        }
        for child in subviews.indices {
            let first = start.children[child]
            let end =
                child + 1 < subviews.count
                ? start.children[child + 1]
                : ScrollSpanStart.ChildStart(
                    operation: old.operations.upperBound, element: old.elements.upperBound)
            scrollSpanStarts[index].children.append(
                ScrollSpanStart.ChildStart(operation: operations.count, element: elements.count))
            let subview = subviews[child]
            if changed.contains(ObjectIdentifier(subview)) || (!holdsSpan.isEmpty && holdsSpan[child])
                || !appendMoved(
                    kept, operations: first.operation..<end.operation, elements: first.element..<end.element,
                    by: dx, dy, within: old.visible)
            {
                walk([.add(subview, originInParent: contentOrigin, opacity: 1, clip: old.visible)])
            }
        }
        openSpans.removeLast()
        scrollSpans[index].elements = scrollSpans[index].elements.lowerBound..<elements.count
        scrollSpans[index].operations = scrollSpans[index].operations.lowerBound..<operations.count
        scrollSpanStarts[index].spansEnd = scrollSpans.count
        return true
    }

    /// Appends `kept`'s operations and elements in the ranges (one subview's) moved by `dx`, `dy`
    /// pixels, as flattening them there makes them; false (nothing appended) unless they are
    /// fills and unscaled images clipped to `visible` (the span's) alone, one element each.
    private mutating func appendMoved(
        _ kept: WindowScene, operations range: Range<Int>, elements elementRange: Range<Int>, by dx: Int, _ dy: Int,
        within visible: PixelRect
    ) -> Bool {
        guard range.count == elementRange.count else { return false }
        let (operationCount, elementCount) = (operations.count, elements.count)
        var element = elementRange.lowerBound
        for operation in range {
            let key = kept.elements[element].key
            guard let motion = kept.elements[element].motion, motion.clip == visible else {
                operations.removeSubrange(operationCount...)
                elements.removeSubrange(elementCount...)
                return false
            }
            element += 1
            let placement = PixelRect(
                x: motion.placement.x + dx, y: motion.placement.y + dy, width: motion.placement.width,
                height: motion.placement.height)
            let area = placement.intersection(visible)
            let signature: Int
            switch kept.operations[operation] {
            case .fill(_, let color, let clip) where clip == visible && key & 3 == 0:
                operations.append(.fill(placement, color: color, clip: clip))
                // The same colour outside groups: the signature leaves the area to the diff.
                signature = kept.elements[element - 1].signature
            case .image(let surface, _, _, let opacity, let clip)
            where clip == visible && key & 3 == 1 && !surface.isPart:
                operations.append(.image(surface, x: placement.x, y: placement.y, opacity: opacity, clip: clip))
                // Placed as before relative to its area (moved whole, or cut as before): the same signature.
                let before = kept.elements[element - 1].area
                if area.width == before.width, area.height == before.height, area.x - before.x == dx,
                    area.y - before.y == dy
                {
                    signature = kept.elements[element - 1].signature
                } else {
                    signature = Self.signature(
                        groupPath: 0,
                        parts: ContentSignature(
                            surface: ObjectIdentifier(surface), placement: placement.relative(to: area),
                            opacity: CGFloat(opacity), scaling: nil))
                }
            default:
                operations.removeSubrange(operationCount...)
                elements.removeSubrange(elementCount...)
                return false
            }
            elements.append(
                SceneElement(
                    key: key, area: area, signature: signature,
                    motion: ElementMotion(placement: placement, clip: visible, look: motion.look)))
        }
        return true
    }

    /// Appends what follows scroll span `span`'s view in `kept` (see `init(scale:recordingFillSlotsFor:splicingInto:span:)`)
    /// and moves the spans that follow or enclose it to where their parts are now.
    mutating func appendRest(of kept: WindowScene, after span: Int) {
        let start = kept.scrollSpanStarts[span]
        let old = kept.scrollSpans[span]
        let operationShift = operations.count - old.operations.upperBound
        let elementShift = elements.count - old.elements.upperBound
        let spanShift = scrollSpans.count - start.spansEnd
        operations.append(contentsOf: kept.operations[old.operations.upperBound...])
        for index in old.elements.upperBound..<kept.elements.count {
            elements.append(Self.undamaged(kept.elements[index]))
        }
        // Spans enclosing the view end later by as much as it grew, and their subviews after the
        // one holding it begin later.
        for index in 0..<span where scrollSpanStarts[index].spansEnd > span {
            scrollSpans[index].operations =
                scrollSpans[index].operations.lowerBound..<(scrollSpans[index].operations.upperBound + operationShift)
            scrollSpans[index].elements =
                scrollSpans[index].elements.lowerBound..<(scrollSpans[index].elements.upperBound + elementShift)
            scrollSpanStarts[index].spansEnd += spanShift
        }
        var inner = start
        while let enclosing = inner.enclosingSpan {
            let after = (inner.enclosingChild + 1)..<scrollSpanStarts[enclosing].children.count
            for child in after {
                scrollSpanStarts[enclosing].children[child].operation += operationShift
                scrollSpanStarts[enclosing].children[child].element += elementShift
            }
            inner = scrollSpanStarts[enclosing]
        }
        for index in start.spansEnd..<kept.scrollSpans.count {
            var later = kept.scrollSpans[index]
            later.operations =
                (later.operations.lowerBound + operationShift)..<(later.operations.upperBound + operationShift)
            later.elements = (later.elements.lowerBound + elementShift)..<(later.elements.upperBound + elementShift)
            scrollSpans.append(later)
            var laterStart = kept.scrollSpanStarts[index]
            laterStart.operation += operationShift
            laterStart.element += elementShift
            laterStart.spansEnd += spanShift
            for child in laterStart.children.indices {
                laterStart.children[child].operation += operationShift
                laterStart.children[child].element += elementShift
            }
            if let enclosing = laterStart.enclosingSpan, enclosing >= start.spansEnd {
                laterStart.enclosingSpan = enclosing + spanShift
            }
            scrollSpanStarts.append(laterStart)
        }
    }

    /// A kept element as flattening makes it when its view was not drawn again.
    private static func undamaged(_ element: SceneElement) -> SceneElement {
        guard !element.contentDamage.isEmpty else { return element }
        var element = element
        element.contentDamage = DamageRegion()
        return element
    }

    /// Appends a window (its frame is in screen points) limited to `clip`, moved by
    /// `offset` points (a window drawn into its own buffer is moved to its origin).
    /// The tree is walked by a loop over `steps`, not by recursion: a chain of views
    /// 100,000 deep would overflow the stack.
    mutating func add(_ window: Window, clip: PixelRect, offset: CGPoint = .zero) {
        walk([.add(window, originInParent: offset, opacity: 1, clip: clip)])
    }

    /// Flattens a turned view with nothing but a fill alone, where `slot` says it sits
    /// in its window's scene: its group's operations and its element as flattening
    /// the whole window makes them.
    mutating func add(_ view: View, at slot: TransformSlot) {
        groupPath = slot.groupPath
        // Its group's three operations, its element (and the fill's before the merge): no regrowth.
        operations.reserveCapacity(3)
        elements.reserveCapacity(2)
        walk([.add(view, originInParent: slot.originInParent, opacity: slot.opacity, clip: slot.clip)], room: 2)
    }

    /// `room`: the steps reserved (each view pushes its end and its subviews: a window's
    /// 64 holds a table's cells and their views; a plain view alone needs two).
    private mutating func walk(_ start: [Step], room: Int = 64) {
        var steps = start
        steps.reserveCapacity(room)
        while let step = steps.popLast() {
            switch step {
            case .add(let view, let originInParent, let opacity, let clip):
                add(view, originInParent: originInParent, opacity: opacity, clip: clip, then: &steps)
            case .endUntransformed(let grouped, let outerGroupPath):
                if grouped {
                    operations.append(.endGroup)
                    groupDepth -= 1
                }
                groupPath = outerGroupPath
            case .endTransformed(let group):
                endTransformed(group)
            case .endScrollSpan(let index):
                scrollSpans[index].elements = scrollSpans[index].elements.lowerBound..<elements.count
                scrollSpans[index].operations = scrollSpans[index].operations.lowerBound..<operations.count
                scrollSpanStarts[index].spansEnd = scrollSpans.count
                openSpans.removeLast()
            case .childStart(let index):
                scrollSpanStarts[index].children.append(
                    ScrollSpanStart.ChildStart(operation: operations.count, element: elements.count))
            }
        }
    }

    /// What is left to do in the walk, last first: a view to add, or the end of a
    /// view whose subviews were added before it (its group closed, its elements merged).
    private enum Step {
        case add(View, originInParent: CGPoint, opacity: CGFloat, clip: PixelRect)
        case endUntransformed(grouped: Bool, outerGroupPath: Int)
        /// Boxed: a transformed view's group is over three times an added view's size, and
        /// every step is copied as it is pushed and popped (copies that showed in profiles).
        indirect case endTransformed(TransformedGroup)
        case endScrollSpan(Int)
        /// A subview of scroll span `Int`'s view begins here.
        case childStart(Int)
    }

    /// Where `add(_:originInParent:opacity:clip:then:)` was asked to add a view (kept for its `TransformSlot`).
    private struct Placement {
        let originInParent: CGPoint
        let opacity: CGFloat
        let clip: PixelRect
    }

    /// A transformed view's group, open while its subtree is added.
    private struct TransformedGroup {
        let view: View
        let transform: CGAffineTransform
        let source: PixelRect
        let bounds: PixelRect
        let opacity: CGFloat
        let firstElement: Int
        let firstOperation: Int
        let outerGroupPath: Int
        let placement: Placement
    }

    enum Rounding { case nearest, outward }

    func pixels(_ rect: CGRect, rounding: Rounding = .nearest) -> PixelRect {
        let down: FloatingPointRoundingRule = rounding == .outward ? .down : .toNearestOrAwayFromZero
        let up: FloatingPointRoundingRule = rounding == .outward ? .up : .toNearestOrAwayFromZero
        // The setters refuse non-finite geometry; what gets by anyway (NaN: nothing,
        // edges far beyond any frame: cut to 2^28, as transformed boxes are) never traps.
        // To the nearest, halves up: the same for any place a whole number of pixels away
        // (round(x + n) = round(x) + n), which a scroll by whole pixels relies on (`addShifted`);
        // halves away from zero would round -0.5 and 0.5 apart.
        func edge(_ value: CGFloat, _ rule: FloatingPointRoundingRule) -> Int {
            let limit: CGFloat = 268_435_456
            guard !value.isNaN else { return 0 }
            let scaled = min(max(value * scale, -limit), limit)
            return Int(rule == .toNearestOrAwayFromZero ? (scaled + 0.5).rounded(.down) : scaled.rounded(rule))
        }
        let x0 = edge(rect.minX, down)
        let y0 = edge(rect.minY, down)
        return PixelRect(x: x0, y: y0, width: edge(rect.maxX, up) - x0, height: edge(rect.maxY, up) - y0)
    }

    /// Records what `view` paints (kind 0 background, 1 content, 2 group) for damage.
    private mutating func element<Parts: Hashable>(
        _ view: View, kind: UInt64, area: PixelRect, signature parts: Parts,
        contentDamage: DamageRegion = DamageRegion(), placement: PixelRect? = nil, clip: PixelRect? = nil,
        look: some Hashable = 0
    ) {
        var motion: ElementMotion?
        if let placement, let clip {
            motion = ElementMotion(
                placement: placement, clip: clip, look: Self.look(groupPath: groupPath, kind: kind, parts: look))
        }
        elements.append(
            SceneElement(
                key: Self.identity(view) &* 4 &+ kind, area: area,
                signature: Self.signature(groupPath: groupPath, parts: parts), contentDamage: contentDamage,
                motion: motion)
        )
    }

    /// What an element's `ElementMotion` compares besides where it is: its enclosing groups,
    /// its kind and `parts` (colour, or surface and opacity; no geometry), hashed once.
    static func look(groupPath: Int, kind: UInt64, parts: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(groupPath)
        hasher.combine(kind)
        hasher.combine(parts)
        return hasher.finalize()
    }

    static func identity(_ view: View) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(view).hashValue)) }

    /// An element's signature: its enclosing groups and what else decides its pixels besides its
    /// area, which the diff compares itself (so a fill moved by a scroll keeps its signature).
    static func signature(groupPath: Int, parts: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(groupPath)
        hasher.combine(parts)
        return hasher.finalize()
    }

    /// `originInParent` is where the parent's bounds origin lies, in screen points
    /// (inside a transformed view: in its untransformed space). What remains once the
    /// view's own parts are added (its subviews, closing its groups) goes on `steps`.
    private mutating func add(
        _ view: View, originInParent: CGPoint, opacity: CGFloat, clip: PixelRect, then steps: inout [Step]
    ) {
        let shown = view.presentation
        guard !view.isHidden, shown.alpha > 0, !clip.isEmpty else { return }
        if shown.transform.isIdentity {
            addUntransformed(
                view, shown: shown, originInParent: originInParent, opacity: opacity, alpha: shown.alpha, clip: clip,
                then: &steps)
        } else {
            addTransformed(
                view, shown: shown, originInParent: originInParent, opacity: opacity, clip: clip, then: &steps)
        }
    }

    /// Draws the view and its subtree offscreen in its untransformed pixels and maps
    /// them through its transform (and its alpha) as one group. Its elements become
    /// one: damage is the transformed bounding box of whatever changed inside.
    private mutating func addTransformed(
        _ view: View, shown: View.Presentation, originInParent: CGPoint, opacity: CGFloat, clip: PixelRect,
        then steps: inout [Step]
    ) {
        let frame = shown.frame.offsetBy(dx: originInParent.x, dy: originInParent.y)
        let transform = pixelTransform(shown.transform, frame: frame)
        guard transform.isInvertible else { return }
        let extent = extentInPixels(view, frame: frame)
        let bounds = transform.boundingBox(of: extent).intersection(clip)
        guard !bounds.isEmpty else { return }
        // Only what can reach the clip is drawn offscreen (plus the filter's reach).
        let reach = transform.inverted().boundingBox(of: bounds)
        let source = extent.intersection(reach.outset(by: 1))
        guard !source.isEmpty else { return }
        let groupOpacity = opacity * shown.alpha
        operations.append(
            .beginTransformedGroup(opacity: Double(groupOpacity), source: source, transform: transform, bounds: bounds))
        steps.append(
            .endTransformed(
                TransformedGroup(
                    view: view, transform: transform, source: source, bounds: bounds, opacity: groupOpacity,
                    firstElement: elements.count, firstOperation: operations.count - 1, outerGroupPath: groupPath,
                    placement: Placement(originInParent: originInParent, opacity: opacity, clip: clip))))
        groupPath = 0
        transformedDepth += 1
        addUntransformed(
            view, shown: shown, originInParent: originInParent, opacity: 1, alpha: 1, clip: source, then: &steps)
    }

    /// Closes a transformed view's group once its subtree is added, and merges the
    /// subtree's elements into the group's one.
    private mutating func endTransformed(_ group: TransformedGroup) {
        let (transform, bounds, source) = (group.transform, group.bounds, group.source)
        transformedDepth -= 1
        groupPath = group.outerGroupPath
        operations.append(.endGroup)
        let inner = elements[group.firstElement...]
        var redrawn = DamageRegion()
        for element in inner {
            for damage in element.contentDamage.rects {
                redrawn.add(transform.boundingBox(of: damage).intersection(bounds))
            }
        }
        let signature = TransformedSignature(
            transform: transform, source: source, opacity: group.opacity,
            inner: inner.map { InnerElement(key: $0.key, area: $0.area, signature: $0.signature) })
        elements.removeSubrange(group.firstElement...)
        element(group.view, kind: 3, area: bounds, signature: signature, contentDamage: redrawn)
        // A turned view with nothing but a fill, outside other groups: turned again,
        // its group is written in place.
        if let fillSlotScene, transformedDepth == 0, groupDepth == 0, group.view.subviews.isEmpty,
            group.view.contentSurface == nil, operations.count == group.firstOperation + 3,
            case .fill = operations[group.firstOperation + 1]
        {
            group.view.transformSlot = TransformSlot(
                scene: fillSlotScene, operation: group.firstOperation, element: elements.count - 1,
                originInParent: group.placement.originInParent, opacity: group.placement.opacity,
                clip: group.placement.clip, groupPath: group.outerGroupPath)
        }
    }

    /// Where the view's untransformed pixels go: about the centre of `frame` (screen
    /// points, untransformed), by the view's (shown) transform, in pixels.
    private func pixelTransform(_ transform: CGAffineTransform, frame: CGRect) -> CGAffineTransform {
        var inPixels = transform
        inPixels.tx *= scale
        inPixels.ty *= scale
        let center = CGPoint(x: frame.midX * scale, y: frame.midY * scale)
        return CGAffineTransform(translationX: -center.x, y: -center.y).concatenating(inPixels)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    /// A view as if untransformed; `alpha` is the view's own (1 inside its transformed group, which applies it).
    private mutating func addUntransformed(
        _ view: View, shown: View.Presentation, originInParent: CGPoint, opacity: CGFloat, alpha: CGFloat,
        clip: PixelRect, then steps: inout [Step]
    ) {
        let (firstOperation, firstElement) = (operations.count, elements.count)
        let frame = shown.frame.offsetBy(dx: originInParent.x, dy: originInParent.y)
        let framePixels = pixels(frame)
        let contentOrigin = CGPoint(x: frame.minX - shown.bounds.minX, y: frame.minY - shown.bounds.minY)
        // No filtered copy of the subviews (an allocation per view per flattening):
        // `add` skips the hidden ones; a group is needed only with one that shows.
        var grouped = false
        if alpha < 1 {
            for child in view.subviews where !child.isHidden && child.presentationAlpha > 0 {
                grouped = true
                break
            }
        }
        var ownOpacity = opacity * alpha
        let outerGroupPath = groupPath
        if grouped {
            let extent = extentInPixels(view, frame: frame).intersection(clip)
            guard !extent.isEmpty else { return }
            operations.append(.beginGroup(opacity: Double(alpha), bounds: extent))
            groupDepth += 1
            ownOpacity = opacity
            element(view, kind: 2, area: extent, signature: alpha)
            var hasher = Hasher()
            hasher.combine(outerGroupPath)
            hasher.combine(ObjectIdentifier(view))
            hasher.combine(alpha)
            groupPath = hasher.finalize()
        }
        if let color = shown.backgroundColor, color.alpha > 0 {
            let pixel = color.pixelColor(opacity: ownOpacity)
            operations.append(.fill(framePixels, color: pixel, clip: clip))
            element(
                view, kind: 0, area: framePixels.intersection(clip), signature: pixel, placement: framePixels,
                clip: clip, look: pixel)
            if let fillSlotScene, transformedDepth == 0 {
                view.fillSlot = FillSlot(
                    scene: fillSlotScene, operation: operations.count - 1, element: elements.count - 1,
                    outerOpacity: opacity, foldsAlpha: !grouped, colorAlpha: color.alpha,
                    originInParent: originInParent, isInGroup: grouped || groupDepth > 0, groupPath: groupPath)
            }
        }
        // clipsToBounds cuts the view's own content too (placed beyond the bounds by its mode), as UIKit's masksToBounds.
        let childClip = view.clipsToBounds ? clip.intersection(framePixels) : clip
        if let surface = view.contentSurface {
            addContent(
                view, surface: surface, bounds: shown.bounds, framePixels: framePixels, contentOrigin: contentOrigin,
                opacity: ownOpacity, clip: childClip)
        }
        // The subviews are added next, back to front, and then the view's group closes
        // (`add` skips the hidden ones: no filtered copy per view).
        steps.append(.endUntransformed(grouped: grouped, outerGroupPath: outerGroupPath))
        // A scroll view outside groups at full opacity: its scroll may be a move of pixels.
        if view is ScrollView, view.clipsToBounds, !grouped, transformedDepth == 0, groupDepth == 0,
            ownOpacity >= 1
        {
            scrollSpans.append(
                ScrollSpan(
                    key: Self.identity(view), visible: childClip, originX: Double(contentOrigin.x * scale),
                    originY: Double(contentOrigin.y * scale), elements: elements.count..<elements.count,
                    operations: operations.count..<operations.count))
            var start = ScrollSpanStart(
                originInParent: originInParent, clip: clip, operation: firstOperation, element: firstElement,
                spansEnd: scrollSpans.count, state: ScrollViewState(view, shown: shown))
            start.children.reserveCapacity(view.subviews.count)
            if let enclosing = openSpans.last {
                start.enclosingSpan = enclosing
                start.enclosingChild = scrollSpanStarts[enclosing].children.count - 1
            }
            scrollSpanStarts.append(start)
            let index = scrollSpans.count - 1
            openSpans.append(index)
            steps.append(.endScrollSpan(index))
            // Each subview's start is noted before it is added (see `addShifted`).
            for child in view.subviews.reversed() {
                steps.append(.add(child, originInParent: contentOrigin, opacity: ownOpacity, clip: childClip))
                steps.append(.childStart(index))
            }
            return
        }
        for child in view.subviews.reversed() {
            steps.append(.add(child, originInParent: contentOrigin, opacity: grouped ? 1 : ownOpacity, clip: childClip))
        }
    }

    /// The view's retained drawn content: where it was drawn for the current bounds
    /// size, else placed by `contentMode` (scaled, bilinear, by the scaling modes).
    private mutating func addContent(
        _ view: View, surface: DrawingSurface, bounds: CGRect, framePixels: PixelRect, contentOrigin: CGPoint,
        opacity: CGFloat, clip: PixelRect
    ) {
        let contentSize = view.contentBoundsSize
        // A surface holding part of the content (larger than a surface can be) sits where that part is.
        var placed = PixelRect(
            x: framePixels.x + surface.region.x, y: framePixels.y + surface.region.y, width: surface.pixelWidth,
            height: surface.pixelHeight)
        var scaling: CGAffineTransform?
        if contentSize != bounds.size {
            let rect = view.contentMode.rect(forContentOf: contentSize, in: bounds)
                .offsetBy(dx: contentOrigin.x, dy: contentOrigin.y)
            if rect.size == contentSize {
                let origin = pixels(rect)
                placed.x = origin.x + surface.region.x
                placed.y = origin.y + surface.region.y
            } else if surface.pixelWidth > 0, surface.pixelHeight > 0 {
                scaling = CGAffineTransform(
                    a: rect.width * scale / CGFloat(surface.pixelWidth), b: 0, c: 0,
                    d: rect.height * scale / CGFloat(surface.pixelHeight), tx: rect.minX * scale,
                    ty: rect.minY * scale)
                placed = pixels(rect, rounding: .outward)
            }
        }
        var redrawn = DamageRegion()
        if !view.contentDamage.isEmpty {
            if scaling == nil {
                for drawn in view.contentDamage {
                    redrawn.add(pixels(drawn.offsetBy(dx: contentOrigin.x, dy: contentOrigin.y), rounding: .outward))
                }
            } else {
                redrawn.add(placed)
            }
            drawnViews.append(view)
        }
        let area = placed.intersection(clip)
        if let scaling {
            guard !area.isEmpty else { return }
            let source = PixelRect(x: 0, y: 0, width: surface.pixelWidth, height: surface.pixelHeight)
            operations.append(
                .beginTransformedGroup(opacity: Double(opacity), source: source, transform: scaling, bounds: area))
            operations.append(.image(surface, x: 0, y: 0, opacity: 1, clip: source))
            operations.append(.endGroup)
        } else {
            operations.append(.image(surface, x: placed.x, y: placed.y, opacity: Double(opacity), clip: clip))
            if let fillSlotScene, transformedDepth == 0, !surface.isPart {
                view.contentSlot = ContentSlot(
                    scene: fillSlotScene, surface: ObjectIdentifier(surface), boundsSize: contentSize,
                    contentOrigin: contentOrigin, clip: clip)
            }
        }
        element(
            view, kind: 1, area: area,
            signature: ContentSignature(
                surface: ObjectIdentifier(surface), placement: placed.relative(to: area), opacity: opacity,
                scaling: scaling),
            contentDamage: redrawn, placement: scaling == nil ? placed : nil, clip: clip,
            look: ContentLook(surface: ObjectIdentifier(surface), opacity: opacity))
    }

    /// What decides the pixels of drawn content besides its area and groups.
    private struct ContentSignature: Hashable {
        let surface: ObjectIdentifier
        /// Where it is placed relative to its area (its area's place is the diff's to compare).
        let placement: PixelRect
        let opacity: CGFloat
        let scaling: CGAffineTransform?
    }

    /// What decides the pixels of unscaled drawn content besides where it is.
    private struct ContentLook: Hashable {
        let surface: ObjectIdentifier
        let opacity: CGFloat
    }

    /// What decides a transformed group's pixels: its mapping and everything inside it.
    private struct TransformedSignature: Hashable {
        let transform: CGAffineTransform
        let source: PixelRect
        let opacity: CGFloat
        let inner: [InnerElement]
    }

    private struct InnerElement: Hashable {
        let key: UInt64
        let area: PixelRect
        let signature: Int
    }

    /// Pixels the view and its visible subviews may touch (subviews may draw outside
    /// unless clipped; a transformed subview where its transform takes it), in the
    /// coordinates `frame` is in.
    /// Walked by a loop: each pending view's extent grows as its subviews' are done.
    private func extentInPixels(_ view: View, frame: CGRect) -> PixelRect {
        // A view with nothing that may reach beyond its frame (no subviews, or clipped; no content
        // placed beyond its bounds) is its frame: no walk (two arrays per turned view per frame).
        if view.subviews.isEmpty || view.clipsToBounds,
            view.contentSurface == nil || view.clipsToBounds || view.contentBoundsSize == view.presentation.bounds.size
        {
            return pixels(frame)
        }
        var pending = [ExtentInProgress(view, frame: frame, transform: nil, extent: self)]
        while true {
            let top = pending.count - 1
            if pending[top].nextChild < pending[top].children.count {
                let child = pending[top].children[pending[top].nextChild]
                pending[top].nextChild += 1
                let shown = child.presentation
                let childFrame = shown.frame.offsetBy(
                    dx: pending[top].contentOrigin.x, dy: pending[top].contentOrigin.y)
                let transform = shown.transform.isIdentity ? nil : pixelTransform(shown.transform, frame: childFrame)
                pending.append(ExtentInProgress(child, frame: childFrame, transform: transform, extent: self))
                continue
            }
            let done = pending.removeLast()
            let extent = done.transform?.boundingBox(of: done.union) ?? done.union
            guard !pending.isEmpty else { return extent }
            pending[pending.count - 1].union = pending[pending.count - 1].union.union(extent)
        }
    }

    /// A view whose extent is being found: its own pixels and the subviews done so far.
    private struct ExtentInProgress {
        let children: [View]
        var nextChild = 0
        let contentOrigin: CGPoint
        /// Maps the finished extent into the parent's pixels (a transformed subview).
        let transform: CGAffineTransform?
        var union: PixelRect

        @MainActor init(_ view: View, frame: CGRect, transform: CGAffineTransform?, extent: ViewTreeFlattener) {
            let bounds = view.presentation.bounds
            contentOrigin = CGPoint(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
            self.transform = transform
            union = extent.pixels(frame)
            // Subviews may draw outside unless clipped.
            children = view.clipsToBounds ? [] : view.subviews.filter { !$0.isHidden }
            if view.contentSurface != nil, view.contentBoundsSize != bounds.size, !view.clipsToBounds {
                // Content placed by its mode may reach beyond the bounds (aspect fill, pinned larger content).
                let rect = view.contentMode.rect(forContentOf: view.contentBoundsSize, in: bounds)
                union = union.union(
                    extent.pixels(rect.offsetBy(dx: contentOrigin.x, dy: contentOrigin.y), rounding: .outward))
            }
        }
    }
}

extension PixelRect {
    /// This rectangle with its origin measured from `other`'s.
    fileprivate func relative(to other: PixelRect) -> PixelRect {
        PixelRect(x: x - other.x, y: y - other.y, width: width, height: height)
    }
}
