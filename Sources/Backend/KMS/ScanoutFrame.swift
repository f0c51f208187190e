/// One frame as it goes to the kernel: the buffer the primary plane scans out,
/// the window buffers on the overlay planes (if any) and what changed.
///
/// A frame holds its buffers, so a buffer on screen or queued cannot be freed
/// (drmModeRmFB turns a plane off) while the flip state still speaks of it.
struct ScanoutFrame {
    /// The primary plane's buffer.
    let buffer: ScanoutBuffer
    /// Which of the output's three buffers `buffer` is: the key of its age.
    let slot: Int
    /// The content version the frame shows (see `ScanoutOutput.present(version:)`).
    var version: Int
    /// The buffers on the output's overlay planes, from the first (lowest) plane up,
    /// with their top-left corners in CRTC pixels; the planes past them are off.
    var overlays: [(buffer: ScanoutBuffer, x: Int, y: Int)]
    /// What changed in `buffer` since it was last on screen (FB_DAMAGE_CLIPS); nil: everything.
    var damage: [DamageClip]?
    /// A buffer shown on the primary plane instead of `buffer` (a GLView's GBM
    /// buffer: direct scanout, or the front buffer of GL composition's window
    /// surface); `buffer` is then only held, keeping its slot busy. Dropping the
    /// frame drops the last hold on it (a surface buffer is then released).
    var direct: (any ScanoutFramebuffer)? = nil

    func holds(_ other: ScanoutBuffer) -> Bool { buffer === other }
}

/// Where an output's frames stand: each case holds the frames it speaks of.
///
/// `current` is on screen, `queued` is committed and waits for its vblank, and
/// `pending` is drawn but not committed yet: it waits for the queued frame's flip,
/// or its own commit failed and it is retried. (wlroots' three framebuffer slots;
/// Slint's flip state enum.)
enum FlipState {
    /// Nothing of ours on screen yet (or any more).
    case unlit(pending: ScanoutFrame?)
    /// `current` on screen, nothing committed.
    case idle(current: ScanoutFrame, pending: ScanoutFrame?)
    /// `queued` waits for its flip event; `current` stays on screen until then (nil
    /// while a new screen's first modeset is queued).
    case queued(current: ScanoutFrame?, queued: ScanoutFrame, pending: ScanoutFrame?)

    var current: ScanoutFrame? {
        switch self {
        case .unlit: nil
        case .idle(let current, _): current
        case .queued(let current, _, _): current
        }
    }

    var queued: ScanoutFrame? {
        if case .queued(_, let queued, _) = self { return queued }
        return nil
    }

    var pending: ScanoutFrame? {
        switch self {
        case .unlit(let pending): pending
        case .idle(_, let pending): pending
        case .queued(_, _, let pending): pending
        }
    }

    /// The same state with `pending` replaced.
    func with(pending: ScanoutFrame?) -> FlipState {
        switch self {
        case .unlit: .unlit(pending: pending)
        case .idle(let current, _): .idle(current: current, pending: pending)
        case .queued(let current, let queued, _): .queued(current: current, queued: queued, pending: pending)
        }
    }

    /// What is settled once `pending` was dropped or committed: the queued frame
    /// still queued, else the current one on screen.
    static func settled(current: ScanoutFrame?) -> FlipState {
        current.map { .idle(current: $0, pending: nil) } ?? .unlit(pending: nil)
    }

    /// Whether `buffer` is on screen, queued or pending: not free to draw into.
    func uses(_ buffer: ScanoutBuffer) -> Bool {
        current?.holds(buffer) == true || queued?.holds(buffer) == true || pending?.holds(buffer) == true
    }
}
