import Typesetting

/// How lines of text sit between their box's edges, as UIKit's `NSTextAlignment`.
public enum TextAlignment: Int, Sendable, CaseIterable {
    case left = 0
    case center = 1
    case right = 2
    /// Both edges, except a paragraph's last line.
    case justified = 3
    /// The paragraph's own direction: left for left-to-right text, right for right-to-left.
    case natural = 4

    var layoutAlignment: TextLayout.Alignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// How text breaks into lines and what happens to text that does not fit, as
/// UIKit's `NSLineBreakMode`. The truncating modes wrap at words too, and put an
/// ellipsis in the last line shown when text is left out.
public enum LineBreakMode: Int, Sendable, CaseIterable {
    /// Lines break between words (within a word wider than the line).
    case byWordWrapping = 0
    /// Lines break between any characters.
    case byCharWrapping = 1
    /// What does not fit is cut off; one line is not wrapped at all.
    case byClipping = 2
    /// "…" stands for the start of the last line's text.
    case byTruncatingHead = 3
    /// "…" stands for the end of the text.
    case byTruncatingTail = 4
    /// "…" stands for the middle of the last line's text.
    case byTruncatingMiddle = 5

    var layoutLineBreak: TextLayout.LineBreak {
        switch self {
        case .byWordWrapping: .wordWrapping
        case .byCharWrapping: .charWrapping
        case .byClipping: .clipping
        case .byTruncatingHead: .truncatingHead
        case .byTruncatingTail: .truncatingTail
        case .byTruncatingMiddle: .truncatingMiddle
        }
    }
}
