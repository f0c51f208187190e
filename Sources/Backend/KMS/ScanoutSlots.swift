/// One frame per buffer slot, for whatever a screen draws into per slot (its
/// scanout buffers, an overlay plane's window buffers, GL's GBM buffers): three
/// slots, so one frame can be on screen, one queued and one drawn. `ScanoutOutput`
/// says which slot is drawn now (`drawSlot`); a frame is made the first time its
/// slot is drawn and kept while it still fits.
package struct ScanoutSlots<Frame> {
    /// On screen, queued, drawn.
    package static var count: Int { 3 }

    private var frames: [Frame?] = Array(repeating: nil, count: count)

    /// Every slot empty.
    package init() {}

    /// Slot 0 holds `first` (a new screen's first frame needs one).
    package init(first: Frame) { frames[0] = first }

    package subscript(slot: Int) -> Frame? {
        get { frames[slot] }
        set { frames[slot] = newValue }
    }

    /// The slots, 0 to 2.
    package var indices: Range<Int> { frames.indices }

    /// The frame kept in `slot` when `fits` accepts it, else a new one from `make`
    /// (which then replaces it; a throwing `make` changes nothing).
    package mutating func frame<Failure: Error>(
        _ slot: Int, fits: (Frame) -> Bool = { _ in true }, make: () throws(Failure) -> Frame
    ) throws(Failure) -> Frame {
        if let kept = frames[slot], fits(kept) { return kept }
        let made = try make()
        frames[slot] = made
        return made
    }

    /// Forgets every frame (they are freed once nothing else holds them).
    package mutating func removeAll() { frames = Array(repeating: nil, count: Self.count) }
}
