import ArgumentParser
import Compositing
import DirectDisplay
import Foundation

/// A full-screen 1920x1080 table of 100,000 rows (a label and an image each) flicked from the
/// top until it rests, headless: a drag through the synthetic touchscreen, then one frame per
/// 1/60 s (`advanceTime` then `runUntilIdle`: layout, `draw(_:)`, composition into the shadow
/// frame, which is what the headless path copies). Printed: the most cells alive against the
/// rows on screen + 2, resident memory at the start, middle and end of the flick, `draw(_:)`
/// calls per scrolled frame against rows newly shown, and the scrolled frame's cost as a
/// ratio to a memcpy of the frame, measured in the same run.
struct TableBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "A 100,000-row table flicked at 1920x1080 (headless): cells, memory, draws and frame cost.")

    @Option(help: "Rows in the table.")
    var rows = 100_000

    @Option(help: "Flick speed in points per millisecond (UIKit's coast goes about 500x this far).")
    var speed = 6.0

    @Option(help: "Flicks from the top, one after another (the figures cover them all).")
    var flicks = 1

    @Flag(help: "Rows with a translucent background (blended over the table's: what a scroll's move saves).")
    var translucentRows = false

    @Option(
        help: "The table in a panel beside a sidebar of this many labelled views under a title bar (0: full screen).")
    var sidebar = 0

    func run() throws {
        let rowCount = max(rows, 1)
        let speed = max(speed, 0.5)
        let flicks = max(self.flicks, 1)
        MainActor.assumeIsolated {
            let width = FrameCopy.width
            let height = FrameCopy.height
            let frameCopy = FrameCopy()
            let bytes = frameCopy.bytes
            let memcpyTime = frameCopy.measure(samples: 60)
            // Hidden: DIRECTDISPLAY_BENCH_SCROLL_MOVES=always or never (default whenCheaper) to compare.
            let policy =
                ProcessInfo.processInfo.environment["DIRECTDISPLAY_BENCH_SCROLL_MOVES"].flatMap(ScrollMovePolicy.init)
                ?? .whenCheaper
            ScreenCompositor.scrollMoves = policy
            print("scrolls moved (the previous frame's pixels) rather than composed: \(policy)")
            // Hidden: DIRECTDISPLAY_BENCH_SPLICE=off flattens the whole window for a scroll, to compare.
            ScreenCompositor.splicesScrolledSubtrees =
                ProcessInfo.processInfo.environment["DIRECTDISPLAY_BENCH_SPLICE"] != "off"
            print("a scroll view's subtree flattened alone and spliced: \(ScreenCompositor.splicesScrolledSubtrees)")
            // Hidden: DIRECTDISPLAY_BENCH_SHIFT=off walks every row again for a scroll, to compare.
            ScreenCompositor.shiftsScrolledSubtrees =
                ProcessInfo.processInfo.environment["DIRECTDISPLAY_BENCH_SHIFT"] != "off"
            print(
                "a scroll's unchanged rows moved in the kept scene, not walked: \(ScreenCompositor.shiftsScrolledSubtrees)"
            )

            // Three scanout buffers, as the KMS display's dumb buffers (touched before the memory
            // is first read): each frame is copied into the next one, as much as it lacks (buffer age).
            let scanout = (0..<3).map { _ in UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64) }
            defer { for buffer in scanout { buffer.deallocate() } }
            for buffer in scanout { buffer.initializeMemory(as: UInt8.self, repeating: 0, count: bytes) }
            // The memcpy above goes back and forth between two buffers that stay in a large cache;
            // copies into three scanout buffers in turn miss it more. The same memcpy into them:
            var turn = 0
            let rotatingMemcpyTime = ComposeBenchmark.median(60) {
                turn += 1
                memcpy(scanout[turn % 3], frameCopy.source, bytes)
            }
            print("the same memcpy into three buffers in turn: \(ComposeBenchmark.ms(rotatingMemcpyTime))")

            let display = HeadlessDisplay()
            let screen = display.connectScreen(name: "HDMI-A-1", width: width, height: height)
            let window = Window(screen: screen)
            let table = TableView(frame: window.bounds)
            if sidebar > 0 {
                Self.addSidebar(of: sidebar, to: window)
                table.frame = CGRect(x: 300, y: 60, width: window.bounds.width - 300, height: window.bounds.height - 60)
            }
            let rowSource = BenchRows(count: rowCount)
            if translucentRows { rowSource.background = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.25) }
            table.register(BenchCell.self, forCellReuseIdentifier: BenchRows.identifier)
            table.dataSource = rowSource
            window.addSubview(table)
            window.makeKeyAndVisible()
            let setUp = Self.seconds {
                display.runUntilIdle()
            }
            print(
                "\(rowCount) rows, first frame (rows laid out, \(table.visibleCells.count) cells drawn, composed): "
                    + "\(ComposeBenchmark.ms(setUp))")
            // Rows of varied heights from a delegate: reloadData then a layout asks each row's height.
            let heights = VariedHeights()
            table.delegate = heights
            let varied = ComposeBenchmark.median(5) {
                table.reloadData()
                table.layoutIfNeeded()
            }
            let lastRow = IndexPath(row: rowCount - 1, section: 0)
            print(
                "reloadData() and layout with \(rowCount) heights from the delegate (44, 60 or 80 points): "
                    + "\(ComposeBenchmark.ms(varied)); the last row at \(Int(table.rectForRow(at: lastRow).minY)) points"
            )
            table.delegate = nil
            table.reloadData()
            display.runUntilIdle()
            let startMemory = Self.residentBytes()

            var frameTimes: [Double] = []
            var copyTimes: [Double] = []
            var drawsPerFrame: [Int] = []
            var newRowsPerFrame: [Int] = []
            var pixelsPerFrame: [Int] = []
            var movedPerFrame: [Int] = []
            var mostAlive = BenchCell.made
            var mostVisible = table.indexPathsForVisibleRows?.count ?? 0
            var redrawnAlreadyDrawn = 0
            var shown = Set(table.indexPathsForVisibleRows ?? [])
            var memory: [Int] = []
            var frame = 0
            var lastOffset = table.contentOffset.y
            for flick in 0..<flicks {
                if flick > 0 {
                    table.contentOffset = .zero
                    display.runUntilIdle()
                    lastOffset = 0
                    shown = Set(table.indexPathsForVisibleRows ?? [])
                }
                Self.flick(on: screen, of: display, speed: speed)
                var flickFrame = 0
                while table.isDecelerating, flickFrame < 60 * 30 {
                    flickFrame += 1
                    frame += 1
                    BenchCounters.draws = 0
                    // The scroll's frame is composed when the clock reaches the vblank (in
                    // advanceTime); what runUntilIdle composes after it is usually nothing.
                    var pixels = 0
                    var moved = 0
                    let time = Self.seconds {
                        display.advanceTime(by: 1.0 / 60)
                        pixels = screen.frameStatistics.lastFramePixelsComposed
                        moved = screen.compositor.lastFramePixelsMoved
                        display.runUntilIdle()
                    }
                    pixels = max(pixels, screen.frameStatistics.lastFramePixelsComposed)
                    moved = max(moved, screen.compositor.lastFramePixelsMoved)
                    let copy = Self.seconds {
                        screen.compositor.update(slot: frame % 3, pixels: scanout[frame % 3], bytesPerRow: width * 4)
                    }
                    let visible = table.indexPathsForVisibleRows ?? []
                    let newRows = visible.filter { !shown.contains($0) }.count
                    shown = Set(visible)
                    mostAlive = max(mostAlive, BenchCell.made)
                    mostVisible = max(mostVisible, visible.count)
                    if table.contentOffset.y != lastOffset {
                        frameTimes.append(time)
                        copyTimes.append(time + copy)
                        drawsPerFrame.append(BenchCounters.draws)
                        newRowsPerFrame.append(newRows)
                        pixelsPerFrame.append(pixels)
                        movedPerFrame.append(moved)
                        if BenchCounters.draws > 2 * newRows { redrawnAlreadyDrawn += 1 }
                    }
                    lastOffset = table.contentOffset.y
                    // Every frame of the first flick (outside the timing), to print its middle.
                    if flick == 0 { memory.append(Self.residentBytes()) }
                }
            }
            let endMemory = Self.residentBytes()
            print(
                "\(flicks) flick\(flicks == 1 ? "" : "s") at \(speed) pt/ms: \(frame) frames to rest, \(frameTimes.count) scrolled, "
                    + "offset \(Int(table.contentOffset.y)) (row \(table.indexPathsForVisibleRows?.first?.row ?? -1))")
            print(
                "cells alive at most: \(mostAlive), rows on screen at most: \(mostVisible) "
                    + "(target ≤ visible + 2 = \(mostVisible + 2): \(mostAlive <= mostVisible + 2 ? "met" : "NOT met"))"
            )
            func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
            print(
                "resident memory: start \(megabytes(startMemory)), middle of the first flick (frame "
                    + "\(memory.count / 2 + 1) of \(memory.count)) \(megabytes(memory.isEmpty ? 0 : memory[memory.count / 2])), "
                    + "most in it \(megabytes(memory.max() ?? 0)), end \(megabytes(endMemory))")
            let draws = drawsPerFrame.reduce(0, +)
            let newRows = newRowsPerFrame.reduce(0, +)
            print(
                "draw(_:) calls over the scrolled frames: \(draws) for \(newRows) rows newly shown "
                    + "(\(String(format: "%.2f", Double(draws) / Double(max(newRows, 1)))) per new row: its label; "
                    + "the image is the same and not drawn again), max \(drawsPerFrame.max() ?? 0) in a frame; "
                    + "frames redrawing rows already drawn: \(redrawnAlreadyDrawn)")
            let figures = Figures(values: frameTimes)
            let median = figures.percentile(0.5)
            print(
                "scrolled frame (layout, draw, composition into the shadow frame): median \(ComposeBenchmark.ms(median)) "
                    + "\(String(format: "%.2f", median / memcpyTime))x the memcpy, p90 "
                    + "\(String(format: "%.2f", figures.percentile(0.9) / memcpyTime))x, max "
                    + "\(String(format: "%.2f", (frameTimes.max() ?? 0) / memcpyTime))x (target ≤ 1.5x); "
                    + "median \(pixelsPerFrame.isEmpty ? 0 : pixelsPerFrame.sorted()[pixelsPerFrame.count / 2]) pixels composed per scrolled frame"
            )
            let medianMoved = movedPerFrame.isEmpty ? 0 : movedPerFrame.sorted()[movedPerFrame.count / 2]
            print(
                "pixels per scrolled frame: median \(medianMoved) moved, "
                    + "\(pixelsPerFrame.isEmpty ? 0 : pixelsPerFrame.sorted()[pixelsPerFrame.count / 2]) composed "
                    + "(of \(width * height)); frames moved: \(movedPerFrame.filter { $0 > 0 }.count) of \(movedPerFrame.count)"
            )
            let withCopy = Figures(values: copyTimes).percentile(0.5)
            print(
                "scrolled frame plus its copy into the next of three scanout buffers (buffer age): median "
                    + "\(ComposeBenchmark.ms(withCopy)), \(String(format: "%.2f", withCopy / memcpyTime))x the memcpy, "
                    + "\(String(format: "%.2f", withCopy / rotatingMemcpyTime))x the memcpy into three buffers in turn")
            // The copy alone, whole frames (every buffer's history forgotten), as the scrolled frames copy them.
            let wholeCopy = ComposeBenchmark.median(60) {
                turn += 1
                screen.compositor.invalidate()
                screen.compositor.update(slot: turn % 3, pixels: scanout[turn % 3], bytesPerRow: width * 4)
            }
            print(
                "the compositor's copy of a whole frame into the next of three scanout buffers: "
                    + "\(ComposeBenchmark.ms(wholeCopy)), \(String(format: "%.2f", wholeCopy / memcpyTime))x the memcpy, "
                    + "\(String(format: "%.2f", wholeCopy / rotatingMemcpyTime))x the memcpy into three buffers in turn"
            )

            // The same flicks composed straight into the next of three buffers (cards whose
            // scanout memory is cached: vkms, virtio-gpu), no shadow frame and no copy: what
            // a buffer missed outside the frame's damage is copied from the latest (a
            // scrolled frame's damage is the whole table: nothing).
            let targets = scanout.map { ScanoutMemory(pixels: $0, width: width, height: height) }
            screen.compositor.composesInPlace = true
            var inPlaceTimes: [Double] = []
            var inPlaceMoved = 0
            var copyingTimes: [Double] = []
            var copyingSteps: [Double] = []
            var inPlaceFrame = 0
            for _ in 0..<flicks {
                table.contentOffset = .zero
                display.runUntilIdle()
                inPlaceFrame += 1
                screen.compositor.draw(into: targets[inPlaceFrame % 3], slot: inPlaceFrame % 3)
                var offset = table.contentOffset.y
                Self.flick(on: screen, of: display, speed: speed)
                while table.isDecelerating, inPlaceTimes.count < 60 * 30 * flicks {
                    inPlaceFrame += 1
                    var composed = 0
                    var written = 0
                    let time = Self.seconds {
                        display.advanceTime(by: 1.0 / 60)
                        composed = screen.frameStatistics.lastFramePixelsComposed
                        display.runUntilIdle()
                        written = screen.compositor.draw(into: targets[inPlaceFrame % 3], slot: inPlaceFrame % 3).area
                    }
                    if table.contentOffset.y != offset {
                        inPlaceTimes.append(time)
                        if screen.compositor.lastFramePixelsMoved > 0 { inPlaceMoved += 1 }
                        // A frame whose own damage is small (a coast's last sub-pixel steps move
                        // the indicator alone) copies what its buffer missed from the latest one.
                        if written > composed + width * height / 2 {
                            copyingTimes.append(time)
                            copyingSteps.append(abs(table.contentOffset.y - offset))
                        }
                    }
                    offset = table.contentOffset.y
                }
            }
            let inPlace = Figures(values: inPlaceTimes).percentile(0.5)
            print(
                "scrolled frame composed straight into the next of three buffers (cached scanout memory: no shadow, "
                    + "no copy), \(inPlaceTimes.count) frames: median \(ComposeBenchmark.ms(inPlace)), "
                    + "\(String(format: "%.2f", inPlace / memcpyTime))x the memcpy, "
                    + "\(String(format: "%.2f", inPlace / rotatingMemcpyTime))x the memcpy into three buffers in turn "
                    + "(shadow + copy above: \(String(format: "%.2f", withCopy / memcpyTime))x; write-combined cards keep it); "
                    + "frames moved from the previous buffer: \(inPlaceMoved)"
            )
            print(
                "of those, frames composing little and copying over half the frame from the buffer holding the latest: "
                    + "\(copyingTimes.count), median \(copyingTimes.isEmpty ? "-" : ComposeBenchmark.ms(Figures(values: copyingTimes).percentile(0.5))), "
                    + "their scroll steps \(String(format: "%.2f", copyingSteps.min() ?? 0))–"
                    + "\(String(format: "%.2f", copyingSteps.max() ?? 0)) points"
            )
            Application.shared.reset()
        }
    }

    /// A 60-point title bar and a 300-point column of `count` labelled views down the left.
    @MainActor static func addSidebar(of count: Int, to window: Window) {
        window.backgroundColor = Color(white: 0.95, alpha: 1)
        let title = Label(frame: CGRect(x: 0, y: 0, width: window.bounds.width, height: 60))
        title.text = "Rows"
        title.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.5, alpha: 1)
        window.addSubview(title)
        let height = (window.bounds.height - 60) / CGFloat(count)
        for index in 0..<count {
            let item = View(frame: CGRect(x: 0, y: 60 + CGFloat(index) * height, width: 300, height: height))
            item.backgroundColor = index % 2 == 0 ? Color(white: 0.9, alpha: 1) : Color(white: 0.85, alpha: 1)
            let label = Label(frame: item.bounds.insetBy(dx: 8, dy: 2))
            label.text = "Item \(index)"
            item.addSubview(label)
            window.addSubview(item)
        }
    }

    /// The flick: a touch down, 10 moves 10 ms apart, `speed` points per ms up, then the lift.
    @MainActor static func flick(on screen: Screen, of display: HeadlessDisplay, speed: Double) {
        var point = CGPoint(x: 960, y: 1000)
        display.touchDown(0, at: point, on: screen)
        for _ in 0..<10 {
            display.advanceTime(by: 0.01)
            point.y -= speed * 10
            display.touchMove(0, at: point, on: screen)
            display.runUntilIdle()
        }
        display.touchUp(0, at: point, on: screen)
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The resident set size, from /proc/self/statm (its second field, in pages).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Plain memory the compositor composes into in place, as it does a cached scanout buffer.
private final class ScanoutMemory: FrameTarget {
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    var bytesPerRow: Int { width * 4 }

    init(pixels: UnsafeMutableRawPointer, width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
    }
}

@MainActor private enum BenchCounters {
    static var draws = 0
}

/// Row heights of 44, 60 or 80 points.
@MainActor private final class VariedHeights: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        [44, 60, 80][indexPath.row % 3]
    }
}

