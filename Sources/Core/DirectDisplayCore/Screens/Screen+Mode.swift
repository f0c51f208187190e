import Foundation

extension Screen {
    /// A display mode, as UIKit's `UIScreenMode`: a size in pixels and how often it refreshes.
    public struct Mode: Hashable, Sendable, CustomStringConvertible {
        /// Width and height in pixels.
        public let size: CGSize
        /// Refresh rate in hertz.
        public let refreshRate: Double
        /// Width of a pixel divided by its height (1 for square pixels).
        public let pixelAspectRatio: CGFloat

        public init(size: CGSize, refreshRate: Double = 60, pixelAspectRatio: CGFloat = 1) {
            self.size = size
            self.refreshRate = refreshRate
            self.pixelAspectRatio = pixelAspectRatio
        }

        /// A mode of `width`×`height` pixels.
        public init(width: Int, height: Int, refreshRate: Double = 60) {
            self.init(size: CGSize(width: width, height: height), refreshRate: refreshRate)
        }

        public var description: String {
            "\(Int(size.width))x\(Int(size.height))@\(String(format: "%.2f", refreshRate))"
        }
    }
}
