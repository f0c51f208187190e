import Foundation

/// Which of a view's margins and sizes follow its superview's size, as UIKit's
/// `UIView.AutoresizingMask` (same raw values). Margins are measured from the
/// superview's bounds: left and top from its origin, right and bottom from its far edges.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// UIKit's autoresizing arithmetic: when a superview's bounds size changes by a
/// delta, on each axis the flexible parts among (leading margin, size, trailing
/// margin) share that delta in proportion to their current lengths; with no
/// flexible part the view keeps its position and size (the trailing margin takes
/// the change). Flexible parts that are all of length zero share the delta equally.
/// A size never goes below zero.
public enum AutoresizingRule {
    /// `frame` (in the superview's bounds coordinates, origin at `origin`) after
    /// the superview's bounds size went from `oldSize` to `newSize`.
    public static func frame(
        _ frame: CGRect, mask: AutoresizingMask, superviewOrigin origin: CGPoint = .zero, from oldSize: CGSize,
        to newSize: CGSize
    ) -> CGRect {
        let x = axis(
            start: frame.minX - origin.x, length: frame.width, containerLength: oldSize.width,
            delta: newSize.width - oldSize.width,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let y = axis(
            start: frame.minY - origin.y, length: frame.height, containerLength: oldSize.height,
            delta: newSize.height - oldSize.height,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        return CGRect(x: origin.x + x.start, y: origin.y + y.start, width: x.length, height: y.length)
    }

    /// One axis: the new start and length.
    static func axis(
        start: CGFloat, length: CGFloat, containerLength: CGFloat, delta: CGFloat,
        flexible: (leading: Bool, size: Bool, trailing: Bool)
    ) -> (start: CGFloat, length: CGFloat) {
        guard delta != 0 else { return (start, length) }
        let trailing = containerLength - start - length
        let parts = [
            (flexible.leading, max(start, 0)), (flexible.size, max(length, 0)), (flexible.trailing, max(trailing, 0)),
        ]
        let flexibleCount = parts.filter(\.0).count
        guard flexibleCount > 0 else { return (start, length) }
        let total = parts.reduce(CGFloat(0)) { $0 + ($1.0 ? $1.1 : 0) }
        func share(_ index: Int) -> CGFloat {
            guard parts[index].0 else { return 0 }
            return total > 0 ? delta * parts[index].1 / total : delta / CGFloat(flexibleCount)
        }
        let newLength = max(length + share(1), 0)
        return (start + share(0), newLength)
    }
}