/// 100,000 rows "Row n", each with the same 32x32 image.
@MainActor private final class BenchRows: TableViewDataSource {
    static let identifier = "row"
    let count: Int
    let image: Image
    /// The rows' background (`--translucent-rows`); nil: the cells' own.
    var background: Color?

    init(count: Int) {
        self.count = count
        var pixels = [UInt32](repeating: 0, count: 32 * 32)
        for y in 0..<32 {
            for x in 0..<32 { pixels[y * 32 + x] = (x - 16) * (x - 16) + (y - 16) * (y - 16) < 196 ? 0xFF1E_78DC : 0 }
        }
        image = Image(bitmap: CapturedImage(width: 32, height: 32, format: .argb8888, pixels: pixels))
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
        guard let row = cell as? BenchCell else { return cell }
        row.icon.image = image
        row.title.text = "Row \(indexPath.row)"
        if let background, row.backgroundColor != background { row.backgroundColor = background }
        return row
    }
}

/// A cell with a label and an image that count their `draw(_:)` calls.
private final class BenchCell: TableViewCell {
    static var made = 0
    let title = CountingLabel()
    let icon = CountingImageView()

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        Self.made += 1
        contentView.addSubview(icon)
        contentView.addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let height = bounds.height
        let iconFrame = CGRect(x: 16, y: (height - 32) / 2, width: 32, height: 32)
        if icon.frame != iconFrame { icon.frame = iconFrame }
        let titleFrame = CGRect(x: 64, y: 0, width: 600, height: height)
        if title.frame != titleFrame { title.frame = titleFrame }
    }
}

private final class CountingLabel: Label {
    override func draw(_ rect: CGRect) {
        BenchCounters.draws += 1
        super.draw(rect)
    }
}

private final class CountingImageView: ImageView {
    override func draw(_ rect: CGRect) {
        BenchCounters.draws += 1
        super.draw(rect)
    }
}
