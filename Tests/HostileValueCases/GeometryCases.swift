// Hostile-value cases: non-finite and huge frames, bounds, centers, transforms and sizes, on views and windows, set or animated.
import DirectDisplay
import Foundation

extension HostileCase {
    static let geometryCases: [HostileCase] = [
        HostileCase(name: "plain-view-frame-1e9") {
            let stage = HostileStage()
            let view = View(frame: CGRect(x: 0, y: 0, width: 1e9, height: 1e9))
            view.backgroundColor = .red
            stage.window.addSubview(view)
            let frame = try stage.frame()
            return frame.pixel(x: 10, y: 10) == .red ? nil : "the huge red view is not drawn"
        }
    ]
}
