import ArgumentParser
import DirectDisplay
import Foundation
import Typesetting

/// A keystroke into a full-screen 1920x1080 `TextView` of 10,000 characters
/// (paragraphs of about 400), headless: the key pressed through the synthetic
/// keyboard (us layout), its edit and layout, then `runUntilIdle()` (draw,
/// composition into the shadow frame). Printed against the whole recomposition
/// of the same frame, measured in the same run: the keystroke's frame, and its
/// edit with layout alone; with, for comparison, the whole text laid out again
/// (what every keystroke cost if the view kept one layout).
struct TextBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "A keystroke into a 10,000-character TextView at 1920x1080 (headless) vs a whole recomposition.")

    @Option(help: "Keystrokes per measurement (the median is printed).")
    var keystrokes = 60

    @Option(help: "Characters of text.")
    var characters = 10_000

    @Flag(help: "Only the keystrokes (to profile them): no whole redraw, no pango floor.")
    var keystrokesOnly = false

    func run() throws {
        let count = max(keystrokes, 5)
        let characters = max(self.characters, 400)
        MainActor.assumeIsolated {
            let display = HeadlessDisplay()
            let screen = display.connectScreen(name: "HDMI-A-1", width: FrameCopy.width, height: FrameCopy.height)
            let window = Window(screen: screen)
            window.backgroundColor = .white
            let textView = TextView(frame: window.bounds)
            textView.font = .systemFont(ofSize: 17)
            let words = ["kiosk", "display", "window", "text", "caret", "paragraph", "line", "frame", "pango"]
            var paragraphs: [String] = []
            var length = 0
            while length < characters {
                var paragraph = ""
                var index = paragraphs.count
                while paragraph.count < 400 {
                    paragraph += words[index % words.count] + " "
                    index += 7
                }
                paragraphs.append(paragraph)
                length += paragraph.count + 1
            }
            let text = paragraphs.joined(separator: "\n")
            textView.text = text
            window.addSubview(textView)
            window.makeKeyAndVisible()
            _ = textView.becomeFirstResponder()
            // The caret in the middle paragraph, shown.
            let middle = paragraphs.prefix(paragraphs.count / 2).reduce(0) { $0 + $1.utf16.count + 1 } + 100
            textView.selectedRange = NSRange(location: middle, length: 0)
            display.runUntilIdle()
            print(
                "\(text.count) characters in \(paragraphs.count) paragraphs, 1920x1080, "
                    + "content \(Int(textView.contentSize.height)) points high")

            let whole = ComposeBenchmark.median(min(count, 60)) { screen.composeWhole() }
            // The yardstick: every pixel of the frame composed from the window's drawn content.
            print(
                "whole recomposition of the frame: \(ComposeBenchmark.ms(whole)), "
                    + "\(screen.frameStatistics.lastFramePixelsComposed) pixels composed")

            // A key typed, then Backspace: the text stays the same length.
            let keyX: UInt32 = 45
            let backspace: UInt32 = 14
            var typed = false
            let keystroke: @MainActor () -> Void = {
                typed.toggle()
                let key = typed ? keyX : backspace
                display.keyDown(key)
                display.keyUp(key)
            }
            for _ in 0..<6 {
                keystroke()
                display.runUntilIdle()
            }
            let layoutsBefore = textView.paragraphs.layoutCount
            let piecesBefore = textView.paragraphs.pieceLayoutCount
            var editTimes: [Double] = []
            var frameTimes: [Double] = []
            var pixels: [Int] = []
            for _ in 0..<count {
                let editTime = TableBenchmark.seconds { keystroke() }
                let frameTime = TableBenchmark.seconds { display.runUntilIdle() }
                editTimes.append(editTime)
                frameTimes.append(editTime + frameTime)
                pixels.append(screen.frameStatistics.lastFramePixelsComposed)
            }
            let layoutsPerKeystroke = Double(textView.paragraphs.layoutCount - layoutsBefore) / Double(count)
            let piecesPerKeystroke = Double(textView.paragraphs.pieceLayoutCount - piecesBefore) / Double(count)
            let editedLine = textView.paragraphs.paragraphs[textView.paragraphs.index(containing: middle)]
            let keystrokeLayout = editTimes.sorted()[count / 2]
            let keystrokeFrame = frameTimes.sorted()[count / 2]
            print(
                "keystroke frame (key, edit, layout, draw, composition): \(ComposeBenchmark.ms(keystrokeFrame)), "
                    + "\(String(format: "%.4f", keystrokeFrame / whole))x the whole recomposition (target ≤ 0.05x); "
                    + "median \(pixels.sorted()[count / 2]) pixels composed")
            print(
                "keystroke layout (key, edit, paragraph laid out, dirty rect marked): "
                    + "\(ComposeBenchmark.ms(keystrokeLayout)), "
                    + "\(String(format: "%.4f", keystrokeLayout / whole))x the whole recomposition (target ≤ 0.1x); "
                    + "\(String(format: "%.1f", layoutsPerKeystroke)) layouts a keystroke (\(textView.paragraphs.paragraphs.count) "
                    + "pieces: \(paragraphs.count) paragraphs, the edited one cut at its lines), "
                    + "\(String(format: "%.1f", piecesPerKeystroke)) pieces of its line laid out a keystroke "
                    + "(the line, \(editedLine.length) characters, in \(editedLine.layout?.pieceCount ?? 0) pieces, "
                    + "\(editedLine.layout?.shapedPieceCount ?? 0) of them shaped without a layout)")
            if keystrokesOnly {
                Application.shared.reset()
                return
            }
            // What a keystroke cost if the view kept one layout and redrew itself whole:
            // the text laid out again (every paragraph is shown), drawn and composed.
            let redraw = ComposeBenchmark.median(max(count / 4, 5)) {
                textView.text = text
                textView.selectedRange = NSRange(location: middle, length: 0)
                display.runUntilIdle()
            }
            print(
                "the whole text laid out, drawn and composed again (a keystroke without paragraphs and dirty "
                    + "rects): \(ComposeBenchmark.ms(redraw)), \(String(format: "%.2f", redraw / whole))x the whole "
                    + "recomposition; the keystroke frame is \(String(format: "%.4f", keystrokeFrame / redraw))x it, "
                    + "its layout \(String(format: "%.4f", keystrokeLayout / redraw))x")
            // The floor under a keystroke's layout: pango laying out the paragraph alone,
            // and the same text on one line (wrapping shapes again what follows a break).
            let font = FontDescription(family: FontDescription.systemFamily, size: 17)
            let sample = paragraphs[paragraphs.count / 2]
            let wrapped = ComposeBenchmark.median(count) {
                _ = TextLayout(text: sample, font: font, boxWidth: 1910, lineBreak: .wordWrapping)
            }
            let unwrapped = ComposeBenchmark.median(count) {
                _ = TextLayout(text: sample, font: font, boxWidth: nil)
            }
            print(
                "one pango layout of a \(sample.count)-character paragraph alone: wrapped to the view "
                    + "\(ComposeBenchmark.ms(wrapped)) (\(String(format: "%.4f", wrapped / whole))x the whole "
                    + "recomposition), on one line \(ComposeBenchmark.ms(unwrapped))")
            Application.shared.reset()
        }
    }
}
