import ArgumentParser
import DirectDisplay
import Foundation

/// Hit-testing cost with 10,000 views, per event, beside the cheapest possible
/// answer measured in the same run: a scan of 10,000 rectangles for the point.
struct HitTestBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hittest", abstract: "Hit-testing cost per event with 10,000 views (headless, no hardware).")

    @Option(help: "Hit-tests per measurement.")
    var events = 5_000

    func run() throws {
        let events = self.events
        MainActor.assumeIsolated {
            let display = HeadlessDisplay()
            let screen = display.connectScreen(name: "HDMI-A-1", width: 1920, height: 1080, scale: 1)
            // Points spread over the screen, the same for every layout and the baseline.
            var generator = SystemRandomNumberGenerator()
            let points = (0..<1024).map { _ in
                CGPoint(
                    x: Double.random(in: 0..<1920, using: &generator), y: Double.random(in: 0..<1080, using: &generator)
                )
            }
            let layouts: [(String, (View) -> Void)] = [
                ("grid: 100 containers x 100 leaves", Self.grid), ("flat: 10,000 siblings", Self.flat),
                ("deep: 100 chains of 100 nested views", Self.deep),
            ]
            // The baseline: the last of 10,000 (x0, y0, x1, y1) boxes holding the point, plain Doubles.
            let boxes = (0..<10_000).map { index in
                let x = Double(index % 100) * 19.2
                let y = Double(index / 100) * 10.8
                return (x, y, x + 19.2, y + 10.8)
            }
            let scan = Self.nanoseconds(per: events) { index in
                let point = points[index & 1023]
                return boxes.withUnsafeBufferPointer { boxes in
                    var found = -1
                    for (position, box) in boxes.enumerated()
                    where point.x >= box.0 && point.y >= box.1 && point.x < box.2 && point.y < box.3 {
                        found = position
                    }
                    return found
                }
            }
            print("baseline, scan of 10,000 boxes: \(String(format: "%.0f", scan)) ns per event")
            for (name, build) in layouts {
                let window = Window(screen: screen)
                build(window)
                window.isHidden = false
                let cost = Self.nanoseconds(per: events) { index in
                    window.hitTest(points[index & 1023], with: nil) == nil ? 0 : 1
                }
                print(
                    "hit-test, \(name): \(String(format: "%.0f", cost)) ns per event, "
                        + "\(String(format: "%.3f", cost / scan))x the box scan")
                window.isHidden = true
            }
        }
    }

    /// Mean nanoseconds per call of `body` over `count` calls (after a warm-up of the same length).
    static func nanoseconds(per count: Int, _ body: (Int) -> Int) -> Double {
        var sink = 0
        for index in 0..<count { sink &+= body(index) }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count { sink &+= body(index) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        if sink == Int.min { print("") }  // keeps the work observable
        return Double(elapsed) / Double(count)
    }

    @MainActor static func grid(_ root: View) {
        for row in 0..<10 {
            for column in 0..<10 {
                let container = View(
                    frame: CGRect(x: Double(column) * 192, y: Double(row) * 108, width: 192, height: 108))
                for leaf in 0..<100 {
                    container.addSubview(
                        View(
                            frame: CGRect(
                                x: Double(leaf % 10) * 19.2, y: Double(leaf / 10) * 10.8, width: 19.2, height: 10.8)))
                }
                root.addSubview(container)
            }
        }
    }

    @MainActor static func flat(_ root: View) {
        for index in 0..<10_000 {
            root.addSubview(
                View(
                    frame: CGRect(
                        x: Double(index % 100) * 19.2, y: Double(index / 100) * 10.8, width: 19.2, height: 10.8)))
        }
    }

    @MainActor static func deep(_ root: View) {
        for chain in 0..<100 {
            var parent = View(
                frame: CGRect(x: Double(chain % 10) * 192, y: Double(chain / 10) * 108, width: 192, height: 108))
            root.addSubview(parent)
            for _ in 1..<100 {
                let child = View(
                    frame: CGRect(x: 0.5, y: 0.5, width: parent.frame.width - 1, height: parent.frame.height - 1))
                parent.addSubview(child)
                parent = child
            }
        }
    }
}
