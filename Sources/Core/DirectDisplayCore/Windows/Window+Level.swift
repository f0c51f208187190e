import Foundation

extension Window {
    /// Where a window sits in the stack: a higher level is always above a
    /// lower one. Any value is allowed; `.alert - 4` lies between `.statusBar` and `.alert`.
    public struct Level: RawRepresentable, Comparable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// Ordinary app windows (0).
        public static let normal = Level(0)
        /// Status-bar windows (1000).
        public static let statusBar = Level(1000)
        /// Alert windows (2000).
        public static let alert = Level(2000)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public static func + (level: Level, offset: CGFloat) -> Level { Level(level.rawValue + offset) }
        public static func - (level: Level, offset: CGFloat) -> Level { Level(level.rawValue - offset) }
    }
}
