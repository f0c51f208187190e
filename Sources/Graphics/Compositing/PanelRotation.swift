/// How the composed image is turned to fit the panel, clockwise.
package enum PanelRotation: Int, Hashable, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 1
    case clockwise180 = 2
    case clockwise270 = 3

    /// Whether width and height trade places.
    package var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The turn that undoes this one.
    package var inverse: PanelRotation { PanelRotation(rawValue: (4 - rawValue) % 4)! }

    /// The panel pixels that show `rect` of the unturned image (`logicalWidth`×`logicalHeight`
    /// pixels): the same quarter turns as the composition's (`FrameComposer`), exact
    /// on whole pixels, so turned damage covers exactly the pixels that changed.
    package func panelRect(_ rect: PixelRect, logicalWidth: Int, logicalHeight: Int) -> PixelRect {
        switch self {
        case .none: rect
        case .clockwise90:
            PixelRect(x: logicalHeight - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .clockwise180:
            PixelRect(
                x: logicalWidth - rect.maxX, y: logicalHeight - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            PixelRect(x: rect.y, y: logicalWidth - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// The pixels of the unturned image that panel `rect` (of a `panelWidth`×`panelHeight`
    /// panel) shows: `panelRect`'s inverse.
    package func logicalRect(_ rect: PixelRect, panelWidth: Int, panelHeight: Int) -> PixelRect {
        inverse.panelRect(rect, logicalWidth: panelWidth, logicalHeight: panelHeight)
    }
}

extension DamageRegion {
    /// This damage of the unturned image (`logicalWidth`×`logicalHeight`) in panel
    /// pixels. A quarter turn keeps rectangles apart that were apart, so the
    /// rectangles stay as they were, each turned.
    package func turned(_ rotation: PanelRotation, logicalWidth: Int, logicalHeight: Int) -> DamageRegion {
        guard rotation != .none else { return self }
        return DamageRegion(
            rects.map { rotation.panelRect($0, logicalWidth: logicalWidth, logicalHeight: logicalHeight) })
    }
}
