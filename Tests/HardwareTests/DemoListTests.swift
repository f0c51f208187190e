import Demo
import Foundation
import KMS
import Scheduling
import TestSupport
import VirtualInput
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Where the demo's list is on the VM's 1024x768 screen (DemoScene: the orange subview at
/// 10%, 25% and 35% by 50% of the screen; DemoList: inset 10 points, the title's 34 above).
private enum DemoLayout {
    static let table = CGRect(x: 112, y: 236, width: 338, height: 330)
    static let rowHeight: CGFloat = 44
    /// The pinchable image (DemoControls: 64x64 at x 302, y 119).
    static let image = CGRect(x: 302, y: 119, width: 64, height: 64)

    /// The screen y of the middle of a row, with the list scrolled to `offset`.
    static func middle(ofRow row: Int, offset: CGFloat) -> Int32 {
        Int32((table.minY + CGFloat(row) * rowHeight - offset + rowHeight / 2).rounded())
    }

    /// A row wholly on screen at `offset`, the second below the top.
    static func rowInView(offset: CGFloat) -> Int { Int((offset / rowHeight).rounded(.up)) + 1 }
}

/// Forwards the table's delegate calls to the demo's list and notes when the rows first moved
/// and when the coast ended (in-process test only: the demo itself is unchanged).
@MainActor private final class ListWatcher: TableViewDelegate {
    let list: DemoList
    var scrolled: (() -> Void)?
    var rested = false
    var released = false
    init(list: DemoList) { self.list = list }

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolled?() }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { released = true }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { list.scrollViewWillBeginDecelerating(scrollView) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        list.scrollViewDidEndDecelerating(scrollView)
        rested = true
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        list.tableView(tableView, didSelectRowAt: indexPath)
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        list.tableView(tableView, didDeselectRowAt: indexPath)
    }
}

/// The demo's list of 1,000 rows through uinput, the kernel, udev and libinput: a fling coasts
/// and comes to rest, a tap selects a row, a swipe marks one, two fingers pinch the image.
/// First the demo as users run it (`direct-display demo`, its stdout); then the demo's scene
/// in this process, where the frames and the pixels on screen (writeback captures) are read.
final class DemoListTests: KMSDisplayTestCase {
    private let timeout: Double = 20

    /// The pulls of a fling: a finger lands low on the list and moves up 28 points per report,
    /// 10 reports, then lifts right after the last. `pace` runs between two reports.
    private func fling(_ device: UinputDevice, trackingID: Int32, pace: () throws -> Void, movedFirst: () -> Void = {})
        throws
    {
        let x = Int32(DemoLayout.table.midX)
        try device.fingerDown(trackingID: trackingID, x: x, y: 540)
        for step: Int32 in 1...10 {
            try pace()
            if step == 1 { movedFirst() }
            try device.touch(slot: 0, x: x, y: 540 - 28 * step)
            try device.sync()
        }
        try device.lastFingerUp()
    }

    /// A finger from (`x`, `y`) 200 points right in five reports: a swipe.
    private func swipeRight(_ device: UinputDevice, trackingID: Int32, x: Int32, y: Int32, pace: () throws -> Void)
        throws
    {
        try device.fingerDown(trackingID: trackingID, x: x, y: y)
        for step: Int32 in 1...5 {
            try pace()
            try device.touch(slot: 0, x: x + 40 * step, y: y)
            try device.sync()
        }
        try device.lastFingerUp()
    }

    /// Two fingers land 32 points apart on the image's middle and spread to 152 apart.
    private func pinchOut(_ device: UinputDevice, trackingIDs: (Int32, Int32), pace: () throws -> Void) throws {
        let y = Int32(DemoLayout.image.midY)
        let middle = Int32(DemoLayout.image.midX)
        try device.touch(slot: 0, trackingID: trackingIDs.0, x: middle - 16, y: y)
        try device.touch(slot: 1, trackingID: trackingIDs.1, x: middle + 16, y: y)
        try device.setTouching(true)
        try device.sync()
        for step: Int32 in 1...6 {
            try pace()
            try device.touch(slot: 0, x: middle - 16 - 10 * step, y: y)
            try device.touch(slot: 1, x: middle + 16 + 10 * step, y: y)
            try device.sync()
        }
        try device.lift(slot: 1)
        try device.lastFingerUp(slot: 0)
    }

