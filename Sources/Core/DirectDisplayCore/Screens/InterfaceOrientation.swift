import Compositing

/// How content is turned on a screen, with UIKit's names. `.portrait` is the
/// panel's own orientation (no rotation, whatever its shape); the others turn
/// the content by quarter turns.
public enum InterfaceOrientation: Int, Sendable, CaseIterable {
    /// The panel's native orientation.
    case portrait = 1
    /// Content turned 180°.
    case portraitUpsideDown = 2
    /// Content turned 90° clockwise.
    case landscapeLeft = 3
    /// Content turned 90° counter-clockwise.
    case landscapeRight = 4

    /// Whether width and height trade places relative to the panel.
    public var isRotatedQuarter: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The mask bit of this orientation.
    public var mask: InterfaceOrientationMask {
        switch self {
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeLeft
        case .landscapeRight: .landscapeRight
        }
    }

    package var panelRotation: PanelRotation {
        switch self {
        case .portrait: .none
        case .portraitUpsideDown: .clockwise180
        case .landscapeLeft: .clockwise90
        case .landscapeRight: .clockwise270
        }
    }
}

/// A set of orientations a view controller supports.
public struct InterfaceOrientationMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = InterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = InterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeLeft = InterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeRight = InterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: InterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: InterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    public static let allButUpsideDown: InterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}
