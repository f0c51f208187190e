// Hostile-value cases: non-finite pen pressure, tilt, wheel clicks and pointer motion at the event boundary.
import DirectDisplay
import Foundation

extension HostileCase {
    static let inputCases: [HostileCase] = []
}
