import DirectDisplayCore
import Foundation
import XCTest

/// Where drawing left "ink" in a captured frame: pixels that differ from the
/// background colour they were drawn on.
struct InkMap {
    let image: CapturedImage
    let background: Color

    /// Whether the pixel differs from the background by more than rounding.
    func isInk(_ x: Int, _ y: Int) -> Bool {
        !image.pixel(x: x, y: y).isClose(to: background, tolerance: 8.0 / 255)
    }

    /// Every ink pixel in `area` (whole frame by default).
    func inkPixels(in area: CGRect? = nil) -> [(x: Int, y: Int)] {
        let rect = area ?? CGRect(x: 0, y: 0, width: image.width, height: image.height)
        var found: [(Int, Int)] = []
        for y in max(Int(rect.minY), 0)..<min(Int(rect.maxY), image.height) {
            for x in max(Int(rect.minX), 0)..<min(Int(rect.maxX), image.width) where isInk(x, y) {
                found.append((x, y))
            }
        }
        return found
    }

    /// The smallest pixel rectangle holding every ink pixel in `area`, or nil when there is none.
    func inkBounds(in area: CGRect? = nil) -> CGRect? {
        let pixels = inkPixels(in: area)
        guard let minX = pixels.map(\.x).min(), let maxX = pixels.map(\.x).max(),
            let minY = pixels.map(\.y).min(), let maxY = pixels.map(\.y).max()
        else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Ink pixels outside `rect`.
    func inkOutside(_ rect: CGRect) -> [(x: Int, y: Int)] {
        inkPixels().filter { !rect.contains(CGPoint(x: CGFloat($0.x) + 0.5, y: CGFloat($0.y) + 0.5)) }
    }

    /// Rows (top to bottom) that have ink in `area`, grouped into runs of consecutive rows: text lines.
    func inkRowRuns(in area: CGRect) -> Int {
        let rows = Set(inkPixels(in: area).map(\.y)).sorted()
        var runs = 0
        var previous = Int.min
        for row in rows {
            if row != previous + 1 { runs += 1 }
            previous = row
        }
        return runs
    }
}

extension DirectDisplayTestCase {
    /// A visible key window filling `screen`, in `color`.
    func showWindow(on screen: Screen, color: Color = .white) -> Window {
        let window = Window(screen: screen)
        window.backgroundColor = color
        window.makeKeyAndVisible()
        return window
    }

    /// Writes a capture to /tmp for a person to look at (the file viewer shows PNGs).
    func keepForInspection(_ image: CapturedImage, _ name: String) {
        try? image.writePNG(to: "/tmp/directdisplay-\(name).png")
    }
}
