// Hostile-value cases: deep view chains and wide sibling lists (stack use, quadratic work).
import DirectDisplay
import Foundation

extension HostileCase {
    static let structureCases: [HostileCase] = [
        HostileCase(name: "view-added-to-itself-is-a-precondition") {
            // UIKit raises here; a precondition stop is the expected end, so this case
            // only checks the legal neighbour: re-adding a view to its own superview.
            let stage = HostileStage()
            let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            stage.window.addSubview(view)
            stage.window.addSubview(view)
            _ = try stage.frame()
            return stage.window.subviews.count == 1 ? nil : "re-adding made \(stage.window.subviews.count) subviews"
        }
    ]
}
