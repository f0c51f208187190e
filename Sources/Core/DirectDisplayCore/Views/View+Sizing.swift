import Foundation

extension View {
    /// How a view's content is placed in its bounds when their sizes differ, as UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        /// Where content of `contentSize` goes in `bounds`. `redraw` and `scaleToFill`
        /// fill the bounds; aspect modes keep the content's proportions (fit shows
        /// all of it, fill covers the bounds); the others keep its size and pin it.
        public func rect(forContentOf contentSize: CGSize, in bounds: CGRect) -> CGRect {
            guard contentSize.width > 0, contentSize.height > 0 else { return bounds }
            switch self {
            case .scaleToFill, .redraw:
                return bounds
            case .scaleAspectFit, .scaleAspectFill:
                let sx = bounds.width / contentSize.width
                let sy = bounds.height / contentSize.height
                let scale = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
                let size = CGSize(width: contentSize.width * scale, height: contentSize.height * scale)
                return CGRect(
                    x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
            default:
                let x: CGFloat
                switch self {
                case .left, .topLeft, .bottomLeft: x = bounds.minX
                case .right, .topRight, .bottomRight: x = bounds.maxX - contentSize.width
                default: x = bounds.midX - contentSize.width / 2
                }
                let y: CGFloat
                switch self {
                case .top, .topLeft, .topRight: y = bounds.minY
                case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - contentSize.height
                default: y = bounds.midY - contentSize.height / 2
                }
                return CGRect(origin: CGPoint(x: x, y: y), size: contentSize)
            }
        }
    }

    /// A direction without an intrinsic size, as UIKit's `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Resizes the view to `sizeThatFits` of its current size, keeping its origin
    /// (with a transform: keeping its centre, as the frame is then a bounding box).
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        if transformStorage.isIdentity {
            frame = CGRect(origin: frame.origin, size: size)
        } else {
            bounds.size = size
        }
    }
}
