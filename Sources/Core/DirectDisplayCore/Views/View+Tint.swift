import Foundation

extension View {
    /// How a view's tint shows, as UIKit's `UIView.TintAdjustmentMode`.
    public enum TintAdjustmentMode: Int, Sendable {
        /// The superview's mode (a view in no superview: `.normal`).
        case automatic
        /// The tint as it is.
        case normal
        /// Grey, for what lies behind an alert.
        case dimmed
    }

    /// UIKit's default tint, systemBlue (0/122/255).
    package static let defaultTintColor = Color(red: 0, green: 122.0 / 255, blue: 1)
    /// What a dimmed tint reads as: UIKit's systemGray (142/142/147).
    package static let dimmedTintColor = Color(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255)

    /// Works out this view's effective tint from its own and its superview's; when it
    /// changed, the views below that inherit it follow, and each whose `tintColor`
    /// reads differently is told. Only views whose tint changes are visited: nothing
    /// walks the tree otherwise (a move under the same tint costs one comparison).
    final func updateEffectiveTint() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            let inheritedColor = view.superview?.effectiveTintColor ?? View.defaultTintColor
            let inheritedMode = view.superview?.effectiveTintAdjustmentMode ?? .normal
            let color = view.ownTintColor ?? inheritedColor
            let mode = view.ownTintAdjustmentMode == .automatic ? inheritedMode : view.ownTintAdjustmentMode
            guard color != view.effectiveTintColor || mode != view.effectiveTintAdjustmentMode else { continue }
            let shownBefore = view.tintColor
            view.effectiveTintColor = color
            view.effectiveTintAdjustmentMode = mode
            pending.append(contentsOf: view.subviews.reversed())
            if view.tintColor != shownBefore { view.tintColorDidChange() }
        }
    }
}
