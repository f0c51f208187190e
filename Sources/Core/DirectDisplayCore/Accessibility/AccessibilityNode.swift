import Foundation

/// One place the screen reader stops: a view that is an element, or an `AccessibilityElement`.
@MainActor enum AccessibilityNode {
    case view(View)
    case element(AccessibilityElement)

    /// A view or element given in `accessibilityElements`; nil for anything else.
    init?(_ item: Any) {
        if let view = item as? View {
            self = .view(view)
        } else if let element = item as? AccessibilityElement {
            self = .element(element)
        } else {
            return nil
        }
    }

    var object: AnyObject {
        switch self {
        case .view(let view): view
        case .element(let element): element
        }
    }

    func isSame(as other: AccessibilityNode) -> Bool { object === other.object }

    var label: String? {
        switch self {
        case .view(let view): view.accessibilityLabel
        case .element(let element): element.accessibilityLabel
        }
    }

    var value: String? {
        switch self {
        case .view(let view): view.accessibilityValue
        case .element(let element): element.accessibilityValue
        }
    }

    var hint: String? {
        switch self {
        case .view(let view): view.accessibilityHint
        case .element(let element): element.accessibilityHint
        }
    }

    var traits: AccessibilityTraits {
        switch self {
        case .view(let view): view.accessibilityTraits
        case .element(let element): element.accessibilityTraits
        }
    }

    var frame: CGRect {
        switch self {
        case .view(let view): view.accessibilityFrame
        case .element(let element): element.accessibilityFrame
        }
    }

    var activationPoint: CGPoint {
        switch self {
        case .view(let view): view.accessibilityActivationPoint
        case .element(let element): element.accessibilityActivationPoint
        }
    }

    /// The view that shows it (an element's container view).
    var view: View? {
        switch self {
        case .view(let view): view
        case .element(let element): element.accessibilityContainer as? View
        }
    }

    func activate() -> Bool {
        switch self {
        case .view(let view): view.accessibilityActivate()
        case .element(let element): element.accessibilityActivate()
        }
    }

    func increment() {
        switch self {
        case .view(let view): view.accessibilityIncrement()
        case .element(let element): element.accessibilityIncrement()
        }
    }

    func decrement() {
        switch self {
        case .view(let view): view.accessibilityDecrement()
        case .element(let element): element.accessibilityDecrement()
        }
    }

    /// What the reader says on focus, UIKit's order: label, value, trait words. An
    /// element with none of them is "unlabelled", never silence.
    var phrase: String {
        var parts: [String] = []
        if let label, !label.isEmpty { parts.append(label) }
        if let value, !value.isEmpty, value != label { parts.append(value) }
        parts.append(contentsOf: traits.spokenWords)
        if case .view(let view) = self, let kind = view.accessibilityKindWord { parts.append(kind) }
        return parts.isEmpty ? "unlabelled" : parts.joined(separator: ", ")
    }
}

/// The elements of a screen in reading order: top to bottom, then left to right by
/// their frames' top-left corners, within each window (back to front); a container's
/// `accessibilityElements` in its own order, a grouping container's elements together;
/// hidden views, views with alpha 0 and `accessibilityElementsHidden` subtrees
/// skipped; while a view with `accessibilityViewIsModal` shows, only its elements.
@MainActor struct ReadingOrder {
    /// The elements in order, with the index of the window each is in (back to front).
    private(set) var nodes: [AccessibilityNode] = []
    private(set) var windowIndices: [Int] = []
    private(set) var frames: [CGRect] = []

    init(windows: [Window]) {
        if let (modal, windowIndex) = Self.frontmostModal(in: windows) {
            var items: [Located] = []
            if modal.isAccessibilityElement {
                items.append(Located(node: .view(modal), frame: modal.accessibilityFrame))
            }
            items.append(contentsOf: Self.order(inside: modal))
            append(items, window: windowIndex)
            return
        }
        for (index, window) in windows.enumerated() {
            append(Self.order(inside: window), window: index)
        }
    }

    /// An element and its frame, asked once.
    private struct Located {
        let node: AccessibilityNode
        let frame: CGRect
    }

    private mutating func append(_ items: [Located], window: Int) {
        for item in items {
            nodes.append(item.node)
            windowIndices.append(window)
            frames.append(item.frame)
        }
    }

    func index(of node: AccessibilityNode) -> Int? { nodes.firstIndex { $0.isSame(as: node) } }

