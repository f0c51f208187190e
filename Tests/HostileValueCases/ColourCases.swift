// Hostile-value cases: non-finite colour components, set or animated.
import DirectDisplay
import Foundation

extension HostileCase {
    static let colourCases: [HostileCase] = []
}
