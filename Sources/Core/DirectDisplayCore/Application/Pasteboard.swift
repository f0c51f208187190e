/// Text copied and pasted within the app, as UIKit's `UIPasteboard` (strings only,
/// in memory: there is no system clipboard without a desktop).
@MainActor public final class Pasteboard {
    /// The one app-wide pasteboard text fields copy to and paste from.
    public static let general = Pasteboard()

    /// The copied text; nil when nothing was copied.
    public var string: String?

    /// Whether there is text to paste.
    public var hasStrings: Bool { string != nil }

    private init() {}
}