    /// The element under `point` (screen coordinates): in the frontmost window, the
    /// smallest frame containing it.
    func node(at point: CGPoint) -> AccessibilityNode? {
        var best: Int?
        for index in nodes.indices where frames[index].contains(point) {
            guard let current = best else {
                best = index
                continue
            }
            if windowIndices[index] > windowIndices[current]
                || (windowIndices[index] == windowIndices[current] && area(frames[index]) < area(frames[current]))
            {
                best = index
            }
        }
        return best.map { nodes[$0] }
    }

    /// The element whose frame's centre is closest to `frame`'s (for a focused element that went away).
    func nearest(to frame: CGRect) -> AccessibilityNode? {
        let centre = CGPoint(x: frame.midX, y: frame.midY)
        let distances = frames.map { hypot($0.midX - centre.x, $0.midY - centre.y) }
        guard let index = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return nil }
        return nodes[index]
    }

    private func area(_ rect: CGRect) -> CGFloat { rect.width * rect.height }

    /// Whether the reader sees `view` at all.
    private static func isShown(_ view: View) -> Bool { !view.isHidden && view.alpha > 0 }

    /// The last modal view found, front to back through windows and subviews.
    private static func frontmostModal(in windows: [Window]) -> (View, Int)? {
        for (index, window) in windows.enumerated().reversed() where isShown(window) {
            var found: View?
            var pending: [View] = [window]
            while let view = pending.popLast() {
                guard isShown(view) else { continue }
                // Later subviews are in front: the last modal met in drawing order wins.
                if view.accessibilityViewIsModal { found = view }
                guard !view.accessibilityElementsHidden else { continue }
                pending.append(contentsOf: view.subviews.reversed())
            }
            if let found { return (found, index) }
        }
        return nil
    }

    /// The elements inside `container` (itself left out) in reading order. Plain views
    /// are walked by a loop; only grouping containers nest a call.
    private static func order(inside container: View) -> [Located] {
        if let given = container.accessibilityElements { return nodes(given) }
        if container.accessibilityElementsHidden { return [] }
        /// One place in the order: an element, or a group read together (`items[first..<end]`), at its top-left corner.
        struct Unit {
            let frame: CGRect
            let first: Int
            let end: Int
        }
        var items: [Located] = []
        var units: [Unit] = []
        var pending = Array(container.subviews.reversed())
        while let view = pending.popLast() {
            guard isShown(view) else { continue }
            let first = items.count
            let frame: CGRect
            if view.isAccessibilityElement {
                frame = view.accessibilityFrame
                items.append(Located(node: .view(view), frame: frame))
            } else if view.accessibilityElementsHidden {
                continue
            } else if let given = view.accessibilityElements {
                items.append(contentsOf: nodes(given))
                frame = view.accessibilityFrame
            } else if view.shouldGroupAccessibilityChildren {
                items.append(contentsOf: order(inside: view))
                frame = view.accessibilityFrame
            } else {
                pending.append(contentsOf: view.subviews.reversed())
                continue
            }
            units.append(Unit(frame: frame, first: first, end: items.count))
        }
        // Top to bottom; stable: units at the same place keep their order in the tree (`first` grows with it).
        units.sort { ($0.frame.minY, $0.frame.minX, $0.first) < ($1.frame.minY, $1.frame.minX, $1.first) }
        var sorted: [Located] = []
        sorted.reserveCapacity(items.count)
        // Rows, each left to right: a unit is on the row of the one that began it when each one's
        // vertical middle lies within the other's height (a bar's title between taller buttons; a
        // tall sidebar takes no row of small elements).
        var row: [Unit] = []
        func flushRow() {
            row.sort { ($0.frame.minX, $0.first) < ($1.frame.minX, $1.first) }
            for unit in row { sorted.append(contentsOf: items[unit.first..<unit.end]) }
            row.removeAll(keepingCapacity: true)
        }
        for unit in units {
            if let anchor = row.first?.frame {
                let frame = unit.frame
                let onRow =
                    frame.midY >= anchor.minY && frame.midY <= anchor.maxY && anchor.midY >= frame.minY
                    && anchor.midY <= frame.maxY
                if !onRow { flushRow() }
            }
            row.append(unit)
        }
        flushRow()
        return sorted
    }

    /// `accessibilityElements` as nodes: elements as given, containers by their own elements.
    private static func nodes(_ items: [Any]) -> [Located] {
        var result: [Located] = []
        for item in items {
            if let view = item as? View {
                guard isShown(view) else { continue }
                if view.isAccessibilityElement {
                    result.append(Located(node: .view(view), frame: view.accessibilityFrame))
                } else {
                    result.append(contentsOf: order(inside: view))
                }
            } else if let element = item as? AccessibilityElement, element.isAccessibilityElement {
                result.append(Located(node: .element(element), frame: element.accessibilityFrame))
            }
        }
        return result
    }
}
