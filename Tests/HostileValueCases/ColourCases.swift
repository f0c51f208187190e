// Hostile-value cases: non-finite colour components, set or animated.
import DirectDisplay
import Foundation

extension HostileCase {
    /// A background colour with a NaN or infinite component, on a view or a window,
    /// set or animated to, is refused: the old colour stays and shows.
    static var colourCases: [HostileCase] {
        var cases: [HostileCase] = []
        for (valueName, value) in nonFiniteValues {
            let colours: [(String, Color)] = [
                ("red", Color(red: value, green: 0, blue: 0)),
                ("alpha", Color(red: 0, green: 0, blue: 1, alpha: value)),
            ]
            for (component, colour) in colours {
                for onWindow in [false, true] {
                    for animated in [false, true] {
                        let name =
                            "\(onWindow ? "window" : "view")-background-\(component)-\(valueName)"
                            + (animated ? "-animated" : "")
                        cases.append(
                            HostileCase(name: name) {
                                let scene = RedSquareScene()
                                let target: View = onWindow ? scene.stage.window : scene.square
                                let before = target.backgroundColor
                                scene.change(animated: animated) { target.backgroundColor = colour }
                                if let wrong = try scene.unchanged() { return wrong }
                                return target.backgroundColor == before
                                    ? nil : "the background colour is \(String(describing: target.backgroundColor))"
                            })
                    }
                }
            }
        }
        return cases
    }
}
