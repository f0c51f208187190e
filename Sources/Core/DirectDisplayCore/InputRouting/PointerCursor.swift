/// When the mouse cursor shows (`Application.shared.pointerCursor`). A touch kiosk
/// often has a HID device that claims to be a mouse: `.automatic` keeps the cursor
/// out of sight until a pointer really moves.
public enum PointerCursor: Sendable, Equatable {
    /// Hidden until the pointer moves; hidden again after 5 seconds without motion
    /// and at any touch or pen stroke. The default.
    case automatic
    /// Never shown; the pointer still moves, clicks and scrolls.
    case hidden
    /// Shown while a mouse is present.
    case visible
}
