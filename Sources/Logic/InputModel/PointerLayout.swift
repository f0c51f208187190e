/// The pointer over screens laid out side by side, left to right, tops aligned,
/// in a stable order. Moving past a screen's left or right edge enters the
/// neighbour (taking its height into account); the outer edges, the tops and the
/// bottoms clamp. The pointer is always on a screen while there is one.
package struct PointerLayout: Sendable, Hashable {
    /// One screen in the layout: its connector name and size in points.
    package struct Screen: Sendable, Hashable {
        package var name: String
        package var size: ScreenSize
        package init(name: String, size: ScreenSize) {
            self.name = name
            self.size = size
        }
    }

    /// Where the pointer is: a screen and a point inside its bounds.
    package struct Location: Sendable, Hashable {
        package var screen: String
        package var point: ScreenPoint
    }

    /// The screens, left to right.
    package private(set) var screens: [Screen] = []
    /// The names to put first, in this order; other screens follow in the order given to ``setScreens(_:)``.
    package private(set) var preferredOrder: [String] = []
    /// The screens as last given, before ordering.
    private var givenScreens: [Screen] = []
    /// The pointer's screen (an index into ``screens``) and its point there; kept
    /// per screen so that clamping happens in the screen's own coordinates.
    private var current: Position?

    private struct Position: Sendable, Hashable {
        let index: Int
        let point: ScreenPoint
    }

    package init(screens: [Screen] = [], preferredOrder: [String] = []) {
        self.preferredOrder = preferredOrder
        setScreens(screens)
    }

    /// Where the pointer is; nil with no screen.
    package var location: Location? {
        current.map { Location(screen: screens[$0.index].name, point: $0.point) }
    }

    /// Replaces the screens (one connected or went away, or a mode changed). The
    /// pointer stays at the same point of its screen, clamped if the screen
    /// shrank; if its screen is gone it goes to the centre of the first screen.
    package mutating func setScreens(_ newScreens: [Screen]) {
        let previous = location
        givenScreens = newScreens
        screens = Self.arranged(newScreens, preferredOrder: preferredOrder)
        if let previous, let index = screens.firstIndex(where: { $0.name == previous.screen }) {
            place(previous.point, onScreenAt: index)
        } else if !screens.isEmpty {
            place(ScreenPoint(x: screens[0].size.width / 2, y: screens[0].size.height / 2), onScreenAt: 0)
        } else {
            current = nil
        }
    }

    /// Sets the order (connector names, leftmost first); screens not named keep
    /// their relative order after the named ones. The pointer stays where it is on its screen.
    package mutating func setPreferredOrder(_ names: [String]) {
        preferredOrder = names
        setScreens(givenScreens)
    }

    /// Relative motion in points (libinput's dx, dy, scaled by the caller if it likes).
    @discardableResult
    package mutating func move(dx: Double, dy: Double) -> Location? {
        guard let current, dx.isFinite, dy.isFinite else { return location }
        let x = originX(of: current.index) + current.point.x + dx
        let index = screenIndex(atLayoutX: x)
        place(ScreenPoint(x: x - originX(of: index), y: current.point.y + dy), onScreenAt: index)
        return location
    }

    /// Absolute motion (a tablet or a virtual machine's pointer): 0…1 across the
    /// whole layout's width and the tallest screen's height, clamped.
    @discardableResult
    package mutating func moveAbsolute(x: Double, y: Double) -> Location? {
        guard current != nil, x.isFinite, y.isFinite else { return location }
        let total = screens.reduce(0) { $0 + $1.size.width }
        let tallest = screens.map(\.size.height).max() ?? 0
        let layoutX = min(max(x, 0), 1) * total
        let index = screenIndex(atLayoutX: layoutX)
        place(ScreenPoint(x: layoutX - originX(of: index), y: min(max(y, 0), 1) * tallest), onScreenAt: index)
        return location
    }

    /// Puts the pointer at `point` on the named screen (clamped); false if there is no such screen.
    @discardableResult
    package mutating func warp(to screen: String, point: ScreenPoint) -> Bool {
        guard let index = screens.firstIndex(where: { $0.name == screen }) else { return false }
        place(point, onScreenAt: index)
        return true
    }

    /// `screens` with the names in `preferredOrder` first, in that order, then the others as given.
    package static func arranged(_ screens: [Screen], preferredOrder: [String]) -> [Screen] {
        let named = preferredOrder.compactMap { name in screens.first { $0.name == name } }
        return named + screens.filter { !preferredOrder.contains($0.name) }
    }

    private mutating func place(_ point: ScreenPoint, onScreenAt index: Int) {
        let size = screens[index].size
        let x = point.x.isFinite ? point.x : 0
        let y = point.y.isFinite ? point.y : 0
        current = Position(index: index, point: ScreenPoint(x: clamp(x, size.width), y: clamp(y, size.height)))
    }

    private func originX(of index: Int) -> Double { screens[..<index].reduce(0) { $0 + $1.size.width } }

    /// The screen under a layout x; left of the first is the first, right of the last the last.
    private func screenIndex(atLayoutX x: Double) -> Int {
        var origin = 0.0
        for (index, screen) in screens.enumerated() {
            if x < origin + screen.size.width { return index }
            origin += screen.size.width
        }
        return screens.count - 1
    }

    /// 0 ≤ value < extent (the far edge is outside, as in hit-testing); 0 for an empty extent.
    private func clamp(_ value: Double, _ extent: Double) -> Double {
        guard extent > 0 else { return 0 }
        return min(max(value, 0), extent.nextDown)
    }
}
