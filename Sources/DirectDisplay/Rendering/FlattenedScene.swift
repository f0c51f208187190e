import Compositing
import Foundation

/// One window's flattened view tree (draw operations and scene elements), kept
/// on the window and reused for as long as nothing in the window changed: a
/// small change then costs the flattening of one window, not of the screen.
final class WindowScene {
    /// The window's `sceneVersion` it was made from.
    let version: UInt64
    let scale: CGFloat
    let clip: PixelRect
    let operations: [DrawOperation]
    /// As flattened: redrawn content carries its damage, for the frame that made it.
    let elements: [SceneElement]

    init(version: UInt64, scale: CGFloat, clip: PixelRect, operations: [DrawOperation], elements: [SceneElement]) {
        self.version = version
        self.scale = scale
        self.clip = clip
        self.operations = operations
        self.elements = elements
    }

    @MainActor func isCurrent(for window: Window, scale: CGFloat, clip: PixelRect) -> Bool {
        version == window.sceneVersion && self.scale == scale && self.clip == clip
    }
}

/// A screen's visible windows flattened back to front. The compositor keeps one
/// from frame to frame and updates it in place: unchanged windows keep their
/// operations where they are, a changed window's are replaced in the middle.
struct FlattenedScene {
    struct Entry {
        let id: ObjectIdentifier
        var scene: WindowScene
        /// Flattened anew by the latest update (false: unchanged since the previous frame).
        var isNew: Bool
        /// Where its operations are in `operations`.
        var range: Range<Int>
    }

    /// Every window's operations in order, what the compositor draws.
    private(set) var operations: [DrawOperation] = []
    private(set) var windows: [Entry] = []
    /// Views whose redrawn content the latest update took as damage.
    private(set) var drawnViews: [View] = []

    /// Every element, back to front.
    var elements: [SceneElement] { windows.flatMap(\.scene.elements) }

    /// Flattens `windows` (back to front) afresh, keeping nothing (the whole-frame
    /// reference the damage path is checked against).
    @MainActor init(_ windows: [Window], clip: PixelRect, scale: CGFloat) {
        for window in windows {
            let scene = flatten(window, clip: clip, scale: scale, keep: false)
            append(Entry(id: ObjectIdentifier(window), scene: scene, isNew: true, range: 0..<0))
        }
    }

    init() {}

    /// Brings the scene to `windows` (back to front), flattening only windows in
    /// which something changed since they were last flattened.
    @MainActor mutating func update(_ windows: [Window], clip: PixelRect, scale: CGFloat) {
        drawnViews = []
        guard hasSameWindows(windows) else {
            operations = []
            self.windows = []
            for window in windows {
                let kept = window.keptScene.flatMap { $0.isCurrent(for: window, scale: scale, clip: clip) ? $0 : nil }
                let scene = kept ?? flatten(window, clip: clip, scale: scale)
                append(Entry(id: ObjectIdentifier(window), scene: scene, isNew: kept == nil, range: 0..<0))
            }
            return
        }
        // Runs for every window of every frame: plain index loops and inline
        // comparisons, no closures or calls per window (each costs more than the
        // comparison itself: a closure's actor check, a window's side-table refcount).
        var shift = 0
        for index in windows.indices {
            let window = windows[index]
            let kept = self.windows[index].scene
            let isCurrent = kept.version == window.sceneVersion && kept.scale == scale && kept.clip == clip
            guard !isCurrent || shift != 0 || self.windows[index].isNew else { continue }
            var entry = self.windows[index]
            entry.range = (entry.range.lowerBound + shift)..<(entry.range.upperBound + shift)
            entry.isNew = false
            if !isCurrent {
                entry.scene = flatten(window, clip: clip, scale: scale)
                entry.isNew = true
                operations.replaceSubrange(entry.range, with: entry.scene.operations)
                let newRange = entry.range.lowerBound..<(entry.range.lowerBound + entry.scene.operations.count)
                shift += newRange.count - entry.range.count
                entry.range = newRange
            }
            self.windows[index] = entry
        }
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
        windows.append(entry)
    }

    /// Flattens one window, keeping the result on it unless `keep` is false.
    @MainActor private mutating func flatten(_ window: Window, clip: PixelRect, scale: CGFloat, keep: Bool = true)
        -> WindowScene
    {
        var flattener = ViewTreeFlattener(scale: scale)
        flattener.add(window, clip: clip)
        drawnViews.append(contentsOf: flattener.drawnViews)
        let scene = WindowScene(
            version: window.sceneVersion, scale: scale, clip: clip, operations: flattener.operations,
            elements: flattener.elements)
        if keep { window.keptScene = scene }
        return scene
    }
}
