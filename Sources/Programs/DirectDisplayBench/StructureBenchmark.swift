import ArgumentParser
import DirectDisplay
import Foundation

/// What depth and breadth cost through the public API (headless): the first frame of a
/// deep chain of views beside the same number of views side by side, and removing or
/// reordering siblings one by one beside the same moves on a plain array of identifiers
/// (what an O(n) list costs at the least: a scan and a move of the rest), as ratios
/// within one run.
struct StructureBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "structure",
        abstract: "Deep chains and wide sibling lists: first frame, removal and reordering (headless, no hardware).")

    @Option(help: "Views in the deep chain (and side by side for the baseline).")
    var depth = 100_000

    @Option(help: "Siblings removed one by one, and reordered.")
    var siblings = 10_000

    func run() throws {
        let depth = self.depth
        let siblings = self.siblings
        MainActor.assumeIsolated {
            let display = HeadlessDisplay()
            let screen = display.connectScreen(name: "HDMI-A-1", width: 1920, height: 1080, scale: 1)

            // Deep against flat: the same number of views, built, shown and composed once.
            let flatFrame = Self.firstFrame(on: screen, display: display) { window in
                for _ in 0..<depth { window.addSubview(View(frame: CGRect(x: 10, y: 10, width: 100, height: 100))) }
            }
            let deepest = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            var deepWindow: Window?
            let deepFrame = Self.firstFrame(on: screen, display: display) { window in
                var top = deepest
                for _ in 1..<depth {
                    let holder = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                    holder.addSubview(top)
                    top = holder
                }
                window.addSubview(top)
                deepWindow = window
            }
            print("first frame, \(depth) views side by side: \(Self.milliseconds(flatFrame))")
            print(
                "first frame, a chain \(depth) deep: \(Self.milliseconds(deepFrame)), "
                    + "\(String(format: "%.2f", deepFrame / flatFrame))x side by side")

            // A hit-test reaching the deepest view, against a walk up the chain by superview.
            let point = CGPoint(x: 50, y: 50)
            deepWindow?.isHidden = false
            let hitTest = Self.seconds {
                for _ in 0..<10 where deepWindow?.hitTest(point, with: nil) !== deepest { print("missed") }
            }
            let walk = Self.seconds {
                for _ in 0..<10 {
                    var view: View? = deepest
                    var levels = 0
                    while let current = view {
                        levels += 1
                        view = current.superview
                    }
                    if levels != depth + 1 { print("the chain is \(levels) long") }
                }
            }
            print(
                "hit-test down a chain \(depth) deep: \(Self.milliseconds(hitTest / 10)), "
                    + "\(String(format: "%.1f", hitTest / walk))x a walk up it by superview")
            deepWindow?.isHidden = true
            deepWindow = nil

            // Removal one by one, from the front and from the back, against the same on
            // an array of identifiers.
            let window = Window(screen: screen)
            window.isHidden = false
            let views = (0..<siblings).map { _ in View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
            let identifiers = views.map(ObjectIdentifier.init)
            for (end, order) in [("front", views.reversed()), ("back", views)] {
                for view in views { window.addSubview(view) }
                display.runUntilIdle()
                let removal = Self.seconds {
                    for view in order { view.removeFromSuperview() }
                }
                display.runUntilIdle()
                var list = identifiers
                let listRemoval = Self.seconds {
                    for view in order {
                        if let index = list.firstIndex(of: ObjectIdentifier(view)) { list.remove(at: index) }
                    }
                }
                print(
                    "removing \(siblings) siblings one by one from the \(end): \(Self.milliseconds(removal)), "
                        + "\(String(format: "%.1f", removal / listRemoval))x an array's firstIndex(of:) + remove(at:)")
            }

            // Reordering: every sibling sent to the back, in order (each from near the front).
            for view in views { window.addSubview(view) }
            display.runUntilIdle()
            let reorder = Self.seconds {
                for view in views { window.sendSubviewToBack(view) }
                for view in views { window.bringSubviewToFront(view) }
            }
            var list = identifiers
            let listReorder = Self.seconds {
                for identifier in identifiers {
                    if let index = list.firstIndex(of: identifier) { list.insert(list.remove(at: index), at: 0) }
                }
                for identifier in identifiers {
                    if let index = list.firstIndex(of: identifier) { list.append(list.remove(at: index)) }
                }
            }
            print(
                "sending \(siblings) siblings to the back and to the front: \(Self.milliseconds(reorder)), "
                    + "\(String(format: "%.1f", reorder / listReorder))x the same moves on an array")
            window.isHidden = true
        }
    }

    /// Seconds from a fresh window's building to its first composed frame (the window is hidden after).
    @MainActor static func firstFrame(on screen: Screen, display: HeadlessDisplay, build: (Window) -> Void)
        -> Double
    {
        let window = Window(screen: screen)
        window.backgroundColor = .white
        let elapsed = seconds {
            build(window)
            window.isHidden = false
            display.runUntilIdle()
        }
        window.isHidden = true
        display.runUntilIdle()
        return elapsed
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
