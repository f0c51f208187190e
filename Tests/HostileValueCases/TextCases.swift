// Hostile-value cases: NUL and control characters, long unbroken words, labels wider than a surface.
import DirectDisplay
import Foundation

extension HostileCase {
    static let textCases: [HostileCase] = [
        HostileCase(name: "text-nul") {
            let stage = HostileStage()
            let label = Label(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            label.text = "ab\u{0}WWWWWWWW"
            stage.window.addSubview(label)
            let whole = Label.measured("abWWWWWWWW").width
            let measured = label.sizeThatFits(CGSize(width: 0, height: 0)).width
            if measured < whole - 1 {
                return "measured \(measured) points wide, \"abWWWWWWWW\" alone is \(whole)"
            }
            let cut = Int(Label.measured("ab").width) + 4
            let frame = try stage.frame()
            return frame.hasInk(in: cut..<320, rows: 0..<40) ? nil : "nothing after the NUL is drawn"
        },
        HostileCase(name: "text-control-characters") {
            for control in [
                "\u{1}", "\u{7}", "\u{8}", "\u{1B}", "\u{7F}", "\u{85}", "\u{200B}", "\u{FEFF}", "\u{FFFF}",
            ] {
                let with = Label.measured("ab\(control)WWWW").width
                let without = Label.measured("abWWWW").width
                if with < without - 1 {
                    let code = control.unicodeScalars.first!.value
                    return "U+\(String(code, radix: 16)) cut the text: \(with) points, \(without) without it"
                }
            }
            return nil
        },
        HostileCase(name: "text-unbroken-word-128k") {
            // Linear: 16 times the text costs about 16 times as much at most (quadratic: 256).
            let modes: [(Int, LineBreakMode)] = [
                (1, .byTruncatingTail), (0, .byTruncatingTail), (1, .byTruncatingMiddle),
            ]
            for (lines, truncation) in modes {
                var times: [Int: Duration] = [:]
                for kilobytes in [8, 32, 128] {
                    let stage = HostileStage()
                    let label = Label(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
                    label.numberOfLines = lines
                    label.lineBreakMode = truncation
                    label.text = String(repeating: "x", count: kilobytes * 1024)
                    stage.window.addSubview(label)
                    let start = ContinuousClock.now
                    let frame = try stage.frame()
                    times[kilobytes] = ContinuousClock.now - start
                    if !frame.hasInk(in: 0..<320, rows: 0..<240) { return "\(kilobytes) KB: nothing drawn" }
                }
                print(
                    "numberOfLines \(lines), \(truncation), first frame: 8 KB \(times[8]!), 32 KB \(times[32]!), 128 KB \(times[128]!)"
                )
                let ratio = times[128]! / times[8]!
                if ratio > 48 { return "numberOfLines \(lines): 128 KB costs \(ratio)x 8 KB (linear: 16)" }
            }
            return nil
        },
        HostileCase(name: "text-unbroken-word-measured") {
            // Every line measured (numberOfLines 0, no height): linear as well.
            var times: [Int: Duration] = [:]
            var heights: [Int: CGFloat] = [:]
            for kilobytes in [8, 32, 128] {
                let label = Label()
                label.numberOfLines = 0
                label.text = String(repeating: "x", count: kilobytes * 1024)
                let start = ContinuousClock.now
                heights[kilobytes] = label.sizeThatFits(CGSize(width: 320, height: 0)).height
                times[kilobytes] = ContinuousClock.now - start
            }
            print("sizeThatFits: 8 KB \(times[8]!), 32 KB \(times[32]!), 128 KB \(times[128]!)")
            // 16 times the lines, give or take the last line's
            if abs(heights[128]! / heights[8]! - 16) > 0.2 { return "heights \(heights[8]!) and \(heights[128]!)" }
            let ratio = times[128]! / times[8]!
            return ratio > 48 ? "128 KB costs \(ratio)x 8 KB (linear: 16)" : nil
        },
        HostileCase(name: "text-label-40000-wide") {
            let stage = HostileStage()
            let label = Label(frame: CGRect(x: 0, y: 0, width: 40_000, height: 40))
            label.text = "Hello"
            stage.window.addSubview(label)
            let frame = try stage.frame()
            return frame.hasInk(in: 0..<100, rows: 0..<40) ? nil : "the 40,000-point label shows no text"
        },
        HostileCase(name: "text-label-1e9-wide-scale-3") {
            let stage = HostileStage(width: 960, height: 720, scale: 3)
            let label = Label(frame: CGRect(x: 0, y: 0, width: 1e9, height: 40))
            label.text = "Hello"
            stage.window.addSubview(label)
            let frame = try stage.frame()
            return frame.hasInk(in: 0..<300, rows: 0..<120) ? nil : "the 1e9-point label shows no text"
        },
        HostileCase(name: "drawn-view-1e9-wide-scale-3") {
            // Content beyond a surface, drawn by the app: a fill of its whole bounds shows.
            let stage = HostileStage(width: 960, height: 720, scale: 3)
            let view = FillingView(frame: CGRect(x: 0, y: 0, width: 1e9, height: 40))
            stage.window.addSubview(view)
            let frame = try stage.frame()
            return frame.pixel(x: 30, y: 30) == .red ? nil : "the 1e9-point view's fill is not drawn"
        },
        HostileCase(name: "drawn-view-1e308-wide") {
            // Wider than an Int holds in pixels: the fill of what is on screen shows.
            let stage = HostileStage()
            let view = FillingView(frame: CGRect(x: 0, y: 0, width: 1e308, height: 40))
            stage.window.addSubview(view)
            let frame = try stage.frame()
            return frame.pixel(x: 30, y: 30) == .red ? nil : "the 1e308-point view's fill is not drawn"
        },
        HostileCase(name: "text-label-40000-wide-moved") {
            // The part drawn follows the label: text at its right end comes into view.
            let stage = HostileStage()
            let label = Label(frame: CGRect(x: 0, y: 0, width: 40_000, height: 40))
            label.text = "Hello"
            label.textAlignment = .right
            stage.window.addSubview(label)
            _ = try stage.frame()
            label.frame.origin.x = -40_000 + 320
            let frame = try stage.frame()
            return frame.hasInk(in: 220..<320, rows: 0..<40) ? nil : "the label's right end shows no text"
        },
        HostileCase(name: "text-label-40000-wide-scrolled") {
            // Scrolled by its superview's bounds: text at the label's right end comes into view.
            let stage = HostileStage()
            let scroller = View(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            let label = Label(frame: CGRect(x: 0, y: 0, width: 40_000, height: 40))
            label.text = "Hello"
            label.textAlignment = .right
            scroller.addSubview(label)
            stage.window.addSubview(scroller)
            _ = try stage.frame()
            scroller.bounds.origin.x = 40_000 - 320
            let frame = try stage.frame()
            return frame.hasInk(in: 220..<320, rows: 0..<40) ? nil : "the label's right end shows no text"
        },
    ]
}

/// Fills its bounds red in draw(_:).
final class FillingView: View {
    override func draw(_ rect: CGRect) {
        GraphicsContext.current?.fill(bounds, with: .red)
    }
}

extension Label {
    /// The size of `text` on one line in the default font.
    static func measured(_ text: String) -> CGSize {
        let label = Label()
        label.text = text
        return label.sizeThatFits(.zero)
    }
}

extension CapturedImage {
    /// Whether any pixel in the columns and rows is darker than mid-grey (text on white).
    func hasInk(in columns: Range<Int>, rows: Range<Int>) -> Bool {
        for y in rows.clamped(to: 0..<height) {
            for x in columns.clamped(to: 0..<width) where pixel(x: x, y: y).isDark { return true }
        }
        return false
    }
}

extension Color {
    fileprivate var isDark: Bool { alpha > 0.5 && red + green + blue < 1.5 }
}
