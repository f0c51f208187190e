// Hostile-value cases: a scroll view given non-finite, negative and huge offsets, sizes,
// insets, rates and rectangles, then dragged and left to coast.
import DirectDisplay
import Foundation

extension HostileCase {
    static var scrollCases: [HostileCase] {
        var cases: [HostileCase] = []
        let values = nonFiniteValues + [("negative", -1e6), ("huge", 1e300)]
        for (valueName, value) in values {
            let settings: [(String, @MainActor (ScrollView) -> Void)] = [
                ("offset-x", { $0.contentOffset = CGPoint(x: value, y: 10) }),
                ("offset-y-animated", { $0.setContentOffset(CGPoint(x: 0, y: value), animated: true) }),
                ("size", { $0.contentSize = CGSize(width: value, height: value) }),
                ("inset", { $0.contentInset = EdgeInsets(top: value, left: value, bottom: value, right: value) }),
                ("rate", { $0.decelerationRate = ScrollView.DecelerationRate(rawValue: value) }),
                (
                    "zoom",
                    {
                        $0.minimumZoomScale = value
                        $0.maximumZoomScale = value
                        $0.setZoomScale(value, animated: true)
                    }
                ),
                ("rect", { $0.scrollRectToVisible(CGRect(x: 0, y: value, width: 10, height: 10), animated: true) }),
            ]
            for (property, set) in settings {
                cases.append(
                    HostileCase(name: "scroll-\(property)-\(valueName)") {
                        let stage = HostileStage()
                        let scrollView = ScrollView(frame: stage.window.bounds)
                        scrollView.contentSize = CGSize(width: 320, height: 2000)
                        stage.window.addSubview(scrollView)
                        set(scrollView)
                        stage.display.advanceTime(by: 1)
                        stage.flickUpAndSettle()
                        let offset = scrollView.contentOffset
                        guard offset.x.isFinite, offset.y.isFinite else { return "the offset is \(offset)" }
                        let size = scrollView.contentSize
                        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                            return "the content size is \(size)"
                        }
                        return scrollView.isDecelerating ? "still decelerating after 10 s" : nil
                    })
            }
        }
        return cases
    }
}