    /// The offset, the top row and the frame counts of the demo's "list rested" line.
    private func restLine(in text: String) -> (offset: CGFloat, frames: Int, vblanks: Int)? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("demo: list rested at offset ") })
        else { return nil }
        let words = line.split(separator: " ")
        guard let offset = Double(words[5]), let over = words.firstIndex(of: "over"), over >= 3,
            let frames = Int(words[over - 3]), let vblanks = Int(words[over + 1])
        else { return nil }
        return (CGFloat(offset), frames, vblanks)
    }

    // MARK: The demo as users run it

    /// `direct-display demo`: a fling on the list coasts and the demo reports where it rested
    /// and the frames its screen composed meanwhile; a tap selects the row under it, a swipe
    /// marks another, and two fingers pinch the image.
    func testTheDemosListFlingTapSwipeAndPinch() async throws {
        closeDisplay()  // the demo is the DRM master
        let demo = try ChildProcess(ChildProcess.directDisplayPath, ["demo", "--seconds", "120"])
        defer {
            demo.signal(SIGTERM)
            _ = demo.waitForExit(timeout: 10)
        }
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: input devices:", timeout: HardwareEnvironment.demoStartTimeout),
            demo.text)
        let device = try UinputDevice.touchscreen(name: "DirectDisplay list touchscreen", width: 1024, height: 768)
        guard demo.waitForOutput(containing: device.name, timeout: timeout) else {
            return XCTFail("the demo did not see \(device.name): \(demo.text)")
        }
        // About 80 reports a second, as a touchscreen sends them (libinput reads their kernel times).
        let pace: () -> Void = { _ = usleep(12_000) }

        try fling(device, trackingID: 1, pace: pace)
        guard demo.waitForOutput(containing: "demo: list rested at offset", timeout: 30),
            let rest = restLine(in: demo.text)
        else { return XCTFail("the list did not report its rest: \(demo.text)") }
        print("demo list fling: \(demo.text.split(separator: "\n").last { $0.contains("list rested") } ?? "")")
        XCTAssertGreaterThan(rest.offset, 280 + 100, "the rows followed the finger 280 points and coasted on")
        XCTAssertGreaterThan(rest.frames, 10, "frames were composed while the rows coasted")

        let row = DemoLayout.rowInView(offset: rest.offset)
        try device.tap(trackingID: 2, x: 250, y: DemoLayout.middle(ofRow: row, offset: rest.offset))
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: selected \"Row \(row + 1)\"", timeout: timeout),
            "a tap on row \(row) at offset \(rest.offset): \(demo.text)")

        try swipeRight(
            device, trackingID: 3, x: 140, y: DemoLayout.middle(ofRow: row + 2, offset: rest.offset), pace: pace)
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: swiped \"Row \(row + 3)\" right: marked", timeout: timeout),
            demo.text)

        try pinchOut(device, trackingIDs: (4, 5), pace: pace)
        XCTAssertTrue(
            demo.waitForOutput(containing: "demo: pinched the image to 3.0x", timeout: timeout),
            "32 points apart to 152: 4.75x, at most 3: \(demo.text)")
    }

    // MARK: The demo's scene in process

    /// Within 2 of `expected` in each channel (pixman's and cairo's rounding of 0.82, 0.9 and 0.45).
    private func near(_ pixel: UInt32, _ expected: UInt32) -> Bool {
        (0..<3).allSatisfy { channel in
            let shift = UInt32(channel * 8)
            return abs(Int((pixel >> shift) & 0xFF) - Int((expected >> shift) & 0xFF)) <= 2
        }
    }

    private func nextReport(_ display: KMSDisplay) throws {
        var due = false
        _ = display.eventLoop.schedule(after: 0.012, name: "input report") { due = true }
        try display.waitFor("the device's next report", timeout: 1) { due }
    }

    /// The separator lines down the column at `x` of the list in `image`: each non-white pixel
    /// there must lie within 1.5 pixels of where `offset` puts a row's bottom line.
    private func assertRows(
        _ image: CapturedImage, offset: CGFloat, x: Int, _ what: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var lines = 0
        for y in Int(DemoLayout.table.minY)..<Int(DemoLayout.table.maxY) {
            let pixel = rgb(image.rawPixel(x: x, y: y))
            guard pixel != 0xFF_FFFF else { continue }
            // The bottom line of a row: content y 44k + 43 (1 pixel).
            let inContent = CGFloat(y) - DemoLayout.table.minY + offset
            let fromLine = (inContent - 43).truncatingRemainder(dividingBy: DemoLayout.rowHeight)
            let distance = min(abs(fromLine), DemoLayout.rowHeight - abs(fromLine))
            guard distance <= 1.5 else {
                return XCTFail(
                    "\(what): (\(x), \(y)) is \(String(pixel, radix: 16)), no row's line at offset \(offset)",
                    file: file, line: line)
            }
            lines += 1
        }
        XCTAssertGreaterThanOrEqual(lines, 7, "\(what): the rows' lines", file: file, line: line)
    }

    /// The demo's windows in this process: a fling on the list while each flip is watched.
    /// Every flip while the rows coast shows them moved on and has the next frame on its way
    /// (committed behind it or to be composed); once they rest (and the scroll indicator has
    /// faded) no frame is composed and nothing is scheduled; the captures show
    /// the rows where the offset says, a tapped row selected (grey, a blue tick), a swiped one
    /// marked (yellow). Prints the time from the first move to the frame that showed it.
    func testTheDemosListCoastsAFrameEveryVBlankThenIdlesAndShowsTheRows() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let demo = DemoScene(input: display.input)
        demo.start()
        defer { demo.stop() }
        // The key window's text field blinks its caret twice a second: ended here, so the
        // only thing that moves is the list.
        for window in screen.windows { window.endEditing(true) }
        XCTAssertTrue(Screen.main === screen, "the demo's list is on Virtual-1")
        let list = try XCTUnwrap(demo.list)
        let table = list.table
        XCTAssertEqual(table.frame, DemoLayout.table)
        let watcher = ListWatcher(list: list)
        table.delegate = watcher
        let device = try UinputDevice.touchscreen(name: "DirectDisplay list touchscreen", width: 1024, height: 768)
        try display.waitFor("input device \(device.name)", timeout: timeout) {
            display.input.deviceNames.contains(device.name)
        }
        try display.waitForPresentation(of: screen)
        let before = try display.capture(screen)
        try save(before, "demo-list-before")
        assertRows(before, offset: 0, x: 350, "before the fling")

        // Each flip while the rows move: its time and the offset; and the flips with no frame on its way.
        var flips: [(time: Double, offset: CGFloat)] = []
        var stalls = 0
        var moveWritten = 0.0
        var firstScrolledFrame: Int?
        var scrolledAt = 0.0
        var firstScrolledFlip: Double?
        var flipQueuedAtScroll = false
        let entry = try XCTUnwrap(display.entry(for: screen))
        watcher.scrolled = {
            guard firstScrolledFrame == nil else { return }
            scrolledAt = monotonicSeconds()
            flipQueuedAtScroll = entry.output.hasFlipQueued
            firstScrolledFrame = (display.composedFrameNumber(of: screen) ?? 0) + 1
        }
        display.framePresented = { shown, event, changed in
            guard shown === screen else { return }
            if let target = firstScrolledFrame, firstScrolledFlip == nil,
                (display.presentedFrameNumber(of: screen) ?? 0) >= target
            {
                firstScrolledFlip = event.timestamp
            }
            if table.isDecelerating {
                if !entry.output.hasFlipQueued && !entry.needsComposite { stalls += 1 }
                if changed { flips.append((event.timestamp, table.contentOffset.y)) }
            }
        }

        try fling(
            device, trackingID: 1, pace: { try nextReport(display) }, movedFirst: { moveWritten = monotonicSeconds() })
        try display.waitFor("the release", timeout: timeout) { watcher.released }
        let released = monotonicSeconds()
        try display.waitFor("the rows to come to rest", timeout: 30) { watcher.rested }
        let rested = monotonicSeconds()
        let rest = table.contentOffset.y
        XCTAssertGreaterThan(rest, 280 + 100, "the rows followed the finger 280 points and coasted on")

        let period = 1 / (screen.currentMode?.refreshRate ?? 60)
        let gaps = zip(flips.dropFirst(), flips).map { $0.time - $1.time }
        let latency = try XCTUnwrap(firstScrolledFlip, "a frame showed the first move") - moveWritten
        print(
            String(
                format: "demo list: coasted to %.0f in %.2f s (%.0f vblanks): %d frames shown, longest gap %.1f ms "
                    + "(period %.1f ms), %d flips with no next frame on its way; first move to its frame on "
                    + "screen %.1f ms (%.2f periods: %.1f ms to the rows' first move, %.1f ms from there to the flip)",
                rest, rested - released, (rested - released) / period, flips.count, (gaps.max() ?? 0) * 1000,
                period * 1000, stalls, latency * 1000, latency / period, (scrolledAt - moveWritten) * 1000,
                (moveWritten + latency - scrolledAt) * 1000))
        XCTAssertGreaterThan(flips.count, 10, "frames followed each other while the rows moved")
        XCTAssertEqual(stalls, 0, "at every flip while the rows moved, the next frame was on its way")
        XCTAssertLessThan(gaps.max() ?? .infinity, 0.5, "the screen never went idle while the rows moved")
        // The offsets are read at each flip: one read before the next step was composed repeats.
        let repeats = zip(flips.dropFirst(), flips).filter { $0.offset == $1.offset }.count
        print("demo list: a frame was queued for the vblank at the first move: \(flipQueuedAtScroll)")
        print("demo list: \(repeats) of \(flips.count) flips read the offset of the flip before")
        XCTAssertTrue(zip(flips.dropFirst(), flips).allSatisfy { $0.offset >= $1.offset }, "the rows never went back")
        XCTAssertLessThan(repeats, flips.count / 4, "nearly every frame moved the rows")
        XCTAssertLessThan(latency, 0.5, "the first move showed within the frames that followed it")

        // The scroll indicator fades 0.5 s after the rest, over 0.25 s; then nothing moves: no
        // frame, nothing scheduled. (The triangle's and the key window's timers are on the dispatch
        // main queue, which this test's loop does not serve: here only the list moves.)
        var faded = false
        _ = display.eventLoop.schedule(after: 1, name: "indicator faded") { faded = true }
        try display.waitFor("the indicator to fade", timeout: 5) { faded }
        XCTAssertFalse(table.isDecelerating)
        XCTAssertFalse(Application.shared.animator.hasRunningAnimations(on: screen), "the indicator's fade is over")
        XCTAssertEqual(display.eventLoop.pendingTimerNames.filter { $0.hasPrefix("animation") }, [])
        var idleFlips = 0
        display.framePresented = { shown, _, _ in if shown === screen { idleFlips += 1 } }
        XCTAssertThrowsError(try display.waitFor("a flip after the rest", timeout: 0.5) { idleFlips > 0 })
        XCTAssertEqual(idleFlips, 0, "no frame once the list rests")
        display.framePresented = nil

        let after = try display.capture(screen)
        try save(after, "demo-list-after-fling")
        assertRows(after, offset: rest, x: 350, "after the fling")

        // A tap selects the row under it: its grey selection and blue tick on screen.
        let row = DemoLayout.rowInView(offset: rest)
        let y = DemoLayout.middle(ofRow: row, offset: rest)
        try device.tap(trackingID: 2, x: 250, y: y)
        try display.waitFor("the tap to select", timeout: timeout) { table.indexPathForSelectedRow?.row == row }
        // A swipe right two rows below marks that one.
        let swiped = row + 2
        try swipeRight(
            device, trackingID: 3, x: 140, y: DemoLayout.middle(ofRow: swiped, offset: rest),
            pace: { try nextReport(display) })
        try display.waitFor("the swipe to mark", timeout: timeout) {
            table.cellForRow(at: IndexPath(row: swiped, section: 0))?.backgroundColor == DemoList.markedColor
        }
        XCTAssertEqual(table.contentOffset.y, rest, "a sideways swipe did not scroll the list")
        try display.waitForPresentation(of: screen)
        let selected = try display.capture(screen)
        try save(selected, "demo-list-selected-and-swiped")
        XCTAssertTrue(near(selected.rawPixel(x: 350, y: Int(y)), 0xD1_D1D1), "the selected row's grey (0.82)")
        let tick = (405..<440).contains { x in
            (Int(y) - 8..<Int(y) + 8).contains { y in
                let pixel = rgb(selected.rawPixel(x: x, y: y))
                return pixel & 0xFF > 0xC0 && pixel >> 16 < 0x60
            }
        }
        XCTAssertTrue(tick, "a blue tick at the selected row's right")
        let markedY = Int(DemoLayout.middle(ofRow: swiped, offset: rest))
        XCTAssertTrue(near(selected.rawPixel(x: 350, y: markedY), 0xFF_E573), "the swiped row's yellow")
        XCTAssertEqual(rgb(selected.rawPixel(x: 350, y: markedY - 44)), 0xFF_FFFF, "the row between: white")

        // Two fingers spread on the image: it grows (at most 3x) about its middle.
        let image = try XCTUnwrap(demo.pinchableImage)
        try pinchOut(device, trackingIDs: (4, 5), pace: { try nextReport(display) })
        try display.waitFor("the pinch to end", timeout: timeout) { image.transform.a == 3 }
        try display.waitForPresentation(of: screen)
        let pinched = try display.capture(screen)
        try save(pinched, "demo-list-pinched")
        // 3x about (334, 151): 22 points right of the middle's disc now covers x 400, the background before.
        XCTAssertEqual(rgb(before.rawPixel(x: 400, y: 151)), rgb(before.rawPixel(x: 480, y: 151)), "background before")
        XCTAssertNotEqual(rgb(pinched.rawPixel(x: 400, y: 151)), rgb(before.rawPixel(x: 400, y: 151)), "the image grew")
    }
}
